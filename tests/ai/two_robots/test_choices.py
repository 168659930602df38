"""What the bots choose in hand-made positions: they complete robots, answer Attacks
on their robots, aim Events at the leader, and hard's search keeps normal's choice
unless another is credibly better."""

from __future__ import annotations

import random

import pytest

from game.ai.bots import make_bot
from game.ai.paired import confident_best
from game.ai.two_robots.lookahead import chance_unanswered
from game.ai.two_robots.search import CONFIDENCE
from game.rules.two_robots import engine
from game.rules.two_robots.actions import Answer, Choose, Destroy, PlayPart
from game.rules.two_robots.state import CHOOSE, HOMING
from tests.ai.two_robots.helpers import TINY
from tests.rules.two_robots.helpers import act, card, part, table

ROBOT_SOON = [["HEAD C", "TORSO C", "ARMS C"], ["HEAD S", "TORSO S", "ARMS S", "LEGS S"]]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_builds_its_second_robot_to_win(level):
    state = table({"Samurai": {"factory": ROBOT_SOON, "hand": ["LEGS C", "HEAD E"]},
                   "Guardian": {"factory": [["HEAD N", "TORSO N"]]}}, "Samurai")
    choice = make_bot("two_robots", level, 1, TINY).choose(engine.view(state, 0), 0)
    assert choice == PlayPart(0, part("LEGS C"), 0)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_answers_an_attack_on_its_robot(level):
    hit = table({"Samurai": {"factory": [["HEAD M"], ["ARMS N"]], "hand": ["Power Surge"]},
                 "Guardian": {"factory": [["HEAD E", "TORSO E", "ARMS E"], ["LEGS C"]],
                              "hand": ["Homing Missiles", "LEGS M"]}}, "Samurai")
    surge = card(hit, 0, "Power Surge")
    act(hit, Destroy(0, surge, (part("HEAD E"), part("TORSO E"))))
    assert hit.step == HOMING
    answer = make_bot("two_robots", level, 2, TINY).choose(engine.view(hit, 1), 1)
    assert answer == Answer(1, card(hit, 1, "Homing Missiles"))



@pytest.mark.parametrize("level", ["easy", "normal"])
def test_an_event_is_aimed_at_the_leader(level):
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"], ["ARMS M"]]},
                   "Peacemaker": {"factory": [["HEAD E"]]},
                   "Guardian": {"factory": [["HEAD N", "TORSO N", "ARMS N", "LEGS N"],
                                            ["HEAD S", "TORSO S"]]}},
                  "Samurai", event=True)
    bushido = next(a for a in engine.legal_actions(state, 0) if a.kind == "power"
                   and a.power == 2)
    act(state, bushido)
    assert state.step == CHOOSE
    choice = make_bot("two_robots", level, 3).choose(engine.view(state, 0), 0)
    assert choice == Choose(0, 2)


def test_the_search_keeps_the_first_candidate_unless_another_is_credibly_better():
    rng = random.Random(1)
    noisy = [[rng.gauss(0, 3) for _ in range(16)] for _ in range(3)]
    assert confident_best([noisy[0], [v + 0.1 for v in noisy[0]], noisy[2]], CONFIDENCE) in (0, 1)
    assert confident_best([noisy[0], noisy[1], [v + 5 for v in noisy[0]]], CONFIDENCE) == 2
    assert confident_best([[1.0], [9.0]], CONFIDENCE) == 0


def test_the_chance_of_no_answer_counts_unseen_cards_and_the_gold_number():
    state = table({"Samurai": {"factory": [["HEAD M"], ["ARMS N"]], "hand": ["Power Surge"]},
                   "Peacemaker": {"factory": [["HEAD E"], ["ARMS S"]],
                                  "hand": ["LEGS M", "LEGS N", "LEGS C"]},
                   "Guardian": {"factory": [], "hand": ["LEGS E", "LEGS S"]}},
                  "Samurai", deck=40)
    seen = engine.view(state, 0)
    both = chance_unanswered(seen, 0, "cancel_attack", [1, 2])
    peacemaker = chance_unanswered(seen, 0, "cancel_attack", [1])
    assert 0 < both < peacemaker < 1
    short = table({"Samurai": {"factory": [["HEAD M"]], "hand": ["Power Surge"]},
                   "Peacemaker": {"factory": [["HEAD E"]], "hand": ["LEGS M"]}}, "Samurai")
    assert chance_unanswered(engine.view(short, 0), 0, "cancel_attack", [1]) == 1.0
