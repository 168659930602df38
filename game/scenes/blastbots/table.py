"""Blastbots at the table (game.table_mapping.TableMapping): one tray of two six-sided
dice, shared by the whole table, for the rolls the rules leave to the table's dice (the
``dice`` option on ``table``).

Whoever's roll the rules wait for rolls in the tray. It confirms as every tray does,
with a fresh roll: the tray must be seen rolling, handled or empty after the roll was
asked, and then both dice lying still; that reading becomes the roller's TableRoll (the
rules' Roll read at the table) with the two faces, well 0's first. Dice left in the
tray from the last roll therefore never count as the next one, whoever rolls next. With
the option on ``rules`` the engine rolls (a plain Roll) and the tray is not asked.
Imports no pygame.
"""

from __future__ import annotations

import copy
import queue
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.blastbots.actions import TableRoll
from game.table_input import TableInput
from game.table_mapping import BoardRole, Values, fresh_roll, tray_faces

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Action
    from game.settings import Settings
    from hardware.link import LinkEvent

TRAY = "dice2d6"
"""The board kind (hardware.boards): a tray of two wells for six-sided dice."""
TRAY_ROLE = "dice"
"""The tray's role key, which the match screen asks the table for its live faces."""
DICE = 2


def _table_roll(action: Action) -> bool:
    return isinstance(action, TableRoll)


def _settled(values: Values, state: Any, seat: int) -> bool | None:
    return fresh_roll(values, TRAY, DICE)


def _roll(values: Values, state: Any, seat: int) -> Action | str:
    faces = tray_faces(values, TRAY) or ()
    return TableRoll(seat, tuple(int(face) for face in faces))


ROLES: tuple[BoardRole, ...] = (
    BoardRole(TRAY_ROLE, "Dice tray", TRAY, _table_roll, _settled, _roll,
              "that roll cannot be read in now",
              "the tray still shows the last roll: roll again", shared=True),
)


# -- botyard bench controller -------------------------------------------------------------
LABEL = "controller, two-dice tray (firmware in simavr)"
SAMPLES = 30
SEED = 1
STEPS = 500
"""Most moves played from the match's start to reach a roll the table waits for."""
PATIENCE = 10.0
"""Longest wait for one step before the run is declared broken."""


def bench(open_app: Callable[[Settings], App]) -> list[str]:
    """``botyard bench controller``'s tray path, from the real firmware to the rules: a
    roll in the two-dice tray (the firmware in simavr) to the Roll the table's routing
    makes for the roller and the rules apply. Runs without a client window, so
    ``open_app`` is not used."""
    from game.rules.core.match import new_match
    from game.rules.core.registry import get_game

    spec = get_game("blastbots")
    match = new_match(spec.id, 2, spec.variants[0], SEED, {"dice": "table"})
    return roll_bench(spec.rules, match.state)


def roll_bench(rules: Any, start: Any, samples: int = SAMPLES) -> list[str]:
    """Time ``samples`` rolls at the first roll the table waits for from ``start``
    (``rules`` gives its to_act, legal_actions and apply): each from a fresh copy of
    that position, the tray's lid lifted, two random faces put in its wells, and timed
    from the lid shutting to the Roll applied. The link's stamp on the settled reading
    splits the board's share (lid debounce, the firmware's settling, the line, the pty)
    from the host's (routing, fresh-roll check, the rules' apply)."""
    from hardware import avr_sim

    absent = avr_sim.missing()
    if absent:
        return [f"{LABEL}: not measured: run `make firmware` in a checkout "
                f"({absent} not built)"]
    position = _first_roll(rules, start)
    if position is None:
        return [f"{LABEL}: not measured: no roll for the table within {STEPS} moves"]
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        with avr_sim.SimBoard(TRAY, uid="00DB") as sim:
            timings = _Rolls(rules, sim).run(position, samples)
    except (avr_sim.HarnessError, _Broken) as exc:
        return [f"{LABEL}: not measured: {exc}"]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    paths = [path for path, _ in timings]
    hosts = [path - board for path, board in timings]
    return [f"{LABEL}: lid shut to the Roll applied, {len(timings)} rolls, none lost or "
            f"made twice: {_figures(paths)} (the firmware holds each die "
            f"{_settle_ms()} ms before it counts as lying still)",
            f"{LABEL}: settled reading read by the link to the Roll applied (routing, "
            f"fresh-roll check, the rules' apply): {_figures(hosts)}; run of {wall:.1f} s "
            f"wall, {cpu:.1f} s CPU in this process"]


