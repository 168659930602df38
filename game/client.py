"""Starting the graphical client: settings, window, title screen."""

from __future__ import annotations

import os
import tempfile
import time

FIRST_FRAME = "first-frame"
"""What ``botyard play --first-frame`` prints once the title is on screen."""


def headless(purpose: str) -> None:
    """Draw off screen and keep user files in a throwaway folder, unless the caller
    chose otherwise: for the screenshot, the benches and other runs with no player."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "BOTYARD_HOME" not in os.environ:
        os.environ["BOTYARD_HOME"] = tempfile.mkdtemp(prefix=f"botyard-{purpose}-")


def run_client(first_frame: bool = False) -> int:
    """Run the client. With ``first_frame`` it draws one title frame, reports the
    process's CPU seconds so far (``first-frame cpu=S``) and quits: the startup bench
    times a real launch to that line."""
    from game.app import App
    from game.scenes.title import TitleScene

    app = App()
    if not first_frame:
        app.run(TitleScene(app))
        return 0
    app.scenes.push(TitleScene(app))
    app.frame()
    print(f"{FIRST_FRAME} cpu={time.process_time():.4f}", flush=True)
    app.close()
    return 0
