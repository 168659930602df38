"""Bots are reproducible and blind to what their seat cannot see; determinised worlds
keep every card once and everything the seat knows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.bots import LEVELS, make_bot
from game.ai.two_robots.determinise import determinise, unseen
from game.rules.core.cards import HIDDEN
from game.rules.core.rng import Rng
from game.rules.two_robots import engine
from game.rules.two_robots.state import State
from tests.ai.two_robots.helpers import TINY, new_state, play_out, positions


def _other_world(state: State, seat: int, seed: int) -> State:
    """The same match as ``seat`` sees it with everything hidden from it changed: the
    other hands and the deck hold other cards (same sizes) and the RNG differs."""
    other = state.clone()
    rng = random.Random(seed)
    rivals = [p for p in other.players if p.seat != seat]
    pool = other.deck + [c for p in rivals for c in p.hand]
    rng.shuffle(pool)
    for p in rivals:
        p.hand = [pool.pop() for _ in p.hand]
    other.deck = pool
    other.rng = Rng(seed)
    return other


def _counted(state: State) -> Counter[int]:
    """Every Action card wherever it lies."""
    cards = Counter(state.deck + state.discard + state.table)
    for p in state.players:
        cards.update(p.hand + p.parts() + [ice for ice in p.ice if ice >= 0])
    return cards


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_decision_depends_only_on_the_view(players, seed):
    changed = 0
    for state in positions(players, seed, per_kind=1):
        seat = engine.to_act(state)[0]
        other = _other_world(state, seat, 99)
        assert engine.view(other, seat) == engine.view(state, seat)
        changed += other.deck != state.deck or any(
            a.hand != b.hand for a, b in zip(other.players, state.players, strict=True))
        for level in LEVELS:
            first = make_bot("two_robots", level, 5, TINY).choose(
                engine.view(state, seat), seat)
            second = make_bot("two_robots", level, 5, TINY).choose(
                engine.view(other, seat), seat)
            assert first == second, (level, state.step)
    assert changed > 5


def test_a_view_cannot_be_played_on_so_bots_cannot_peek_by_playing():
    state = new_state(2, 4)
    seen = engine.view(state, 0)
    assert seen.rng is None and set(seen.deck) == {HIDDEN}
    assert set(seen.players[1].hand) <= {HIDDEN}


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_give_the_same_moves(level):
    runs = [play_out(new_state(2, 8), [level, "normal"], 21, stop=150) for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_a_determinised_world_keeps_every_card_once_and_what_the_seat_knows(players, seed):
    for state in positions(players, seed, per_kind=1):
        seat = engine.to_act(state)[0]
        seen = engine.view(state, seat)
        world = determinise(seen, random.Random(seed))
        assert _counted(world) == Counter(range(100))
        assert engine.view(world, seat) == seen
        assert world.players[seat].hand == state.players[seat].hand
        assert sorted(unseen(seen)) == sorted(
            state.deck + [c for p in state.players if p.seat != seat for c in p.hand])
        assert world.pile == state.pile and world.discard == state.discard
        for _ in range(30):
            if engine.is_over(world):
                break
            actor = engine.to_act(world)[0]
            engine.apply(world, engine.legal_actions(world, actor)[0])


def test_determinised_worlds_vary_the_hidden_cards():
    state = new_state(3, 6)
    while not state.players[1].hand:
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[-1])
    seen = engine.view(state, 0)
    worlds = [determinise(seen, random.Random(k)) for k in range(5)]
    assert len({tuple(w.deck) for w in worlds}) == 5
    assert len({tuple(w.players[1].hand) for w in worlds}) > 1
    assert all(w.players[0].hand == state.players[0].hand for w in worlds)
