"""The Blastbots scenario runner reads SCENARIOS.md's format and asks the engine: each
check worked by hand, each format fault one located sentence, and the command's exit
status (0 all passed, 1 a failure, 2 a broken file)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.blastbots.scenario import run_file
from game.rules.core.errors import DataError

HEAD = "game: blastbots\nname: {name}\nplayers: [blue, orange]\n"


def scenario(tmp_path: Path, body: str, name: str = "case") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD.format(name=name) + body, encoding="utf-8")
    return path


def outcome(tmp_path: Path, body: str) -> str:
    return run_file(scenario(tmp_path, body)).line()


def fault(tmp_path: Path, body: str) -> str:
    with pytest.raises(DataError) as err:
        run_file(scenario(tmp_path, body))
    text = str(err.value)
    assert "\n" not in text and text.startswith(str(tmp_path / "case.yaml"))
    return text.split(", at ", 1)[1] if ", at " in text else text.split(": ", 1)[1]


SEVEN = """board:
  blue: {tokens: {battle: [6, 5], discovery: [8, 9], rocket: [10]}}
  orange: {tokens: {rocket: [6, 8, 5, 9, 4]}}
decks: {battle: [Mech, Agent], rocket: 3}
check:
  roll: [3, 4]
  choices: {blue: [battle, rocket], orange: [battle, discovery]}
expect:
  draws: {blue: {battle: 1, rocket: 1}, orange: {battle: 1, discovery: 1}}
  decks: {battle: 0, rocket: 2, discovery: 19}
  actions_left: 5
"""


def test_a_roll_check_resolves_stage_one_with_the_choices_written(tmp_path):
    assert outcome(tmp_path, SEVEN + "  hand_sizes: {blue: 2, orange: 2}\n") == "PASS case"


def test_a_roll_check_that_differs_says_what_it_expected_and_got(tmp_path):
    text = SEVEN.replace("orange: {battle: 1, discovery: 1}", "orange: {battle: 2}")
    assert outcome(tmp_path, text) == (
        "FAIL case: draws.orange: expected {'battle': 2}, got {'battle': 1, 'discovery': 1}")


ACTIONS = """board:
  blue: {hand: [Mech, Kaboomer, Teleporter], launchpad: 2, junkyard: {orange: 13}}
  orange: {launchpad: 2, hand: [Mech]}
check:
  actions:
    - {play: Mech, option: atmosphere, target: orange}
    - {play: Kaboomer, option: launchpad, target: orange, defend: Mech}
    - {play: Teleporter, option: launchpad}
expect:
  stopped_at: 1
  why: refused
  rockets: {orange: {launchpad: 2}}
  hand_sizes: {blue: 3, orange: 1}
  actions_left: 5
"""


def test_a_refused_step_stops_the_steps_and_leaves_the_position(tmp_path):
    assert outcome(tmp_path, ACTIONS) == "PASS case"


def test_steps_go_on_until_the_game_ends(tmp_path):
    text = ACTIONS.replace("option: atmosphere", "option: launchpad").replace(
        "defend: Mech", "defend: none").replace(
        """  stopped_at: 1
  why: refused
  rockets: {orange: {launchpad: 2}}
  hand_sizes: {blue: 3, orange: 1}
  actions_left: 5""", """  stopped_at: 3
  why: game_over
  game_over: true
  winner: blue
  victory: destruction
  junkyard: {blue: {orange: 15}}
  actions_left: 3""")
    assert outcome(tmp_path, text) == "PASS case"


def test_a_legal_check_asks_whether_the_whole_step_may_be_taken(tmp_path):
    body = """board:
  blue: {hand: [Mech]}
  orange: {launchpad: 1, hand: [Kaboomer]}
check:
  legal: {play: Mech, option: launchpad, target: orange, defend: Kaboomer}
expect: {legal: false}
"""
    assert outcome(tmp_path, body) == "PASS case"
    assert outcome(tmp_path, body.replace("defend: Kaboomer", "defend: none")) == (
        "FAIL case: legal: expected False, got True")


def test_a_score_check_scores_the_board_with_a_magnet_end(tmp_path):
    body = """roller: orange
board:
  blue: {space: 4, atmosphere: 1}
  orange: {space: 3, junkyard: {blue: 2}}
check:
  score: true
  magnet_end: {by: orange, turn_start_totem: 2}
