"""Every scenario file passes, and the runner reports format faults plainly."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.rules.core.errors import DataError
from game.rules.goblins.scenario import run_file

SCENARIOS = sorted((Path(__file__).parents[2] / "scenarios" / "goblins").glob("*.yaml"))


def test_there_are_scenarios_of_every_kind():
    kinds = {path.name.split("-")[0] for path in SCENARIOS}
    assert kinds >= {"structure", "controls", "tactics", "hits", "score"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path, catalogue):
    outcome = run_file(path, catalogue)
    assert outcome.passed, outcome.line()


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """name: one weapon
robots:
  A:
    tiles:
      "2,3": {kind: weapon, metal: S, arrows: N}
check:
  structure: A
expect:
  engines: 1
  arrows: {N: 1}
"""


def test_a_wrong_expectation_fails_with_the_difference(tmp_path, catalogue):
    outcome = run_file(_write(tmp_path, GOOD.replace("engines: 1", "engines: 2")), catalogue)
    assert not outcome.passed
    assert outcome.line() == "FAIL one weapon: engines expected 2, got 1"


@pytest.mark.parametrize("old, new, fragment", [
    ("  structure: A", "  structure: B", "at check.structure: the robot 'B' is not defined"),
    ("  structure: A", "  structure: A\n  hits: A", "at check: name exactly one check"),
    ('"2,3"', '"3,3"', "cockpit at 3,3 is implicit"),
    ('"2,3"', '"6,1"', "not a square"),
    ("kind: weapon", "kind: laser", "expected one of weapon"),
    ("arrows: N", "arrows: Q", "edge letters"),
    ("engines: 1", "engine_count: 1", "unknown key 'engine_count'"),
    ("name: one weapon\n", "", "the key 'name' is missing"),
])
def test_format_errors_name_the_line_and_key(tmp_path, catalogue, old, new, fragment):
    path = _write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(DataError) as err:
        run_file(path, catalogue)
    message = str(err.value)
    assert message.startswith(f"{path}, line ")
    assert fragment in message


def test_cli_exit_codes(tmp_path, capsys):
    good = _write(tmp_path, GOOD)
    assert main(["scenario", str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "PASS one weapon"
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("engines: 1", "engines: 5"), encoding="utf-8")
    assert main(["scenario", str(good), str(bad)]) == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n", encoding="utf-8")
    assert main(["scenario", str(good), str(broken)]) == 2
    out = capsys.readouterr().out
    assert "ERROR " in out and "Traceback" not in out
