"""One running match in the client: its seats, the action log, autosave and the AI.

Scenes read ``view(seat)`` and hand chosen actions to ``play``; AI seats think in a
worker process over a copy of their view (game/ai/worker.py), so neither the window
nor its frame times wait on a searching bot. Every applied action is saved at once
to this match's own file, so a crash loses nothing and no other save is ever
overwritten.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.bots import LEVELS
from game.ai.worker import BotHost, BotWorker, bot_seed
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


@dataclass(frozen=True, slots=True)
class _Job:
    """A decision asked of a bot: whose, and at which move of the match."""

    seat: int
    moves: int


class Session:
    def __init__(self, match: Match, seats: list[Seat], path: Path | None,
                 bots: BotHost | None = None) -> None:
        """``bots`` runs the AI seats; by default a worker process of this match's own,
        started now so it is ready by the first AI turn."""
        self.match = match
        self.seats = seats
        self.path = path
        self.history: list[Event] = []
        self.moves_by = [0] * len(seats)
        for action in match.actions:
            self.moves_by[action.seat] += 1
        if bots is None and any(seat.is_ai for seat in seats):
            bots = BotWorker(match.game, {s: (seat.level, bot_seed(match.seed, s))
                                          for s, seat in enumerate(seats) if seat.is_ai})
        self._bots = bots
        self._job: _Job | None = None
        self._answer: Action | None = None
        self._table_answers: tuple[int, dict[int, bool]] = (-1, {})

    # -- creation -----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, seats: list[Seat], variant: str, seed: int,
            folder: Path | None = None, options: dict[str, str] | None = None,
            bots: BotHost | None = None) -> Session:
        match = new_match(game, len(seats), variant, seed, options)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = (folder or saves_dir()) / f"{game}-{stamp}-{seed}.json"
        session = cls(match, seats, path, bots)
        session.save()
        return session

    @classmethod
    def load(cls, path: Path, bots: BotHost | None = None) -> Session:
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
        return cls(match, seats, path, bots)

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
        """A bot has been asked for a move that is not applied yet."""
        return self._job is not None

    @property
    def move_ready(self) -> bool:
        """A bot's finished move is held back (``poll(apply=False)``) for the screen."""
        return self._answer is not None

    def wait_for_move(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the thinking bot's move, holding it unapplied;
        for headless runs and tests, never the frame loop. True once a move is held."""
        if self._job is not None and self._answer is None:
            assert self._bots is not None
            self._answer = self._bots.collect(seconds)
        return self._answer is not None

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
        follow one move before the next lands. A move chosen for a position that has
        since changed is dropped and the seat asked again."""
        events: list[Event] = []
        if self._job is not None:
            if self._answer is None:
                assert self._bots is not None
                self._answer = self._bots.collect()
            if self._answer is None or not apply:
                return events
            job, answer = self._job, self._answer
            self._job = self._answer = None
            if job.moves == len(self.match.actions) and job.seat in self.to_act():
                events = self.play(answer)
        if self._job is None and not self.is_over():
            ai = [s for s in self.to_act()
                  if self.seats[s].is_ai and not self.waits_on_table(s)]
            if ai:
                assert self._bots is not None
                seat = ai[0]
                self._bots.submit(seat, self.view(seat))
                self._job = _Job(seat, len(self.match.actions))
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
        if self._bots is not None:
            self._bots.close()


def _seats_from(raw: Any, players: int, name: str) -> list[Seat]:
    seats_raw = raw.get("seats") if isinstance(raw, dict) else None
    if not isinstance(seats_raw, list) or len(seats_raw) != players:
        raise DataError("the save does not say who sits where", name, None, "client.seats")
    seats = []
    for i, item in enumerate(seats_raw):
        if (not isinstance(item, dict) or item.get("kind") not in (HUMAN, AI)
                or item.get("level") not in LEVELS):
            raise DataError(f"a seat must be human or ai with a level of {', '.join(LEVELS)}",
                            name, None, f"client.seats[{i}]")
        seats.append(Seat(item["kind"], item["level"]))
    return seats


def latest_save(folder: Path | None = None) -> Path | None:
    """The most recently written save, the one Continue resumes."""
    saves = sorted((folder or saves_dir()).glob("*.json"), key=lambda p: p.stat().st_mtime)
    return saves[-1] if saves else None