expect:
  points:
    blue: {space: 8, atmosphere: 1, slipspace: 3, total: 12}
    orange: {junkyard: 2, flyswatter: 3, harebrained: 2, total: 13}
  winner: orange
  victory: impact
  game_over: true
"""
    assert outcome(tmp_path, body) == "PASS case"
    assert outcome(tmp_path, body.replace("turn_start_totem: 2", "turn_start_totem: 1")) == (
        "FAIL case: points.orange: expected {'junkyard': 2, 'flyswatter': 3, 'harebrained': 2, "
        "'total': 13}, got {'junkyard': 2, 'flyswatter': 3, 'harebrained': 0, 'total': 11}; "
        "winner: expected 'orange', got 'blue'")


def test_a_mod_step_and_its_second_attack(tmp_path):
    body = """players: [blue, orange, purple]
board:
  blue: {hand: [Magic Missile Mod, Agent]}
  orange: {hand: [Mech, Teleporter]}
  purple: {hand: [Agent, Reallocator, Mech]}
check:
  actions:
    - play: Agent
      option: steal
      target: orange
      picks: [2]
      mod: {option: shred, target: purple, defend: Agent, picks: [1, 2]}
expect:
  hands: {blue: [Teleporter], orange: [Mech], purple: [Reallocator, Mech]}
  discards: {battle: 2, discovery: 1}
  actions_left: 4
""".replace("players: [blue, orange]\n", "")
    path = tmp_path / "mod.yaml"
    path.write_text(HEAD.format(name="mod").replace("players: [blue, orange]\n", "") + body,
                    encoding="utf-8")
    assert run_file(path).line() == "PASS mod"


def test_grim_retriever_and_buyback_steps(tmp_path):
    body = """players: [blue, orange, purple]
board:
  blue: {hand: [Grim Retriever], junkyard: {orange: 2, purple: 3}}
  orange: {junkyard: {blue: 1}}
  purple: {junkyard: {blue: 2}}
check:
  actions:
    - {play: Grim Retriever, give: {purple: purple, orange: purple}, home: {purple: 0}}
    - {buyback: purple, give: {orange: 2, purple: 1}}
expect:
  junkyard: {blue: {}, orange: {purple: 1}, purple: {orange: 2, purple: 1}}
  rockets: {blue: {factory: 25}, purple: {factory: 23}}
  stopped_at: 0
"""
    path = tmp_path / "grim.yaml"
    path.write_text(HEAD.format(name="grim").replace("players: [blue, orange]\n", "") + body,
                    encoding="utf-8")
    assert run_file(path).line() == "PASS grim"


@pytest.mark.parametrize("body, where", [
    ("colour: blue\ncheck: {score: true}\n",
     "colour: unknown key 'colour' (expected one of: actions_left, board, check, decks, "
     "discards, expect, game, name, players, roller, turn_start_totem)"),
    ("board: {blue: {rockets: 2}}\ncheck: {score: true}\n",
     "board.blue.rockets: unknown key 'rockets' (expected one of: assembly, atmosphere, cut, "
     "factory, hand, junkyard, launchpad, space, tokens, totem)"),
    ("board: {red: {space: 2}}\ncheck: {score: true}\n", "board.red: red is not playing"),
    ("board: {blue: {hand: [Mecha]}}\ncheck: {score: true}\n",
     "board.blue.hand[0]: there is no card called 'Mecha'"),
    ("board: {blue: {factory: 24}}\ncheck: {score: true}\n",
     "board.blue: blue's rockets number 24, not 25"),
    ("board: {blue: {launchpad: 6}}\ncheck: {score: true}\n",
     "board.blue.launchpad: expected a number from 0 to 5, found 6"),
    ("board: {blue: {hand: [Go-Phish-Bot, Go-Phish-Bot, Go-Phish-Bot]}}\ncheck: {score: true}\n",
     "the position holds 3 Go-Phish-Bot cards; the deck has 2"),
    ("decks: {battle: 60}\nboard: {blue: {hand: [Mech, Mech, Agent, Agent, Wrangler]}}\n"
     "check: {score: true}\n", "decks.battle: only 59 battle cards are left for the deck, "
                               "not 60"),
    ("board: {blue: {tokens: {battle: [6, 6, 8]}}}\ncheck: {score: true}\n",
     "board.blue.tokens: a player has 2 T-1 token(s) on 6 or 8, not 3"),
    ("discards: {battle: {marked: 1}}\ncheck: {score: true}\n",
     "discards.battle.marked: marked Junk-R-Bots lie in the discovery pile"),
    ("check: {score: true, legal: {end_turn: true}}\n",
     "check: name exactly one check: roll, actions, legal, score"),
    ("check: {score: true}\nexpect: {legal: true}\n",
     "expect.legal: unknown key 'legal' (expected one of: game_over, points, victory, "
     "winner)"),
    ("actions_left: 2\ncheck: {score: true}\n", "actions_left: a score check sets "
                                               "actions_left itself"),
    ("board: {blue: {tokens: {rocket: [6, 8, 5, 9, 4]}}}\ncheck: {roll: [1, 2]}\n",
     "board: a roll check needs the tokens of every player (orange)"),
    ("check:\n  actions:\n    - {play: Agent, option: steal, target: orange}\n",
     "check.actions[0]: this step needs the key 'picks'"),
    ("check:\n  actions:\n    - {play: Mech, option: launchpad, target: orange, colour: blue}\n",
     "check.actions[0].colour: Mech (launchpad) takes no colour"),
    ("check:\n  actions:\n    - {trade: [Mech, Mech]}\n",
     "check.actions[0].trade: a trade discards exactly 3 cards"),
    ("check:\n  legal: {play: Teleporter, option: launchpad, target: orange}\n",
     "check.legal.target: Teleporter is not played at a player"),
])
def test_a_format_fault_is_one_located_sentence(tmp_path, body, where):
    assert fault(tmp_path, body) == where


ROLL_TOKENS = """board:
  blue: {tokens: {battle: [6, 5], discovery: [8, 9], rocket: [10]}}
  orange: {tokens: {rocket: [6, 8, 5, 9, 4]}}
