"""The title frame comes up without waiting for the rules engine, PyYAML or pyserial:
they load with the first match or controller, not with the window."""

from __future__ import annotations

import os
import subprocess
import sys

LATER = ("yaml", "serial", "game.rules.goblins", "game.scenes.goblins", "game.ai.goblins",
         "pymunk", "hardware.link")


def test_the_first_title_frame_imports_none_of_the_heavy_parts(tmp_path):
    env = {**os.environ, "BOTYARD_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "game", "play",
                           "--first-frame"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("first-frame cpu=")
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    assert "game.scenes.title" in imported, "the import log covers the client"
    early = sorted(m for m in imported if m.split(".")[0] in LATER or m.startswith(LATER))
    assert early == []
