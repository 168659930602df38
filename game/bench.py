"""``botyard bench``: the client's performance figures, printed, never asserted.

render: frames of a game's bench position (``GameSpec.bench_position``, set up by its
client entry; for the default game a combat scene with dice, hit and debris animations)
at 1920x1080 (dummy video driver) with its animations kept running. Before and after
timing the position checks that it is still on screen (a screen pushed over it would
otherwise be timed instead) and the bench stops with BenchError if not.
Each frame reports wall time and the drawing thread's CPU time, so a loaded machine
(wall far above CPU) can be told from slow code. ``with_bot`` keeps a bot of that level
thinking in its worker process, exactly as during a match, for the whole run.

startup: a fresh ``python -m game play --first-frame`` from launch until it reports
its first title frame drawn (the rest of its life is not timed), median of several.

controller: see hardware/bench.py (a virtual board's line to the link's event) and each
registered game's table mapping (``GameSpec.table_module``), which times the real
firmware in simavr to the move applied in the frame loop.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.client import headless
from game.progress import progress
from game.scenes.entry import PositionLost

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.entry import BenchPosition
    from game.settings import Settings

FRAMES = 1500
STARTUPS = 5
CONTROLLER_EVENTS = 10_000
WARM_UP = 120.0
"""Longest wait for a bot's first move before the bench is declared broken."""


class BenchError(RuntimeError):
    """The bench could not measure what it names; the message says why."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _figures(label: str, values: list[float], unit: str = "ms") -> str:
    return (f"{label} p50 {statistics.median(values):.2f} {unit}, "
            f"p99 {percentile(values, 0.99):.2f} {unit}")


# -- render -------------------------------------------------------------------------------
@dataclass
class _Thinker:
    """A bot kept busy in its worker process: as soon as one decision comes back, the
    same position is asked again."""

    level: str
    seat: int
    view: Any
    worker: Any = None
    asked: float = 0.0
    decisions: list[float] = field(default_factory=list)

    def start(self, game: str) -> None:
        """Start the worker and wait for its first answer, so the timed frames see a
        bot thinking rather than an interpreter starting."""
        from game.ai.worker import BotWorker

        self.worker = BotWorker(game, {self.seat: (self.level, 1)})
        self._ask()
        if self.worker.collect(WARM_UP) is None:
            raise BenchError(f"render bench: the {self.level} bot gave no move in {WARM_UP} s")
        self._ask()

    def _ask(self) -> None:
        self.asked = time.perf_counter()
        self.worker.submit(self.seat, self.view)

    def tick(self) -> None:
        if self.worker.collect() is not None:
            self.decisions.append(time.perf_counter() - self.asked)
            self._ask()

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()


def _drawing(position: BenchPosition) -> str:
    """What is on screen, checked to be the position the bench names."""
    try:
        return position.describe()
    except PositionLost as exc:
        raise BenchError(f"render bench: {exc}") from None


def render(frames: int = FRAMES, with_bot: str | None = None, game: str | None = None
           ) -> list[str]:
    """Time ``game``'s bench position (the default game's when None)."""
    headless("bench")
    from game.app import App
    from game.rules.core.registry import default_game, get_game
    from game.scenes.entry import client
    from game.settings import Settings

    spec = get_game(game) if game else default_game()
    if spec.bench_position is None:
        raise BenchError(f"render bench: {spec.title} has no bench position")
    app = App(Settings(window_size=(1920, 1080)))
    thinker: _Thinker | None = None
    try:
        position = client(spec).bench_position(app, 31)
        seat, view = position.decision
        app.step()
        before = _drawing(position)
        if with_bot is not None:
            thinker = _Thinker(with_bot, seat, view)
            thinker.start(spec.id)
        walls: list[float] = []
        cpus: list[float] = []
        with progress(frames, "render", "frame") as bar:
            for _ in range(frames):
                position.animate()
                wall, cpu = time.perf_counter(), time.thread_time()
                app.step()
                app.step()
                app.draw()
                cpus.append((time.thread_time() - cpu) * 1000)
                walls.append((time.perf_counter() - wall) * 1000)
                if thinker is not None:
                    thinker.tick()
                bar.update()
        after = _drawing(position)
        if after != before:
            raise BenchError(f"render bench: the scene changed while timing: {before} "
                             f"became {after}")
        lines = [f"render: {before} in {spec.title}, 1920x1080, animations running, "
                 f"{frames} frames",
                 "  " + _figures("wall per frame", walls),
                 "  " + _figures("CPU per frame (drawing thread)", cpus)]
        if thinker is not None:
            lines.append(_bot_line(thinker))
        return lines
    finally:
        if thinker is not None:
            thinker.close()
        app.close()


def _bot_line(thinker: _Thinker) -> str:
    """How busy the bot was: asked again at once after every answer, it thought
    through the whole run."""
    line = (f"  {thinker.level} bot thinking in its worker process through the whole run: "
            f"{len(thinker.decisions)} decisions finished")
    if thinker.decisions:
        line += f", median {1000 * statistics.median(thinker.decisions):.0f} ms each"
    return line


# -- startup ------------------------------------------------------------------------------
def startup(runs: int = STARTUPS) -> list[str]:
    from game.client import FIRST_FRAME

    walls: list[float] = []
    cpus: list[float] = []
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    with progress(runs, "startup", "launch") as bar:
        for _ in range(runs):
            env["BOTYARD_HOME"] = tempfile.mkdtemp(prefix="botyard-bench-")
            start = time.perf_counter()
            child = subprocess.Popen([sys.executable, "-m", "game", "play", "--first-frame"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env)
            assert child.stdout is not None
            line = child.stdout.readline()
            walls.append(time.perf_counter() - start)
            out, err = child.communicate(timeout=60)
            if not line.startswith(FIRST_FRAME) or child.returncode != 0:
                raise BenchError(f"startup bench: the client did not report a first frame "
                                 f"({(line + out + err).strip()[-300:]!r})")
            cpus.append(float(line.split("cpu=")[1]))
            bar.update()
    return [f"startup: launch to the first drawn title frame, {runs} launches: wall median "
            f"{statistics.median(walls):.2f} s (max {max(walls):.2f} s), CPU median "
            f"{statistics.median(cpus):.2f} s (max {max(cpus):.2f} s)"]


# -- controller ---------------------------------------------------------------------------
def controller(events: int = CONTROLLER_EVENTS) -> list[str]:
    """Both paths: a virtual board's line to the link's event in this process, and the
    real firmware in simavr to the move applied in the client's frame loop."""
    from game.rules.core.registry import games
    from hardware import bench as hardware_bench

    return hardware_bench.controller(events) + [
        line for spec in games() if spec.table_module is not None
        for line in spec.table.bench(open_app)]


def open_app(settings: Settings) -> App:
    """A client drawing off screen, for a bench to drive."""
    headless("bench")
    from game.app import App

    return App(settings)
