"""``botyard bench controller``, the real path: a four-player table of boards (the
controller firmware in simavr, one harness per board), through their ptys, to the moves
applied in the client's frame loop. Figures are printed, never asserted.

Six boards are connected as a four-player table with dice trays has them (two pilot
consoles, two tactics consoles, two dice trays), each bound to its role on the
Controllers screen's terms (Table.add, Table.bind); the idle ones keep sending their
heartbeats. Each sample times one ready-switch edge, of team A's pilot console and then
of its tactics console in turn, from just before the switch command is written to the
harness (hardware/avr_sim.py) to the end of the frame in which the client applied the
Steer or PickTactic to the seat that holds the role (the frame after which the session's
action list is longer). Everything in between is the real thing: the firmware debounces
the switch (12 scans of 2 ms of its own time) and sends an EV through its simulated UART
at 115200 baud; the harness, running simulated time in step with the wall clock, writes
it to the pty; the client's Link thread reads and checks it; the App's frame loop,
paced at 120 frames a second as in App.run, queues it (Table.pump) and the MatchScene
takes it on its next update step, routes it to the role's holder, checks the fresh edge
and plays the move, which autosaves.

A move is a one-off choice, so the position is reset between samples, outside the timed
window: the dials are turned to the next legal choice and the switches put down, the
match at its first dial choice is reloaded from its record (as Continue loads a save)
into a fresh Session and MatchScene (its first hot-seat hand-over clicked through), and
the frame loop runs until the client has taken the new dials and the switches down,
which arms the next edges.

The path is split where the line reaches the client: the Link thread's own stamp on the
EV (LinkEvent.at) divides the board's share (firmware debounce and line, harness, pty,
the link's read) from the client's (the wait for the next update step, then the
applying frame, timed on its own). An edge that never became its move fails the run,
as does a move applied twice. CPU time of the client process and of the harnesses is
printed beside the wall time, so a loaded machine can be told from slow code.
"""

from __future__ import annotations

import queue
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bench import percentile
from game.progress import progress
from game.scenes.goblins.match import MatchScene
from game.scenes.handover import HandoverScene

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Action
    from game.rules.core.match import Match
    from game.settings import Settings
    from game.table_boards import Board
    from hardware.avr_sim import SimBoard
    from hardware.link import LinkEvent

LABEL = "controller (firmware in simavr)"
SAMPLES = 200
BOARDS = (("a_pilot", "pilot"), ("a_tactician", "tactician"), ("a_dice", "dice"),
          ("b_pilot", "pilot"), ("b_tactician", "tactician"), ("b_dice", "dice"))
"""A four-player table with dice trays: (role, board kind)."""
FPS = 120
"""The client's frame rate cap (App.run ticks its clock at 120)."""
PATIENCE = 10.0
"""Longest wait for one step before the run is declared broken."""


def _first_dial_choice(seed: int = 2) -> dict[str, Any]:
    """The record of a four-player match driven by random legal moves to its first dial
    choice."""
    from game.rules.core.match import new_match
    from game.rules.goblins import engine

    match = new_match("goblins", 4, "standard", seed)
    state = match.state
    chooser = random.Random(seed)
    while state.phase != "choose":
        seat = chooser.choice(engine.to_act(state))
        match.play(chooser.choice(engine.legal_actions(state, seat)))
    return match.to_record()


class _Arrivals(queue.Queue):
    """The Table's event queue, also keeping every event put on it (each carries the link
    thread's perf_counter stamp of when its line was read)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[LinkEvent] = []

    def put(self, item: LinkEvent, block: bool = True, timeout: float | None = None) -> None:
        self.seen.append(item)
        super().put(item, block, timeout)


@dataclass(frozen=True)
class _Sample:
    """One edge, in ms from just before the switch command."""

    console: str
    path: float
    """To the end of the frame that applied the move."""
    arrived: float
    """To the link thread's read of the EV saying ready=1."""
    frame: float
    """The applying frame's own duration."""
    frame_cpu: float
    """The applying frame's CPU time (of the frame loop's thread)."""


