"""Calamitron at the table (game.table_mapping.TableMapping): each seat's console, whose
ready switch locks that seat's program as it stands, which stops its clock.

A seat's console is a one-dial console; only its ready switch counts (the program is
built on screen). Like every console it confirms with a fresh flip: a switch left up
from the last round must go down and up again, so it never locks the next program by
itself. A seat waiting for its turns-mode window may lock early too (it gives up its
window; the session allows nothing else then). The role serves a human seat only: a
bot locks through its own moves. Imports no pygame.
"""

from __future__ import annotations

import copy
import queue
import statistics
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.calamitron.actions import Lock, Pick
from game.table_input import TableInput
from game.table_mapping import BoardRole, Values

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Action
    from game.settings import Settings
    from hardware.link import LinkEvent

CONSOLE = "tactician"
"""The board kind (hardware.boards): a one-dial console with a ready switch."""
SEATS = 4
FLIP_AGAIN = "flip the ready switch off and on to lock"


def _ready(values: Values, state: Any, seat: int) -> bool | None:
    return {"1": True, "0": False}.get(values.get("ready", ""))


def _lock(values: Values, state: Any, seat: int) -> Action | str:
    return Lock(seat)


def _is_lock(action: Action) -> bool:
    return isinstance(action, Lock)


ROLES: tuple[BoardRole, ...] = tuple(
    BoardRole(f"seat{n}_ready", f"Seat {n} ready switch", CONSOLE, _is_lock, _ready, _lock,
              "that program cannot be locked now", FLIP_AGAIN)
    for n in range(1, SEATS + 1))


def holder(state: Any, role: str) -> int | None:
    """Seat n's console serves seat n (none at a smaller table)."""
    number = role.removeprefix("seat").partition("_")[0]
    seat = int(number) - 1 if number.isdigit() else -1
    return seat if 0 <= seat < state.n else None


# -- botyard bench controller -------------------------------------------------------------
LABEL = "controller, Calamitron ready switch (firmware in simavr)"
SAMPLES = 30
SEED = 1
PATIENCE = 10.0
"""Longest wait for one reading before the run is declared broken."""


def bench(open_app: Callable[[Settings], App]) -> list[str]:
    """``botyard bench controller``'s ready-switch path, from the real firmware to the
    rules: seat 1's console (the firmware in simavr) flipped up, to the Lock the table's
    routing makes for that seat and the rules apply, timed ``SAMPLES`` times on fresh
    copies of a two-seat match's first programming phase. Runs without a client window,
    so ``open_app`` is not used."""
    return ready_bench(SAMPLES)


def ready_bench(samples: int) -> list[str]:
    """``bench`` with ``samples`` flips."""
    from game.rules.core.match import new_match
    from game.rules.core.registry import get_game
    from hardware import avr_sim

    absent = avr_sim.missing()
    if absent:
        return [f"{LABEL}: not measured: run `make firmware` in a checkout "
                f"({absent} not built)"]
    spec = get_game("calamitron")
    match = new_match(spec.id, 2, spec.variants[0], SEED)
    for seat in range(2):
        match.play(Pick(seat, "treadbot"))
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        with avr_sim.SimBoard(CONSOLE, uid="00CA") as sim:
            timings = _Flips(spec.rules, sim).run(match.state, samples)
    except (avr_sim.HarnessError, _Broken) as exc:
        return [f"{LABEL}: not measured: {exc}"]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    paths = [path for path, _ in timings]
    hosts = [path - board for path, board in timings]
    return [f"{LABEL}: switch up to the Lock applied, {len(timings)} flips, none lost or "
            f"made twice: {_figures(paths)}",
            f"{LABEL}: reading read by the link to the Lock applied (routing, fresh-edge "
            f"check, the rules' apply): {_figures(hosts)}; run of {wall:.1f} s wall, "
            f"{cpu:.1f} s CPU in this process"]


class _Broken(Exception):
    """The bench could not go on; the message says why."""


class _Flips:
    """Seat 1's console in simavr, its link, and the flips of its ready switch."""

    def __init__(self, rules: Any, sim: Any) -> None:
        self.rules = rules
        self.sim = sim
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self.values: dict[str, str] = {}

    def run(self, position: Any, samples: int) -> list[tuple[float, float]]:
        """(switch up to Lock applied, switch up to the reading read) per flip, in ms."""
        from hardware.link import Link

        link = Link(self.sim.path, self.events, name="console")
        link.start()
        try:
            self._next(lambda event: event.kind == "state", None, None)
            return [self._sample(copy.deepcopy(position)) for _ in range(samples)]
        finally:
            link.stop()

    def _next(self, wanted: Callable[[LinkEvent], bool], table: TableInput | None,
              state: Any) -> tuple[LinkEvent, list[Action]]:
        """Read the link's events, each handled by ``table``, up to the first ``wanted``
        one; it and the actions its snapshot made."""
        deadline = time.monotonic() + PATIENCE
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = self.events.get(timeout=left)
            except queue.Empty:
                break
            actions: list[Action] = []
            if event.kind in ("state", "change"):
                self.values = dict(event.values)
                if table is not None:
                    actions = table.handle("console", event.values, state).actions
            if wanted(event):
                return event, actions
        raise _Broken("the console's link fell silent")

    def _sample(self, state: Any) -> tuple[float, float]:
        table = TableInput(sys.modules[__name__], self.rules.legal_actions)
        table.bind("console", ROLES[0].key, {}, None)
        table.observe(state)
        if self.values.get("ready") == "0":
            table.handle("console", self.values, state)
        else:
            self.sim.ready(False)
            self._next(lambda event: event.values.get("ready") == "0", table, state)
        start = time.perf_counter()
        self.sim.ready(True)
        event, actions = self._next(lambda event: event.values.get("ready") == "1",
                                    table, state)
        if actions != [Lock(0)]:
            raise _Broken(f"the flip made {actions}, not seat 1's lock")
        self.rules.apply(state, actions[0])
        end = time.perf_counter()
        return (end - start) * 1000, (event.at - start) * 1000


def _figures(values: list[float]) -> str:
    from game.bench import percentile

    return (f"median {statistics.median(values):.1f} ms, "
            f"p99 {percentile(values, 0.99):.1f} ms")
