"""The programming clock of a game whose seats edit a plan against time and then lock it.

Pure bookkeeping: time passes only through ``tick``, so the session decides what a
second is (the frame's time while the match is on screen) and tests need no waiting.
Each programming phase the session opens a round with the human seats still to lock
(AI seats lock through their bots and are never timed). A window is the base time plus
the carry (time left unused last time, capped). Three modes:

- ``shared``: one window for every human seat at once; its carry is the time left when
  the last of them locks.
- ``turns``: the human seats edit one after another, in the order given, each in its
  own window with its own carry (several people sharing one screen).
- ``relaxed``: no clock at all.

When a window runs out, ``tick`` names the seats whose time is up once, and the session
plays their locks; it reports every applied lock through ``locked``. The state survives
an autosave through ``to_record``/``from_record``, which validates what it reads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.rules.core.data import show
from game.rules.core.errors import DataError

SHARED, TURNS, RELAXED = "shared", "turns", "relaxed"
MODES = (SHARED, TURNS, RELAXED)
MODE_WORDS = {SHARED: "one clock for everyone", TURNS: "each player in turn, own clock",
              RELAXED: "no clock"}
"""How the new-game screen names each mode, unless the game's words say otherwise."""
BASE_SECONDS = 60.0
CARRY_CAP = 60.0
RECORD_KEYS = frozenset({"mode", "base", "cap", "phase", "queue", "left", "carry",
                         "seat_carry"})


def default_mode(humans: int) -> str:
    """Several people on one machine take turns at the screen; otherwise they share one
    window (one person, or each at a board of their own)."""
    return TURNS if humans >= 2 else SHARED


