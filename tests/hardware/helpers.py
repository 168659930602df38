"""Helpers for the hardware tests: a fake clock for links, and waiting on other threads.

Links in tests keep the real timeouts (3 s HELLO, 3 s heartbeat loss, 1 s retry) but
measure them on a FakeClock that moves only when the test moves it, so a busy machine
can neither declare a board lost nor delay a retry. Waits on other threads return as
soon as the awaited thing happens; their limits are generous, only there to end a
broken run.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from collections.abc import Callable

from hardware import avr_sim
from hardware.link import Link, LinkEvent

PATIENCE = 10.0
"""Longest wait for something another thread or process should do promptly."""


def make(*args: str) -> None:
    """Run make; a failure fails the test with make's output."""
    result = subprocess.run(["make", *args], capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, f"make {' '.join(args)} failed:\n{result.stdout}{result.stderr}"


def build_firmware() -> None:
    """Build the controller firmware and the simavr harness (quick when up to date)."""
    make("-C", str(avr_sim.ELF.parents[1]))
    make("-C", str(avr_sim.HARNESS.parents[1]))


def wait_for(predicate: Callable[[], object], timeout: float = PATIENCE) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return bool(predicate())


class FakeClock:
    """A monotonic clock for one Link, moved by hand. It counts its reads, so a test can
    wait until the link's thread has seen the new time and acted on it."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._reads = 0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            self._reads += 1
            return self._now

    @property
    def reads(self) -> int:
        return self._reads

    def settle(self) -> None:
        """Wait until the link's thread has read the clock twice more. Whatever it
        decides on one reading (give up, ask ?HELLO, reopen the port, declare a loss) it
        finishes before its next reading, so after two the first one's effects are seen."""
        with self._lock:
            target = self._reads + 2
        assert wait_for(lambda: self._reads >= target), "the link's thread stopped reading"

    def advance(self, seconds: float) -> None:
        """Move the time on, then let the link's thread act on it."""
        self.advance_now(seconds)
        self.settle()

    def advance_now(self, seconds: float) -> None:
        """Move the time on without waiting for the link (whose thread may be held)."""
        with self._lock:
            self._now += seconds


def handshake(link: Link, clock: FakeClock) -> None:
    """Bring a link that has just opened its port to ``run``. A pty board cannot see the
    host open the port, so its boot HELLO may have gone before and been flushed: half the
    HELLO timeout on, the host asks ?HELLO. Call once the open has been made."""
    clock.settle()  # the link has taken the time it opened the port
    clock.advance(link.hello_timeout / 2 + 0.01)
    assert wait_for(lambda: link.status == "run"), link.last_error


class EventLog:
    """Collects a link's events from its queue as the test waits for them."""

    def __init__(self) -> None:
        self.queue: queue.Queue[LinkEvent] = queue.Queue()
        self.seen: list[LinkEvent] = []

    def drain(self) -> list[LinkEvent]:
        while True:
            try:
                self.seen.append(self.queue.get_nowait())
            except queue.Empty:
                return self.seen

    def kinds(self) -> list[str]:
        return [event.kind for event in self.drain()]

    def wait(self, predicate: Callable[[LinkEvent], bool],
             timeout: float = PATIENCE) -> LinkEvent:
        found: list[LinkEvent] = []

        def check() -> bool:
            found[:] = [event for event in self.drain() if predicate(event)]
            return bool(found)

        assert wait_for(check, timeout), f"no such event in {self.kinds()}"
        return found[0]

    def count(self, kind: str) -> int:
        return self.kinds().count(kind)
