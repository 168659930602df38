"""Buyback and Grim Retriever (RULES-DECISIONS.md, Stage 3 and Clarifications): your
colour back to your Factory, rockets of your choice given, and a player handed their
own colour choosing Factory or Junkyard."""

from __future__ import annotations

from game.rules.blastbots import engine
from game.rules.blastbots.actions import NONE, Buyback, Give, Home, Pass, Play, Retrieve
from game.rules.blastbots.events import Rockets
from game.rules.blastbots.state import OVER
from tests.rules.blastbots.helpers import BLUE, ORANGE, PURPLE, card, do, refused, table

GRIM = "Grim Retriever"


def test_a_buyback_takes_up_to_two_of_yours_home_then_gives_three_of_your_choice():
    state = table(players=("blue", "orange", "purple"),
                  blue={"junkyard": {"orange": 2, "purple": 2}},
                  orange={"junkyard": {"blue": 3}})
    assert Buyback(BLUE, ORANGE) in engine.legal_actions(state, BLUE)
    assert Buyback(BLUE, PURPLE) not in engine.legal_actions(state, BLUE)
    events = do(state, Buyback(BLUE, ORANGE))
    assert events == [Rockets(BLUE, ORANGE, "junkyard", BLUE, "factory", 2)]
    assert engine.legal_actions(state, BLUE) == [Give(BLUE, (1, 1, 2)), Give(BLUE, (1, 2, 2))]
    do(state, Give(BLUE, (1, 1, 2)))
    assert engine.legal_actions(state, ORANGE) == [Home(ORANGE, 0), Home(ORANGE, 1),
                                                   Home(ORANGE, 2)]
    do(state, Home(ORANGE, 1))
    assert state.junk == [[0, 0, 1], [1, 1, 1], [0, 0, 0]]
    assert state.factory[ORANGE] == 25 - 2 + 1 and state.factory[BLUE] == 25 - 3 + 2
    assert state.actions_left == 4 and engine.to_act(state) == (BLUE,)


def test_a_buyback_with_one_of_yours_held_takes_back_one():
    state = table(blue={"junkyard": {"orange": 3}}, orange={"junkyard": {"blue": 1}})
    do(state, Buyback(BLUE, ORANGE))
    assert state.junk[ORANGE][BLUE] == 0 and state.factory[BLUE] == 25
    assert engine.legal_actions(state, BLUE) == [Give(BLUE, (1, 1, 1))]


def test_a_buyback_counts_and_gives_your_own_colour_too():
    state = table(blue={"junkyard": {"blue": 2, "orange": 1}}, orange={"junkyard": {"blue": 1}})
    do(state, Buyback(BLUE, ORANGE))
    assert engine.legal_actions(state, BLUE) == [Give(BLUE, (0, 0, 1))]
    do(state, Give(BLUE, (0, 0, 1)), Home(ORANGE, 0))
    assert state.junk == [[0, 0], [2, 1]]


def test_a_buyback_needs_three_in_your_junkyard():
    state = table(blue={"junkyard": {"orange": 2}}, orange={"junkyard": {"blue": 1}})
    refused(state, Buyback(BLUE, ORANGE),
            "a buyback needs three rockets in your Junkyard")
    state = table(blue={"junkyard": {"orange": 3}})
    refused(state, Buyback(BLUE, ORANGE),
            "that player's Junkyard holds none of your rockets")


def test_a_buyback_can_hand_the_receiver_a_destruction_win():
    state = table(blue={"junkyard": {"orange": 3}}, orange={"junkyard": {"blue": 14}})
    do(state, Buyback(BLUE, ORANGE), Give(BLUE, (1, 1, 1)))
    assert engine.to_act(state) == (ORANGE,)
    do(state, Home(ORANGE, 0))
    assert state.phase == OVER and state.winner == ORANGE
    assert state.victory == "destruction" and state.junk[ORANGE] == [12, 3]


def test_grim_retriever_swaps_one_for_one_with_each_player_named_in_turn():
    """The asking ends by itself once nobody is left to name."""
    state = table(players=("blue", "orange", "purple"),
                  blue={"hand": [GRIM], "junkyard": {"orange": 1, "purple": 1}},
                  orange={"junkyard": {"blue": 2}}, purple={"junkyard": {"blue": 1}})
    do(state, Play(BLUE, card(GRIM), "", NONE, ""))
    assert engine.legal_actions(state, BLUE) == [Retrieve(BLUE, ORANGE),
                                                 Retrieve(BLUE, PURPLE)]
    assert state.factory[BLUE] == 22
    do(state, Retrieve(BLUE, PURPLE))
    assert state.junk[PURPLE][BLUE] == 0 and state.factory[BLUE] == 23
    assert engine.legal_actions(state, BLUE) == [Give(BLUE, (1,)), Give(BLUE, (2,))]
    do(state, Give(BLUE, (2,)), Home(PURPLE, 1))
    assert state.factory[PURPLE] == 25 and state.junk[PURPLE] == [0, 0, 0]
    assert engine.legal_actions(state, BLUE) == [Retrieve(BLUE, ORANGE), Pass(BLUE)]
    do(state, Retrieve(BLUE, ORANGE), Give(BLUE, (1,)), Home(ORANGE, 0))
    assert state.junk == [[0, 0, 0], [1, 1, 0], [0, 0, 0]]
    assert state.factory[BLUE] == 24 and state.stack[-1][0] == "act"


def test_grim_retriever_stops_when_your_junkyard_is_empty():
    state = table(players=("blue", "orange", "purple"),
                  blue={"hand": [GRIM], "junkyard": {"orange": 1}},
                  orange={"junkyard": {"blue": 1}}, purple={"junkyard": {"blue": 1}})
    do(state, Play(BLUE, card(GRIM), "", NONE, ""), Retrieve(BLUE, ORANGE), Give(BLUE, (1,)))
    assert engine.to_act(state) == (ORANGE,), "orange was handed an orange rocket"
    do(state, Home(ORANGE, 1))
    assert state.stack[-1][0] == "act", "with nothing left to give, nobody more is named"
    assert state.junk[PURPLE][BLUE] == 1


def test_grim_retriever_needs_a_player_holding_your_colour_and_a_junkyard_rocket():
    state = table(blue={"hand": [GRIM], "junkyard": {"orange": 1}})
    refused(state, Play(BLUE, card(GRIM), "", NONE, ""),
            "Grim Retriever cannot be played that way now")
    state = table(blue={"hand": [GRIM]}, orange={"junkyard": {"blue": 1}})
    assert [a.kind for a in engine.legal_actions(state, BLUE)] == ["end_turn"]
