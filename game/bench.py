"""``botyard bench``: the client's performance figures, printed, never asserted.

render: frame times of the combat scene at 1920x1080 (dummy video driver) with the
dice, hit and debris animations kept running; startup: seconds from launching a
fresh interpreter to the first drawn title frame (median of several launches);
controller: a virtual controller's line to the action on the input queue (see
hardware/bench.py).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FRAMES = 1500
STARTUPS = 5
CONTROLLER_EVENTS = 10_000


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def render(frames: int = FRAMES) -> list[str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("BOTYARD_HOME", tempfile.mkdtemp(prefix="botyard-bench-"))
    import random

    import pygame

    from game.app import App
    from game.scenes.goblins.effects import effects_for
    from game.scenes.goblins.match import MatchScene
    from game.session import AI, HUMAN, Seat, Session
    from game.settings import Settings

    app = App(Settings(window_size=(1920, 1080)))
    session = Session.new("goblins", [Seat(HUMAN)] + [Seat(AI) for _ in range(3)],
                          "standard", 31, Path(tempfile.mkdtemp()))
    match = MatchScene(app, session)
    app.scenes.push(match)
    rng = random.Random(31)
    burst: list = []
    while not burst:
        seats = session.to_act()
        options = session.rules.legal_actions(session.state, seats[rng.randrange(len(seats))])
        events = session.play(options[rng.randrange(len(options))])
        if any(e.kind == "dice_rolled" and e.dice for e in events) and any(
                e.kind == "hit" for e in events):
            burst = events
    match.session.seats = [Seat(HUMAN)] * 4
    times: list[float] = []
    for _ in range(frames):
        if not match.animator.busy:
            for animation in effects_for(match, burst, session.state.catalogue):
                match.animator.add(animation)
        start = time.perf_counter()
        app.step()
        app.step()
        app.draw()
        times.append((time.perf_counter() - start) * 1000)
    pygame.quit()
    return [f"render: combat scene at 1920x1080 with animations, {frames} frames: "
            f"median {statistics.median(times):.2f} ms, p99 {_percentile(times, 0.99):.2f} ms"]


def startup(runs: int = STARTUPS) -> list[str]:
    probe = ("import time; t=time.perf_counter(); import os;"
             "os.environ.setdefault('SDL_VIDEODRIVER','dummy');"
             "os.environ.setdefault('SDL_AUDIODRIVER','dummy');"
             "from game.app import App; from game.settings import Settings;"
             "from game.scenes.title import TitleScene;"
             "app=App(Settings()); app.scenes.push(TitleScene(app)); app.frame();"
             "print('probe', time.perf_counter()-t)")
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        env = {**os.environ, "BOTYARD_HOME": tempfile.mkdtemp(prefix="botyard-bench-")}
        subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, env=env)
        walls.append(time.perf_counter() - start)
    return [f"startup: launch to first drawn title frame, {runs} launches: median "
            f"{statistics.median(walls):.2f} s (max {max(walls):.2f} s)"]


def controller(events: int = CONTROLLER_EVENTS) -> list[str]:
    from hardware import bench as hardware_bench

    return hardware_bench.controller(events)
