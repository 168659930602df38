"""Every hand-made Blastbots scenario file passes when the engine plays it.

The files under tests/scenarios/blastbots were worked out by hand from the rulebook and
RULES-DECISIONS.md; `botyard scenario` runs them too, and inside pytest they count among
the tests that can kill a rules mutant. COVERAGE.md beside them says which file pins
which card or rule; it must name every file and only files that exist.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.core.registry import run_scenario

SCENARIO_DIR = Path(__file__).parents[2] / "scenarios" / "blastbots"
FILES = sorted(SCENARIO_DIR.glob("*.yaml"))
COVERAGE = SCENARIO_DIR / "COVERAGE.md"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_file_passes(path):
    outcome = run_scenario(path)
    assert outcome.passed, outcome.line()


def _covered_files() -> set[str]:
    """The file names the coverage table lists in its second column."""
    named = set()
    for line in COVERAGE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and cells[1].endswith(".yaml"):
            named |= {name.strip() for name in cells[1].split(",")}
    return named


def test_there_are_enough_files_and_the_coverage_table_names_each_of_them():
    assert len(FILES) >= 36
    assert _covered_files() == {path.name for path in FILES}
