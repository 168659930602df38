"""Calamitron's seam with the session's programming clock (game.clock): when a
programming phase is open, whose turn comes first, and what the clock plays for a seat
whose time is up. The rules themselves hold no clock; they only see the locks."""

from __future__ import annotations

from game.rules.calamitron.actions import Lock, Pick
from game.rules.calamitron.flow import turn_order
from game.rules.calamitron.state import PROGRAM, RETRO_KINDS, State
from game.rules.core.actions import Action

OPTION = "timer"
"""The new-game option that holds the clock's mode (game.clock.MODES)."""
BASE_SECONDS = 60.0
"""The rulebook's one-minute sand timer."""
CARRY_CAP = 60.0
"""Unused time carried into the next window, at most (RULES-DECISIONS, Timer)."""


def editing(state: State) -> int | None:
    """The programming phase open now (its round number), or None while none is."""
    return state.round if state.phase == PROGRAM else None


def order(state: State) -> list[int]:
    """Turns mode's order: from the seat holding the Pry Bar, clockwise."""
    return turn_order(state)


def lock_action(state: State, seat: int) -> Action:
    """What the clock plays for ``seat`` when its time is up: lock the program as it
    stands; a seat still to choose a replacement Retro first gets the first type it may
    run (its lock follows, so the new Retro waits with an empty program)."""
    if state.lost[seat]:
        return Pick(seat, next(kind for kind in RETRO_KINDS if kind != state.lost[seat]))
    return Lock(seat)