"""


@pytest.mark.parametrize("check, where", [
    ("check:\n  roll: [1, 1]\n  choices: {blue: [battle]}\n",
     "check.choices: orange draws by choice here: write their deck"),
    ("check:\n  roll: [6, 6]\n  choices: {blue: [battle], orange: [battle]}\n",
     "check.choices.orange: orange cannot draw from battle (draw from a non-empty deck "
     "whose section holds one of your tokens)"),
    ("check:\n  roll: [2, 2]\n  choices: {blue: [battle]}\n",
     "check.choices.blue: blue has more choices than draws"),
    ("check:\n  roll: [3, 4]\n  choices: {blue: [battle], orange: [rocket, rocket]}\n",
     "check.choices.blue: blue draws by choice here: write their deck"),
])
def test_a_missing_or_impossible_choice_in_a_roll_check_is_a_format_fault(tmp_path, check,
                                                                          where):
    assert fault(tmp_path, ROLL_TOKENS + check) == where


def test_a_step_needing_more_choices_than_it_gives_is_a_format_fault(tmp_path):
    body = """board:
  blue: {hand: [Agent]}
  orange: {hand: [Mech, Agent, Wrangler]}
check:
  actions:
    - {play: Agent, option: shred, target: orange, picks: [1]}
"""
    assert fault(tmp_path, body) == "check.actions[0]: this step needs more picks than it gives"


def test_a_step_giving_more_than_the_rules_take_is_refused(tmp_path):
    body = """board:
  blue: {hand: [Agent]}
  orange: {hand: [Mech, Agent, Wrangler]}
check:
  actions:
    - {play: Agent, option: steal, target: orange, picks: [1, 2]}
expect: {stopped_at: 1, why: refused, hand_sizes: {orange: 3}}
"""
    assert outcome(tmp_path, body) == "PASS case"


def _command(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "scenario", *map(str, files)],
                          capture_output=True, text=True, timeout=120)


def test_the_command_exits_0_1_or_2_and_2_wins(tmp_path):
    good = scenario(tmp_path, "check: {score: true}\nexpect: {game_over: true}\n", "good")
    bad = scenario(tmp_path, "check: {score: true}\nexpect: {game_over: false}\n", "bad")
    broken = scenario(tmp_path, "check: {score: false}\n", "broken")
    assert _command(good).returncode == 0
    done = _command(good, bad)
    assert done.returncode == 1 and "FAIL bad: game_over: expected False, got True" in done.stdout
    done = _command(good, bad, broken)
    assert done.returncode == 2
    assert f"{broken}, line 4, at check.score: write score: true" in done.stdout + done.stderr
