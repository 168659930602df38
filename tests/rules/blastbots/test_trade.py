"""Stage 3's trade and reallocation, and the discards down to seven (RULES-DECISIONS.md,
Stage 3 and Stage 4), worked out by hand: each discard is asked one at a time, named
for what it is for (the client words its prompt from that name)."""

from __future__ import annotations

from game.rules.blastbots.actions import Choose, Discard, EndTurn, Reallocate, Trade
from game.rules.blastbots.events import Discarded, Drew
from tests.rules.blastbots.helpers import BLUE, card, cards, do, names, table

FOUR = ["Mech", "Agent", "Teleporter", "Reallocator"]


def test_a_trade_asks_three_discards_then_one_draw_from_any_deck():
    state = table(blue={"hand": FOUR}, decks={"rocket": ["+3 Rockets", "+1 Rocket"]})
    do(state, Trade(BLUE))
    assert state.stack == [("discard", BLUE, 3, "trade")] and state.actions_left == 4
    assert do(state, Discard(BLUE, card("Mech"))) == [
        Discarded(BLUE, (card("Mech"),), "trade")]
    assert state.stack == [("discard", BLUE, 2, "trade")]
    do(state, Discard(BLUE, card("Agent")))
    assert state.stack == [("discard", BLUE, 1, "trade")]
    do(state, Discard(BLUE, card("Teleporter")))
    assert state.stack == [("deck", BLUE, "trade", 7)]
    events = do(state, Choose(BLUE, "rocket"))
    assert events[0] == Drew(BLUE, 2, (card("+3 Rockets"),)), "a written deck lists its top first"
    assert names(state.hands[BLUE]) == ["+3 Rockets", "Reallocator"]
    assert state.stack == [("act", BLUE)]


def test_a_reallocation_asks_three_discards_then_every_tier_again():
    state = table(blue={"hand": FOUR})
    do(state, Reallocate(BLUE))
    assert state.stack == [("discard", BLUE, 3, "reallocate")]
    events = do(state, *(Discard(BLUE, c) for c in cards("Mech", "Agent", "Teleporter")))
    assert events == [Discarded(BLUE, (c,), "reallocate")
                      for c in cards("Mech", "Agent", "Teleporter")]
    assert state.stack == [("place", BLUE, 2), ("place", BLUE, 1), ("place", BLUE, 0)]


def test_seven_cards_are_kept_and_each_one_over_is_a_discard_for_the_limit():
    seven = [*FOUR, "Mech", "Agent", "Khaos Magnet"]
    kept = table(blue={"hand": seven})
    do(kept, EndTurn(BLUE))
    assert kept.roller == 1 and len(kept.hands[BLUE]) == 7
    over = table(blue={"hand": [*seven, "Mech"]})
    do(over, EndTurn(BLUE))
    assert over.stack == [("limit", BLUE)]
    assert do(over, Discard(BLUE, card("Agent")))[0] == Discarded(
        BLUE, (card("Agent"),), "limit")
    assert over.roller == 1
