"""The arithmetic of the combat dials: engine cost, goofs, turning, dice, squabbles.

Pure functions of numbers: the match engine's reveal and roll use them, and the dials
panel and the AI use them to preview a choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.goblins.geometry import side_edge

SIDE_COST = (0, 1, 2, 1)
"""Engines to put a side in front, or to target it: front, right, back, left."""

MAX_DICE = 5


@dataclass(frozen=True, slots=True)
class Controls:
    """What a pilot's revealed dials do."""

    cost: int
    unused: int
    goof: bool
    overheat: bool
    front: int
    target: int


def resolve_controls(front: int, steer: int, target: int, engines: int) -> Controls:
    """Apply the steering and targeting dials to a robot whose front is yard edge
    ``front`` and which has ``engines`` engines this round."""
    cost = SIDE_COST[steer] + SIDE_COST[target]
    if cost > engines:
        return Controls(cost, 0, True, True, front, 0)
    return Controls(cost, engines - cost, False, steer == 0, side_edge(front, steer),
                    target)


def dice_count(forward_arrows: int, overheat: bool, sabotage: bool) -> int:
    return max(0, min(MAX_DICE, forward_arrows + (1 if sabotage else 0)) - (1 if overheat else 0))


def squabble(pick_a: int, unused_a: int, pick_b: int, unused_b: int) -> tuple[bool, bool]:
    """Whether each team gets the card its tactician picked."""
    if pick_a != pick_b or unused_a == unused_b:
        return True, True
    return unused_a > unused_b, unused_b > unused_a
