"""Rockets on the Launch Grids: building, launching, wrecking and handing them over.

Factory, Launchpad, Atmosphere and Space hold only their owner's colour; a Junkyard
holds any (``junk[seat][colour]``). Every move is reported by one ``Rockets`` event,
and every function here keeps 25 rockets of each colour on the table.
"""

from __future__ import annotations

from game.rules.blastbots.board import (
    ATMOSPHERE,
    FACTORY,
    JUNKYARD,
    LAUNCHPAD,
    PAD_MAX,
    SPACE,
    WIN,
)
from game.rules.blastbots.events import Rockets
from game.rules.blastbots.state import State


def section(state: State, name: str) -> list[int]:
    """The per-seat counts of one section that holds only its owner's colour."""
    if name == LAUNCHPAD:
        return state.pad
    if name == ATMOSPHERE:
        return state.atmo
    if name == FACTORY:
        return state.factory
    assert name == SPACE, name
    return state.space


def shift(state: State, seat: int, source: str, dest: str, count: int) -> None:
    """``count`` of ``seat``'s rockets from one of its sections to another."""
    if count:
        section(state, source)[seat] -= count
        section(state, dest)[seat] += count
        state.log.append(Rockets(seat, seat, source, seat, dest, count))


def build(state: State, seat: int, count: int) -> None:
    """Factory to Launchpad, as many as fit (at most five on the pad)."""
    shift(state, seat, FACTORY, LAUNCHPAD,
          min(count, state.factory[seat], PAD_MAX - state.pad[seat]))


def launch(state: State, seat: int) -> None:
    """Stage 2: Atmosphere to Space, then Launchpad to Atmosphere, then one rocket from
    the Factory to the Launchpad."""
    shift(state, seat, ATMOSPHERE, SPACE, state.atmo[seat])
    shift(state, seat, LAUNCHPAD, ATMOSPHERE, state.pad[seat])
    build(state, seat, 1)


def wreck(state: State, attacker: int, target: int, where: str, count: int) -> None:
    """``count`` of ``target``'s rockets in ``where`` to ``attacker``'s Junkyard."""
    if count:
        section(state, where)[target] -= count
        state.junk[attacker][target] += count
        state.log.append(Rockets(target, target, where, attacker, JUNKYARD, count))


def junk_to_junk(state: State, colour: int, source: int, dest: int, count: int) -> None:
    """Rockets of ``colour`` from one Junkyard to another."""
    if count:
        state.junk[source][colour] -= count
        state.junk[dest][colour] += count
        state.log.append(Rockets(colour, source, JUNKYARD, dest, JUNKYARD, count))


def junk_home(state: State, seat: int, holder: int, count: int) -> None:
    """``count`` of ``seat``'s own rockets from ``holder``'s Junkyard to its Factory."""
    if count:
        state.junk[holder][seat] -= count
        state.factory[seat] += count
        state.log.append(Rockets(seat, holder, JUNKYARD, seat, FACTORY, count))


def instant_winner(state: State) -> tuple[int, str] | None:
    """Escape (15 in Space) or Destruction (15 in a Junkyard) after a complete step:
    of several, the latest seat rank wins."""
    if max(state.space) < WIN and max(map(sum, state.junk)) < WIN:
        return None
    n, first = state.n, state.first
    for k in range(n - 1, -1, -1):
        seat = (first + k) % n
        if state.space[seat] >= WIN:
            return seat, "escape"
        if sum(state.junk[seat]) >= WIN:
            return seat, "destruction"
    return None
