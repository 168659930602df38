"""Shared fixtures. Tests run headless: SDL gets dummy video and audio drivers."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="session")
def catalogue():
    from game.rules.core.registry import bundled_catalogue

    return bundled_catalogue("goblins")
