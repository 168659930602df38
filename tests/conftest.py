"""Shared fixtures. Tests run headless: SDL gets dummy video and audio drivers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import Phase, settings

if TYPE_CHECKING:
    from game.app import App
    from game.settings import Settings

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


@pytest.fixture
def make_app(tmp_path, monkeypatch) -> Iterator[Callable[..., App]]:
    """Clients keeping their user files in tmp_path; each is closed after the test by
    ``App.close`` (scenes, controllers, window, then pygame), newest first."""
    from game.app import App
    from game.settings import Settings

    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    made: list[App] = []

    def make(settings: Settings | None = None) -> App:
        made.append(App(settings or Settings(ai_pause=0.0)))
        return made[-1]

    yield make
    for application in reversed(made):
        application.close()


@pytest.fixture
def opens(monkeypatch) -> list[str]:
    """The URL of every attempt a Link makes to open a port, in order (hardware and
    table tests alike)."""
    import serial

    from hardware import link as link_module

    attempts: list[str] = []
    real = serial.serial_for_url

    def counting(url: str, *args, **kwargs) -> serial.SerialBase:
        attempts.append(url)
        return real(url, *args, **kwargs)

    monkeypatch.setattr(link_module.serial, "serial_for_url", counting)
    return attempts
