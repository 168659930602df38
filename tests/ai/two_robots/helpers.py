"""Shared helpers for the Two Robots bot tests: positions from random games, and
matches driven by bots with every move checked."""

from __future__ import annotations

import random

from game.ai.bots import make_bot
from game.rules.core.registry import bundled_catalogue
from game.rules.two_robots import engine
from game.rules.two_robots.state import State

TINY = 4
"""Hard's iteration budget in tests: enough to exercise the search, cheap to run."""


def new_state(players: int, seed: int) -> State:
    return engine.new_state(bundled_catalogue("two_robots"), players, "standard", seed,
                            "random")


def positions(players: int, seed: int, per_kind: int = 2) -> list[State]:
    """Positions from one random game: up to ``per_kind`` for each step (and each
    Event in flight), so every phase and window is met."""
    state = new_state(players, seed)
    chooser = random.Random(seed)
    taken: dict[tuple[str, str], int] = {}
    out = []
    while not engine.is_over(state):
        kind = (state.step, state.flight.power if state.flight else "")
        if taken.get(kind, 0) < per_kind and chooser.random() < 0.5:
            taken[kind] = taken.get(kind, 0) + 1
            out.append(state.clone())
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        engine.apply(state, options[chooser.randrange(len(options))])
    return out


def play_out(state: State, levels: list[str], seed: int, stop: int | None = None) -> list:
    """Let bots play the match on; returns their moves. Each move must be legal."""
    bots = [make_bot("two_robots", level, seed + seat, TINY)
            for seat, level in enumerate(levels)]
    moves = []
    while not engine.is_over(state) and (stop is None or len(moves) < stop):
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view(state, seat), seat)
        assert action in engine.legal_actions(state, seat), (state.step, action)
        moves.append(action)
        engine.apply(state, action)
    return moves
