"""Bots decide from their seat's view only: dealing again what no seat can see (the
Gear deck's order and the bag's draw order, through the rules' own ``vary_secrets``)
leaves the view, and so every level's choice, unchanged; the worlds hard imagines keep
everything on the table and make up only the hidden order."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.bots import LEVELS, make_bot
from game.ai.coal_heart.determinise import determinise, unseen
from game.rules.coal_heart import engine
from game.rules.coal_heart.secrets import vary_secrets
from game.rules.coal_heart.state import State
from tests.ai.coal_heart.helpers import TINY, positions


def _hidden_of(state: State) -> tuple:
    """What no seat can see: the deck's order and where the bag's draws would fall."""
    assert state.rng is not None
    return tuple(state.deck), state.rng.below(1 << 30)


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12), (6, 13)])
def test_no_level_reads_what_its_seat_cannot_see(players, seed):
    rng = random.Random(seed)
    changed = 0
    for kind, states in positions(players, seed).items():
        for state in states:
            seat = engine.to_act(state)[0]
            twin = vary_secrets(state, seat, rng)
            assert engine.view(twin, seat) == engine.view(state, seat)
            changed += _hidden_of(twin.clone()) != _hidden_of(state.clone())
            for level in LEVELS:
                first = make_bot("coal_heart", level, 5, TINY).choose(
                    engine.view(state, seat), seat)
                second = make_bot("coal_heart", level, 5, TINY).choose(
                    engine.view(twin, seat), seat)
                assert first == second, (level, kind)
    assert changed > 10


def test_hard_choices_do_not_follow_the_real_deck():
    """Where hard searches (its hex), four tables that differ only in the deck's order
    and the bag's give one bot seed one choice: its playouts run on its own deals."""
    states = positions(4, 21, per_kind=4)["select"]
    rng = random.Random(3)
    for state in states:
        seat = engine.to_act(state)[0]
        choices = {make_bot("coal_heart", "hard", 7, TINY).choose(
            engine.view(vary_secrets(state, seat, rng), seat), seat) for _ in range(4)}
        assert len(choices) == 1


def test_a_world_keeps_the_table_and_deals_the_deck_from_the_unseen_cards():
    for state in positions(4, 31, per_kind=3)["gear"]:
        seat = engine.to_act(state)[0]
        seen = engine.view(state, seat)
        world = determinise(seen, random.Random(1))
        assert Counter(world.deck) == Counter(unseen(seen)) == Counter(state.deck)
        assert world.seats == state.seats and world.row == state.row
        assert world.supply == state.supply and world.quarry == state.quarry
        assert world.heart == state.heart and world.pending == state.pending
        other = determinise(seen, random.Random(2))
        assert other.deck != world.deck or len(world.deck) < 2
        legal = engine.legal_actions(world, seat)
        engine.apply(world, legal[0])
