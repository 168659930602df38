"""The prompt's and the log's words: the opening turn, an answer held but short of its gold, and
a Part sacrificed or lost."""

from __future__ import annotations

from game.rules.core.registry import bundled_catalogue
from game.rules.two_robots import engine
from game.rules.two_robots.actions import Pass
from game.rules.two_robots.events import Destroyed
from game.rules.two_robots.state import PLAY
from game.scenes.two_robots.words import describe, question, short_of_gold
from tests.rules.two_robots.helpers import part, table


def test_the_starting_player_is_told_why_the_first_hand_is_short():
    state = engine.new_state(bundled_catalogue("two_robots"), 2, "standard", 3)
    assert "drew 2 cards" in question(engine.view(state, 0), 0)
    engine.apply(state, Pass(0))
    while state.active != 1 or state.step != PLAY:
        engine.apply(state, engine.legal_actions(state, engine.to_act(state)[0])[-1])
    assert "drew 2" not in question(engine.view(state, 1), 1)


def test_a_held_answer_short_of_its_gold_number_is_explained():
    state = table({"Samurai": {"hand": ["Homing Missiles", "Sentry Gunship"],
                               "factory": [["HEAD C"]]},
                   "Guardian": {"hand": ["Homing Missiles"]}}, "Samurai")
    assert short_of_gold(state, 0, "cancel_attack") == (
        " (Your Homing Missiles needs 2 Stacks in your Factory.)")
    assert "Sentry Gunship needs 3 Stacks" in short_of_gold(state, 0, "cancel_event")
    assert short_of_gold(state, 1, "cancel_attack") == ""     # Bulwark: no Stacks needed
    assert short_of_gold(state, 1, "cancel_event") == ""      # nothing held


def test_a_part_paid_for_an_event_is_sacrificed_and_a_wrecked_one_lost():
    state = table({"Samurai": {"factory": [["HEAD C"]]}, "Guardian": {}}, "Samurai")
    head = part("HEAD C")
    assert describe(Destroyed(0, head, sacrificed=True), state) == "Orange sacrifices HEAD C."
    assert describe(Destroyed(0, head), state) == "Orange loses HEAD C."
