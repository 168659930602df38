"""Blastbots' table mapping under test before its rules land (branch bbrules): over the
rules' own Roll and TableRoll (game/rules/blastbots/actions.py) once they are there,
over stand-ins with the same fields until then; and a few rules of turns in which seats
roll two dice, standing in for the rules' legal actions as the table sees them: the
roller's 36 TableRolls (marked chance) with the ``dice`` option on ``table``, or the
engine's one Roll with it on ``rules``."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from types import ModuleType, SimpleNamespace

import pytest

from game.rules.core.actions import Action
from game.rules.core.errors import RuleError

RULES_PACKAGE = "game.rules.blastbots"
ACTIONS = f"{RULES_PACKAGE}.actions"
MAPPING = "game.scenes.blastbots.table"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class StandInRoll(Action):
    """The shared vocabulary's roll: two whole numbers 1..6 (the engine's, with the
    ``dice`` option on ``rules``)."""

    kind = "roll"
    dice: tuple[int, int]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class StandInTableRoll(StandInRoll):
    """The two faces rolled at the table: a table reading, marked chance."""

    kind = "table_roll"
    chance = True


def mapping(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The mapping module, imported over the rules' actions, or (while they are not
    there) over the stand-ins, for this test only."""
    try:
        importlib.import_module(ACTIONS)
    except ModuleNotFoundError:
        package = ModuleType(RULES_PACKAGE)
        package.__path__ = []
        actions = ModuleType(ACTIONS)
        actions.Roll = StandInRoll  # type: ignore[attr-defined]
        actions.TableRoll = StandInTableRoll  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, RULES_PACKAGE, package)
        monkeypatch.setitem(sys.modules, ACTIONS, actions)
        monkeypatch.setitem(sys.modules, MAPPING, None)  # undone: imported afresh, then gone
        del sys.modules[MAPPING]
    return importlib.import_module(MAPPING)


@dataclass
class Turns:
    """A match as the tray sees it: seats rolling in turn, or (``waiting``) several
    seats each to roll, in the rules' order, as in a roll for the first player."""

    players: int
    table: bool = True
    """The ``dice`` option: on ``table`` (True) or ``rules``."""
    roller: int = 0
    waiting: tuple[int, ...] = ()
    rolls: list[Action] = field(default_factory=list)


class Rules:
    """to_act, legal_actions and apply of Turns, with the rules' (or stand-in) rolls."""

    def __init__(self, actions: ModuleType) -> None:
        self.roll = actions.TableRoll
        self.engine_roll = actions.Roll

    def to_act(self, state: Turns) -> tuple[int, ...]:
        return state.waiting or (state.roller,)

    def legal_actions(self, state: Turns, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if not state.table:
            return [self.engine_roll(seat, (3, 4))]
        return [self.roll(seat, (a, b)) for a in range(1, 7) for b in range(1, 7)]

    def apply(self, state: Turns, action: Action) -> None:
        if action not in self.legal_actions(state, action.seat):
            raise RuleError(f"{action} is not a roll the rules wait for")
        state.rolls.append(action)
        if state.waiting:
            state.waiting = tuple(seat for seat in state.waiting if seat != action.seat)
        else:
            state.roller = (state.roller + 1) % state.players


def blastbots(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """Blastbots' table mapping (``table``), the rules' actions (``actions``), the
    TableRoll the mapping makes (``Roll``), and rules of turns over them."""
    table = mapping(monkeypatch)
    actions = sys.modules[ACTIONS]
    return SimpleNamespace(table=table, actions=actions, Roll=actions.TableRoll,
                           rules=Rules(actions))
