"""Blastbots' table mapping over the rules' own Roll and TableRoll
(game/rules/blastbots/actions.py), and a few rules of turns in which seats roll two dice,
so the tray's reading can be tested apart from the rest of a Blastbots turn: the roller's
36 TableRolls (marked chance) with the ``dice`` option on ``table``, or the engine's one
Roll with it on ``rules``."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType, SimpleNamespace

from game.rules.core.actions import Action
from game.rules.core.errors import RuleError

ACTIONS = "game.rules.blastbots.actions"
MAPPING = "game.scenes.blastbots.table"


def mapping() -> ModuleType:
    """Blastbots' table mapping module."""
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
    """to_act, legal_actions and apply of Turns, with the rules' rolls."""

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


def blastbots() -> SimpleNamespace:
    """Blastbots' table mapping (``table``), the rules' actions (``actions``), the
    TableRoll the mapping makes (``Roll``), and rules of turns over them."""
    table = mapping()
    actions = importlib.import_module(ACTIONS)
    return SimpleNamespace(table=table, actions=actions, Roll=actions.TableRoll,
                           rules=Rules(actions))
