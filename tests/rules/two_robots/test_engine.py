"""The match engine: dealing, the start of each turn, Cleanup and the windows it keeps,
worked out by hand from RULES-DECISIONS.md."""

from __future__ import annotations

from game.rules.two_robots import engine
from game.rules.two_robots.actions import Choose, Destroy, Discard, Pass, UsePower
from game.rules.two_robots.events import Discarded, TurnBegan
from game.rules.two_robots.state import DISCARD, HOMING, MELTDOWN, PLAY, SENTRY
from tests.rules.two_robots.helpers import act, card, cat, part, table
from tests.rules.two_robots.test_state import _same


def pay(*names):
    return tuple(sorted(part(n) for n in names))


def test_the_registry_handle_deals_the_first_salvagers_unless_asked_for_random_ones():
    fixed = engine.RULES.new_state(cat(), 3, "standard", 11)
    _same(fixed, engine.new_state(cat(), 3, "standard", 11, "fixed"))
    assert [p.salvager for p in fixed.players] == [0, 1, 2]
    assert [len(p.hand) for p in fixed.players] == [2, 0, 0] and len(fixed.deck) == 98
    dealt = [[p.salvager for p in engine.RULES.new_state(cat(), 3, "standard", seed,
                                                          "random").players]
             for seed in range(12)]
    assert all(ranks == sorted(ranks) and len(set(ranks)) == 3 for ranks in dealt)
    assert any(ranks != [0, 1, 2] for ranks in dealt)           # the RNG picks who plays


def test_a_turn_starts_with_no_plays_used_no_damage_taken_and_truce_over():
    """Peacemaker ends her turn under Truce; Samurai's turn follows, and then Bushido on
    her deals 1 (Sanctuary allows 1 in each other player's Event Phase)."""
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]},
                   "Peacemaker": {"factory": [["HEAD N"]]}}, "Peacemaker", plays_used=4)
    state.players[1].truce = True
    act(state, Pass(1))                                 # one Part: no Event, turn passes
    assert state.active == 0 and state.step == PLAY and state.plays == 0
    act(state, Pass(0), UsePower(0, 2, pay("HEAD C", "TORSO C")), Choose(0, 1), Pass(1))
    assert state.players[1].truce                       # through Samurai's turn
    act(state, engine.legal_actions(state, 1)[0])       # she gives up a health card
    assert state.players[1].health == 4
    assert state.active == 1 and state.players[1].turns == 1
    assert state.players[1].truce is False              # her turn began: Truce is over


def test_cleanup_asks_for_discards_only_above_seven_cards():
    hand = ["HEAD C", "HEAD E", "HEAD M", "HEAD N", "HEAD S", "TORSO C", "TORSO E"]
    state = table({"Samurai": {"hand": hand}, "Guardian": {}}, "Samurai")
    act(state, Pass(0))
    assert state.active == 1 and len(state.players[0].hand) == 7
    state = table({"Samurai": {"hand": [*hand, "TORSO M"]}, "Guardian": {}}, "Samurai")
    act(state, Pass(0))
    assert state.step == DISCARD and engine.to_act(state) == (0,)
    torso = part("TORSO M")
    events = engine.apply(state, Discard(0, torso))
    assert events[:2] == [Discarded(0, torso), TurnBegan(1, 1)] and torso in state.discard


def test_each_window_names_its_question_its_opener_and_the_cards_concerned():
    state = table({"Scavenger": {"factory": [["HEAD E"], ["ARMS C"]], "hand": ["Power Surge"]},
                   "Guardian": {"factory": [["TORSO ES"]]}}, "Scavenger")
    surge = card(state, 0, "Power Surge")
    act(state, Destroy(0, surge, pay("HEAD E", "TORSO ES")))
    assert (state.window.kind, state.window.opener, state.window.cards) == (HOMING, 0, (surge,))
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]}, "Guardian": {}},
                  "Samurai", event=True)
    act(state, UsePower(0, 2, pay("HEAD C", "TORSO C")), Choose(0, 1))
    assert (state.window.kind, state.window.opener, state.window.asked) == (SENTRY, 0, (1,))
    state = table({"Guardian": {"hand": ["HEAD N"]},
                   "Apocalypse": {"factory": [["HEAD C", "TORSO C"]]}}, "Apocalypse", event=True)
    act(state, UsePower(1, 1, pay("HEAD C", "TORSO C")), Pass(0))
    assert (state.window.kind, state.window.opener, state.window.asked) == (MELTDOWN, 1, (0,))
