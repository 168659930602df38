"""``botyard bench controller``, the link's share: from a board's line to the client's
queue.

A virtual board writes EV lines into a pseudo-terminal, a real Link reads and checks
them on its thread and puts each on its event queue, from which a consumer thread takes
it, as the client's Table does every frame. Timed with perf_counter on both sides (same
process, different threads): from just before the board's write to the event taken off
the queue; the run's CPU time is printed beside its wall time. Figures are printed,
never asserted. What the client then does with it (routing, rules, the frame loop) is
each game's own bench, through the real firmware (GameSpec.table_module).
"""

from __future__ import annotations

import queue
import statistics
import time

from game.bench import percentile
from game.progress import progress
from hardware.controller_sim import VirtualDevice
from hardware.link import Link, LinkEvent

EVENTS = 10_000
WAIT = 5.0
"""Longest wait for one event before the run is declared broken."""


def controller(events: int = EVENTS) -> list[str]:
    """Time ``events`` ready-switch flips of a virtual console to the link's event."""
    device = VirtualDevice("pilot", "00BE", heartbeat=1.0)
    link_events: queue.Queue[LinkEvent] = queue.Queue()
    link = Link(device.open_pty(), link_events, name="bench", hello_timeout=3.0)
    link.start()
    latencies: list[float] = []
    try:
        deadline = time.monotonic() + WAIT
        while link.status != "run" and time.monotonic() < deadline:
            time.sleep(0.01)
        if link.status != "run":
            return [f"controller: no handshake with the virtual board ({link.last_error})"]
        wall, cpu = time.perf_counter(), time.process_time()
        with progress(events, "controller, virtual board", "flips") as bar:
            for index in range(events):
                level = str((index + 1) % 2)
                written = device.set("ready", level)
                try:
                    while (event := link_events.get(timeout=WAIT)).values.get("ready") != level:
                        pass  # a heartbeat or the boot snapshot, read before the flip
                except queue.Empty:
                    return [f"controller: no event after {index} flips; "
                            f"counters {link.counters}"]
                if written is not None and event.kind == "change":
                    latencies.append((time.perf_counter() - written) * 1000)
                bar.update()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        link.stop()
        device.close()
    return [f"controller: board EV write to the link's event taken off its queue, pty, "
            f"{len(latencies)} flips: median {statistics.median(latencies):.3f} ms, "
            f"p99 {percentile(latencies, 0.99):.3f} ms, "
            f"{link.counters['lines']} lines read, {_bad(link.counters)} bad; run of "
            f"{wall:.1f} s wall, {cpu:.1f} s CPU (board and link in this process)"]


def _bad(counters: dict[str, int]) -> int:
    kinds = ("bad_crc", "too_long", "malformed", "unknown_type", "bad_value", "wrong_proto")
    return sum(counters[key] for key in kinds)
