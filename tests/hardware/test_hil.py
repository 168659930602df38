"""Hardware in the loop: the real controller firmware, run by simavr behind a pty, talking
to the real host code (Link, Parser, TableInput) exactly as a USB controller would.

Builds the firmware and the simulator harness first; a build failure fails the tests.
The firmware's own timing (debounce, dice settling, the heartbeat) is checked in
simulated time, from the harness's trace, against the constants in its board.h, so a
slow or busy host cannot fail it; where speed helps, simulated time runs faster than
the wall clock. The host side waits only for events, with generous limits.
"""

from __future__ import annotations

import itertools
import os
import random
import time
from collections.abc import Callable

import pytest
import serial

from game.rules.goblins import engine
from game.rules.goblins.actions import PickTactic, Steer
from game.rules.goblins.combat import BLANK
from game.scenes.goblins import table as goblins_table
from game.scenes.goblins.tray import stable_faces
from game.table_input import TableInput
from hardware import avr_sim
from hardware.avr_sim import TraceLine, ladder_mv
from hardware.boards import FIRMWARE_VERSION, PROTO_MINOR
from hardware.link import Link, LinkEvent
from hardware.protocol import Message, Parser, crc16, encode
from tests.hardware.helpers import PATIENCE, make
from tests.hardware.hil import (
    BOARD,
    FIRMWARE,
    LINE_MS,
    SCAN_MS,
    SLACK_MS,
    SPEED,
    applied,
    built,
    changed_to,
    info,
    is_kind,
    linked,
    message,
    sent,
    simulated,
    wait_for,
)

__all__ = ["built"]  # a fixture the tests here use

DIE_LEVELS = 7  # 0 absent, 1..5 faces, 6 blank (hardware/firmware/README.md)
TILTED_MV = 1250  # halfway between faces 1 and 2: outside both tolerance bands


def bound(role: str, values: dict[str, str]) -> TableInput:
    """Goblins' table routing with one board, "B", bound to ``role``."""
    table = TableInput(goblins_table, engine.legal_actions)
    table.bind("B", role, values, None)
    return table


def die_mv(face: int) -> int:
    return ladder_mv(DIE_LEVELS - 1 if face == BLANK else face, DIE_LEVELS)


def debounce_ms(samples: int) -> tuple[float, float]:
    """Simulated time from an input change to the end of its EV line: the change is seen
    by the next scan and must then hold for ``samples`` scans in all; the line then takes
    up to two lines' time (one may be going out ahead of it)."""
    return (samples - 1) * SCAN_MS, samples * SCAN_MS + SLACK_MS + 2 * LINE_MS


def settled_within(rolling: TraceLine, stable: TraceLine) -> bool:
    """Whether a die reported rolling was reported stable DICE_SETTLE_MS of simulated time
    later (by the next scan, give or take a line going out ahead of either)."""
    settle_ms = BOARD["DICE_SETTLE_MS"]
    return (settle_ms - LINE_MS <= stable.ms - rolling.ms
            <= settle_ms + SCAN_MS + SLACK_MS + LINE_MS)


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
    make("-C", str(FIRMWARE), "check")


