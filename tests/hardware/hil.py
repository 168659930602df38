"""Shared pieces of the hardware-in-the-loop tests: the real firmware in simavr behind a
pty (hardware/avr_sim.py), the real Link to it, and reading the harness's trace, whose
timestamps are the firmware's own simulated time (so a busy host cannot fail a timing
check)."""

from __future__ import annotations

import contextlib
import queue
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hardware import avr_sim
from hardware.avr_sim import SimBoard, TraceLine
from hardware.boards import FIRMWARE_VERSION, PROTO_MINOR
from hardware.link import DeviceInfo, Link, LinkEvent
from hardware.protocol import DEVICE_KINDS, HOST_KINDS, Message, Parser
from tests.hardware.helpers import PATIENCE, build_firmware

FIRMWARE = avr_sim.ELF.parents[1]
SPEED = 8.0
"""Simulated time runs this many times as fast as the wall clock where a test waits for
the firmware's own timers; the firmware's timing in simulated time is unchanged."""


def _board_constants() -> dict[str, int]:
    text = (FIRMWARE / "board.h").read_text(encoding="utf-8")
    return {name: int(value) for name, value in re.findall(r"#define (\w+) (\d+)\b", text)}


BOARD = _board_constants()
SCAN_MS = BOARD["SAMPLE_MS"]
SLACK_MS = 1.0
"""A scan's ADC conversions, after the debounce proper."""
LINE_MS = 80 * 10 / 115_200 * 1000
"""The UART's time for one longest line (80 bytes of 10 bits at 115200 baud): a line
ends at most this much later when another is still going out ahead of it."""


def info(role: str, uid: str) -> DeviceInfo:
    """What this firmware says in its HELLO."""
    return DeviceInfo(role, FIRMWARE_VERSION, uid, PROTO_MINOR, frozenset({"led", "setid"}))


@pytest.fixture(scope="module")
def built() -> None:
    build_firmware()


@contextlib.contextmanager
def simulated(role: str, uid: str | None = None, *, speed: float = 1.0, trace: bool = True,
              eeprom: Path | None = None) -> Iterator[SimBoard]:
    with SimBoard(role, uid, speed=speed, trace=trace, eeprom=eeprom) as sim:
        yield sim


@contextlib.contextmanager
def linked(sim: SimBoard) -> Iterator[tuple[Link, queue.Queue]]:
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
             timeout: float = PATIENCE) -> list[LinkEvent]:
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


def message(line: TraceLine) -> Message:
    """The protocol message a traced TX or RX line carries."""
    parser = Parser(HOST_KINDS if line.kind == "RX" else DEVICE_KINDS)
    messages = parser.feed(line.text.encode() + b"\n")
    assert len(messages) == 1, f"not one valid line: {line}"
    return messages[0]


def sent(kind: str, **values: str) -> Callable[[TraceLine], bool]:
    """A traced line the firmware sent, of ``kind`` and with these field values."""
    def match(line: TraceLine) -> bool:
        if line.kind != "TX" or not line.text.startswith(kind + ","):
            return False
        fields = message(line).fields
        return all(fields.get(key) == value for key, value in values.items())

    return match


def applied(command: str) -> Callable[[TraceLine], bool]:
    return lambda line: line.kind == "CMD" and line.text == command


def led(colour: str, level: int) -> Callable[[TraceLine], bool]:
    """A traced change of an LED pin."""
    return lambda line: line.kind == "LED" and line.text == f"{colour} {level}"
