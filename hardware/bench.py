"""``botyard bench controller``: latency from a controller's line to the game's input.

A virtual pilot writes EV lines into a pseudo-terminal, a real Link reads them on its
thread, a TableInput turns each fresh ready edge into a Steer put on the input queue.
Timed with perf_counter on both sides (same process, different threads): from just
before the device's write to the action being taken off the input queue; the run's
CPU time is printed beside its wall time. Figures are printed, never asserted.
"""

from __future__ import annotations

import queue
import statistics
import threading
import time

from game.bench import percentile
from game.progress import progress
from hardware.controller_sim import VirtualDevice
from hardware.link import Link, LinkEvent
from hardware.table import TableInput

EVENTS = 10_000
WAIT = 5.0
"""Longest wait for one action before the run is declared broken."""


def _choose_state() -> tuple[object, int]:
    """A real 2-player match at its first dial choice, and its first pilot seat."""
    from game.rules.core.registry import bundled_catalogue
    from game.rules.goblins import engine

    state = engine.new_state(bundled_catalogue("goblins"), 2, "standard", 1)
    while state.phase != "choose":
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[0])
    return state, state.teams[0].pilot


def _pump(events: queue.Queue, table: TableInput, state: object, inputs: queue.Queue,
          stop: threading.Event) -> None:
    """The session's side: link events in, actions out to the game's input queue."""
    while not stop.is_set():
        try:
            event: LinkEvent = events.get(timeout=0.05)
        except queue.Empty:
            continue
        for action in table.handle(event, state).actions:
            inputs.put(action)


def controller(events: int = EVENTS) -> list[str]:
    """Time ``events`` ready edges end to end; the state is not advanced, so every
    fresh edge yields the same legal Steer."""
    from game.rules.goblins import engine

    state, seat = _choose_state()
    device = VirtualDevice("pilot", "00BE", heartbeat=1.0)
    link_events: queue.Queue = queue.Queue()
    inputs: queue.Queue = queue.Queue()
    link = Link(device.open_pty(), link_events, name="bench", hello_timeout=3.0)
    table = TableInput({"00BE": (seat, "pilot")}, engine.legal_actions)
    stop = threading.Event()
    pump = threading.Thread(target=_pump, args=(link_events, table, state, inputs, stop),
                            daemon=True)
    pump.start()
    link.start()
    latencies: list[float] = []
    try:
        deadline = time.monotonic() + WAIT
        while link.status != "run" and time.monotonic() < deadline:
            time.sleep(0.01)
        if link.status != "run":
            return [f"controller: no handshake with the virtual pilot ({link.last_error})"]
        wall, cpu = time.perf_counter(), time.process_time()
        with progress(events, "controller, virtual board", "edges") as bar:
            for index in range(events):
                device.set("steer", index % 4)
                device.set("ready", 0)
                written = device.set("ready", 1)
                try:
                    inputs.get(timeout=WAIT)
                except queue.Empty:
                    return [f"controller: no action after {index} edges; "
                            f"counters {link.counters}"]
                if written is not None:
                    latencies.append((time.perf_counter() - written) * 1000)
                bar.update()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        stop.set()
        link.stop()
        device.close()
        pump.join(timeout=1.0)
    return [f"controller: device EV write to Steer on the input queue, pty, "
            f"{len(latencies)} edges: median {statistics.median(latencies):.3f} ms, "
            f"p99 {percentile(latencies, 0.99):.3f} ms, "
            f"{link.counters['lines']} lines read, {_bad(link.counters)} bad; run of "
            f"{wall:.1f} s wall, {cpu:.1f} s CPU (board, link and mapping in this process)"]


def _bad(counters: dict[str, int]) -> int:
    kinds = ("bad_crc", "too_long", "malformed", "unknown_type", "bad_value", "wrong_proto")
    return sum(counters[key] for key in kinds)
