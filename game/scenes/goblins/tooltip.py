"""Goblins tiles in words, for hover help."""

from __future__ import annotations

from game.rules.goblins.catalogue import TileDef
from game.rules.goblins.geometry import EDGE_NAMES

SIDE_WORDS = dict(zip(EDGE_NAMES, ("north", "east", "south", "west"), strict=True))


def describe_tile(tile: TileDef, rot: int) -> str:
    """A tile in words, as turned on the yard."""
    metal = [SIDE_WORDS[EDGE_NAMES[e]] for e in range(4) if tile.rot_metal[rot] >> e & 1]
    parts = [f"{tile.id}: {'premium ' if tile.premium else ''}{tile.kind}"]
    if tile.kind == "weapon":
        parts.append("barrels " + ", ".join(SIDE_WORDS[EDGE_NAMES[a]]
                                            for a in tile.rot_arrows[rot]))
    elif tile.kind == "armor":
        parts.append("plates " + ", ".join(SIDE_WORDS[EDGE_NAMES[p]]
                                           for p in tile.rot_plates[rot]))
    elif tile.kind == "engine":
        parts.append(f"{tile.engines} engine{'s' if tile.engines > 1 else ''}")
    parts.append("metal " + (", ".join(metal) if metal else "nowhere"))
    text = "; ".join(parts) + "."
    # The design notes speak of the tile as printed, so they would mislead once turned.
    return f"{text}\n{tile.note}" if tile.note and rot == 0 else text