class _Broken(Exception):
    """The bench could not go on; the message says why."""


class _Rolls:
    """The tray in simavr, its link, and the rolls made in it."""

    def __init__(self, rules: Any, sim: Any) -> None:
        self.rules = rules
        self.sim = sim
        self.rng = random.Random(SEED)
        self.events: queue.Queue[LinkEvent] = queue.Queue()

    def run(self, position: Any, samples: int) -> list[tuple[float, float]]:
        """(lid shut to Roll applied, lid shut to the settled reading read) per roll, ms."""
        from hardware.link import Link

        link = Link(self.sim.path, self.events, name="tray")
        link.start()
        try:
            self._next(lambda event: event.kind == "state", None)
            return [self._sample(copy.deepcopy(position)) for _ in range(samples)]
        finally:
            link.stop()

    def _next(self, wanted: Callable[[LinkEvent], bool], table: TableInput | None,
              state: Any = None) -> tuple[LinkEvent, list[Action]]:
        """Read the link's events, each handled by ``table``, up to the first ``wanted``
        one; it and the actions its snapshot made."""
        deadline = time.monotonic() + PATIENCE
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = self.events.get(timeout=left)
            except queue.Empty:
                break
            actions: list[Action] = []
            if table is not None and event.kind in ("state", "change"):
                actions = table.handle("tray", event.values, state).actions
            if wanted(event):
                return event, actions
        raise _Broken("the tray's link fell silent")

    def _sample(self, state: Any) -> tuple[float, float]:
        from hardware import avr_sim

        table = TableInput(sys.modules[__name__], self.rules.legal_actions,
                           to_act=self.rules.to_act)
        table.bind("tray", ROLES[0].key, {}, None)
        table.observe(state)
        seat = table.holder(state, ROLES[0])
        faces = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.sim.pin(*avr_sim.LID_PIN, 0)
        for well, face in enumerate(faces):
            self.sim.adc(well, avr_sim.die_mv(str(face)))
        handled = {f"d{well}": "H-" for well in range(DICE)}
        self._next(lambda event: event.values == handled, table, state)
        start = time.perf_counter()
        self.sim.pin(*avr_sim.LID_PIN, 1)
        event, actions = self._next(lambda event: event.values.get("d0", "")[:1] == "S"
                                    and event.values.get("d1", "")[:1] == "S", table, state)
        if actions != [TableRoll(seat, faces)]:
            raise _Broken(f"the roll {faces} made {actions}, not one for seat {seat}")
        self.rules.apply(state, actions[0])
        end = time.perf_counter()
        return (end - start) * 1000, (event.at - start) * 1000


def _first_roll(rules: Any, start: Any) -> Any:
    """A copy of ``start`` played on with seeded random moves to the first roll the
    table waits for, or None if none comes within STEPS moves."""
    state = copy.deepcopy(start)
    table = TableInput(sys.modules[__name__], rules.legal_actions, to_act=rules.to_act)
    chooser = random.Random(SEED)
    for _ in range(STEPS):
        if table.holder(state, ROLES[0]) is not None:
            return state
        seat = rules.to_act(state)[0]
        rules.apply(state, chooser.choice(rules.legal_actions(state, seat)))
    return None


def _figures(values: list[float]) -> str:
    from game.bench import percentile

    return (f"median {statistics.median(values):.1f} ms, "
            f"p99 {percentile(values, 0.99):.1f} ms")


def _settle_ms() -> str:
    """The firmware's settling time, from its board.h."""
    from hardware import avr_sim

    board = (avr_sim.HERE / "firmware" / "board.h").read_text(encoding="utf-8")
    return next(line.split()[2] for line in board.splitlines()
                if line.startswith("#define DICE_SETTLE_MS "))
