"""The turn's frame: the opening draw and the hand limit at Cleanup."""

from __future__ import annotations

from game.rules.two_robots import engine
from game.rules.two_robots.actions import Discard, Pass
from game.rules.two_robots.state import DISCARD, PLAY
from tests.rules.two_robots.helpers import act, cat, table

NINE = ["HEAD C", "TORSO C", "ARMS C", "LEGS C", "HEAD E", "TORSO E", "ARMS E", "LEGS E",
        "HEAD M"]


def test_the_first_player_opens_with_two_cards_and_the_next_draws_five():
    state = engine.new_state(cat(), 2, "standard", 5)
    assert state.active == 0 and state.step == PLAY
    assert len(state.players[0].hand) == 2 and len(state.players[1].hand) == 0
    assert len(state.deck) == 98
    act(state, Pass(0))                       # no Play, no Event possible: Cleanup passes
    assert state.active == 1 and len(state.players[1].hand) == 5
    assert len(state.deck) == 93


def test_a_hand_over_seven_is_discarded_down_to_seven():
    state = table({"Samurai": {"hand": NINE}, "Guardian": {}}, "Samurai", event=True)
    act(state, Pass(0))
    assert state.step == DISCARD and engine.to_act(state) == (0,)
    options = engine.legal_actions(state, 0)
    assert all(isinstance(a, Discard) for a in options) and len(options) == 9
    act(state, options[0])
    act(state, engine.legal_actions(state, 0)[0])
    assert state.active == 1 and len(state.players[0].hand) == 7


def test_scrounge_keeps_nine_and_discards_the_tenth():
    state = table({"Scavenger": {"hand": NINE}, "Guardian": {}}, "Scavenger", event=True)
    act(state, Pass(0))
    assert state.active == 1 and len(state.players[0].hand) == 9
    state = table({"Scavenger": {"hand": [*NINE, "LEGS M"]}, "Guardian": {}}, "Scavenger",
                  event=True)
    act(state, Pass(0))
    assert state.step == DISCARD and engine.to_act(state) == (0,)
    act(state, engine.legal_actions(state, 0)[0])
    assert state.active == 1 and len(state.players[0].hand) == 9