def test_pilot_dials_and_ready_switch_make_a_steer(built, catalogue):
    state = choose_state(catalogue)
    pilot = state.teams[0].pilot
    assert Steer(pilot, 2, 1) in engine.legal_actions(state, pilot)
    table = bound("a_pilot", {"steer": "0", "target": "0", "ready": "0"})
    table.observe(state)
    actions = []

    def play(seen: list[LinkEvent]) -> None:
        for event in seen:
            if event.kind in ("state", "change"):
                actions.extend(table.handle("B", event.values, state).actions)

    with simulated("pilot", uid="00A1") as sim, linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == info("pilot", "00A1")
        # The boot HELLO itself: the host's first line is ?STATE, never ?HELLO.
        sim.expect(lambda line: line.kind == "RESET")
        assert message(sim.expect(sent("HELLO"))).seq == 0
        first_asked = message(sim.expect(lambda line: line.kind == "RX"))
        assert (first_asked.kind, first_asked.seq) == ("?STATE", 0)
        at_hello = damage(link)
        play(wait_for(events, is_kind("state")))

        sim.adc(0, ladder_mv(2, 4))
        moved = sim.expect(applied(f"adc 0 {ladder_mv(2, 4)}"))
        steered = sim.expect(sent("EV", steer="2"))
        low, high = debounce_ms(BOARD["DIAL_SAMPLES"])
        assert low <= steered.ms - moved.ms <= high
        sim.adc(1, ladder_mv(1, 4))
        play(wait_for(events, changed_to(steer="2", target="1", ready="0")))
        assert actions == [], "turning the dials alone must not confirm anything"

        sim.ready(up=True)
        flipped = sim.expect(applied("pin D 2 0"))
        confirmed = sim.expect(sent("EV", ready="1"))
        low, high = debounce_ms(BOARD["SWITCH_SAMPLES"])
        assert low <= confirmed.ms - flipped.ms <= high
        play(wait_for(events, changed_to(steer="2", target="1", ready="1")))
        assert actions == [Steer(pilot, 2, 1)]
        engine.apply(state, actions[0])
        assert state.players[pilot].steer == (2, 1)
        assert link.values == {"steer": "2", "target": "1", "ready": "1"}
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_only_the_first_open_of_the_port_resets_the_board(built):
    """As DTR rises only on the first open, another program opening the port while the
    host has it (and failing to lock it) does not reset the board under the host."""
    with simulated("pilot") as sim, linked(sim) as (link, events):
        wait_for(events, is_kind("state"))
        sim.expect(lambda line: line.kind == "RESET")  # the link's open
        after_open = len(sim.history)
        with pytest.raises(serial.SerialException):
            serial.Serial(sim.path, 115200, exclusive=True)
        os.close(os.open(sim.path, os.O_RDWR | os.O_NOCTTY))
        sim.now_us()
        sim.now_us()  # by now the harness has seen both opens
        assert not [line for line in sim.history[after_open:] if line.kind == "RESET"]
        assert link.status == "run" and link.counters["reconnects"] == 0


