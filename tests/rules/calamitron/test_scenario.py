"""The scenario runner of SCENARIOS.md: this package's own small files pass, `botyard
scenario` exits 0 / 1 / 2, an answer that differs is reported, and a malformed file is
one located line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.rules.calamitron.scenario import run
from game.rules.core.data import load_yaml
from game.rules.core.errors import DataError
from game.rules.core.registry import run_scenario
from tests.rules.calamitron.helpers import cat

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))
MALFORMED = sorted((HERE / "malformed").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_own_scenario_files_pass(path):
    outcome = run_scenario(path)
    assert outcome.passed, outcome.line()


def test_the_cli_exit_codes(capsys):
    assert main(["scenario", *map(str, FILES)]) == 0
    assert main(["scenario", str(FILES[0]), str(MALFORMED[0])]) == 2
    out = capsys.readouterr().out
    assert "bad_choice.yaml, line 9, at check.instructions[0]" in out
    assert "Traceback" not in out


def _run(text: str):
    data, doc = load_yaml(text, "case.yaml")
    return run(data, doc, cat())


BASE = """game: calamitron
name: case
board: {rows: 6, cols: 6, pits: ["3,3"]}
pieces:
  T: {kind: treadbot, at: "3,1", facing: E, seat: 1}
  S: {kind: servobot, at: "3,2", facing: N}
  P: {kind: progbot, at: "6,6", facing: N}
check:
  run: T
  instructions: [M1]
"""


@pytest.mark.parametrize("expect, differs", [
    ("expect: {removed: {S: pit}, trophies: {1: [S]}, at: {T: '3,2 E'}}", None),
    ("expect: {removed: {}}", "removed"),
    ("expect: {at: {S: '3,3 N'}}", "S was removed"),
    ("expect: {at: {T: '3,2 N'}}", "T at 3,2 E"),
    ("expect: {trophies: {}}", "trophies"),
    ("expect: {damage: {S: 1}}", "damage"),
    ("expect: {calamities: 1}", "calamities 0"),
    ("expect: {result: won}", "result playing"),
    ("expect: {stunned: [T]}", "stunned"),
    ("expect: {upgrades: {1: 1}}", "upgrades"),
    ("expect: {entry: {1: '0,3 S'}}", "entry"),
    ("expect: {catastrophes: 1}", "catastrophes 0"),
])
def test_each_expected_key_is_compared(expect, differs):
    outcome = _run(BASE + expect)
    if differs is None:
        assert outcome.passed, outcome.line()
    else:
        assert not outcome.passed and differs in outcome.line()


@pytest.mark.parametrize("change, where", [
    (("S: {kind: servobot, at: \"3,2\"", "S: {kind: servobot, at: \"3,1\""), "pieces.S.at"),
    (("S: {kind: servobot, at: \"3,2\"", "S: {kind: servobot, at: \"3,3\""), "pieces.S.at"),
    (("S: {kind: servobot, at: \"3,2\"", "S: {kind: servobot, at: \"0,2\""), "pieces.S.at"),
    (("kind: servobot", "kind: robot"), "pieces.S.kind"),
    (("instructions: [M1]", "instructions: [M4]"), "check.instructions[0]"),
    (("  run: T\n", "  run: T\n  rogues: servobot\n"), "check"),
    (("seat: 1}", "seat: 2}"), "pieces"),
    (("facing: N}\n  P", "facing: N, seat: 1}\n  P"), "pieces.S.seat"),
    (("run: T", "run: Q"), "check.run"),
    (("name: case", "name: case\ncolour: red"), "colour"),
])
def test_a_malformed_file_is_one_located_line(change, where):
    text = (BASE + "expect: {}").replace(*change)
    with pytest.raises(DataError) as caught:
        _run(text)
    assert caught.value.path == where and caught.value.line is not None
    assert "\n" not in str(caught.value)


def test_a_choice_the_engine_does_not_offer_is_malformed():
    text = BASE.replace("instructions: [M1]", "instructions: [program P]") + "expect: {}"
    with pytest.raises(DataError) as caught:
        _run(text)
    assert caught.value.path == "check.instructions[0]"
    assert "not legal when asked" in str(caught.value)


@pytest.mark.parametrize("expect, where", [
    ("expect: {at: {Q: '1,1 N'}}", "expect.at.Q"),
    ("expect: {removed: {Q: pit}}", "expect.removed.Q"),
    ("expect: {stunned: [S, Q]}", "expect.stunned[1]"),
    ("expect: {trophies: {1: [Q]}}", "expect.trophies.1[0]"),
])
def test_an_expected_id_the_position_never_had_is_malformed(expect, where):
    with pytest.raises(DataError) as caught:
        _run(BASE + expect)
    assert caught.value.path == where


def test_a_surplus_id_may_be_expected():
    outcome = _run(BASE + "expect: {at: {surplus1: '1,1 N'}}")
    assert not outcome.passed and "surplus1 was removed" in outcome.line()
