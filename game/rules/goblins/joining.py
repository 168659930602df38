"""Where a tile in hand could join a robot under construction: at once, only once more
tiles link it to the cockpit, or never (it would fall off when combat starts).

The builder's screen guides placement with these answers. They come from the robot's
own join rule (``attached_from`` over metal masks), never from a copy of it: "now"
places the tile and floods the joins; "later" floods again as if every other empty
square a builder may still use held a tile with metal on all four edges (the most any
future tile could add, so a tile that is not joined even then can never be).
"""

from __future__ import annotations

from collections.abc import Collection

from game.rules.goblins.catalogue import TileDef
from game.rules.goblins.geometry import ALL_METAL, COCKPIT
from game.rules.goblins.robot import Robot, attached_from

NOW = "now"
LATER = "later"
NEVER = "never"

JOINS = "joins"
TURN = "turn"
"""Square verdicts for a tile at one rotation: it joins as turned (JOINS), it joins
if turned another way (TURN), it could join once tiles link it (LATER), or it can
never join at any rotation (NEVER)."""


def free_squares(robot: Robot, forbidden: Collection[int]) -> list[int]:
    """Empty squares a builder may still use, in reading order."""
    return [sq for sq in range(25) if robot.tiles[sq] is None and sq != COCKPIT
            and sq not in forbidden]


def join_chances(robot: Robot, tile: TileDef, sq: int,
                 forbidden: Collection[int]) -> tuple[str, str, str, str]:
    """For each rotation 0..3 of ``tile`` on the empty square ``sq``: NOW, LATER or NEVER."""
    metal = robot.metal[:]
    hopeful = metal[:]
    for other in free_squares(robot, forbidden):
        hopeful[other] = ALL_METAL
    chances: list[str] = []
    for rot in range(4):
        metal[sq] = hopeful[sq] = tile.rot_metal[rot]
        if attached_from(metal) >> sq & 1:
            chances.append(NOW)
        elif attached_from(hopeful) >> sq & 1:
            chances.append(LATER)
        else:
            chances.append(NEVER)
    return chances[0], chances[1], chances[2], chances[3]


def verdict(chances: tuple[str, ...], rot: int) -> str:
    """One square's verdict for the tile turned ``rot``: JOINS, TURN, LATER or NEVER."""
    if chances[rot] == NOW:
        return JOINS
    if NOW in chances:
        return TURN
    return LATER if LATER in chances else NEVER
