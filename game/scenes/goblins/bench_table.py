"""``botyard bench controller``, the real path: the controller firmware in simavr, through
its pty, to the Steer applied in the client's frame loop. Figures are printed, never
asserted.

Each sample is timed from just before the ready-switch command is written to the
harness (hardware/avr_sim.py) to the end of the frame in which the client applied the
Steer, that is the frame after which the session's action list is longer. Everything
in between is the real thing: the firmware debounces the switch (12 scans of 2 ms of
its own time) and sends an EV through its simulated UART at 115200 baud; the harness,
running simulated time in step with the wall clock, writes it to the pty; the client's
Link thread reads and checks it; the App's frame loop, paced at 120 frames a second as
in App.run, drains the Table in MatchScene.update, TableInput turns the fresh ready
edge into a Steer, and the session plays it and autosaves. The controller is set up as
the Controllers screen does it: added to the client's Table by its port, then assigned
to the pilot's seat.

A Steer is a one-off choice, so the position is reset between samples, outside the
timed window: the dials are turned to the next legal steering and the switch is put
down, the match at its first dial choice is reloaded from its record (as Continue loads
a save) into a fresh Session and MatchScene, and the frame loop runs until the client
has seen the new dials and the switch down, which arms the next edge. Reloading keeps
the client's code paths untouched: nothing is rewound behind the session's back.

The path is split where the line reaches the client: the Link thread's own stamp on
the EV (LinkEvent.at, noted as the event enters the Table's queue) divides the board's
share (firmware debounce and line, harness, pty, the link's read) from the client's
(waiting for the next frame's update, then the applying frame, timed on its own).
Samples whose Steer was applied only on a later line than the EV (a heartbeat) are
counted, as that means the client let the EV go. CPU time of the client process and
of the harness is printed beside the wall time, so a loaded machine can be told from
slow code.
"""

from __future__ import annotations

import queue
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bench import percentile
from game.progress import progress
from game.scenes.goblins.match import MatchScene
from game.scenes.handover import HandoverScene

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.match import Match
    from game.settings import Settings
    from hardware.avr_sim import SimBoard
    from hardware.link import LinkEvent

LABEL = "controller (firmware in simavr)"
SAMPLES = 200
UID = "00BE"
FPS = 120
"""The client's frame rate cap (App.run ticks its clock at 120)."""
PATIENCE = 10.0
"""Longest wait for one step before the run is declared broken."""


def _first_dial_choice(seed: int = 2) -> tuple[dict[str, Any], int]:
    """The record of a 2-player match driven by random legal moves to its first dial
    choice, and the seat of its first pilot."""
    from game.rules.core.match import new_match
    from game.rules.goblins import engine

    match = new_match("goblins", 2, "standard", seed)
    state = match.state
    chooser = random.Random(seed)
    while state.phase != "choose":
        seat = chooser.choice(engine.to_act(state))
        match.play(chooser.choice(engine.legal_actions(state, seat)))
    return match.to_record(), state.teams[0].pilot


class _Arrivals(queue.Queue):
    """The Table's event queue, also keeping every event put on it (each carries the link
    thread's perf_counter stamp of when its line was read) and counting those the
    client took."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[LinkEvent] = []
        self.taken = 0

    def put(self, item: LinkEvent, block: bool = True, timeout: float | None = None) -> None:
        self.seen.append(item)
        super().put(item, block, timeout)

    def get(self, block: bool = True, timeout: float | None = None) -> LinkEvent:
        item = super().get(block, timeout)
        self.taken += 1
        return item


@dataclass(frozen=True)
class _Sample:
    """One edge, in ms from just before the switch command."""

    path: float
    """To the end of the frame that applied the Steer."""
    arrived: float
    """To the link thread's read of the EV saying ready=1."""
    frame: float
    """The applying frame's own duration."""
    frame_cpu: float
    """The applying frame's CPU time (of the frame loop's thread)."""
    late: bool
    """The client took that EV in an earlier frame without acting on it."""


