"""run_client: SIGTERM closes the client as its window's close button does."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from game.app import App
from game.client import run_client


def test_sigterm_ends_the_frame_loop_and_the_handler_is_put_back(tmp_path, monkeypatch):
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    before = signal.getsignal(signal.SIGTERM)
    frames: list[bool] = []
    real = App.frame

    def frame(app: App) -> None:
        if len(frames) == 2:
            os.kill(os.getpid(), signal.SIGTERM)
        real(app)
        frames.append(app.running)

    monkeypatch.setattr(App, "frame", frame)
    assert run_client() == 0
    assert frames == [True, True, False], "the frame under way ends, then the loop"
    assert signal.getsignal(signal.SIGTERM) is before


def test_sigterm_before_the_window_is_up_closes_it_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    frames: list[int] = []
    real = App.__init__

    def opening(app: App, *args: object, **kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        real(app, *args, **kwargs)

    monkeypatch.setattr(App, "__init__", opening)
    monkeypatch.setattr(App, "frame", lambda app: frames.append(1))
    assert run_client() == 0
    assert frames == []


def test_a_second_sigterm_ends_the_process_at_once(tmp_path):
    """For a client held up before its next frame ends: the second one does not wait."""
    script = (
        "import os, signal, sys\n"
        "from game.app import App\n"
        "from game.client import run_client\n"
        "def frame(app):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    print('after', flush=True)\n"
        "App.frame = frame\n"
        "run_client()\n")
    env = {**os.environ, "BOTYARD_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stdout == "" and "Traceback" not in done.stderr
