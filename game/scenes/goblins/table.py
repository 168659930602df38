"""Goblins, Inc. at the table (game.table.TableMapping): pilot and tactics dials confirm
Steer and PickTactic, a dice reader reads the dice in (hardware/table.py holds the
mapping itself), and the controller bench times that path through the real firmware."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.core.actions import Action
from hardware.table import TableInput

if TYPE_CHECKING:
    from game.app import App
    from game.settings import Settings


def _legal_actions(state: Any, seat: int) -> list[Action]:
    """The running match's legal actions; the rules load with the first match, not
    with the title screen."""
    from game.rules.goblins import engine

    return engine.legal_actions(state, seat)


def make_input() -> TableInput:
    """The dial-to-action mapping for Goblins matches."""
    return TableInput({}, _legal_actions)


def bench(open_app: Callable[[Settings], App]) -> list[str]:
    """``botyard bench controller``'s real path: firmware in simavr to the applied Steer."""
    from game.scenes.goblins.bench_table import controller_hil

    return controller_hil(open_app)
