"""One running match in the client: its seats, the action log, autosave and the AI.

Scenes read ``view(seat)`` and hand chosen actions to ``play``; AI seats think on a
worker thread over a snapshot of their view, so the window never freezes. Every
applied action is saved at once to this match's own file, so a crash loses nothing
and no other save is ever overwritten.
"""

from __future__ import annotations

import json
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.bots import Bot, make_bot
from game.paths import saves_dir
from game.rules.core.actions import Action, Event
from game.rules.core.errors import DataError
from game.rules.core.match import Match, from_record, new_match

HUMAN, AI = "human", "ai"
TABLE_READINGS = frozenset({"read_dice"})
"""Action kinds that report what happened at the real table; bots never choose them."""


@dataclass
class Seat:
    kind: str = HUMAN
    level: str = "normal"

    @property
    def is_ai(self) -> bool:
        return self.kind == AI


class Session:
    def __init__(self, match: Match, seats: list[Seat], path: Path | None) -> None:
        self.match = match
        self.seats = seats
        self.path = path
        self.history: list[Event] = []
        self.moves_by = [0] * len(seats)
        for action in match.actions:
            self.moves_by[action.seat] += 1
        self.bots: dict[int, Bot] = {
            s: make_bot(match.game, seat.level, match.seed * 7919 + s)
            for s, seat in enumerate(seats) if seat.is_ai
        }
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._job: tuple[Future[Action], int, int] | None = None
        self._table_answers: tuple[int, dict[int, bool]] = (-1, {})

    # -- creation -----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, seats: list[Seat], variant: str, seed: int,
            folder: Path | None = None, options: dict[str, str] | None = None) -> Session:
        match = new_match(game, len(seats), variant, seed, options)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = (folder or saves_dir()) / f"{game}-{stamp}-{seed}.json"
        session = cls(match, seats, path)
        session.save()
        return session

    @classmethod
    def load(cls, path: Path) -> Session:
        """Resume a saved match; DataError (one sentence) if the file is damaged."""
        name = str(path)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"cannot read the save ({exc})", name) from None
        except json.JSONDecodeError as exc:
            raise DataError(f"the save is damaged (not valid JSON: {exc.msg})", name,
                            exc.lineno) from None
        match = from_record(raw, name)
        seats = _seats_from(raw.get("client"), len(match.state.players), name)
        return cls(match, seats, path)

    # -- reading ------------------------------------------------------------------------
    @property
    def rules(self) -> Any:
        return self.match.spec.rules

    @property
    def state(self) -> Any:
        return self.match.state

    def view(self, seat: int) -> Any:
        return self.rules.view(self.match.state, seat)

    def to_act(self) -> tuple[int, ...]:
        return self.rules.to_act(self.match.state)

    def humans_to_act(self) -> list[int]:
        return [s for s in self.to_act() if not self.seats[s].is_ai]

    def table_seats(self) -> list[int]:
        """AI seats waiting for something only the real table can give (dice rolled
        there): a person at the table rolls for the bot and reads the faces in."""
        return [s for s in self.to_act() if self.seats[s].is_ai and self.waits_on_table(s)]

    def waits_on_table(self, seat: int) -> bool:
        """Whether every move ``seat`` has is a table reading. Asked every frame, so the
        answers are kept until the next move (building moves are costly to list)."""
        moves = len(self.match.actions)
        if self._table_answers[0] != moves:
            self._table_answers = (moves, {})
        answers = self._table_answers[1]
        if seat not in answers:
            legal = self.rules.legal_actions(self.match.state, seat)
            answers[seat] = bool(legal) and all(a.kind in TABLE_READINGS for a in legal)
        return answers[seat]

    def is_over(self) -> bool:
        return self.rules.is_over(self.match.state)

    @property
    def thinking(self) -> bool:
        return self._job is not None

    # -- acting -------------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Apply an action (RuleError leaves everything as it was) and autosave."""
        events = self.match.play(action)
        self.moves_by[action.seat] += 1
        self.history.extend(events)
        self.save()
        return events

    def poll(self, apply: bool = True) -> list[Event]:
        """Collect a finished AI move, and start the next AI seat thinking. With
        ``apply`` false a finished move is kept for later, so the screen can let people
        follow one move before the next lands."""
        events: list[Event] = []
        if self._job is not None:
            future, count, seat = self._job
            if not future.done() or not apply:
                return events
            self._job = None
            action = future.result()
            if count == len(self.match.actions) and seat in self.to_act():
                events = self.play(action)
        if self._job is None and not self.is_over():
            ai = [s for s in self.to_act()
                  if self.seats[s].is_ai and not self.waits_on_table(s)]
            if ai:
                seat = ai[0]
                snapshot = self.view(seat)
                self._job = (self._pool.submit(self.bots[seat].choose, snapshot, seat),
                             len(self.match.actions), seat)
        return events

    def save(self) -> None:
        if self.path is None:
            return
        record = self.match.to_record()
        record["client"] = {"seats": [{"kind": s.kind, "level": s.level} for s in self.seats]}
        temp = self.path.with_suffix(".tmp")
        temp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
        temp.replace(self.path)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _seats_from(raw: Any, players: int, name: str) -> list[Seat]:
    seats_raw = raw.get("seats") if isinstance(raw, dict) else None
    if not isinstance(seats_raw, list) or len(seats_raw) != players:
        raise DataError("the save does not say who sits where", name, None, "client.seats")
    seats = []
    for i, item in enumerate(seats_raw):
        if (not isinstance(item, dict) or item.get("kind") not in (HUMAN, AI)
                or not isinstance(item.get("level"), str)):
            raise DataError("a seat must be human or ai with a level", name, None,
                            f"client.seats[{i}]")
        seats.append(Seat(item["kind"], item["level"]))
    return seats


def latest_save(folder: Path | None = None) -> Path | None:
    """The most recently written save, the one Continue resumes."""
    saves = sorted((folder or saves_dir()).glob("*.json"), key=lambda p: p.stat().st_mtime)
    return saves[-1] if saves else None
