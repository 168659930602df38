"""How many tiles a robot under construction is still going to lose: the engineer's
view of the empty squares.

Every buildable square gets a tile before combat (a blueprint leaves exactly 20 squares
for 20 tiles), and a tile stays on only if a chain of metal joins reaches the cockpit.
Any tile can be turned to meet one metal edge, so an empty square is safe while some
attached tile shows it metal (a *port*), or while it can be reached from such a square
through other empty squares (later tiles can carry the chain there). A square cut off
from every port is *dead*: whatever is placed there falls. A loose tile already placed
can still be saved if its group shows metal to a reachable empty square. Squares far
from a port need a chain of well-linked tiles to reach them, so they count as a little
risk too.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.goblins.robot import Robot, attached_from

DEPTH_RISK = 0.18
"""Chance-like cost of one step a future chain must bridge to reach a square."""
RESCUE = 0.45
"""A loose tile that can still be joined later falls about this often."""


@dataclass(frozen=True, slots=True)
class Outlook:
    dead: int
    """A bit per empty square no port can reach: a tile placed there will fall."""
    doomed: int
    """Loose tiles that no future tile can join to the robot."""
    hopeful: int
    """Loose tiles whose group still shows metal to a reachable empty square."""
    strain: float
    """Risk of the reachable squares: how far they lie from ports."""

    @property
    def expected_fallen(self) -> float:
        return self.dead.bit_count() + self.doomed + RESCUE * self.hopeful + self.strain


def outlook(robot: Robot, free: int, attached: int | None = None) -> Outlook:
    """The outlook of ``robot`` whose empty buildable squares are the bits of ``free``
    (``attached``: its attached squares, if already known). Bit boards throughout:
    the bots ask this of every placement they weigh."""
    metal = robot.metal
    if attached is None:
        attached = attached_from(metal)
    faces = [0, 0, 0, 0]
    occupied = 0
    for sq, tile in enumerate(robot.tiles):
        if tile is not None:
            occupied |= 1 << sq
            m = metal[sq]
            for edge in range(4):
                if m >> edge & 1:
                    faces[edge] |= 1 << sq
    reach = _across(faces, attached) & free
    frontier, steps, far = reach, 0, 0
    while frontier:
        steps += 1
        frontier = _spread(frontier) & free & ~reach
        reach |= frontier
        far += steps * frontier.bit_count()
    doomed = hopeful = 0
    loose = occupied & ~attached
    while loose:
        group = attached_from(metal, (loose & -loose).bit_length() - 1) & loose
        if _across(faces, group) & reach:
            hopeful += group.bit_count()
        else:
            doomed += group.bit_count()
        loose &= ~group
    return Outlook(free & ~reach, doomed, hopeful, DEPTH_RISK * far)


_FULL = (1 << 25) - 1
_WEST_COLUMN = sum(1 << (5 * r) for r in range(5))
_EAST_COLUMN = _WEST_COLUMN << 4


def _step(mask: int, edge: int) -> int:
    """The squares one step across ``edge`` (N, E, S, W) from the squares of ``mask``."""
    if edge == 0:
        return mask >> 5
    if edge == 1:
        return (mask & ~_EAST_COLUMN) << 1
    if edge == 2:
        return (mask << 5) & _FULL
    return (mask & ~_WEST_COLUMN) >> 1


def _spread(mask: int) -> int:
    return _step(mask, 0) | _step(mask, 1) | _step(mask, 2) | _step(mask, 3)


def _across(faces: list[int], squares: int) -> int:
    """The squares that tiles on ``squares`` show metal to."""
    return (_step(squares & faces[0], 0) | _step(squares & faces[1], 1)
            | _step(squares & faces[2], 2) | _step(squares & faces[3], 3))
