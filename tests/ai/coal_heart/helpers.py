"""Shared helpers for the Coal Heart bot tests: positions of every kind of decision met
in matches between bots, so the levels are asked in the middle of real games."""

from __future__ import annotations

import random

from game.ai.bots import make_bot
from game.rules.coal_heart import engine
from game.rules.coal_heart.state import State
from game.rules.core.registry import bundled_catalogue

TINY = 4
"""hard's playouts per decision in tests: enough to exercise the search, cheap to run."""


def new_state(players: int, seed: int, variant: str = "standard") -> State:
    return engine.new_state(bundled_catalogue("coal_heart"), players, variant, seed)


def kind(state: State) -> str:
    """The kind of decision ``state`` puts to its seat: a pending one by its name,
    else the stage, a Turn by its hex."""
    if state.pending:
        return state.pending[-1][0]
    return state.hex if state.stage == "turn" else state.stage


def positions(players: int, seed: int, variant: str = "standard", games: int = 4,
              per_kind: int = 2) -> dict[str, list[State]]:
    """Per decision kind, up to ``per_kind`` positions met in ``games`` matches of
    normal against random seats (normal finds the fights; random the odd corners)."""
    out: dict[str, list[State]] = {}
    chooser = random.Random(seed)
    for game in range(games):
        state = new_state(players, seed * 100 + game, variant)
        bots = [make_bot("coal_heart", "normal" if s % 2 else "random", seed + s)
                for s in range(players)]
        while not engine.is_over(state) and state.round <= 60:
            found = out.setdefault(kind(state), [])
            if len(found) < per_kind and chooser.random() < 0.2:
                found.append(state.clone())
            seat = engine.to_act(state)[0]
            engine.apply(state, bots[seat].choose(engine.view(state, seat), seat))
    return out


def play_out(state: State, levels: list[str], seed: int, stop: int = 10_000) -> list:
    """Bots of ``levels`` play from ``state`` (each move checked by the rules); the
    moves made."""
    bots = [make_bot("coal_heart", level, seed + 31 * s, TINY)
            for s, level in enumerate(levels)]
    moves = []
    while not engine.is_over(state) and len(moves) < stop:
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view(state, seat), seat)
        assert action in engine.legal_actions(state, seat)
        engine.apply(state, action)
        moves.append(action)
    return moves
