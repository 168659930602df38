"""The Doomsday clock as a bot reads it: how many more launches (Stage 2s) each seat
can still expect before a totem reaches Impact.

Rockets score by where they stand when the game ends, and a rocket on a Launchpad needs
two of its owner's launches to reach Space, so what a rocket is worth turns on these
chances. Every seat's totem moves one closer at the end of its own turn and every totem
moves one closer on a surge (2, 3, 11 or 12: 6 rolls in 36), so the totems keep their
gaps and only the number of surges is uncertain: an exact walk over the turns to come,
keeping the chance of each surge count, gives each seat's chance of a k-th launch.
Khaos Magnets and Ol' Switcheroo are not foreseen (no one can tell when they come).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rules.blastbots.board import SURGES
from game.rules.blastbots.state import ACT, END, FIRST, OVER, PLACE, STAGE1, State

SURGE = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in SURGES) / 36
"""The chance of a surge on one roll (6 in 36)."""
HORIZON = 14
"""Launches looked ahead per seat: more than any game can still give (10 turns)."""
BEFORE_ROLL, BEFORE_LAUNCH, AFTER_LAUNCH = 0, 1, 2
"""Where the roller's turn stands: the roll, the launch (Stage 2) or Stage 5 is next."""


@dataclass(frozen=True, slots=True)
class Outlook:
    launches: tuple[tuple[float, ...], ...]
    """Per seat, the chance of at least k more launches, for k = 1 .. HORIZON."""
    rolls: float
    """The rolls still expected before the game ends, everyone's together."""

    def expected(self, seat: int) -> float:
        """The launches ``seat`` can still expect."""
        return sum(self.launches[seat])


def stage(state: State) -> int:
    """Where the roller's turn stands (before the game starts: at the first roll)."""
    if state.phase in (FIRST, PLACE):
        return BEFORE_ROLL
    if state.phase in (ACT, END, OVER):
        return AFTER_LAUNCH
    assert state.phase == STAGE1, state.phase
    if any(item[0] == "roll" for item in state.stack):
        return BEFORE_ROLL
    return BEFORE_LAUNCH


def outlook(state: State) -> Outlook:
    """The clock's outlook from ``state`` (the first player starts a game not begun)."""
    roller = state.first if state.phase in (FIRST, PLACE) else state.roller
    return walk(tuple(state.totem), roller, stage(state))


@lru_cache(maxsize=4096)
def walk(totems: tuple[int, ...], roller: int, where: int) -> Outlook:
    """The exact walk over surge counts (see the module docstring)."""
    n = len(totems)
    alive = {0: 1.0}
    """Chance, per number of surges so far, that the game is still on."""
    spent = [0] * n
    """Stage 5s each seat has had since now."""
    launches: list[list[float]] = [[] for _ in range(n)]
    rolls = 0.0
    seat = roller
    while alive and any(len(row) < HORIZON for row in launches):
        if where == BEFORE_ROLL:
            rolls += sum(alive.values())
            nxt: dict[int, float] = {}
            for surges, chance in alive.items():
                nxt[surges] = nxt.get(surges, 0.0) + chance * (1 - SURGE)
                if min(t - s for t, s in zip(totems, spent, strict=True)) - surges > 1:
                    nxt[surges + 1] = nxt.get(surges + 1, 0.0) + chance * SURGE
            alive = nxt
        if where <= BEFORE_LAUNCH and len(launches[seat]) < HORIZON:
            launches[seat].append(sum(alive.values()))
        spent[seat] += 1
        left = totems[seat] - spent[seat]
        alive = {s: c for s, c in alive.items() if left - s > 0 and c > 1e-6}
        seat = (seat + 1) % n
        where = BEFORE_ROLL
    return Outlook(tuple(tuple(row + [0.0] * (HORIZON - len(row))) for row in launches),
                   rolls)
