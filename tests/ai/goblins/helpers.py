"""Shared helpers for the bot tests: matches driven by bots, with every move checked."""

from __future__ import annotations

import random

from game.ai.bots import make_bot
from game.rules.goblins import engine
from game.rules.goblins.state import State

TINY = 2
"""Hard's iteration budget in tests: enough to exercise the search, cheap to run."""


def random_state(catalogue, players: int, variant: str, seed: int, steps: int) -> State:
    """The match after ``steps`` uniformly random legal moves (or at its end)."""
    state = engine.new_state(catalogue, players, variant, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if engine.is_over(state):
            break
        seats = engine.to_act(state)
        seat = seats[chooser.randrange(len(seats))]
        options = engine.legal_actions(state, seat)
        engine.apply(state, options[chooser.randrange(len(options))])
    return state


def play_out(state: State, levels: list[str], seed: int, stop: int | None = None) -> list:
    """Let bots play the match on; returns their moves. Each move must be legal."""
    bots = [make_bot("goblins", level, seed + seat, TINY) for seat, level in enumerate(levels)]
    moves = []
    while not engine.is_over(state) and (stop is None or len(moves) < stop):
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view(state, seat), seat)
        assert action in engine.legal_actions(state, seat), (state.phase, action)
        moves.append(action)
        engine.apply(state, action)
    return moves
