"""Shared helpers for the Blastbots bot tests: positions of every decision kind from
random matches, card moves for hand-made positions, and matches driven by bots with
every move checked."""

from __future__ import annotations

import random

from game.ai.bots import make_bot
from game.rules.blastbots import engine
from game.rules.blastbots.flow import DECISIONS
from game.rules.blastbots.state import State
from game.rules.core.registry import bundled_catalogue

TINY = 8
"""Hard's iteration budget in tests: enough to exercise the search, cheap to run."""
KINDS = frozenset(DECISIONS)
"""Every kind of decision the rules can put to a seat."""


def new_state(players: int, seed: int, dice: str = "rules") -> State:
    return engine.new_state(bundled_catalogue("blastbots"), players, "standard", seed, dice)


def positions(players: int, seed: int, games: int = 40, per_kind: int = 1,
              dice: str = "rules") -> dict[str, list[State]]:
    """Per decision kind, up to ``per_kind`` positions met in ``games`` random matches
    (rare kinds, such as a Go-Phish-Bot's naming, need a few matches to turn up)."""
    out: dict[str, list[State]] = {}
    chooser = random.Random(seed)
    for game in range(games):
        state = new_state(players, seed * 1000 + game, dice)
        while not engine.is_over(state):
            kind = state.stack[-1][0]
            if len(out.setdefault(kind, [])) < per_kind and chooser.random() < 0.3:
                out[kind].append(state.clone())
            seat = engine.to_act(state)[0]
            options = engine.legal_actions(state, seat)
            engine.apply(state, options[chooser.randrange(len(options))])
        if all(len(out.get(k, [])) >= per_kind for k in KINDS):
            break
    return out


def give(state: State, seat: int, card_id: str) -> int:
    """Move one copy of ``card_id`` from its deck to ``seat``'s hand (cards stay
    counted once); returns its index."""
    card = state.cat.index(card_id)
    deck = state.decks[state.cat.cards[card].deck]
    deck.remove(card)
    state.hands[seat].append(card)
    state.legal = None
    return card


def empty_hands(state: State) -> None:
    """Every hand back to the bottom of its cards' decks."""
    for hand in state.hands:
        for card in hand:
            state.decks[state.cat.cards[card].deck].insert(0, card)
        hand.clear()
    state.legal = None


def play_out(state: State, levels: list[str], seed: int, stop: int | None = None,
             budget: int = TINY) -> list:
    """Let bots play the match on; returns their moves. Each move must be legal."""
    bots = [make_bot("blastbots", level, seed + seat, budget)
            for seat, level in enumerate(levels)]
    moves = []
    while not engine.is_over(state) and (stop is None or len(moves) < stop):
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view(state, seat), seat)
        assert action in engine.legal_actions(state, seat), (state.stack[-1], action)
        moves.append(action)
        engine.apply(state, action)
    return moves
