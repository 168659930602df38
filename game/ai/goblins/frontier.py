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

DEPTH_RISK = 0.12
"""Chance-like cost of one step a future chain must bridge to reach a square."""
SINGLE_PORT_RISK = 0.35
"""A region hanging on one port: one badly turned tile there shuts it all."""
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
    """Risk of the reachable squares: how far they lie from ports, thin regions."""

    @property
    def expected_fallen(self) -> float:
        return bin(self.dead).count("1") + self.doomed + RESCUE * self.hopeful + self.strain


def outlook(robot: Robot, free: int) -> Outlook:
    """The outlook of ``robot`` whose empty buildable squares are the bits of ``free``."""
    metal = robot.metal
    attached = attached_from(metal)
    depth: dict[int, int] = {}
    frontier: list[int] = []
    ports: dict[int, int] = {}
    for sq in range(25):
        if not free >> sq & 1:
            continue
        count = 0
        for edge, nb in NEIGHBOURS[sq]:
            if attached >> nb & 1 and metal[nb] >> ((edge + 2) & 3) & 1:
                count += 1
        if count:
            ports[sq] = count
            depth[sq] = 0
            frontier.append(sq)
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
    strain = DEPTH_RISK * sum(depth.values()) + SINGLE_PORT_RISK * _thin_regions(reach, ports)
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


def _thin_regions(reach: int, ports: dict[int, int]) -> int:
    """Reachable regions of more than one square fed by a single port."""
    thin = 0
    rest = reach
    while rest:
        low = (rest & -rest).bit_length() - 1
        region = 1 << low
        stack = [low]
        while stack:
            sq = stack.pop()
            for _, nb in NEIGHBOURS[sq]:
                if rest >> nb & 1 and not region >> nb & 1:
                    region |= 1 << nb
                    stack.append(nb)
        if bin(region).count("1") > 1 and sum(
                n for sq, n in ports.items() if region >> sq & 1) == 1:
            thin += 1
        rest &= ~region
    return thin
