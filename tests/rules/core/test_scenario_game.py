"""``botyard scenario`` picks each file's reader from its top-level ``game:`` key; a file
without one is the default game's, and an unknown game is one plain line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.rules.core.errors import DataError
from game.rules.core.registry import default_game, run_scenario

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def _default_file() -> Path:
    return sorted((SCENARIOS / default_game().id).glob("*.yaml"))[0]


def test_a_file_naming_its_game_runs_as_the_same_file_without_it(tmp_path):
    plain = _default_file()
    named = tmp_path / plain.name
    named.write_text(f"game: {default_game().id}\n" + plain.read_text(encoding="utf-8"),
                     encoding="utf-8")
    without, with_key = run_scenario(plain), run_scenario(named)
    assert without.passed and with_key.passed
    assert with_key.line() == without.line()


def test_an_unknown_game_is_a_located_data_error(tmp_path):
    path = tmp_path / "chess.yaml"
    path.write_text("name: opening\ngame: chess\ncheck: {}\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        run_scenario(path)
    assert caught.value.line == 2 and caught.value.path == "game"
    assert "'chess' is not a game botyard knows" in str(caught.value)


def test_the_command_says_so_in_one_line_and_exits_2(tmp_path, capsys):
    good = _default_file()
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: [goblins]\nname: x\n", encoding="utf-8")
    assert main(["scenario", str(good), str(bad)]) == 2
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("PASS ") and err == ""
    assert lines[1].startswith(f"ERROR {bad}, line 1, at game: ") and len(lines) == 3
    assert lines[2] == "1 passed, 0 failed, 1 unreadable"
