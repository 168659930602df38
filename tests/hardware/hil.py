"""Shared pieces of the hardware-in-the-loop tests: the real firmware in simavr behind a
pty (hardware/avr_sim.py), the real Link to it, and reading the harness's trace, whose
timestamps are the firmware's own simulated time (so a busy host cannot fail a timing
check). Also the previous release, protocol and firmware 1.1, taken from the checkout's
history: its firmware, built, for a 1.1 board, and its host code, run in a process of
its own, for a 1.1 host."""

from __future__ import annotations

import contextlib
import io
import json
import queue
import re
import subprocess
import sys
import tarfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hardware import avr_sim
from hardware.avr_sim import SimBoard, TraceLine
from hardware.boards import FIRMWARE_VERSION, PROTO_MINOR
from hardware.link import DeviceInfo, Link, LinkEvent
from hardware.protocol import DEVICE_KINDS, HOST_KINDS, Message, Parser
from tests.hardware.helpers import PATIENCE, build_firmware, make

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


RELEASE_1_1 = "516a762213a332aa8a73cb5b26a3a4b4081110e1"
"""The last commit of protocol and firmware 1.1, before the two-dice tray (1.2)."""
REPOSITORY = FIRMWARE.parents[1]


@pytest.fixture(scope="module")
def release_1_1(tmp_path_factory) -> Path:
    """Release 1.1's hardware/ (host code and firmware sources, from the checkout's git
    history), its firmware built: ``hardware/firmware/build/botyard-controller.elf``."""
    root = tmp_path_factory.mktemp("release-1.1")
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", "--format=tar",
                              RELEASE_1_1, "hardware"], capture_output=True, timeout=60)
    assert archive.returncode == 0, (f"release 1.1 ({RELEASE_1_1}) is not in this checkout's "
                                     f"history: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(root, filter="data")
    make("-C", str(root / "hardware" / "firmware"))
    return root


def elf_of(release: Path) -> Path:
    return release / "hardware" / "firmware" / "build" / "botyard-controller.elf"


_OLD_HOST = """
import json, queue, sys, threading
import hardware
from hardware.boards import PROTO_MINOR
from hardware.link import Link

def say(**fields):
    print(json.dumps(fields), flush=True)

say(kind="version", minor=PROTO_MINOR, where=hardware.__file__)
events = queue.Queue()
link = Link(sys.argv[1], events, name="1.1 host")
link.start()

def report():
    while True:
        event = events.get()
        device = event.device
        say(kind=event.kind, values=event.values,
            device=device and [device.role, device.fw, device.minor])

threading.Thread(target=report, daemon=True).start()
sys.stdin.readline()
say(kind="end", status=link.status, counters=link.counters)
link.stop()
"""


class OldHost:
    """Release 1.1's host (its Link, Parser and board kinds) linked to the port at
    ``path``, in a process of its own; ``next`` reads what its link reports."""

    def __init__(self, release: Path, path: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", _OLD_HOST, path], cwd=release,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        version = self.next(lambda report: report["kind"] == "version")
        assert version["minor"] == 1 and version["where"].startswith(str(release)), version

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(json.loads(line))
        self._lines.put(None)

    def next(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The next report that is ``wanted``; those before it are passed over."""
        deadline = time.monotonic() + PATIENCE
        while (left := deadline - time.monotonic()) > 0:
            try:
                report = self._lines.get(timeout=left)
            except queue.Empty:
                break
            assert report is not None, f"the 1.1 host ended (status {self.proc.poll()})"
            if wanted(report):
                return report
        pytest.fail(f"the 1.1 host reported no such thing within {PATIENCE} s")

    def end(self) -> dict[str, Any]:
        """Stop its link; its status and counters just before."""
        assert self.proc.stdin is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        report = self.next(lambda report: report["kind"] == "end")
        self.proc.wait(timeout=PATIENCE)
        return report

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@contextlib.contextmanager
def simulated(role: str, uid: str | None = None, *, speed: float = 1.0, trace: bool = True,
              eeprom: Path | None = None, elf: Path | None = None) -> Iterator[SimBoard]:
    with SimBoard(role, uid, speed=speed, trace=trace, eeprom=eeprom, elf=elf) as sim:
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
