"""Helpers that drive a match to a chosen point with simple, deterministic choices."""

from __future__ import annotations

from game.rules.goblins import engine
from game.rules.goblins.catalogue import make_tile
from game.rules.goblins.geometry import edges_mask, parse_edges, parse_square
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import State


def play_until(state: State, phase: str, limit: int = 5000) -> list:
    """Apply each acting seat's first legal action until ``phase`` is reached."""
    events = []
    for _ in range(limit):
        if state.phase == phase:
            return events
        seat = engine.to_act(state)[0]
        events += engine.apply(state, engine.legal_actions(state, seat)[0])
    raise AssertionError(f"never reached {phase}")


DUEL_ROBOT = {"2,3": ("weapon", "S", "N"), "3,2": ("engine", "NESW"),
              "3,4": ("engine", "NESW"), "4,3": ("armor", "N", "E")}
"""One weapon north of the cockpit, two engines beside it, an armor plate south."""


def duel(catalogue, seed: int = 11) -> State:
    """A 2-player match at its first combat choice, both robots ``DUEL_ROBOT`` with
    two goblins; each seat is its team's pilot and tactician."""
    state = engine.new_state(catalogue, 2, "standard", seed)
    play_until(state, "choose")
    for team in state.teams:
        team.robot = robot(DUEL_ROBOT, {team.seats[0]: 2})
    return state


def robot(tiles: dict[str, tuple], goblins: dict[int, int]) -> Robot:
    """A robot from {"r,c": (kind, metal, arrows_or_plates, premium?)}."""
    built = Robot()
    for name, (kind, metal, *rest) in tiles.items():
        extra = rest[0] if rest else ""
        premium = bool(rest[1]) if len(rest) > 1 else False
        engines = (2 if premium else 1) if kind == "engine" else 0
        tile = make_tile(-1, name, kind, premium, edges_mask(parse_edges(metal)),
                         parse_edges(extra) if kind == "weapon" else (),
                         parse_edges(extra) if kind == "armor" else (), engines)
        built.place(parse_square(name), tile, 0)
    built.goblins = dict(goblins)
    return built