def test_tactician_dial_and_ready_switch_make_a_pick(built, catalogue):
    state = choose_state(catalogue)
    tactician = state.teams[0].tactician
    assert PickTactic(tactician, 1) in engine.legal_actions(state, tactician)
    table = bound("a_tactician", {"tactic": "0", "ready": "0"})
    table.observe(state)
    actions = []

    with simulated("tactician", trace=False) as sim, linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == info("tactician", "B071")
        at_hello = damage(link)
        sim.adc(0, ladder_mv(1, 3))
        for event in wait_for(events, changed_to(tactic="1", ready="0")):
            actions.extend(table.handle("B", event.values, state).actions)
        sim.ready(up=True)
        for event in wait_for(events, changed_to(tactic="1", ready="1")):
            actions.extend(table.handle("B", event.values, state).actions)
        assert actions == [PickTactic(tactician, 1)]
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_dice_reader_reports_rolling_then_stable_faces(built):
    with simulated("dice", speed=SPEED) as sim, linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == info("dice", "B072")
        at_hello = damage(link)
        empty = wait_for(events, is_kind("state"))[-1]
        assert empty.values == dict.fromkeys(("d0", "d1", "d2", "d3", "d4"), "A-")
        assert stable_faces(empty.values) == ()

        for slot, millivolts in enumerate((die_mv(3), die_mv(5), die_mv(BLANK), TILTED_MV)):
            sim.adc(slot, millivolts)
        rolling = sim.expect(sent("EV", d0="R-"))
        settled = sim.expect(sent("EV", d0="S3", d1="S5", d2="SB", d3="T-"))
        # Each die must lie still for DICE_SETTLE_MS of the firmware's own time.
        assert settled_within(rolling, settled)
        seen = wait_for(events, changed_to(d0="S3", d1="S5", d2="SB", d3="T-"))
        assert any(event.values["d0"] == "R-" for event in seen)
        assert seen[-1].values["d4"] == "A-"
        assert stable_faces(seen[-1].values) is None, "a tilted die holds the whole roll"

        sim.adc(3, die_mv(1))
        done = wait_for(events, lambda event: stable_faces(event.values) == (3, 5, BLANK, 1))
        assert done[-1].kind == "change"

        sim.pin(*avr_sim.LID_PIN, 0)
        handled = wait_for(events, changed_to(d0="H-"))[-1]
        assert handled.values == {"d0": "H-", "d1": "H-", "d2": "H-", "d3": "H-", "d4": "A-"}
        sim.pin(*avr_sim.LID_PIN, 1)
        shut = sim.expect(sent("EV", d0="R-"))
        again = sim.expect(sent("EV", d0="S3"))
        # Every die settles again once the lid shuts: the dice may have been moved.
        assert settled_within(shut, again)
        closed = wait_for(events, changed_to(d0="R-"))[-1]
        assert stable_faces(closed.values) is None, "dice settle again once the lid shuts"
        wait_for(events, lambda event: stable_faces(event.values) == (3, 5, BLANK, 1))
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_heartbeat_state_arrives_once_a_second(built):
    beats_wanted = 4
    with simulated("pilot", speed=SPEED) as sim, linked(sim) as (link, events):
        wait_for(events, is_kind("hello"))
        at_hello = damage(link)
        heartbeat = BOARD["HEARTBEAT_MS"]
        # The boot STATE and the one answering the host's ?STATE come within a few ms of
        # it; the heartbeats follow, a second apart in the firmware's own time.
        asked = sim.expect(lambda line: line.kind == "RX")
        assert message(asked).kind == "?STATE"
        later = sent("STATE")
        beats = [sim.expect(lambda line: later(line) and line.ms > asked.ms + heartbeat / 2)
                 for _ in range(beats_wanted)]
        gaps = [later.ms - earlier.ms for earlier, later in itertools.pairwise(beats)]
        assert all(abs(gap - heartbeat) <= LINE_MS for gap in gaps), gaps
        asked_since = [line for line in sim.history
                       if line.kind == "RX" and not line.text.startswith("LED,")]
        assert asked_since == [asked], "heartbeats come unasked (the host's LED lines aside)"
        assert sim.now_us() >= beats[-1].us
        # Every one of them reached the host as a snapshot, and kept the link running.
        states = 0
        while states < len(beats):
            states += len([e for e in wait_for(events, is_kind("state")) if e.kind == "state"])
        assert link.status == "run"
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"
        times = [line.us for line in sim.history]
        assert times == sorted(times), "simulated time never runs backwards, even at reset"


def test_bad_host_lines_are_answered_with_err(built):
    parser = Parser()

    def reply(port: serial.Serial, wanted: Callable[[Message], bool]) -> Message:
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            for answer in parser.feed(port.read(256)):
                if wanted(answer):
                    return answer
        pytest.fail("no reply")

    def ask(port: serial.Serial, line: bytes) -> Message:
        """Send one line; the device's first reply that is not a snapshot."""
        port.write(line)
        return reply(port, lambda message: message.kind not in ("STATE", "EV"))

    with simulated("pilot") as sim, \
            serial.Serial(sim.path, 115200, timeout=0.05, exclusive=True) as port:
        # Opening the port restarts the board, and lines sent meanwhile are lost, as on an
        # Uno: once it has booted, read up to the answer to a first PING, so that no line
        # from before (such as its boot HELLO) is taken below for an answer.
        sim.expect(lambda line: line.kind == "RESET")
        sim.expect(sent("HELLO"))
        port.write(encode("PING", 0))
        reply(port, lambda message: (message.kind, message.fields) == ("ACK", {"ref": "0"}))
        hello = ask(port, encode("?HELLO", 0))
        assert (hello.kind, hello.fields) == (
            "HELLO", {"proto": "1", "minor": str(PROTO_MINOR), "dev": "pilot",
                      "fw": FIRMWARE_VERSION, "uid": "B070", "caps": "led+setid"})
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
