"""Starting the graphical client: settings, window, title screen."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App

FIRST_FRAME = "first-frame"
"""What ``botyard play --first-frame`` prints once the title is on screen."""


@contextmanager
def on_sigterm(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """Handle SIGTERM with ``handler`` inside the block. Installed before pygame starts,
    a Python handler also keeps SDL off SIGTERM: SDL claims only a signal that nobody
    handles, and its handler merely queues a QUIT event, which a bench never reads."""
    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


class _Hold:
    """How many ``sigterm_held`` blocks are open, and whether SIGTERM came meanwhile."""

    depth = 0
    pending = False


def end_now(signum: int, frame: FrameType | None) -> None:
    """The SIGTERM handler of commands with no window (screenshot, benches): exit at
    once with 128+15, after any ``sigterm_held`` block. Raising instead would not do:
    an exception raised in a weakref callback, or in an import that pygame's C code
    makes, is swallowed and the command runs on. Child processes need no word: a bot
    worker and the firmware harness end when their pipe to this process closes."""
    if _Hold.depth:
        _Hold.pending = True
    else:
        os._exit(128 + signal.SIGTERM)


@contextmanager
def sigterm_held() -> Iterator[None]:
    """SIGTERM (under ``end_now``) waits until the block is done: a file being written
    and renamed into place is never left half-way."""
    _Hold.depth += 1
    try:
        yield
    finally:
        _Hold.depth -= 1
        if not _Hold.depth and _Hold.pending:
            os._exit(128 + signal.SIGTERM)


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
    times a real launch to that line.

    SIGTERM closes the client as the window's close button does, at the end of the
    frame (every move is already saved; one before the window is up closes it at once).
    A second SIGTERM ends the process at once, whatever holds the client up."""
    from game.app import App
    from game.scenes.title import TitleScene

    app: App | None = None
    asked = 0

    def close_window(signum: int, frame: FrameType | None) -> None:
        nonlocal asked
        asked += 1
        if asked > 1:
            end_now(signum, frame)
        if app is not None:
            app.quit()

    with on_sigterm(close_window):
        app = App()
        if asked:
            app.quit()
        if not first_frame:
            app.run(TitleScene(app))
            return 0
        app.scenes.push(TitleScene(app))
        app.frame()
        print(f"{FIRST_FRAME} cpu={time.process_time():.4f}", flush=True)
        app.close()
    return 0
