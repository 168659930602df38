"""What each seat may not know: other hands, the deck order and forced reveals change
under vary_secrets; another seat's drawn cards are redacted, the drawer's are not."""

from __future__ import annotations

import random
from collections import Counter

from game.rules.core.cards import HIDDEN
from game.rules.two_robots import engine
from game.rules.two_robots.events import Drew, Revealed
from game.rules.two_robots.secrets import redact, vary_secrets
from tests.rules.two_robots.helpers import cat


def test_varying_deals_other_hands_and_the_deck_again_keeping_sizes_and_cards():
    state = engine.new_state(cat(), 3, "standard", 5)
    state.forced = (state.pile[0],)
    varied = vary_secrets(state, 1, random.Random(2))
    assert varied.players[1].hand == state.players[1].hand
    assert [len(p.hand) for p in varied.players] == [len(p.hand) for p in state.players]
    assert varied.deck != state.deck
    assert varied.players[0].hand != state.players[0].hand
    unseen = [*state.deck, *state.players[0].hand, *state.players[2].hand]
    assert Counter([*varied.deck, *varied.players[0].hand, *varied.players[2].hand]) == (
        Counter(unseen))
    assert set(varied.forced) <= set(state.pile) and len(varied.forced) == 1
    assert engine.view(varied, 1) == engine.view(state, 1)


def test_a_draw_is_told_in_full_to_the_drawer_and_as_a_count_to_others():
    drew = Drew(0, 2, False, (7, 9))
    assert redact(drew, 0) == drew
    assert redact(drew, 1) == Drew(0, 2, False, (HIDDEN, HIDDEN))
    assert drew.cards == (7, 9)


def test_the_first_draw_names_its_cards_and_reveals_are_open():
    state = engine.new_state(cat(), 2, "standard", 3)
    events = engine.apply(state, engine.legal_actions(state, 0)[-1])  # Pass: turn ends
    drew = [e for e in events if isinstance(e, Drew)]
    assert drew and all(Counter(e.cards) <= Counter(state.players[e.seat].hand)
                        for e in drew)
    assert Revealed.reveals and not Drew.reveals