class _Bench:
    """The client (App, MatchScene, Table) and the simulated pilot board under test."""

    def __init__(self, app: App, board: SimBoard, record: dict[str, Any], pilot: int,
                 folder: Path) -> None:
        from game.table import ControllerEntry

        self.app = app
        self.board = board
        self.record = record
        self.save = folder / "bench.json"
        self.session: Any = None
        self.arrivals = _Arrivals()
        app.table.events = self.arrivals  # before any link exists: links share it
        self.link = app.table.add(ControllerEntry(board.path))
        app.table.assign(board.path, pilot)

    def frames_until(self, done: Any) -> bool:
        """Run paced frames until ``done()``; False if it never came."""
        deadline = time.monotonic() + PATIENCE
        while not done():
            if time.monotonic() > deadline:
                return False
            self.app.frame()
            self.app.clock.tick(FPS)
        return True

    def connect(self) -> str | None:
        """Wait for the client's link to the board; a reason if it never came."""
        link = self.link
        if self.frames_until(lambda: link.status == "run"):
            return None
        return f"no handshake with the board ({link.status}, {link.last_error or 'no error'})"

    def fresh_match(self) -> None:
        """A new session at the first dial choice, on screen in a new MatchScene (the
        frames that follow show it, draw it and take the controller's queued lines)."""
        from game.rules.core.match import from_record
        from game.session import HUMAN, Seat, Session

        if self.app.scenes.top is not None:
            self.app.scenes.pop()  # ends the old session
        match: Match = from_record(self.record)
        self.session = Session(match, [Seat(HUMAN) for _ in range(match.players)], self.save)
        self.app.scenes.push(MatchScene(self.app, self.session))
        handover = self.app.scenes.top
        if isinstance(handover, HandoverScene):  # hot-seat: the first seat says it is there
            handover.confirm()

    def set_dials(self, steer: int, target: int) -> None:
        """Dials to (steer, target), switch down."""
        from hardware.avr_sim import ladder_mv

        self.board.adc(0, ladder_mv(steer, 4))
        self.board.adc(1, ladder_mv(target, 4))
        self.board.ready(up=False)

    def armed(self, steer: int, target: int) -> bool:
        """Run frames until the match on screen has seen the dials and the switch down."""
        wanted = {"steer": str(steer), "target": str(target), "ready": "0"}
        return self.frames_until(lambda: self.app.table.input.snapshot(UID) == wanted)

    def edge(self) -> _Sample | None:
        """Flip the switch up and run the frame loop until an action is applied; None if
        none came."""
        actions = self.session.match.actions
        before = len(actions)
        heard = len(self.arrivals.seen)
        deadline = time.monotonic() + PATIENCE
        start = time.perf_counter()
        self.board.ready(up=True)
        while time.monotonic() < deadline:
            taken = self.arrivals.taken
            frame_start, frame_cpu = time.perf_counter(), time.thread_time()
            self.app.frame()
            end, cpu = time.perf_counter(), time.thread_time() - frame_cpu
            if len(actions) > before:
                ups = [(index, event.at) for index, event in enumerate(self.arrivals.seen)
                       if index >= heard and event.values.get("ready") == "1"
                       and event.kind in ("state", "change")]
                if not ups:
                    return None
                index, read = ups[0]
                return _Sample((end - start) * 1000, (read - start) * 1000,
                               (end - frame_start) * 1000, cpu * 1000, late=index < taken)
            self.app.clock.tick(FPS)
        return None


def _steerings(record: dict[str, Any], pilot: int) -> list[tuple[int, int]]:
    """Every (steer, target) the pilot may confirm at that position, shuffled."""
    from game.rules.core.match import from_record
    from game.rules.goblins import engine
    from game.rules.goblins.actions import Steer

    state = from_record(record).state
    choices = [(a.steer, a.target) for a in engine.legal_actions(state, pilot)
               if isinstance(a, Steer)]
    random.Random(1).shuffle(choices)
    return choices


