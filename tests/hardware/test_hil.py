"""Hardware in the loop: the real controller firmware, run by simavr behind a pty, talking
to the real host code (Link, Parser, TableInput) exactly as a USB controller would.

Builds the firmware and the simulator harness first; a build failure fails the tests.
The harness keeps simulated time in step with the wall clock (never ahead of it), so
the timings asserted here are the firmware's own, give or take the host's scheduling.
"""

from __future__ import annotations

import contextlib
import itertools
import queue
import random
import select
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import serial

from game.rules.goblins import engine
from game.rules.goblins.actions import PickTactic, Steer
from game.rules.goblins.combat import BLANK
from hardware.link import DeviceInfo, Link, LinkEvent
from hardware.protocol import Message, Parser, crc16, encode
from hardware.table import TableInput, stable_faces

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "hardware" / "firmware"
SIM = ROOT / "hardware" / "sim"
ELF = FIRMWARE / "build" / "botyard-controller.elf"
HARNESS = SIM / "build" / "botyard-avr-sim"
VCC_MV = 5000
DIE_LEVELS = 7  # 0 absent, 1..5 faces, 6 blank (hardware/firmware/README.md)
TILTED_MV = 1250  # halfway between faces 1 and 2: outside both tolerance bands


def ladder_mv(position: int, positions: int) -> int:
    """The voltage a resistor-ladder dial puts on its ADC pin at ``position``."""
    return round(position * VCC_MV / (positions - 1))


def die_mv(face: int) -> int:
    return ladder_mv(DIE_LEVELS - 1 if face == BLANK else face, DIE_LEVELS)


