"""Stages 1 and 2 and the Stage 3 allowance (RULES-DECISIONS.md), each case worked
out by hand: payouts, Some Assembly Required, 7s, surges, the launch and cuts."""

from __future__ import annotations

import pytest

from game.rules.blastbots import engine
from game.rules.blastbots.actions import Choose, TableRoll
from game.rules.blastbots.events import (
    Allowance,
    DrawLost,
    Drew,
    GameOver,
    Rockets,
    TotemMoved,
)
from game.rules.blastbots.state import ACT, OVER
from tests.rules.blastbots.helpers import (
    BLUE,
    ORANGE,
    PURPLE,
    card,
    cards,
    do,
    kinds,
    names,
    refused,
    table,
)

ORANGE_TOKENS = {"battle": [6], "rocket": [6, 9, 4], "discovery": [5]}


def roll(state, a, b):
    return do(state, TableRoll(state.roller, (a, b)))


def test_a_number_pays_two_cards_per_token_in_turn_order_from_the_roller():
    state = table(roller="orange", step="roll",
                  decks={"battle": ["Mech", "Agent", "Kaboomer", "Wrangler", "Mech"],
                         "rocket": ["+1 Rocket", "+2 Rockets", "+3 Rockets"]},
                  orange={"tokens": ORANGE_TOKENS})
    events = roll(state, 2, 4)
    drew = [(e.seat, e.deck, names(list(e.cards))) for e in events if isinstance(e, Drew)]
    assert drew == [(ORANGE, 0, ["Agent", "Mech"]), (ORANGE, 2, ["+1 Rocket", "+2 Rockets"]),
                    (BLUE, 0, ["Kaboomer", "Wrangler"])]
    assert names(state.hands[BLUE]) == ["Kaboomer", "Wrangler"]
    assert state.decks[0] == [card("Mech")] and state.decks[2] == [card("+3 Rockets")]


def test_an_empty_deck_pays_nobody_further():
    state = table(step="roll", decks={"battle": ["Mech", "Agent", "Kaboomer"]},
                  orange={"tokens": ORANGE_TOKENS})
    events = roll(state, 5, 1)
    # blue battle:6, then orange battle:6 (one card left) and rocket:6.
    assert [(e.seat, e.deck, len(e.cards)) for e in events if isinstance(e, Drew)] == [
        (BLUE, 0, 2), (ORANGE, 0, 1), (ORANGE, 2, 2)]
    assert DrawLost(ORANGE, 0, 1) in events
    assert state.hands[ORANGE][0] == card("Kaboomer") and len(state.hands[ORANGE]) == 3


def test_two_tokens_on_one_number_pay_twice():
    state = table(step="roll", decks={"discovery": 10},
                  blue={"tokens": {"discovery": [8, 8, 9, 9, 10]}})
    roll(state, 4, 4)
    # blue's two discovery:8 tokens, then orange's default discovery:8 token.
    assert len(state.hands[BLUE]) == 4 and len(state.hands[ORANGE]) == 2
    assert len(state.decks[1]) == 4


def test_some_assembly_required_draws_after_the_normal_draws():
    state = table(players=("blue", "orange", "purple"), roller="purple", step="roll",
                  decks={"battle": ["Mech", "Agent", "Kaboomer", "Wrangler", "Hackerbot",
                                    "Burglebot"],
                         "rocket": ["+1 Rocket", "+2 Rockets", "Grim Retriever"]},
                  blue={"assembly": ["orange", "orange"]},
                  orange={"tokens": ORANGE_TOKENS})
    events = roll(state, 3, 3)
    drew = [(e.seat, e.deck, names(list(e.cards))) for e in events if isinstance(e, Drew)]
    # purple (roller) then blue: battle:6 each; orange: battle:6 and rocket:6; then blue's
    # two Some Assembly Required on orange: one battle and one rocket card each.
    assert drew == [(PURPLE, 0, ["Agent", "Mech"]), (BLUE, 0, ["Kaboomer", "Wrangler"]),
                    (ORANGE, 0, ["Burglebot", "Hackerbot"]),
                    (ORANGE, 2, ["+1 Rocket", "+2 Rockets"]),
                    (BLUE, 2, ["Grim Retriever"])]
    assert DrawLost(BLUE, 0, 1) in events and DrawLost(BLUE, 2, 1) in events


def test_the_rollers_own_assembly_ran_out_when_their_turn_began():
    state = table(step="roll", decks={"battle": 10},
                  blue={"assembly": ["orange"]}, orange={"tokens": ORANGE_TOKENS})
    assert state.assembly[BLUE] == []
    roll(state, 1, 5)
    assert len(state.hands[BLUE]) == 2 and len(state.hands[ORANGE]) == 4


def test_on_a_seven_each_player_chooses_both_decks_before_the_next():
    state = table(roller="orange", step="roll",
                  decks={"battle": ["Mech", "Agent"], "rocket": ["+1 Rocket"]})
    roll(state, 3, 4)
    assert engine.to_act(state) == (ORANGE,)
    assert engine.legal_actions(state, ORANGE) == [Choose(ORANGE, "battle"),
                                                   Choose(ORANGE, "discovery"),
                                                   Choose(ORANGE, "rocket")]
    do(state, Choose(ORANGE, "rocket"))
    assert engine.to_act(state) == (ORANGE,)
    assert Choose(ORANGE, "rocket") not in engine.legal_actions(state, ORANGE)
    refused(state, Choose(ORANGE, "rocket"),
            "that deck is empty")
    do(state, Choose(ORANGE, "battle"), Choose(BLUE, "battle"), Choose(BLUE, "discovery"))
    assert names(state.hands[ORANGE]) == ["+1 Rocket", "Mech"]
    assert names(state.hands[BLUE])[0] == "Agent" and len(state.hands[BLUE]) == 2
    assert state.phase == ACT


