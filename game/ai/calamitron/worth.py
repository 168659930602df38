"""How good a position is for the team, as one number the planner maximises.

Co-op: every seat wins or loses together, so the figure is the team's, with the
planning seat's own Retro weighed a little more (it is the one the program moves).
Rogues gone count most; then Catastrophes (three lose at once) and lost Retros; then
the shape of the board: Rogues close to open pits, and better still standing so that a
push would drop them in, and Retros close to Rogues but not on a pit's edge.
"""

from __future__ import annotations

from game.rules.calamitron.geometry import DELTA, Square
from game.rules.calamitron.state import OVER, Piece, State

WON, LOST = 1_000_000.0, -1_000_000.0
ROGUE = 100.0
"""Per ordinary Rogue (or Bossbot, or Minionbot) still on the board."""
CATASTROPHE = 350.0
RETRO_LOST = 220.0
OWN_LOST = 60.0
"""Extra for the planning seat's own Retro: it will miss the rest of the round."""
OUTSIDE = 40.0
"""A Retro still waiting outside does nothing for the team."""
STUNNED_RETRO = 20.0
PIT_EDGE = 3.0
"""A Retro beside an open pit can be pushed in by a Rogue."""
CHASE = 4.0
"""Per square between a Retro and its nearest Rogue (uncapped: a far Retro must come in)."""
PIT_PULL = 6.0
"""Per square between a Rogue and its nearest open pit (capped at ``FAR``)."""
FAR = 8
LINED_UP = 14.0
"""A Rogue beside a pit with room behind it for a pusher."""
STUNNED_ROGUE = 4.0
"""A stunned Rogue spends its next move standing up."""
UPGRADE = 15.0


def distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def open_pits(state: State) -> list[Square]:
    return sorted(p for p in state.board.pits if state.open_pit(p))


def rogues(state: State) -> list[Piece]:
    return [p for p in state.pieces.values()
            if not p.is_retro and not p.is_crate and state.board.on_board(p.at)]


def worth(state: State, seat: int) -> float:
    """The team's position after a round (or mid-round), seen by ``seat``'s planner."""
    if state.phase == OVER:
        return WON - state.round if state.result == "won" else LOST + len(rogues(state))
    pits = open_pits(state)
    foes = rogues(state)
    total = -ROGUE * len(foes) - CATASTROPHE * state.catastrophes
    for rogue in foes:
        if rogue.kind == "minionbot" or not pits:
            continue
        near = min(distance(rogue.at, p) for p in pits)
        total -= PIT_PULL * min(near, FAR)
        total += LINED_UP * _lined_up(state, rogue, pits)
        total += STUNNED_ROGUE * rogue.stunned
    for s in range(state.n):
        total += UPGRADE * len(state.upgrades[s])
        total -= _retro_cost(state, s, pits, foes) + (OWN_LOST if s == seat and
                                                      gone(state, s) else 0.0)
    return total


def gone(state: State, seat: int) -> bool:
    """The seat has no Retro on or beside the board (lost, not yet replaced)."""
    return state.seat_retro(seat) is None or bool(state.lost[seat])


def _retro_cost(state: State, seat: int, pits: list[Square], foes: list[Piece]) -> float:
    retro = state.seat_retro(seat)
    if retro is None or state.lost[seat]:
        return RETRO_LOST
    if state.outside(retro):
        return OUTSIDE
    cost = STUNNED_RETRO * retro.stunned
    if any(distance(retro.at, p) == 1 for p in pits):
        cost += PIT_EDGE
    if foes:
        cost += CHASE * min(distance(retro.at, f.at) for f in foes)
    return cost


def _lined_up(state: State, rogue: Piece, pits: list[Square]) -> int:
    """Pits beside ``rogue`` with a free (or Retro-held) board square opposite, where a
    pusher could stand."""
    count = 0
    for dr, dc in DELTA.values():
        pit = (rogue.at[0] + dr, rogue.at[1] + dc)
        if pit not in pits:
            continue
        behind = (rogue.at[0] - dr, rogue.at[1] - dc)
        if not state.board.on_board(behind) or state.open_pit(behind):
            continue
        holder = state.at(behind)
        if holder is None or holder.is_retro:
            count += 1
    return count