def _make(*args: str) -> None:
    result = subprocess.run(["make", *args], capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, f"make {' '.join(args)} failed:\n{result.stdout}{result.stderr}"


@pytest.fixture(scope="module")
def built() -> None:
    _make("-C", str(FIRMWARE))
    _make("-C", str(SIM))


class Board:
    """One simulated controller: the harness process and its stdin commands."""

    def __init__(self, role: str, uid: str | None = None) -> None:
        args = [str(HARNESS), "--role", role, *(["--uid", uid] if uid else []), str(ELF)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        ready, _, _ = select.select([self.proc.stdout], [], [], 10.0)
        first = self.proc.stdout.readline().split() if ready else []
        if first[:1] != ["PTY"] or len(first) != 2:
            self.close()
            pytest.fail(f"the harness did not announce its pty: {first}")
        self.path = first[1]

    def command(self, text: str) -> None:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def adc(self, channel: int, millivolts: int) -> None:
        self.command(f"adc {channel} {millivolts}")

    def pin(self, port: str, bit: int, level: int) -> None:
        self.command(f"pin {port} {bit} {level}")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.command("quit")
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@contextlib.contextmanager
def simulated(role: str, uid: str | None = None) -> Iterator[Board]:
    sim = Board(role, uid)
    try:
        yield sim
    finally:
        sim.close()


@contextlib.contextmanager
def linked(sim: Board) -> Iterator[tuple[Link, queue.Queue]]:
    """A started Link to the board, with the host's default timeouts. Opening the pty
    resets the simulated MCU, as opening an Uno's port does."""
    events: queue.Queue = queue.Queue()
    link = Link(sim.path, events, name="hil")
    link.start()
    try:
        yield link, events
    finally:
        link.stop()


def wait_for(events: queue.Queue, predicate: Callable[[LinkEvent], bool],
             timeout: float = 3.0) -> list[LinkEvent]:
    """Every event up to and including the first one matching ``predicate``."""
    deadline = time.monotonic() + timeout
    seen: list[LinkEvent] = []
    while (left := deadline - time.monotonic()) > 0:
        try:
            event = events.get(timeout=left)
        except queue.Empty:
            break
        seen.append(event)
        if predicate(event):
            return seen
    pytest.fail(f"no matching event within {timeout} s; saw "
                f"{[(event.kind, event.values) for event in seen]}")


def changed_to(**values: str) -> Callable[[LinkEvent], bool]:
    return lambda event: event.kind == "change" and all(
        event.values.get(key) == value for key, value in values.items())


def is_kind(kind: str) -> Callable[[LinkEvent], bool]:
    return lambda event: event.kind == kind


DAMAGE = ("bad_crc", "too_long", "malformed", "unknown_type", "bad_value", "wrong_proto",
          "seq_gaps")


def damage(link: Link) -> dict[str, int]:
    """The link's counts of rejected lines and sequence gaps.

    Compared with the counts at HELLO: a line in flight while the port opens may arrive
    cut, which the host rightly drops; everything after the handshake must be clean.
    """
    counters = link.counters
    return {key: counters[key] for key in DAMAGE}


def choose_state(catalogue, seed: int = 11):
    """A four-player match driven by random legal actions to its first dial choice."""
    state = engine.new_state(catalogue, 4, "standard", seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.phase == "choose":
            return state
        seat = rng.choice(engine.to_act(state))
        engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    raise AssertionError("the match never reached the dial choice")


def test_firmware_protocol_checks_pass_on_the_build_host():
    _make("-C", str(FIRMWARE), "check")


def test_pilot_dials_and_ready_switch_make_a_steer(built, catalogue):
    state = choose_state(catalogue)
    pilot = state.teams[0].pilot
    assert Steer(pilot, 2, 1) in engine.legal_actions(state, pilot)
    table = TableInput({"00A1": (pilot, "pilot")}, engine.legal_actions)
    table.observe(state)
    actions = []

    def play(seen: list[LinkEvent]) -> None:
        for event in seen:
            actions.extend(table.handle(event, state).actions)

    with simulated("pilot", uid="00A1") as sim, linked(sim) as (link, events):
        opened = time.perf_counter()
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == DeviceInfo(role="pilot", fw="1.0", uid="00A1")
        # The boot HELLO itself: the host would only ask ?HELLO after 1.5 s.
        assert hello.at - opened < 1.0
        at_hello = damage(link)
        play(wait_for(events, is_kind("state")))

        sim.adc(0, ladder_mv(2, 4))
        sim.adc(1, ladder_mv(1, 4))
        play(wait_for(events, changed_to(steer="2", target="1", ready="0")))
        assert actions == [], "turning the dials alone must not confirm anything"

        sim.pin("D", 2, 0)
        play(wait_for(events, changed_to(steer="2", target="1", ready="1")))
        assert actions == [Steer(pilot, 2, 1)]
        engine.apply(state, actions[0])
        assert state.players[pilot].steer == (2, 1)
        assert link.values == {"steer": "2", "target": "1", "ready": "1"}
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_tactician_dial_and_ready_switch_make_a_pick(built, catalogue):
    state = choose_state(catalogue)
    tactician = state.teams[0].tactician
    assert PickTactic(tactician, 1) in engine.legal_actions(state, tactician)
    table = TableInput({"B071": (tactician, "tactician")}, engine.legal_actions)
    table.observe(state)
    actions = []

    with simulated("tactician") as sim, linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == DeviceInfo(role="tactician", fw="1.0", uid="B071")
        at_hello = damage(link)
        sim.adc(0, ladder_mv(1, 3))
        for event in wait_for(events, changed_to(tactic="1", ready="0")):
            actions.extend(table.handle(event, state).actions)
        sim.pin("D", 2, 0)
        for event in wait_for(events, changed_to(tactic="1", ready="1")):
            actions.extend(table.handle(event, state).actions)
        assert actions == [PickTactic(tactician, 1)]
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_dice_reader_reports_rolling_then_stable_faces(built):
    with simulated("dice") as sim, linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == DeviceInfo(role="dice", fw="1.0", uid="B072")
        at_hello = damage(link)
        empty = wait_for(events, is_kind("state"))[-1]
        assert empty.values == dict.fromkeys(("d0", "d1", "d2", "d3", "d4"), "A-")
        assert stable_faces(empty.values) == ()

        for slot, millivolts in enumerate((die_mv(3), die_mv(5), die_mv(BLANK), TILTED_MV)):
            sim.adc(slot, millivolts)
        rolling = wait_for(events, changed_to(d0="R-"))[-1]
        settled = wait_for(events, changed_to(d0="S3", d1="S5", d2="SB", d3="T-"))[-1]
        # 300 ms of simulated time; simulated time never runs ahead of the wall clock.
        assert settled.at - rolling.at >= 0.2
        assert settled.values["d4"] == "A-"
        assert stable_faces(settled.values) is None, "a tilted die holds the whole roll"

        sim.adc(3, die_mv(1))
        done = wait_for(events, lambda event: stable_faces(event.values) == (3, 5, BLANK, 1))
        assert done[-1].kind == "change"

        sim.pin("D", 3, 0)
        handled = wait_for(events, changed_to(d0="H-"))[-1]
        assert handled.values == {"d0": "H-", "d1": "H-", "d2": "H-", "d3": "H-", "d4": "A-"}
        sim.pin("D", 3, 1)
        closed = wait_for(events, changed_to(d0="R-"))[-1]
        assert stable_faces(closed.values) is None, "dice settle again once the lid shuts"
        wait_for(events, lambda event: stable_faces(event.values) == (3, 5, BLANK, 1))
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_heartbeat_state_arrives_once_a_second(built):
    with simulated("pilot") as sim, linked(sim) as (link, events):
        hello_at = wait_for(events, is_kind("hello"))[-1].at
        at_hello = damage(link)
        time.sleep(3.4)
        seen = []
        while not events.empty():
            seen.append(events.get())
        # The STATEs answering ?HELLO and ?STATE come first; the heartbeat follows.
        beats = [event.at for event in seen if event.kind == "state" and event.at > hello_at + 0.3]
        gaps = [later - earlier for earlier, later in itertools.pairwise(beats)]
        assert len(beats) >= 3, beats
        assert all(0.9 <= gap <= 1.25 for gap in gaps), gaps
        assert link.status == "run"
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_bad_host_lines_are_answered_with_err(built):
    parser = Parser()

    def ask(port: serial.Serial, line: bytes) -> Message:
        """Send one line; the device's first reply that is not a snapshot."""
        port.write(line)
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            for message in parser.feed(port.read(256)):
                if message.kind not in ("STATE", "EV"):
                    return message
        pytest.fail(f"no reply to {line!r}")

    with simulated("pilot") as sim, serial.Serial(sim.path, 115200, timeout=0.05) as port:
        hello = ask(port, encode("?HELLO", 0))
        assert (hello.kind, hello.fields) == (
            "HELLO", {"proto": "1", "dev": "pilot", "fw": "1.0", "uid": "B070"})
        replies = {
            "ping": ask(port, encode("PING", 1)),
            "zero": ask(port, encode("ZERO", 2, {"ctl": "steer"})),
            "zero other role's dial": ask(port, encode("ZERO", 3, {"ctl": "tactic"})),
            "bad crc": ask(port, b"PING,4*0000\n"),
            "no crc": ask(port, b"PING,5\n"),
            "unknown type": ask(port, encode("JUMP", 6)),
            "bad seq": ask(port, b"PING,300*%04X\n" % crc16(b"PING,300")),
            "too long": ask(port, b"PING,7," + b"x" * 90 + b"\n"),
            "resynchronised": ask(port, encode("PING", 8)),
        }
        assert {name: (reply.kind, reply.fields) for name, reply in replies.items()} == {
            "ping": ("ACK", {"ref": "1"}),
            "zero": ("ACK", {"ref": "2"}),
            "zero other role's dial": ("ERR", {"code": "value", "ref": "3"}),
            "bad crc": ("ERR", {"code": "crc", "ref": "-"}),
            "no crc": ("ERR", {"code": "crc", "ref": "-"}),
            "unknown type": ("ERR", {"code": "type", "ref": "6"}),
            "bad seq": ("ERR", {"code": "value", "ref": "-"}),
            "too long": ("ERR", {"code": "long", "ref": "-"}),
            "resynchronised": ("ACK", {"ref": "8"}),
        }
        assert parser.counters["bad_crc"] == parser.counters["seq_gaps"] == 0
