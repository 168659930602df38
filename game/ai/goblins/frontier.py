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
risk too, and a region served by a single port as a little more.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.goblins.geometry import COCKPIT, NEIGHBOURS
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
        return bin(self.dead).count("1") + self.doomed + RESCUE * self.hopeful + self.strain


def outlook(robot: Robot, free: int) -> Outlook:
    """The outlook of ``robot`` whose empty buildable squares are the bits of ``free``."""
    metal = robot.metal
    attached = attached_from(metal)
    depth: dict[int, int] = {}
    frontier: list[int] = []
    for sq in range(25):
        if not free >> sq & 1:
            continue
        for edge, nb in NEIGHBOURS[sq]:
            if attached >> nb & 1 and metal[nb] >> ((edge + 2) & 3) & 1:
                depth[sq] = 0
                frontier.append(sq)
                break
    while frontier:
        nxt = []
        for sq in frontier:
            for _, nb in NEIGHBOURS[sq]:
                if free >> nb & 1 and nb not in depth:
                    depth[nb] = depth[sq] + 1
                    nxt.append(nb)
        frontier = nxt
    reach = 0
    for sq in depth:
        reach |= 1 << sq
    dead = free & ~reach
    strain = DEPTH_RISK * sum(depth.values())
    doomed = hopeful = 0
    loose = _occupied(robot) & ~attached & ~(1 << COCKPIT)
    while loose:
        low = (loose & -loose).bit_length() - 1
        group = attached_from(metal, low) & loose
        size = bin(group).count("1")
        if _shows_metal_to(metal, group, reach):
            hopeful += size
        else:
            doomed += size
        loose &= ~group
    return Outlook(dead, doomed, hopeful, strain)


def _occupied(robot: Robot) -> int:
    mask = 0
    for sq, tile in enumerate(robot.tiles):
        if tile is not None:
            mask |= 1 << sq
    return mask


def _shows_metal_to(metal: list[int], group: int, squares: int) -> bool:
    for sq in range(25):
        if group >> sq & 1:
            for edge, nb in NEIGHBOURS[sq]:
                if squares >> nb & 1 and metal[sq] >> edge & 1:
                    return True
    return False

