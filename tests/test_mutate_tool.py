"""tools/mutate.py (`make mutate`): the report reads mutmut's verdicts per file, and a
run narrowed to one game reports that game's modules only."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))
mutate = importlib.import_module("mutate")


def _meta(root: Path, source: str, codes: dict[str, int | None]) -> None:
    meta = root / f"{source}.meta"
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")


@pytest.fixture
def verdicts(tmp_path, monkeypatch):
    _meta(tmp_path, "game/rules/calamitron/flow.py",
          {"flow.x_a__mutmut_1": 1, "flow.x_a__mutmut_2": 0, "flow.x_a__mutmut_3": 36})
    _meta(tmp_path, "game/rules/goblins/scoring.py",
          {"scoring.x_b__mutmut_1": None, "scoring.x_b__mutmut_2": 5})
    monkeypatch.setattr(mutate, "MUTANTS", tmp_path)


def _lines(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


def test_the_report_counts_each_files_verdicts_and_lists_its_survivors(verdicts, capsys):
    mutate.report()
    lines = _lines(capsys)
    flow = next(line for line in lines if line.startswith("game/rules/calamitron/flow.py"))
    assert flow.split()[1:] == ["3", "1", "1", "1", "0", "66.7%"]
    assert any(line.startswith("game/rules/goblins/scoring.py") for line in lines)
    assert "  survived  flow.x_a__mutmut_2" in lines
    assert "  unchecked scoring.x_b__mutmut_1" in lines


def test_a_report_for_one_game_leaves_the_other_games_out(verdicts, capsys):
    mutate.report("calamitron")
    lines = _lines(capsys)
    assert not any("goblins" in line for line in lines)
    everything = next(line for line in lines if line.startswith("all mutated modules"))
    assert everything.split()[3:] == ["3", "1", "1", "1", "0", "66.7%"]


def test_the_report_flag_with_a_game_reports_that_game_and_runs_nothing(
        verdicts, capsys, monkeypatch):
    monkeypatch.setattr(mutate.subprocess, "run", lambda *a, **k: pytest.fail("ran mutmut"))
    monkeypatch.delenv("PYTEST_ADDOPTS", raising=False)
    monkeypatch.chdir(TOOLS.parent)  # game_only reads tests/rules
    assert mutate.main(["--report", "--game", "calamitron"]) == 0
    assert not any("goblins" in line for line in _lines(capsys))


def test_an_unknown_game_is_refused_in_one_line(monkeypatch):
    monkeypatch.chdir(TOOLS.parent)
    with pytest.raises(SystemExit, match=r"^--game: no tests/rules/chess; the games are "):
        mutate.game_only("chess")
