"""Playback of a round step by step: the board as the events have shown it so far.

The rules' state has already changed; the playback keeps its own picture of the pieces
(from the view just before the events) and moves it on one event at a time, a bot
sliding from square to square, turning, being knocked down, tumbling into a pit. The
board is drawn from this picture until the playback reaches each step, so nothing is
seen before it happens. Speed 1x, 2x or 4x; Skip jumps to the end. Looks only: no rule
is worked out here, each event says where a piece now stands."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.calamitron import events as ev
from game.rules.calamitron.board import Board
from game.rules.calamitron.geometry import Square, parse_square
from game.rules.calamitron.state import Piece, State
from game.rules.core.actions import Event

SPEEDS = (1, 2, 4)
BEATS = {"moved": 0.32, "removed": 0.7, "damaged": 0.25, "stunned": 0.2, "drew": 0.9,
         "entered": 0.4, "picked": 0.25, "trophy": 0.3, "ended": 0.6, "began": 0.25}
"""Seconds at 1x that each kind of event takes on screen; others pass at once."""


@dataclass
class Step:
    """The event now on screen and how far through it the playback is (0..1)."""

    event: Event
    seconds: float
    time: float = 0.0
    start: tuple[Square, str] | None = None
    """Where the moving piece stood before this step (its slide starts there)."""

    @property
    def progress(self) -> float:
        return 1.0 if self.seconds <= 0 else min(1.0, self.time / self.seconds)


@dataclass
class Playback:
    """A picture of the pieces moved on by queued events, one at a time."""

    pieces: dict[str, Piece] = field(default_factory=dict)
    filled: set[Square] = field(default_factory=set)
    queue: list[Event] = field(default_factory=list)
    step: Step | None = None
    speed: int = 1
    shown: int = 0
    board: Board | None = None
    before: State | None = None
    """The view the playback started from."""
    """Events of the viewer's history the playback has reached (the log shows these)."""

    @property
    def active(self) -> bool:
        return self.step is not None or bool(self.queue)

    def begin(self, before: State, shown: int) -> None:
        """Start from the board as ``before`` shows it, ``shown`` events into the log
        (only when idle: a playback under way carries on from its own picture)."""
        if self.active:
            return
        self.pieces = {k: copy.copy(p) for k, p in before.pieces.items()}
        self.filled = set(before.filled)
        self.board = before.board
        self.before = before
        self.shown = shown

    def add(self, events: Sequence[Event]) -> None:
        self.queue += events

    def faster(self) -> int:
        """The next speed in turn (1x, 2x, 4x, back to 1x)."""
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        return self.speed

    def skip(self) -> None:
        """Drop the rest: the board shows the match as it stands."""
        self.queue.clear()
        self.step = None

    def update(self, dt: float) -> list[Event]:
        """Move on by ``dt`` seconds; returns the events whose step began (for sounds
        and effects)."""
        started: list[Event] = []
        dt *= self.speed
        while True:
            if self.step is None:
                if not self.queue:
                    return started
                event = self.queue.pop(0)
                self.step = Step(event, BEATS.get(event.kind, 0.0), 0.0, self._where(event))
                started.append(event)
            self.step.time += dt
            if self.step.time < self.step.seconds:
                return started
            dt = self.step.time - self.step.seconds
            self._land(self.step.event)
            self.step = None

    def _where(self, event: Event) -> tuple[Square, str] | None:
        piece = self.pieces.get(getattr(event, "piece", ""))
        return None if piece is None else (piece.at, piece.facing)

    def _land(self, event: Event) -> None:
        """The picture after ``event``."""
        self.shown += 1
        if isinstance(event, ev.Moved):
            piece = self.pieces.get(event.piece)
            square = parse_square(event.at)
            if piece is not None and square is not None:
                piece.at, piece.facing = square, event.facing
        elif isinstance(event, ev.Removed):
            piece = self.pieces.pop(event.piece, None)
            if event.why == "filled" and piece is not None:
                self.filled.add(piece.at)
        elif isinstance(event, ev.Stunned | ev.Stood):
            piece = self.pieces.get(event.piece)
            if piece is not None:
                piece.stunned = isinstance(event, ev.Stunned)
        elif isinstance(event, ev.Entered):
            square = parse_square(event.at)
            if square is not None:
                self.pieces[event.piece] = Piece(event.piece, event.rogue, square, event.facing)
        elif isinstance(event, ev.Picked):
            square = parse_square(event.at)
            if square is not None and self.board is not None:
                facing = self.board.outsides().get(square, (square, "N"))[1]
                self.pieces[event.piece] = Piece(event.piece, event.retro, square, facing,
                                                 seat=event.seat)
