"""Every hand-made Two Robots scenario file passes when the engine plays it.

`make test` runs them through `botyard scenario` too; this puts them inside pytest, where
`make mutate` counts them among the tests that can kill a rules mutant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.core.registry import run_scenario

FILES = sorted((Path(__file__).parents[2] / "scenarios" / "two_robots").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_file_passes(path):
    outcome = run_scenario(path)
    assert outcome.passed, outcome.line()
