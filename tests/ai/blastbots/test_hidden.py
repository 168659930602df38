"""Bots decide from their seat's view only: dealing again what a seat cannot see (the
rules' own ``vary_secrets``) leaves its view, and so every level's choice, unchanged;
determinised worlds keep what the seat knows and spread the rest evenly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.blastbots.determinise import determinise, unseen
from game.ai.bots import LEVELS, make_bot
from game.rules.blastbots import engine
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.secrets import back, vary_secrets
from game.rules.blastbots.state import State
from tests.ai.blastbots.helpers import TINY, new_state, play_out, positions


def _cards(state: State) -> Counter[int]:
    """Every card wherever it lies (Junk-R-Bots marked for a cut count by their id)."""
    cards: Counter[int] = Counter()
    for hand in state.hands:
        cards.update(hand)
    for deck in range(len(DECKS)):
        cards.update(state.decks[deck] + state.piles[deck] + state.fresh[deck])
    cards[state.cat.index("junk_r_bot")] += state.marked
    return cards


def _hidden_of(state: State, seat: int) -> tuple:
    """What ``seat`` cannot see: the other hands' faces and every deck's order."""
    return (tuple(tuple(h) for s, h in enumerate(state.hands) if s != seat),
            tuple(tuple(d) for d in state.decks))


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_no_level_reads_what_its_seat_cannot_see(players, seed):
    rng = random.Random(seed)
    changed = 0
    for kind, states in positions(players, seed).items():
        for state in states:
            seat = engine.to_act(state)[0]
            twin = vary_secrets(state, seat, rng)
            assert engine.view(twin, seat) == engine.view(state, seat)
            changed += _hidden_of(twin, seat) != _hidden_of(state, seat)
            for level in LEVELS:
                first = make_bot("blastbots", level, 5, TINY).choose(
                    engine.view(state, seat), seat)
                second = make_bot("blastbots", level, 5, TINY).choose(
                    engine.view(twin, seat), seat)
                assert first == second, (level, kind)
    assert changed > 10


def test_over_many_seeds_the_choices_are_the_same_whatever_is_hidden():
    """The distribution of a level's choices (over its seeds) is the same in every deal
    of the hidden cards, not only on one seed."""
    for kind in ("act", "defend", "deck"):
        state = positions(2, 31)[kind][0]
        seat = engine.to_act(state)[0]
        twins = [vary_secrets(state, seat, random.Random(k)) for k in range(3)]
        for level in ("easy", "normal"):
            counts = [Counter(repr(make_bot("blastbots", level, s, TINY).choose(
                engine.view(world, seat), seat)) for s in range(12))
                for world in [state, *twins]]
            assert all(c == counts[0] for c in counts), (kind, level)


def test_a_view_cannot_be_played_on_and_hides_the_rival_hands_and_decks():
    state = new_state(2, 4)
    play_out(state, ["random", "random"], 3, stop=30)
    seen = engine.view(state, 0)
    assert seen.rng is None
    assert all(c < 0 for c in seen.hands[1])
    assert all(set(d) <= {back(k)} for k, d in enumerate(seen.decks))


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_a_determinised_world_keeps_every_card_once_and_what_the_seat_knows(players, seed):
    rng = random.Random(seed)
    for states in positions(players, seed).values():
        for state in states:
            seat = engine.to_act(state)[0]
            seen = engine.view(state, seat)
            world = determinise(seen, seat, rng)
            assert _cards(world) == _cards(state)
            assert engine.view(world, seat) == seen
            assert world.rng is not None and not engine.is_over(world)
            engine.legal_actions(world, engine.to_act(world)[0])


def test_determinised_hands_are_dealt_evenly_from_the_unseen_cards():
    """Each unseen card lands in the rival's hand about as often as the hand's share of
    its deck's unseen cards; the real deal is not favoured."""
    state = new_state(2, 8)
    play_out(state, ["random", "random"], 8, stop=40)
    seat = engine.to_act(state)[0]
    rival = 1 - seat
    seen = engine.view(state, seat)
    deck = max(range(len(DECKS)), key=lambda d: seen.hands[rival].count(back(d)))
    held = seen.hands[rival].count(back(deck))
    pool = unseen(seen, seat)[deck]
    assert held and len(pool) > held
    rng = random.Random(1)
    worlds = 600
    landed: Counter[int] = Counter()
    for _ in range(worlds):
        landed.update(c for c in determinise(seen, seat, rng).hands[rival]
                      if state.cat.cards[c].deck == deck)
    kinds = Counter(pool)
    for card, copies in kinds.items():
        expected = worlds * held * copies / len(pool)
        assert abs(landed[card] - expected) < 5 * expected ** 0.5 + 3, (card, expected)
    assert set(kinds) >= {c for c in state.hands[rival] if state.cat.cards[c].deck == deck}
