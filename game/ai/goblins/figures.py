"""The Goblins, Inc. figures ``botyard arena`` prints: how many tiles each level's
robots lose before combat because they were never attached (the ``tiles_fell`` event
when combat starts; those tiles go to the scrapyard and score for the enemy).

A fallen tile is charged to the seat that placed it. The figure is fallen tiles per
robot per round: a level's fallen tiles over the robots it built, where a seat that
placed ten of a robot's twenty tiles built half of it. In a duel and for the solo
player of a 3-player game that is exactly the seat's own robot each round.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.core.actions import Event
from game.rules.goblins.events import RoundStarted, TilePlaced, TilesFell

ROBOT_TILES = 20
"""Tiles in a finished robot: 4 plans of 5 (the 20 buildable squares of a blueprint)."""
FALLEN = "fallen/robot"
COLUMNS = {FALLEN: "tiles placed that fell off unattached when combat began, per robot "
                   "built per round (a seat that placed 10 of its robot's 20 tiles built half)"}
"""The arena's per-level columns, each with the line that explains it under the table."""


def seat_figures(events: Sequence[Event], players: int) -> dict[str, list[tuple[float, float]]]:
    """Per seat, (tiles it placed that fell off, robots it built) over the whole match."""
    fallen = [0.0] * players
    robots = [0.0] * players
    placer: dict[tuple[int, int], int] = {}
    for event in events:
        if isinstance(event, RoundStarted):
            placer = {}
        elif isinstance(event, TilePlaced):
            placer[(event.team, event.square)] = event.seat
            robots[event.seat] += 1 / ROBOT_TILES
        elif isinstance(event, TilesFell):
            for sq in event.squares:
                fallen[placer[(event.team, sq)]] += 1
    return {FALLEN: list(zip(fallen, robots, strict=True))}