class WindowClock:
    """Whose window is open, how long it has left, and each window's carry."""

    def __init__(self, mode: str, base: float = BASE_SECONDS, cap: float = CARRY_CAP) -> None:
        if mode not in MODES:
            raise ValueError(f"the clock's mode is one of {', '.join(MODES)}, not {mode!r}")
        if not (math.isfinite(base) and base > 0 and math.isfinite(cap) and cap >= 0):
            raise ValueError("a window needs a positive base and a carry cap of 0 or more")
        self.mode = mode
        self.base = float(base)
        self.cap = float(cap)
        self.phase: int | None = None
        """The programming phase the round belongs to, as the session numbers it (the
        clock never reads it; it tells the session whether a phase is new)."""
        self._queue: list[int] = []
        """The human seats of this round still to lock, in their order."""
        self._left: float | None = None
        """Seconds left in the open window (shared: everyone's; turns: the first in the
        queue's); 0 once it ran out; None with no window open."""
        self._carry = 0.0
        """Shared mode: the time carried into the next window."""
        self._seat_carry: dict[int, float] = {}
        """Turns mode: each seat's time carried into its next window."""

    # -- reading ------------------------------------------------------------------------
    @property
    def pending(self) -> tuple[int, ...]:
        """The human seats of this round that have not locked yet, in their order."""
        return tuple(self._queue)

    def carry(self, seat: int | None = None) -> float:
        """The carry the next window starts with: the shared one, or ``seat``'s own."""
        if seat is None or self.mode != TURNS:
            return self._carry
        return self._seat_carry.get(seat, 0.0)

    def left(self, seat: int) -> float | None:
        """Seconds left in ``seat``'s window now; None when relaxed or it has none open."""
        if self.mode == RELAXED or self._left is None or seat not in self._queue:
            return None
        if self.mode == TURNS and seat != self._queue[0]:
            return None
        return self._left

    def open_seats(self) -> tuple[int, ...]:
        """The human seats that may edit now (none once a window has run out)."""
        if self.mode == RELAXED:
            return tuple(self._queue)
        if self._left is None or self._left <= 0:
            return ()
        return tuple(self._queue) if self.mode == SHARED else (self._queue[0],)

    # -- changes ------------------------------------------------------------------------
    def start_round(self, humans: Sequence[int], phase: int | None = None) -> None:
        """A programming phase opens for ``humans`` (turns mode: in this order)."""
        if len(set(humans)) != len(humans) or any(seat < 0 for seat in humans):
            raise ValueError(f"a round's human seats must be distinct seat numbers: {humans}")
        self.phase = phase
        self._queue = list(humans)
        self._open()

    def _open(self) -> None:
        """Open the next window, if anyone still has one to come."""
        if self.mode == RELAXED or not self._queue:
            self._left = None
        else:
            self._left = self.base + self.carry(self._queue[0])

    def tick(self, seconds: float) -> tuple[int, ...]:
        """Let ``seconds`` pass; the seats whose window ran out just now (each once).
        The rest of a tick that ends a window does not count against the next one: that
        opens only when the session has played the lock."""
        if not (math.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"time only moves forward: {seconds!r}")
        if self.mode == RELAXED or self._left is None or self._left <= 0:
            return ()
        self._left = max(0.0, self._left - seconds)
        if self._left > 0:
            return ()
        return tuple(self._queue) if self.mode == SHARED else (self._queue[0],)

    def locked(self, seat: int) -> None:
        """``seat``'s lock was applied (its switch, its button or its time running out).
        A seat that locks before its turns-mode window opens carries that whole window."""
        if seat not in self._queue:
            return
        if self.mode == SHARED:
            self._queue.remove(seat)
            if not self._queue:
                self._carry = min(self.cap, self._left or 0.0)
                self._left = None
        elif self.mode == TURNS:
            current = self._queue[0] == seat
            unused = self._left if current else self.base + self.carry(seat)
            self._seat_carry[seat] = min(self.cap, unused or 0.0)
            self._queue.remove(seat)
            if current:
                self._open()
        else:
            self._queue.remove(seat)

    # -- the autosave ---------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return {"mode": self.mode, "base": self.base, "cap": self.cap, "phase": self.phase,
                "queue": list(self._queue), "left": self._left, "carry": self._carry,
                "seat_carry": [[seat, carry] for seat, carry in sorted(self._seat_carry.items())]}

    @classmethod
    def from_record(cls, raw: Any, file: str = "save", where: str = "clock",
                    players: int | None = None) -> WindowClock:
        """The clock a record holds; DataError (one sentence, located) if it is damaged,
        or names a seat beyond ``players`` when that is given."""
        def fail(reason: str, key: str = "") -> DataError:
            return DataError(reason, file, None, f"{where}.{key}" if key else where)

        if not isinstance(raw, dict) or set(raw) != RECORD_KEYS:
            raise fail(f"a clock record holds exactly {', '.join(sorted(RECORD_KEYS))}")
        if raw["mode"] not in MODES:
            raise fail(f"the mode is one of {', '.join(MODES)}, not {show(raw['mode'])}", "mode")
        for key in ("base", "cap"):
            if not _seconds(raw[key]):
                raise fail("must be a number of seconds", key)
        if raw["base"] <= 0:
            raise fail("a window's base time must be more than 0 seconds", "base")
        clock = cls(raw["mode"], raw["base"], raw["cap"])
        if raw["phase"] is not None and not _whole(raw["phase"]):
            raise fail("must be a whole number or null", "phase")
        clock.phase = raw["phase"]
        queue = raw["queue"]
        limit = math.inf if players is None else players

        def seat(value: Any) -> bool:
            return _whole(value) and 0 <= value < limit

        if (not isinstance(queue, list) or not all(seat(s) for s in queue)
                or len(set(queue)) != len(queue)):
            raise fail("must list distinct seats of the table", "queue")
        clock._queue = list(queue)
        longest = clock.base + clock.cap
        left = raw["left"]
        if clock.mode == RELAXED or not queue:
            if left is not None:
                raise fail("must be null when no window is open", "left")
        elif not _seconds(left) or left > longest:
            raise fail(f"must be from 0 to {longest:g} seconds", "left")
        clock._left = None if left is None else float(left)
        if not _seconds(raw["carry"]) or raw["carry"] > clock.cap:
            raise fail(f"must be from 0 to {clock.cap:g} seconds", "carry")
        clock._carry = float(raw["carry"])
        pairs = raw["seat_carry"]
        if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 and seat(p[0]) and _seconds(p[1])
                and p[1] <= clock.cap for p in pairs):
            raise fail(f"must list [seat, seconds] pairs of 0 to {clock.cap:g} seconds",
                       "seat_carry")
        clock._seat_carry = {seat: float(carry) for seat, carry in pairs}
        if len(clock._seat_carry) != len(pairs):
            raise fail("names a seat twice", "seat_carry")
        return clock


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seconds(value: object) -> bool:
    """A finite, non-negative number (JSON gives int or float; an int too large for a
    float is not one)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        number = float(value)
    except OverflowError:
        return False
    return math.isfinite(number) and number >= 0
