"""Shared fixtures. Tests run headless: SDL gets dummy video and audio drivers."""

from __future__ import annotations

import os

import pytest
from hypothesis import Phase, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# `make mutate` runs the suite once per mutant with --hypothesis-profile=mutate: the same
# examples every run (so two runs compare), no example database, and no shrinking (a
# mutant needs one failing example, not the smallest).
settings.register_profile("mutate", derandomize=True, database=None,
                          phases=(Phase.explicit, Phase.reuse, Phase.generate))


@pytest.fixture(scope="session")
def catalogue():
    from game.rules.core.registry import bundled_catalogue

    return bundled_catalogue("goblins")
