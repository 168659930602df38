"""The scenario runner of SCENARIOS.md: this package's own hand-worked files pass, a
wrong expectation fails naming what differed, and a malformed file is one located line
(exit 2 from ``botyard scenario``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.coal_heart.scenario import run_file
from game.rules.core.errors import DataError

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))
BASE = """game: coal_heart
name: probe
seats:
  A: {robot: lord_reforge}
  B: {robot: extractor_esquire}
  C: {robot: professor_syphon}
"""


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_own_files_pass(path):
    outcome = run_file(path)
    assert outcome.passed, outcome.line()


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "probe.yaml"
    path.write_text(text)
    return path


def test_a_wrong_answer_fails_naming_the_difference(tmp_path):
    path = write(tmp_path, BASE + "check:\n  round: {first: A, used: []}\n"
                                  "expect: {active: B, next_first: B}\n")
    outcome = run_file(path)
    assert not outcome.passed
    assert outcome.line() == "FAIL probe: active: expected B, got A"


def test_a_missing_choice_fails_not_a_format_error(tmp_path):
    path = write(tmp_path, BASE + "quarry: {S: 5}\ncheck:\n  phase: mine\n  active: A\n"
                                  "  choices:\n    A: {take: [S]}\nexpect: {}\n")
    assert run_file(path).line() == "FAIL probe: no choice given for B"


@pytest.mark.parametrize("extra, where, words", [
    ("check:\n  round: {first: A, used: [mine, fight, gear]}\n", "check.round.used",
     "list fewer hexes"),
    ("check:\n  round: {first: A, used: [mine, mine]}\n", "check.round.used[1]",
     "1 mine hex"),
    ("check:\n  round: {first: Z, used: []}\n", "check.round.first", "not a seat"),
    ("check:\n  round: {first: A, used: []}\n  capture: A\n", "check", "exactly one check"),
    ("check:\n  attack: A\n  target: B\n  active: A\n  gear: [chainsaw]\n", "check.gear",
     "holds 0 chainsaw"),
    ("quarry: {S: 16}\ncheck:\n  capture: A\n", "quarry.S", "from 0 to 15"),
    ("gear_row: [chainsaw, chainsaw, chainsaw]\ncheck:\n  capture: A\n", "seats",
     "3 chainsaw cards"),
    ("check:\n  phase: fight\n  active: A\n", "check.phase", "expected one of"),
    ("check:\n  capture: A\nexpect: {damage: 3}\n", "expect.damage", "unknown key"),
    ("check:\n  capture: A\n  sticky_hands: true\n", "check.sticky_hands",
     "holds no sticky_hands"),
])
def test_a_format_error_is_one_located_line(tmp_path, extra, where, words):
    path = write(tmp_path, BASE + extra)
    with pytest.raises(DataError) as info:
        run_file(path)
    text = str(info.value)
    assert f"at {where}" in text and words in text and "\n" not in text, text


def test_too_few_seats(tmp_path):
    path = write(tmp_path, "game: coal_heart\nname: x\nseats:\n  A: {robot: lord_reforge}\n"
                           "  B: {robot: gizmo_guru}\ncheck:\n  capture: A\n")
    with pytest.raises(DataError, match="3 to 6 seats"):
        run_file(path)


def test_the_command_line_exit_codes(tmp_path):
    bad = write(tmp_path, BASE + "check: {}\n")
    command = [sys.executable, "-m", "game", "scenario"]
    ok = subprocess.run([*command, str(FILES[0])], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("PASS")
    broken = subprocess.run([*command, str(bad)], capture_output=True, text=True)
    assert broken.returncode == 2 and "Traceback" not in broken.stdout + broken.stderr
