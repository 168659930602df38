"""Every hand-made scenario file passes when its game's engine plays it.

The files under tests/scenarios/<game> were worked out by hand from the rulebook and the
game's RULES-DECISIONS.md; `botyard scenario` runs them too, and inside pytest they count
among the tests that can kill a rules mutant (`make mutate` selects tests/rules). Where a
game keeps a COVERAGE.md beside its files (which file pins which card or rule), the table
must name every file and only files that exist.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.core.registry import run_scenario

SCENARIOS = Path(__file__).parents[1] / "scenarios"
FILES = sorted(SCENARIOS.glob("*/*.yaml"))
COVERED = sorted(path.parent for path in SCENARIOS.glob("*/COVERAGE.md"))
LEAST = 30
"""Each game's issue asks for at least this many of its own scenario files."""


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_file_passes(path):
    outcome = run_scenario(path)
    assert outcome.passed, outcome.line()


def _covered_files(coverage: Path) -> set[str]:
    """The file names a coverage table lists in its second column."""
    named = set()
    for line in coverage.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and cells[1].endswith(".yaml"):
            named |= {name.strip() for name in cells[1].split(",")}
    return named


@pytest.mark.parametrize("folder", COVERED, ids=lambda p: p.name)
def test_there_are_enough_files_and_the_coverage_table_names_each_of_them(folder):
    files = {path.name for path in folder.glob("*.yaml")}
    assert len(files) >= LEAST
    assert _covered_files(folder / "COVERAGE.md") == files
