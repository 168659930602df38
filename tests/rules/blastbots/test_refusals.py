"""Every refusal is one plain sentence and leaves the state exactly as it was: the
sentence for each kind of wrong move, pinned word for word."""

from __future__ import annotations

from game.rules.blastbots import engine
from game.rules.blastbots.actions import (
    NONE,
    Buyback,
    Choose,
    Defend,
    Discard,
    EndTurn,
    Home,
    Pass,
    Pick,
    Play,
    Reallocate,
    TableRoll,
    Trade,
)
from tests.rules.blastbots.helpers import BLUE, ORANGE, card, do, refused, table


def test_only_the_seat_deciding_may_move():
    state = table(blue={"hand": ["+1 Rocket"]}, orange={"hand": ["+1 Rocket"]})
    refused(state, Play(ORANGE, card("+1 Rocket"), "", NONE, ""), "it is not your decision now")


def test_a_move_of_another_kind_says_what_is_awaited():
    state = table(blue={"hand": ["Mech", "Agent", "Teleporter"]}, orange={"launchpad": 1})
    do(state, Play(BLUE, card("Mech"), "launchpad", ORANGE, ""))
    refused(state, Pass(BLUE), "it is not your decision now")
    refused(state, Home(ORANGE, 0), "a home move does not fit now (an attack awaits its "
                                    "target's answer)")
    do(state, Pass(ORANGE))
    refused(state, Pass(BLUE), "a pass move does not fit now (it is Stage 3: play a card, "
                               "trade, reallocate, buy back or end the turn)")


def test_the_codec_refuses_malformed_moves_first():
    state = table(blue={"hand": ["+1 Rocket"]})
    refused(state, Play(BLUE, "+1 Rocket", "", NONE, ""),  # type: ignore[arg-type]
            "the card of this play move must be a whole number")
    refused(state, EndTurn(2), "a move must name a seat from 0 to 1")


def test_plays_are_refused_for_the_most_basic_reason():
    state = table(blue={"hand": ["Teleporter", "Reallocator", "Mech"], "launchpad": 1},
                  orange={"launchpad": 2})
    refused(state, Play(BLUE, card("Agent"), "steal", ORANGE, ""), "that card is not in your hand")
    refused(state, Play(BLUE, card("Teleporter"), "orbit", NONE, ""),
            "Teleporter's options are launchpad, atmosphere")
    refused(state, Play(BLUE, card("Reallocator"), "launchpad", NONE, ""),
            "Reallocator is played without an option")
    refused(state, Play(BLUE, card("Mech"), "launchpad", 5, ""),
            "a target is a seat from 0 to 1")
    refused(state, Play(BLUE, card("Mech"), "launchpad", ORANGE, "launchpad"),
            "only a Sacrificial Ram's attack sacrifices a rocket")
    refused(state, Play(BLUE, card("Teleporter"), "atmosphere", NONE, ""),
            "Teleporter cannot be played that way now")


def test_with_no_actions_left_only_the_end_of_the_turn_remains():
    state = table(blue={"hand": ["Mech", "Agent", "Wrangler"], "junkyard": {"orange": 3}},
                  orange={"launchpad": 2, "junkyard": {"blue": 1}})
    state.actions_left = 0
    assert engine.legal_actions(state, BLUE) == [EndTurn(BLUE)]
    refused(state, Play(BLUE, card("Mech"), "launchpad", ORANGE, ""),
            "you have no actions left this turn")
    refused(state, Trade(BLUE), "you have no actions left this turn")
    refused(state, Buyback(BLUE, ORANGE), "you have no actions left this turn")


def test_trades_and_reallocations_need_three_cards_and_a_trade_a_card_to_draw():
    state = table(blue={"hand": ["Mech", "Agent"]})
    refused(state, Trade(BLUE), "a trade needs three cards in your hand")
    refused(state, Reallocate(BLUE), "a reallocation needs three cards in your hand")
    state = table(blue={"hand": ["Mech", "Agent", "Mech"]},
                  decks={"battle": 0, "discovery": 0, "rocket": 0})
    refused(state, Trade(BLUE), "every deck is empty, so there is nothing to trade for")
    assert Reallocate(BLUE) in engine.legal_actions(state, BLUE)


def test_discards_and_picks_name_what_is_there():
    state = table(blue={"hand": ["Mech", "Agent", "Mech", "Agent"]},
                  orange={"hand": ["Wrangler", "Teleporter", "Agent"]})
    do(state, Trade(BLUE))
    refused(state, Discard(BLUE, card("Wrangler")), "that card is not in your hand")
    state = table(blue={"hand": ["Agent"]}, orange={"hand": ["Wrangler", "Teleporter"]})
    do(state, Play(BLUE, card("Agent"), "shred", ORANGE, ""), Pass(ORANGE))
    refused(state, Pick(BLUE, 2), "there is no such slot in that hand")
    do(state, Pick(BLUE, 1))
    refused(state, Pick(BLUE, 1), "that slot is already picked")


def test_deck_choices_say_why():
    state = table(blue={"hand": ["Zombitron Collider"]}, decks={"battle": 0},
                  discards={"battle": {"before": ["Mech"]}, "rocket": {"this_turn": ["+1 Rocket"]}})
    do(state, Play(BLUE, card("Zombitron Collider"), "", NONE, ""))
    refused(state, Choose(BLUE, "rocket"),
            "that discard pile holds no card discarded before this turn")
    refused(state, Choose(BLUE, "spares"), "the decks are battle, discovery, rocket")
    state = table(step="roll", decks={"battle": 0})
    do(state, TableRoll(BLUE, (3, 4)))
    refused(state, Choose(BLUE, "battle"), "that deck is empty")


def test_a_pass_or_a_choice_that_is_not_offered():
    state = table(blue={"hand": ["Black Market", "Mech"]})
    do(state, Play(BLUE, card("Black Market"), "", NONE, ""))
    refused(state, Pass(BLUE), "you cannot pass now (a Black Market is exchanging cards)")
    state = table(blue={"hand": ["Burglebot"]}, orange={"junkyard": {"blue": 1}})
    do(state, Play(BLUE, card("Burglebot"), "homecoming", ORANGE, ""), Pass(ORANGE))
    refused(state, Home(BLUE, 2), "that is not one of the choices now (rockets are to be sent "
                                  "to the Factory or kept in the Junkyard)")


def test_table_dice_show_one_to_six():
    state = table(step="roll")
    refused(state, TableRoll(BLUE, (0, 7)), "each die shows 1 to 6")


def test_a_defence_card_must_be_in_hand():
    state = table(blue={"hand": ["Mech"]}, orange={"launchpad": 1})
    do(state, Play(BLUE, card("Mech"), "launchpad", ORANGE, ""))
    refused(state, Defend(ORANGE, card("Mech"), ""), "that card is not in your hand")
