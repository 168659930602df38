"""How a Blastbots game ends: an instant win, or Impact and its points.

At Impact: 2 points per rocket in Space, 1 per rocket in the Atmosphere and 1 per rocket
in the Junkyard (any colour, own included); Slipspace +3 to the one player with strictly
the most in Space, Flyswatter +3 to the one with strictly the most in the Junkyard;
Harebrained +2 to the roller whose Khaos Magnet brought the Impact when their totem
stood on 2 or more as their turn began. Most points wins; ties go to the latest seat
rank (RULES-DECISIONS.md, Winning).
"""

from __future__ import annotations

from game.rules.blastbots.events import GameOver
from game.rules.blastbots.state import OVER, State

SPACE_POINTS, ATMOSPHERE_POINTS, JUNKYARD_POINTS = 2, 1, 1
SLIPSPACE, FLYSWATTER, HAREBRAINED = 3, 3, 2
HAREBRAINED_FROM = 2
"""The roller's totem, as their turn began, must stand on T-2 or further out."""
POINT_KEYS = ("space", "atmosphere", "junkyard", "slipspace", "flyswatter", "harebrained",
              "total")


def _strict_most(values: list[int]) -> int:
    """The one seat with strictly the most, or -1 on a tie."""
    best = max(values)
    top = [s for s, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else -1


def impact_points(state: State, harebrained: int = -1) -> tuple[tuple[int, ...], ...]:
    """Per seat: its points by ``POINT_KEYS``; ``harebrained`` is the seat earning the
    Harebrained bonus (-1: nobody)."""
    junk = [sum(j) for j in state.junk]
    slip = _strict_most(state.space)
    fly = _strict_most(junk)
    out = []
    for seat in range(state.n):
        row = [SPACE_POINTS * state.space[seat], ATMOSPHERE_POINTS * state.atmo[seat],
               JUNKYARD_POINTS * junk[seat], SLIPSPACE * (seat == slip),
               FLYSWATTER * (seat == fly), HAREBRAINED * (seat == harebrained)]
        out.append((*row, sum(row)))
    return tuple(out)


def points_winner(state: State, points: tuple[tuple[int, ...], ...]) -> int:
    """Most points; of tied players the latest seat rank."""
    n, first = state.n, state.first
    order = [(first + k) % n for k in range(n)]
    return max(order, key=lambda seat: (points[seat][-1], order.index(seat)))


def finish(state: State, winner: int, victory: str) -> None:
    state.winner = winner
    state.victory = victory
    state.phase = OVER
    state.stack.clear()
    state.log.append(GameOver(winner, victory, state.points))


def impact(state: State, magnet: bool = False) -> None:
    """A totem reached Impact: the game ends at once and is scored. ``magnet``: by a
    Khaos Magnet the roller played in Stage 3."""
    harebrained = (state.roller if magnet and state.turn_start_totem >= HAREBRAINED_FROM
                   else -1)
    state.points = impact_points(state, harebrained)
    finish(state, points_winner(state, state.points), "impact")