class _Bench:
    """The client (App, MatchScene, Table) and the simulated table under test."""

    def __init__(self, app: App, sims: dict[str, SimBoard], record: dict[str, Any],
                 folder: Path) -> None:
        self.app = app
        self.sims = sims
        self.record = record
        self.save = folder / "bench.json"
        self.session: Any = None
        self.arrivals = _Arrivals()
        app.table.events = self.arrivals  # before any link exists: links share it
        self.boards: dict[str, Board] = {}
        for role, sim in sims.items():
            board = app.table.add(sim.path)
            app.table.bind(board, role)
            self.boards[role] = board

    def frames_until(self, done: Callable[[], bool]) -> bool:
        """Run paced frames until ``done()``; False if it never came."""
        deadline = time.monotonic() + PATIENCE
        while not done():
            if time.monotonic() > deadline:
                return False
            self.app.frame()
            self.app.clock.tick(FPS)
        return True

    def connect(self) -> str | None:
        """Wait for every board's link; a reason if one never came."""
        if self.frames_until(lambda: all(b.running for b in self.boards.values())):
            return None
        slow = [f"{role} ({b.link.status}, {b.link.last_error or 'no error'})"
                for role, b in self.boards.items() if not b.running]
        return f"no handshake with {', '.join(slow)}"

    def fresh_match(self) -> None:
        """A new session at the first dial choice, on screen in a new MatchScene."""
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

    def set_console(self, role: str, dials: dict[str, int]) -> None:
        """Turn a console's dials (channel order) and put its switch down."""
        from hardware.avr_sim import ladder_mv

        sim = self.sims[role]
        positions = 4 if role.endswith("pilot") else 3
        for channel, value in enumerate(dials.values()):
            sim.adc(channel, ladder_mv(value, positions))
        sim.ready(up=False)

    def armed(self, role: str, dials: dict[str, int]) -> bool:
        """Run frames until the match on screen has taken the dials and the switch down."""
        wanted = {**{k: str(v) for k, v in dials.items()}, "ready": "0"}
        board = self.boards[role]
        return self.frames_until(lambda: self.app.table.handled(board) == wanted)

    def edge(self, role: str) -> tuple[_Sample, Action] | None:
        """Flip the console's switch up and run the frame loop until a move is applied;
        None if none came."""
        actions = self.session.match.actions
        before = len(actions)
        heard = len(self.arrivals.seen)
        board = self.boards[role]
        deadline = time.monotonic() + PATIENCE
        start = time.perf_counter()
        self.sims[role].ready(up=True)
        while time.monotonic() < deadline:
            frame_start, frame_cpu = time.perf_counter(), time.thread_time()
            self.app.frame()
            end, cpu = time.perf_counter(), time.thread_time() - frame_cpu
            if len(actions) > before:
                ups = [event.at for event in self.arrivals.seen[heard:]
                       if event.link == board.name and event.values.get("ready") == "1"]
                if not ups:
                    return None
                sample = _Sample(role, (end - start) * 1000, (ups[0] - start) * 1000,
                                 (end - frame_start) * 1000, cpu * 1000)
                return sample, actions[-1]
            self.app.clock.tick(FPS)
        return None


def _choices(record: dict[str, Any]) -> list[tuple[dict[str, int], dict[str, int]]]:
    """(pilot dials, tactics dial) pairs team A may confirm at that position, shuffled."""
    from game.rules.core.match import from_record
    from game.rules.goblins import engine
    from game.rules.goblins.actions import PickTactic, Steer

    state = from_record(record).state
    team = state.teams[0]
    steers = [{"steer": a.steer, "target": a.target}
              for a in engine.legal_actions(state, team.pilot) if isinstance(a, Steer)]
    picks = [{"tactic": a.slot}
             for a in engine.legal_actions(state, team.tactician) if isinstance(a, PickTactic)]
    chooser = random.Random(1)
    chooser.shuffle(steers)
    return [(steer, picks[i % len(picks)]) for i, steer in enumerate(steers)]


def _expected(role: str, dials: dict[str, int], record: dict[str, Any]) -> Action:
    from game.rules.core.match import from_record
    from game.rules.goblins.actions import PickTactic, Steer

    team = from_record(record).state.teams[0]
    if role == "a_pilot":
        return Steer(team.pilot, dials["steer"], dials["target"])
    return PickTactic(team.tactician, dials["tactic"])


