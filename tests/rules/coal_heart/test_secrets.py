"""What a seat may know: the Gear deck's order and the bag's draw order are hidden,
everything else is open; refusals are one plain line and change nothing."""

from __future__ import annotations

import random

import pytest

from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import Build, End, Select, Take, TakeGear
from game.rules.coal_heart.events import Cubes, Hp, Reshuffled
from game.rules.coal_heart.secrets import HIDDEN, gather_draws, redact, vary_secrets, view
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import cat, start, table


def started(seed: int = 4):
    state = engine.new_state(cat(), 4, "standard", seed)
    for seat in range(4):
        engine.apply(state, engine.legal_actions(state, seat)[0])
    return state


def test_a_view_hides_the_deck_order_and_the_rng_but_shows_the_table():
    state = started()
    seen = view(state, 1)
    assert seen.rng is None and seen.deck == ["?"] * len(state.deck)
    assert seen.row == state.row and seen.supply == state.supply
    assert seen.seats == state.seats and seen.quarry == state.quarry
    with pytest.raises(RuleError, match="view"):
        engine.apply(seen, engine.legal_actions(seen, state.first)[0])


def test_varied_secrets_look_the_same_to_every_seat():
    state = started()
    twin = vary_secrets(state, 2, random.Random(1))
    assert twin != state
    for seat in range(4):
        assert view(twin, seat) == view(state, seat)


def test_random_draws_and_reshuffles_are_told_without_their_order():
    assert redact(Cubes("bag", "1", "SC"), 0) == Cubes("bag", "1", "??")
    assert redact(Cubes("bag", "1", "SC"), 1) == Cubes("bag", "1", "CS")
    told = gather_draws([Cubes("bag", "1", "S"), Hp(0, 1, 20, "x"), Cubes("bag", "1", "C"),
                         Cubes("bag", "2", "G")])
    assert told == [Cubes("bag", "1", "SC"), Hp(0, 1, 20, "x"), Cubes("bag", "2", "G")]
    assert redact(Cubes("supply", "1", "S"), 0) == Cubes("supply", "1", "S")
    assert redact(Reshuffled(3, ("shovel", "chainsaw", "shovel")), 2).order == ()


def test_a_refusal_is_one_line_and_changes_nothing():
    state = table(s0={"cubes": [1, 0, 0, 0]})
    state.row = ["shovel"] * 5
    before = state.clone()
    cases = [(Take(0, "S"), "select a hex first"), (Select(1, "mine"), "not your decision"),
             (Build(0, "l_foot", ("S",)), "select a hex first")]
    for action, words in cases:
        with pytest.raises(RuleError, match=words) as info:
            engine.apply(state, action)
        assert "\n" not in str(info.value)
        assert state == before
    start(state, 0, "gear")
    before = state.clone()
    with pytest.raises(RuleError, match="take a Gear card first"):
        engine.apply(state, End(0))
    with pytest.raises(RuleError, match="not done in a gear phase"):
        engine.apply(state, Take(0, "S"))
    assert state == before
    engine.apply(state, TakeGear(0, "shovel"))


def test_a_view_is_a_copy_that_knows_its_seat_and_leaves_the_match_alone():
    state = started()
    deck = list(state.deck)
    seen = view(state, 2)
    assert seen.viewer == 2 and state.viewer is None
    assert state.deck == deck and state.rng is not None
    assert seen.deck == [HIDDEN] * len(deck) and HIDDEN == "?"
    seen.seats[0].cubes[0] += 1
    assert state.seats[0].cubes != seen.seats[0].cubes, "the view shares nothing"


def test_varied_secrets_reshuffle_the_same_deck_and_draw_another_bag_order():
    state = started()
    twin = vary_secrets(state, 0, random.Random(7))
    assert sorted(twin.deck) == sorted(state.deck) and twin.deck != state.deck
    assert twin.rng is not None and twin.rng != state.rng
    assert state.deck == started().deck, "the match itself is not reshuffled"
    seen = vary_secrets(view(state, 0), 0, random.Random(7))
    assert seen.rng is None and seen == view(state, 0)


def test_draws_of_several_seats_are_gathered_each_where_its_first_draw_was():
    told = gather_draws([Hp(0, 1, 20, "x"), Cubes("bag", "2", "S"), Cubes("bag", "1", "C"),
                         Cubes("supply", "1", "G"), Cubes("bag", "2", "P"),
                         Cubes("bag", "1", "S")])
    assert told == [Hp(0, 1, 20, "x"), Cubes("bag", "2", "SP"), Cubes("bag", "1", "CS"),
                    Cubes("supply", "1", "G")]
    assert redact(Cubes("bag", "2", "SP"), 2) == Cubes("bag", "2", "PS")
    assert redact(Cubes("quarry", "2", "P"), 0) == Cubes("quarry", "2", "P")
    assert redact(Hp(0, 1, 20, "x"), 1) == Hp(0, 1, 20, "x")


def test_varied_secrets_follow_the_random_source_they_are_given():
    state = started()
    assert vary_secrets(state, 1, random.Random(3)) == vary_secrets(state, 1, random.Random(3))
