"""Helpers for the hardware tests: fast timeouts and waiting on other threads."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

from hardware.link import LinkEvent

FAST = {"hello_timeout": 0.6, "heartbeat_timeout": 0.6, "retry": 0.05}
"""Link timeouts scaled down from the real 3 s / 3 s / 1 s (heartbeat 0.1 s in tests)."""


def wait_for(predicate: Callable[[], object], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return bool(predicate())


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

    def wait(self, predicate: Callable[[LinkEvent], bool], timeout: float = 3.0) -> LinkEvent:
        found: list[LinkEvent] = []

        def check() -> bool:
            found[:] = [event for event in self.drain() if predicate(event)]
            return bool(found)

        assert wait_for(check, timeout), f"no such event in {self.kinds()}"
        return found[0]
