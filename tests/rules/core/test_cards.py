from hypothesis import given
from hypothesis import strategies as st

from game.rules.core.cards import (
    HIDDEN,
    NEVER_RESHUFFLE,
    RESHUFFLE_WHEN_NEEDED,
    Window,
    draw,
    hide,
    new_deck,
    next_turn,
    seats_after,
)
from game.rules.core.rng import Rng


def test_a_deck_is_a_seeded_permutation():
    assert new_deck(range(20), Rng(5)) == new_deck(range(20), Rng(5))
    assert new_deck(range(20), Rng(5)) != new_deck(range(20), Rng(6))
    assert sorted(new_deck(range(20), Rng(5))) == list(range(20))


def test_draw_takes_from_the_top_without_touching_the_discard():
    deck, discard = [1, 2, 3], [9]
    drawn, reshuffles = draw(deck, discard, 2, Rng(1))
    assert (drawn, deck, discard, reshuffles) == ([3, 2], [1], [9], 0)


def test_the_discard_comes_back_only_when_a_draw_needs_a_card():
    deck, discard = [1], [7, 8, 9]
    drawn, reshuffles = draw(deck, discard, 1, Rng(1))
    assert (drawn, discard, reshuffles) == ([1], [7, 8, 9], 0)
    drawn, reshuffles = draw(deck, discard, 2, Rng(1))
    assert reshuffles == 1 and discard == [] and len(drawn) == 2 and len(deck) == 1
    assert set(drawn) | set(deck) == {7, 8, 9}


def test_with_deck_and_discard_empty_the_draw_ends_short():
    deck, discard = [4], [5]
    drawn, reshuffles = draw(deck, discard, 5, Rng(2))
    assert drawn == [4, 5] and reshuffles == 1 and deck == discard == []


def test_never_reshuffle_draws_short_and_keeps_the_discard():
    deck, discard = [4], [5, 6]
    drawn, reshuffles = draw(deck, discard, 3, Rng(2), NEVER_RESHUFFLE)
    assert (drawn, discard, reshuffles) == ([4], [5, 6], 0)


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 80), st.integers(0, 2**32),
       st.sampled_from([RESHUFFLE_WHEN_NEEDED, NEVER_RESHUFFLE]))
def test_drawing_conserves_cards(deck_size, discard_size, count, seed, policy):
    deck = list(range(deck_size))
    discard = list(range(100, 100 + discard_size))
    before = sorted(deck + discard)
    drawn, _ = draw(deck, discard, count, Rng(seed), policy)
    assert sorted(drawn + deck + discard) == before
    available = deck_size + (discard_size if policy == RESHUFFLE_WHEN_NEEDED else 0)
    assert len(drawn) == min(count, available)


def test_hide_keeps_the_size_only():
    assert hide([3, 4, 5]) == [HIDDEN] * 3


def test_turn_order_skips_players_out_and_wraps():
    order = [0, 1, 2, 3]
    out = [False, True, False, False]
    assert seats_after(2, order, out) == (3, 0)
    assert seats_after(2, order, out, include_self=True) == (3, 0, 2)
    assert next_turn(3, order, out) == 0
    assert next_turn(0, order, [True, True, True, True]) is None
    assert next_turn(0, order, [False, True, True, True]) == 0


def test_a_window_asks_in_order_until_someone_takes_it():
    window = Window("homing", opener=0, asked=(1, 2, 3))
    assert window.current == 1
    window.pass_turn()
    assert window.current == 2 and not window.closed
    window.take()
    assert window.taker == 2 and window.closed and window.current is None


def test_a_window_where_everyone_passes_closes_with_no_taker():
    window = Window("sentry", opener=0, asked=(1, 2))
    window.pass_turn()
    window.pass_turn()
    assert window.closed and window.taker == -1


def test_players_out_are_dropped_from_a_window():
    window = Window("sentry", opener=0, asked=(1, 2, 3))
    window.drop(lambda seat: seat in (1, 3))
    assert window.asked == (2,)
    clone = window.clone()
    clone.pass_turn()
    assert window.asked == (2,) and clone.closed
