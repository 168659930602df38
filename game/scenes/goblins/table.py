"""Goblins, Inc. at the table (game.table.TableMapping): pilot and tactics dials confirm
Steer and PickTactic, a dice reader reads the dice in (hardware/table.py holds the
mapping itself), and the controller bench times that path through the real firmware."""

from __future__ import annotations

from typing import Any

from game.rules.core.actions import Action
from hardware.table import TableInput


def _legal_actions(state: Any, seat: int) -> list[Action]:
    """The running match's legal actions; the rules load with the first match, not
    with the title screen."""
    from game.rules.goblins import engine

    return engine.legal_actions(state, seat)


def make_input() -> TableInput:
    """The dial-to-action mapping for Goblins matches."""
    return TableInput({}, _legal_actions)


def bench() -> list[str]:
    """``botyard bench controller``'s real path: firmware in simavr to the applied Steer."""
    from game.scenes.goblins.bench_table import controller_hil

    return controller_hil()