def test_a_surge_moves_every_totem_then_each_draws_from_a_token_section_and_builds():
    state = table(roller="orange", step="roll",
                  orange={"totem": 5, "launchpad": 5, "tokens": ORANGE_TOKENS},
                  blue={"totem": 8, "tokens": {"rocket": [6, 8, 5, 9, 4]}})
    events = roll(state, 6, 6)
    assert [e for e in events if isinstance(e, TotemMoved)] == [
        TotemMoved(ORANGE, 4, "surge"), TotemMoved(BLUE, 7, "surge")]
    assert engine.legal_actions(state, ORANGE) == [Choose(ORANGE, "battle"),
                                                   Choose(ORANGE, "discovery"),
                                                   Choose(ORANGE, "rocket")]
    events = do(state, Choose(ORANGE, "discovery"))
    assert not [e for e in events if isinstance(e, Rockets)], "a full pad builds nothing"
    assert engine.legal_actions(state, BLUE) == [Choose(BLUE, "rocket")]
    refused(state, Choose(BLUE, "battle"),
            "draw from a non-empty deck whose section holds one of your tokens")
    events = do(state, Choose(BLUE, "rocket"))
    assert Rockets(BLUE, BLUE, "factory", BLUE, "launchpad", 1) in events
    assert len(state.hands[ORANGE]) == 1 and len(state.hands[BLUE]) == 1
    # Stage 2 for orange: five on the pad rise, one more is built.
    assert state.pad[ORANGE] == 1 and state.atmo[ORANGE] == 5 and state.pad[BLUE] == 1


def test_a_surge_that_reaches_impact_ends_the_game_before_any_draw():
    state = table(step="roll", orange={"totem": 1, "space": 3}, blue={"space": 1})
    events = roll(state, 1, 1)
    assert kinds(events) == ["rolled", "totem_moved", "totem_moved", "game_over"]
    assert state.phase == OVER and state.victory == "impact"
    assert state.totem == [9, 0] and state.hands == [[], []]
    assert state.pad == [0, 0], "no Stage 2"
    # A surge is no Khaos Magnet: no Harebrained bonus, though blue began on T-10.
    assert state.points == ((2, 0, 0, 0, 0, 0, 2), (6, 0, 0, 3, 0, 0, 9))
    assert events[-1] == GameOver(ORANGE, "impact", state.points)


def test_a_draw_by_choice_nobody_can_make_is_lost_without_asking():
    state = table(step="roll", decks={"battle": 0, "discovery": 0, "rocket": 0},
                  blue={"tokens": {"rocket": [6, 8, 5, 9, 4]}})
    events = roll(state, 1, 2)
    assert DrawLost(BLUE, -1, 1) in events and DrawLost(1, -1, 1) in events
    assert state.phase == ACT


def test_stage_two_launches_atmosphere_then_launchpad_then_builds_one():
    state = table(step="roll", blue={"launchpad": 3, "atmosphere": 2, "space": 4})
    events = roll(state, 4, 6)
    moves = [e for e in events if isinstance(e, Rockets)]
    assert moves == [Rockets(BLUE, BLUE, "atmosphere", BLUE, "space", 2),
                     Rockets(BLUE, BLUE, "launchpad", BLUE, "atmosphere", 3),
                     Rockets(BLUE, BLUE, "factory", BLUE, "launchpad", 1)]
    assert (state.pad[BLUE], state.atmo[BLUE], state.space[BLUE]) == (1, 3, 6)
    assert state.factory[BLUE] == 25 - 10


def test_an_empty_factory_builds_nothing_and_fifteen_in_space_escape_after_stage_two():
    state = table(step="roll", blue={"launchpad": 5, "atmosphere": 5, "space": 10,
                                     "factory": 0},
                  orange={"junkyard": {"blue": 5}})
    events = roll(state, 4, 6)
    assert (state.pad[BLUE], state.atmo[BLUE], state.space[BLUE]) == (0, 5, 15)
    assert state.phase == OVER and state.winner == BLUE and state.victory == "escape"
    assert kinds(events)[-3:] == ["rockets", "rockets", "game_over"]


@pytest.mark.parametrize("cut, actions", [(0, 5), (2, 3), (4, 1), (7, 1)])
def test_the_allowance_is_five_less_the_cuts_never_below_one(cut, actions):
    state = table(step="roll", blue={"cut": cut}, orange={"cut": 2})
    events = roll(state, 4, 6)
    assert Allowance(BLUE, actions, cut) in events
    assert state.actions_left == actions and state.cuts == [0, 2]


def test_stage_three_offers_the_rollers_plays_and_always_the_end_of_the_turn():
    state = table(step="roll", blue={"hand": ["+1 Rocket"]})
    roll(state, 1, 3)
    assert [a.kind for a in engine.legal_actions(state, BLUE)] == ["play", "end_turn"]
    assert engine.legal_actions(state, ORANGE) == []
    assert cards("+1 Rocket") == state.hands[BLUE]
