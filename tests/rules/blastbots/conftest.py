"""Tables the Blastbots rules make once per process (each card's possible plays, kept
with the catalogue, and the cached moves of a few decisions) are dropped before each
test here, so every test builds them afresh: a fault in the code that makes them (a
mutant, under `make mutate`) cannot hide behind a table an earlier test made."""

from __future__ import annotations

import pytest

from game.rules.blastbots import deal, grid, turn
from game.rules.core.registry import bundled_catalogue


@pytest.fixture(autouse=True)
def fresh_tables() -> None:
    bundled_catalogue("blastbots").memo.clear()
    for made_once in (grid.placements, deal.choices, turn.table_rolls):
        made_once.cache_clear()
