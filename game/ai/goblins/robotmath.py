"""Fast facts about one robot that the bots weigh: arrows per side, firepower over a
combat, cockpit cover, and what a single hit would do.

Pure functions over ``Robot``; they mutate only robots they clone themselves.
"""

from __future__ import annotations

from game.rules.goblins.controls import MAX_DICE, SIDE_COST
from game.rules.goblins.geometry import COCKPIT, LINES
from game.rules.goblins.robot import Robot

ROUND_WEIGHTS = (1.0, 0.8, 0.6, 0.45)
"""Later combat rounds matter less: the robot will be damaged and combat may be over."""

_COVER_LINES = tuple(LINES[edge][3][:2] for edge in range(4))
"""The two squares in front of the cockpit from each yard edge."""


def arrows_by_edge(robot: Robot, attached: int | None = None) -> list[int]:
    """Weapon arrows out of each yard edge (only attached weapons when a mask is given)."""
    counts = [0, 0, 0, 0]
    for sq, tile in enumerate(robot.tiles):
        if tile is None or tile.kind != "weapon":
            continue
        if attached is not None and not attached >> sq & 1:
            continue
        for edge in tile.rot_arrows[robot.rots[sq]]:
            counts[edge] += 1
    return counts


def firepower(arrows: list[int], engines: int, front: int = 0,
              rounds: tuple[float, ...] = ROUND_WEIGHTS) -> float:
    """Weighted dice over the coming combat rounds when the pilot steers as well as the
    engines allow (targeting the enemy's front); not turning overheats."""
    best = {front: 0.0}
    for weight in rounds:
        nxt: dict[int, float] = {}
        for face, total in best.items():
            for steer in range(4):
                if SIDE_COST[steer] > engines:
                    continue
                new = (face + steer) & 3
                dice = min(MAX_DICE, arrows[new]) - (1 if steer == 0 else 0)
                value = total + weight * max(0, dice)
                if value > nxt.get(new, -1.0):
                    nxt[new] = value
        best = nxt
    return max(best.values())


def cockpit_cover(robot: Robot, attached: int) -> float:
    """Layers of tiles between the cockpit and each yard edge, the first counting most."""
    cover = 0.0
    for first, second in _COVER_LINES:
        inner = robot.tiles[second] is not None and attached >> second & 1
        outer = robot.tiles[first] is not None and attached >> first & 1
        cover += (1.0 if inner else 0.0) + (0.6 if outer else 0.0) + (
            0.4 if inner and outer else 0.0)
    return cover


def land(robot: Robot, edge: int, face: int) -> None:
    """One hit as the engine lands it, with the defender's default token choice."""
    sq = robot.target(edge, face)
    if sq < 0:
        return
    if sq == COCKPIT:
        robot.knock_out(tuple(robot.goblins))
        return
    if robot.has_token(sq):
        robot.remove_token(robot.token_options(sq)[0])
        return
    robot.destroy(sq)