def controller_hil(open_app: Callable[[Settings], App], samples: int = SAMPLES) -> list[str]:
    """Time ``samples`` ready edges from the simulated board to the applied Steer, in
    the client ``open_app`` opens (headless: game.bench.open_app)."""
    from hardware import avr_sim

    absent = avr_sim.missing()
    if absent:
        return [f"{LABEL}: not measured: run `make firmware` in a checkout "
                f"({absent} not built)"]
    from game.rules.goblins.actions import Steer
    from game.settings import Settings

    record, pilot = _first_dial_choice()
    steerings = _steerings(record, pilot)
    try:
        board = avr_sim.SimBoard("pilot", uid=UID)
    except avr_sim.HarnessError as exc:
        return [f"{LABEL}: not measured: {exc}"]
    app = open_app(Settings(ai_pause=0.0))
    taken: list[_Sample] = []
    problem = None
    saves = tempfile.TemporaryDirectory(prefix="botyard-bench-")
    wall, cpu, harness_cpu = time.perf_counter(), time.process_time(), _children_cpu()
    try:
        bench = _Bench(app, board, record, pilot, Path(saves.name))
        problem = bench.connect()
        with progress(samples, "controller, firmware in simavr", "edges") as bar:
            for index in range(samples if problem is None else 0):
                steer, target = steerings[index % len(steerings)]
                bench.set_dials(steer, target)
                bench.fresh_match()
                sample = bench.edge() if bench.armed(steer, target) else None
                if sample is None or bench.session.match.actions[-1] != Steer(
                        pilot, steer, target):
                    problem = f"no Steer({steer}, {target}) applied after {index} samples"
                    break
                taken.append(sample)
                bar.update()
    finally:
        app.close()
        board.close()
        saves.cleanup()
    if problem is not None:
        return [f"{LABEL}: not measured: {problem}"]
    usage = (time.perf_counter() - wall, time.process_time() - cpu,
             _children_cpu() - harness_cpu)
    return _report(taken, usage)


def _children_cpu() -> float:
    """CPU seconds of the ended child processes (the harness, once closed)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _report(taken: list[_Sample], usage: tuple[float, float, float]) -> list[str]:
    def figures(values: list[float]) -> str:
        return (f"median {statistics.median(values):.1f} ms, "
                f"p99 {percentile(values, 0.99):.1f} ms")

    paths = [s.path for s in taken]
    frames = [s.frame for s in taken]
    late = sum(s.late for s in taken)
    wall, cpu, harness = usage
    return [f"{LABEL}: ready switch to Steer applied in the client's frame loop, pty, "
            f"{len(taken)} edges: {figures(paths)}",
            f"{LABEL}: switch to EV read by the link (firmware's {_debounce_ms()} ms "
            f"debounce, line, pty): {figures([s.arrived for s in taken])}; EV read to Steer "
            f"applied (frame loop): {figures([s.path - s.arrived for s in taken])}, of "
            f"which the applying frame {figures(frames)} "
            f"({statistics.median(frames) / statistics.median(paths):.0%} of the median "
            f"path; its CPU time median {statistics.median(s.frame_cpu for s in taken):.1f} ms)"
            + (f"; {late} applied only on a later line than their EV" if late else ""),
            f"{LABEL}: run of {wall:.1f} s wall: client process {cpu:.1f} s CPU, harness "
            f"{harness:.1f} s CPU"]


def _debounce_ms() -> str:
    """The firmware's switch debounce, from its board.h (e.g. '22-24')."""
    from hardware import avr_sim

    board = (avr_sim.HERE / "firmware" / "board.h").read_text(encoding="utf-8")
    values = dict(line.split()[1:3] for line in board.splitlines()
                  if line.startswith("#define ") and len(line.split()) >= 3)
    scans, scan_ms = int(values["SWITCH_SAMPLES"]), int(values["SAMPLE_MS"])
    return f"{(scans - 1) * scan_ms}-{scans * scan_ms}"
