"""Where the client keeps user files: settings, saves and logs.

The platform's user data directory (SDL's preference path), or ``$BOTYARD_HOME``
when set, which tests and portable installs use.
"""

from __future__ import annotations

import os
from pathlib import Path


def user_dir() -> Path:
    override = os.environ.get("BOTYARD_HOME")
    if override:
        path = Path(override)
    else:
        import pygame.system

        path = Path(pygame.system.get_pref_path("Botyard", "botyard"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = user_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"
