"""The scenario runner reads SCENARIOS.md's format and asks the engine."""

from pathlib import Path

import pytest

from game.rules.core.errors import DataError
from game.rules.two_robots.scenario import run_file
from tests.rules.two_robots.helpers import cat

PLACE = """game: two_robots
name: a new C/S Stack beside a Chemical Stack is Solar
players:
  Scavenger:
    factory:
      - ["ARMS CS", "HEAD C"]
    hand: ["LEGS CS"]
  Guardian: {}
active: Scavenger
check:
  place: "LEGS CS"
  onto: new
expect: {legal: true, energies: [C, S], robots: 0, winner: none}
"""

ATTACK = """game: two_robots
name: a counter restarts the asking
players:
  Samurai:
    factory: [["HEAD C"], ["TORSO E"]]
    hand: [Ice Blast, Homing Missiles]
  Guardian:
    factory: [["HEAD M", "TORSO M"], ["ARMS S"]]
    hand: [Homing Missiles, Homing Missiles]
active: Samurai
check:
  attack: Ice Blast
  targets: [Guardian, 1]
  homing: [Guardian, Samurai]
expect:
  legal: true
  cancelled: false
  frozen: {Guardian: 1}
  plays_used: 2
  hand: {Samurai: 0, Guardian: 1}
"""

EVENT = """game: two_robots
name: Shogun on Peacemaker is one damage
players:
  Samurai:
    factory: [["HEAD C", "TORSO C"], ["ARMS E"]]
  Peacemaker: {}
active: Samurai
check:
  event: Shogun
  sacrifice: ["TORSO C", "ARMS E"]
  reveal: [Shots Fired, Shots Fired]
  resolve: Shots Fired
  targets: [Peacemaker]
expect: {legal: true, health: {Peacemaker: 4}, flipped: [Shogun], parts: {Samurai: 1}}
"""

DRAW = """game: two_robots
name: a short deck reshuffles
players: {Samurai: {}, Peacemaker: {}}
active: Peacemaker
deck: 3
discard: 10
check:
  draw: Peacemaker
expect: {hand: 5, deck: 8, discard: 0, reshuffled: true}
"""


def run(tmp_path: Path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return run_file(path, cat())


@pytest.mark.parametrize("text", [PLACE, ATTACK, EVENT, DRAW])
def test_worked_examples_pass(tmp_path, text):
    outcome = run(tmp_path, text)
    assert outcome.passed, outcome.line()


def test_a_wrong_answer_fails_and_says_what_differed(tmp_path):
    outcome = run(tmp_path, EVENT.replace("Peacemaker: 4}", "Peacemaker: 3}"))
    assert not outcome.passed
    assert outcome.line().startswith("FAIL Shogun") and "health" in outcome.line()


def test_an_illegal_play_leaves_the_position(tmp_path):
    text = PLACE.replace('["ARMS CS", "HEAD C"]', '["ARMS CS"]\n      - ["HEAD CS"]').replace(
        "expect: {legal: true, energies: [C, S], robots: 0, winner: none}",
        "expect: {legal: false, energies: ['?', '?']}")
    outcome = run(tmp_path, text)
    assert outcome.passed, outcome.line()


@pytest.mark.parametrize("old, new, where, reason", [
    ("  Guardian: {}", "  Gardener: {}", "players.Gardener", "no Salvager called"),
    ('hand: ["LEGS CS"]', 'hand: ["LEGS CS", "LEGS CS"]', "players", "used twice"),
    ("  onto: new", "  onto: new\n  homing: []", "check.homing", "unknown key"),
    ("expect: {legal: true,", "expect: {hand: 3, legal: true,", "expect.hand", "unknown key"),
    ("active: Scavenger", "active: Apocalypse", "active", "not at the table"),
])
def test_format_faults_are_located_data_errors(tmp_path, old, new, where, reason):
    assert old in PLACE
    with pytest.raises(DataError) as err:
        run(tmp_path, PLACE.replace(old, new, 1))
    text = str(err.value)
    assert "s.yaml, line " in text and where in text and reason in text
