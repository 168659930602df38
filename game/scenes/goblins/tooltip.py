"""Goblins tiles in words, for hover help. Where a tile's arrows, armor plates and metal
edges point is said in the robot's own side words (front, right, back, left), counted
from the robot's front as it stands now, as the dials and the log say them: never
compass points, which would leave the reader to work out which way the robot faces.

The design notes of cards.yaml are not shown: they speak of a tile as printed, in
compass points, which stops being true once it is turned or the robot turns."""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.goblins.catalogue import TileDef
from game.rules.goblins.geometry import EDGES, SIDES, N, edge_side


def side_list(edges: Iterable[int], front: int) -> list[str]:
    """Yard edges as the sides of a robot facing ``front``, front first and clockwise;
    a side named more than once is counted ("2 back")."""
    found = sorted(edge_side(front, edge) for edge in edges)
    return [(f"{found.count(side)} " if found.count(side) > 1 else "") + SIDES[side]
            for side in sorted(set(found))]


def and_words(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def pointing(noun: str, verb: str, edges: tuple[int, ...], front: int) -> str:
    """"arrow pointing front", "arrows pointing front and back", "2 arrows pointing
    back" (a twin on one side)."""
    words = side_list(edges, front)
    if len(words) == 1 and len(edges) > 1:
        return f"{len(edges)} {noun}s {verb} {SIDES[edge_side(front, edges[0])]}"
    return f"{noun}{'s' if len(edges) > 1 else ''} {verb} {and_words(words)}"


def describe_tile(tile: TileDef, rot: int, front: int = N) -> str:
    """A tile in words, as turned (``rot``) on a robot whose front is yard edge ``front``;
    a tile still in hand is described as it would sit on its builder's robot."""
    metal = [edge for edge in EDGES if tile.rot_metal[rot] >> edge & 1]
    parts = [f"{tile.id}: {'premium ' if tile.premium else ''}{tile.kind}"]
    if tile.kind == "weapon":
        parts.append(pointing("arrow", "pointing", tile.rot_arrows[rot], front))
    elif tile.kind == "armor":
        parts.append(pointing("plate", "facing", tile.rot_plates[rot], front))
    elif tile.kind == "engine":
        parts.append(f"{tile.engines} engine{'s' if tile.engines > 1 else ''}")
    parts.append("metal on all four sides" if len(metal) == 4 else
                 f"metal on the {and_words(side_list(metal, front))}" if metal else
                 "no metal edges")
    return "; ".join(parts) + "."