def controller_hil(open_app: Callable[[Settings], App], samples: int = SAMPLES) -> list[str]:
    """Time ``samples`` ready edges (team A's pilot and tactics consoles in turn) from the
    simulated boards to the applied moves, in the client ``open_app`` opens (headless:
    game.bench.open_app)."""
    from hardware import avr_sim

    absent = avr_sim.missing()
    if absent:
        return [f"{LABEL}: not measured: run `make firmware` in a checkout "
                f"({absent} not built)"]
    from game.settings import Settings

    record = _first_dial_choice()
    choices = _choices(record)
    taken: list[_Sample] = []
    problem = None
    wall, cpu, harness_cpu = time.perf_counter(), time.process_time(), _children_cpu()
    with ExitStack() as stack:
        try:
            sims = {role: stack.enter_context(avr_sim.SimBoard(kind, uid=f"00{index:X}1"))
                    for index, (role, kind) in enumerate(BOARDS)}
        except avr_sim.HarnessError as exc:
            return [f"{LABEL}: not measured: {exc}"]
        saves = stack.enter_context(tempfile.TemporaryDirectory(prefix="botyard-bench-"))
        app = open_app(Settings(ai_pause=0.0))
        stack.callback(app.close)
        bench = _Bench(app, sims, record, Path(saves))
        problem = bench.connect()
        with progress(samples, "controller, firmware in simavr", "edges") as bar:
            for index in range(samples if problem is None else 0):
                steer, pick = choices[(index // 2) % len(choices)]
                role, dials = ("a_pilot", steer) if index % 2 == 0 else ("a_tactician", pick)
                bench.set_console(role, dials)
                bench.fresh_match()
                result = bench.edge(role) if bench.armed(role, dials) else None
                wanted = _expected(role, dials, record)
                if result is None or result[1] != wanted:
                    problem = f"no {wanted} applied after {index} samples"
                    break
                if bench.session.match.actions.count(wanted) != 1:
                    problem = f"{wanted} applied twice"
                    break
                taken.append(result[0])
                bar.update()
    if problem is not None:
        return [f"{LABEL}: not measured: {problem}"]
    usage = (time.perf_counter() - wall, time.process_time() - cpu,
             _children_cpu() - harness_cpu)
    return _report(taken, usage)


def _children_cpu() -> float:
    """CPU seconds of the ended child processes (the harnesses, once closed)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _report(taken: list[_Sample], usage: tuple[float, float, float]) -> list[str]:
    def figures(values: list[float]) -> str:
        return (f"median {statistics.median(values):.1f} ms, "
                f"p99 {percentile(values, 0.99):.1f} ms")

    paths = [s.path for s in taken]
    frames = [s.frame for s in taken]
    wall, cpu, harness = usage
    by_console = "; ".join(
        f"{role.split('_')[1]} console {figures([s.path for s in taken if s.console == role])}"
        for role in ("a_pilot", "a_tactician"))
    return [f"{LABEL}: ready-switch edge to the move applied in the client's frame loop, "
            f"six boards of a four-player table on ptys, {len(taken)} edges, none lost or "
            f"applied twice: {figures(paths)} ({by_console})",
            f"{LABEL}: switch to EV read by the link (firmware's {_debounce_ms()} ms "
            f"debounce, line, pty): {figures([s.arrived for s in taken])}; EV read to move "
            f"applied (frame loop): {figures([s.path - s.arrived for s in taken])}, of "
            f"which the applying frame {figures(frames)} "
            f"({statistics.median(frames) / statistics.median(paths):.0%} of the median "
            f"path; its CPU time median {statistics.median(s.frame_cpu for s in taken):.1f} ms)",
            f"{LABEL}: run of {wall:.1f} s wall: client process {cpu:.1f} s CPU, six "
            f"harnesses {harness:.1f} s CPU"]


def _debounce_ms() -> str:
    """The firmware's switch debounce, from its board.h (e.g. '22-24')."""
    from hardware import avr_sim

    board = (avr_sim.HERE / "firmware" / "board.h").read_text(encoding="utf-8")
    values = dict(line.split()[1:3] for line in board.splitlines()
                  if line.startswith("#define ") and len(line.split()) >= 3)
    scans, scan_ms = int(values["SWITCH_SAMPLES"]), int(values["SAMPLE_MS"])
    return f"{(scans - 1) * scan_ms}-{scans * scan_ms}"
