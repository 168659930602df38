"""One running match in the client: its seats, the action log, autosave and the AI.

Scenes read ``view(seat)`` and hand chosen actions to ``play``; AI seats think in a
worker process over a copy of their view (game/ai/worker.py), so neither the window
nor its frame times wait on a searching bot. Every applied action is saved at once
to this match's own file (created exclusively, so no other save is ever overwritten),
keeping the generations before it, so a crash loses nothing and a damaged newest file
resumes from the one before. Each seat's history (what its log narrates) covers the
whole match: a resumed match rebuilds it from the replay that loading does anyway. A
save that fails (disk full, folder gone) never stops the game: the session says so
once, retries, and says when it is saved again. Nor does a bot that fails (its
process killed, a bug, an illegal answer): a random legal move stands in for it, the
screen is told, and the bots start afresh. A game whose seats program against time
(its registry entry names a clock seam) gets a programming clock (game/clock.py): the
screen passes the time with ``tick``, the session plays the lock of a seat whose time
ran out, keeps each human seat to its own window in turns mode, and saves the clock
with every autosave.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.bots import LEVELS
from game.ai.worker import BotCrashed, BotHost, BotWorker, bot_seed
from game.clock import MODES, TURNS, WindowClock, default_mode
from game.paths import saves_dir
from game.rules.core.actions import Action, Event
from game.rules.core.errors import DataError, RuleError
from game.rules.core.match import Match, from_record, new_match
from game.rules.core.registry import get_game
from game.rules.core.savefile import (
    create_exclusive,
    encode,
    generations,
    newest_first,
    read_record,
    write_generation,
)

HUMAN, AI = "human", "ai"
RETRY_SECONDS = 3.0
"""How often a failed autosave is tried again while nothing is played."""


MAX_NAME = 16
"""Longest name a player may type for a seat: it fits every screen that shows it."""


def valid_name(name: object) -> bool:
    """A seat name as the setup screen takes it and a save or settings file may hold
    it: text of at most ``MAX_NAME`` printable characters, no spaces at either end
    (empty means the seat goes by its colour)."""
    return (isinstance(name, str) and len(name) <= MAX_NAME and name.isprintable()
            and name == name.strip())


@dataclass
class Seat:
    kind: str = HUMAN
    level: str = "normal"
    name: str = ""
    """What a hot-seat player typed for the seat; empty: the seat goes by its colour."""

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
                 bots: BotHost | None = None, events: Sequence[Event] | None = None,
                 clock: WindowClock | None = None) -> None:
        """``bots`` runs the AI seats; by default a worker process of this match's own,
        started now so it is ready by the first AI turn. ``events`` are those of every
        move in ``match.actions`` (as a load's replay collects them); without them the
        match is replayed here to find them. ``clock``: the programming clock (a game
        with a clock seam gets a fresh one in the mode for its seats when not given)."""
        self.match = match
        self.seats = seats
        seam = match.spec.clock
        if seam is not None and clock is None:
            clock = _fresh_clock(seam, default_mode(_humans(seats)))
        self.clock = clock if seam is not None else None
        """The programming clock; None for a game whose seats never program against
        time."""
        self._sync_clock()
        self.path = path
        """This match's save file; None while a new match's file is not created yet
        (or for a session that is never saved)."""
        self._create: tuple[Path | None, str] | None = None
        """(folder, name stem) of a new match whose file is still to be created."""
        self.save_error: str | None = None
        """Why the latest autosave failed, until one succeeds."""
        self._retry_at = 0.0
        self._news: str | None = None
        if events is None:
            events = replayed_events(match)
        redact = self.rules.redact
        self._histories: list[list[Event]] = [
            [e for e in (redact(event, seat) for event in events) if e is not None]
            for seat in range(len(seats))]
        """Per seat, the events of the match so far as that seat may know them."""
        self.moves_by = [0] * len(seats)
        for action in match.actions:
            self.moves_by[action.seat] += 1
        self._own_bots = bots is None
        """Whether the bots are this session's own worker, which it may restart."""
        if bots is None and any(seat.is_ai for seat in seats):
            bots = self._start_bots()
        self._bots = bots
        self._job: _Job | None = None
        self._answer: Action | None = None
        self._failure: str | None = None
        """Why the thinking bot failed, once it has; a stand-in move is due."""
        self._table_answers: tuple[int, dict[int, bool]] = (-1, {})
        self._saved_clock: dict[str, Any] | None = None
        """The clock as last saved: time that passed since is saved when the match closes."""

    # -- creation -----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, seats: list[Seat], variant: str, seed: int,
            folder: Path | None = None, options: dict[str, str] | None = None,
            bots: BotHost | None = None) -> Session:
        """A new match, saved at once to a file of its own; if that first save fails,
        the match is played anyway and the save retried (see ``save``). A game's clock
        option (its seam's ``OPTION``) sets the clock's mode and is kept from the rules;
        without it the mode suits the seats (game.clock.default_mode)."""
        options = dict(options or {})
        seam, clock = get_game(game).clock, None
        if seam is not None:
            mode = options.pop(seam.OPTION, default_mode(_humans(seats)))
            if mode not in MODES:
                raise RuleError(f"the {seam.OPTION} option is one of {', '.join(MODES)}")
            clock = _fresh_clock(seam, mode)
        match = new_match(game, len(seats), variant, seed, options)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        session = cls(match, seats, None, bots, clock=clock)
        session._create = (folder, f"{game}-{stamp}-{seed}")
        session.save()
        return session

    @classmethod
    def load(cls, path: Path, bots: BotHost | None = None) -> Session:
        """Resume a saved match from its newest good generation (saying so when that
        is not the newest file); DataError (one sentence) if none loads."""
        events: list[Event] = []
        match, seats, clock, notice = _read_generation(path, events)
        read_clock = None if clock is None else clock.to_record()
        session = cls(match, seats, path, bots, events, clock)
        session._saved_clock = read_clock
        session._news = notice
        return session

    # -- reading ------------------------------------------------------------------------
    @property
    def rules(self) -> Any:
        return self.match.spec.rules

    @property
    def state(self) -> Any:
        return self.match.state

    def view(self, seat: int) -> Any:
        return self.rules.view(self.match.state, seat)

    def history_for(self, seat: int) -> Sequence[Event]:
        """What happened in the match from its first move, as ``seat`` may know it (the
        rules' ``redact``): what a screen narrates for that seat, and all it may. A
        resumed match gives each seat exactly what it was shown live."""
        return self._histories[seat]

    def to_act(self) -> tuple[int, ...]:
        return self.rules.to_act(self.match.state)

    def humans_to_act(self) -> list[int]:
        """The human seats whose decision is due: in the clock's turns mode, of those
        programming, only the one whose window is open."""
        return [s for s in self.to_act() if not self.seats[s].is_ai and self.may_act(s)]

    def table_seats(self) -> list[int]:
        """AI seats waiting for something only the real table can give (dice rolled
        there): a person at the table rolls for the bot and reads the faces in."""
        return [s for s in self.to_act() if self.seats[s].is_ai and self.waits_on_table(s)]

    def waits_on_table(self, seat: int) -> bool:
        """Whether every move ``seat`` has is a table reading (an action the rules mark
        as ``chance``). Asked every frame, so the answers are kept until the next move
        (building moves are costly to list)."""
        moves = len(self.match.actions)
        if self._table_answers[0] != moves:
            self._table_answers = (moves, {})
        answers = self._table_answers[1]
        if seat not in answers:
            legal = self.rules.legal_actions(self.match.state, seat)
            answers[seat] = bool(legal) and all(a.chance for a in legal)
        return answers[seat]

    def is_over(self) -> bool:
        return self.rules.is_over(self.match.state)

    @property
    def thinking(self) -> bool:
        """A bot has been asked for a move that is not applied yet."""
        return self._job is not None

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen. Then every new viewer of the match, the
        first one after opening it included, is handed over to behind a privacy screen
        before anything of theirs is drawn (game/scenes/handover.py)."""
        return sum(not seat.is_ai for seat in self.seats) > 1

    def first_viewer(self) -> int:
        """Whose view a screen opening this match shows first: the first human whose
        decision is due, else the first human (seat 0 when every seat is a bot)."""
        due = self.humans_to_act()
        if due:
            return due[0]
        return next((s for s, seat in enumerate(self.seats) if not seat.is_ai), 0)

    @property
    def move_ready(self) -> bool:
        """A bot's finished move is held back (``poll(apply=False)``) for the screen."""
        return self._answer is not None or self._failure is not None

    def wait_for_move(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the thinking bot's move, holding it unapplied;
        for headless runs and tests, never the frame loop. True once a move is held."""
        if self._job is not None and not self.move_ready:
            self._collect(seconds)
        return self.move_ready

    def _collect(self, wait: float) -> None:
        """Take the thinking bot's answer if it is ready, or note that it failed."""
        assert self._bots is not None
        try:
            self._answer = self._bots.collect(wait)
        except BotCrashed as exc:
            self._failure = str(exc)

    # -- acting -------------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Apply an action (RuleError leaves everything as it was), add what each seat
        may know of its events to that seat's history, and autosave. The events come
        back whole, for animations and sounds of public things only. In the clock's
        turns mode a human seat outside its window may only lock as it stands."""
        self.rules.codec.check(action, self.match.players)
        self._check_window(action)
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events = self.match.play(action)
        self.moves_by[action.seat] += 1
        redact = self.rules.redact
        for seat, history in enumerate(self._histories):
            history += [e for e in (redact(event, seat) for event in events) if e is not None]
        self._sync_clock()
        self.save()
        return events

    # -- the programming clock ----------------------------------------------------------
    def tick(self, seconds: float) -> list[Event]:
        """Let ``seconds`` of the open windows pass (the match screen calls this every
        frame it is on screen); a seat whose window runs out has its program locked as
        it stands (as every lock, final). The events of those locks come back."""
        if self.clock is None or self.is_over():
            return []
        events: list[Event] = []
        for seat in self.clock.tick(seconds):
            events += self._time_up(seat)
        return events

    def _time_up(self, seat: int) -> list[Event]:
        """Play what the game's seam says a seat whose time is up does, until it has
        locked (a seat still to pick a replacement picks first)."""
        seam = self.match.spec.clock
        phase = seam.editing(self.state)
        events: list[Event] = []
        while (phase is not None and seam.editing(self.state) == phase
               and seat in self.to_act()):
            events += self._apply(seam.lock_action(self.state, seat))
        return events

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may make any of its moves now: False only for a human seat
        waiting for its turns-mode window, which may then only lock as it stands (the
        move ``seam.lock_action`` names)."""
        clock, seam = self.clock, self.match.spec.clock
        return (clock is None or clock.mode != TURNS or self.seats[seat].is_ai
                or seam.editing(self.state) is None or seat in clock.open_seats())

    def _check_window(self, action: Action) -> None:
        """RuleError for a human seat's move outside its turns-mode window, other than
        giving up its window by locking as it stands."""
        if (self.may_act(action.seat)
                or action == self.match.spec.clock.lock_action(self.state, action.seat)):
            return
        raise RuleError(f"seat {action.seat + 1} programs in its own turn; "
                        "until then it may only lock")

    def _sync_clock(self) -> None:
        """Bring the clock up to the match: every seat it waits for that has locked (is
        no longer to act in this phase), or is a bot (a hand-edited save), is reported,
        and a programming phase that has just opened starts a round for the human seats
        in it."""
        clock = self.clock
        if clock is None:
            return
        seam = self.match.spec.clock
        phase = seam.editing(self.state)
        waiting = set(self.to_act()) if phase is not None else set()
        for seat in clock.pending:
            if phase != clock.phase or seat not in waiting or self.seats[seat].is_ai:
                clock.locked(seat)
        if phase is not None and phase != clock.phase:
            clock.start_round([seat for seat in seam.order(self.state)
                               if seat in waiting and not self.seats[seat].is_ai], phase)

    def poll(self, apply: bool = True) -> list[Event]:
        """Collect a finished AI move, and start the next AI seat thinking. With
        ``apply`` false a finished move is kept for later, so the screen can let people
        follow one move before the next lands. A move chosen for a position that has
        since changed is dropped and the seat asked again."""
        if self.save_error is not None and time.monotonic() >= self._retry_at:
            self.save()
        events: list[Event] = []
        if self._job is not None:
            if not self.move_ready:
                self._collect(0.0)
            if not self.move_ready or not apply:
                return events
            if self._failure is not None:
                return self._stand_in(self._job, self._failure)
            job, answer = self._job, self._answer
            self._job = self._answer = None
            if job.moves == len(self.match.actions) and job.seat in self.to_act():
                try:
                    events = self.play(answer)
                except RuleError as exc:
                    return self._stand_in(job, f"it chose an illegal move: {exc}")
        if self._job is None and not self.is_over():
            ai = [s for s in self.to_act()
                  if self.seats[s].is_ai and not self.waits_on_table(s)]
            if ai:
                assert self._bots is not None
                seat = ai[0]
                self._bots.submit(seat, self.view(seat))
                self._job = _Job(seat, len(self.match.actions))
        return events

    def _start_bots(self) -> BotWorker:
        return BotWorker(self.match.game, {
            s: (seat.level, bot_seed(self.match.seed, s))
            for s, seat in enumerate(self.seats) if seat.is_ai})

    def _stand_in(self, job: _Job, reason: str) -> list[Event]:
        """A bot failed on ``job``: the full reason goes to stderr for a bug report,
        a random legal move (drawn from the match seed, so one failure always gives the
        same game) is played
        in its place, and this session's own worker is started afresh."""
        print(f"botyard: the bot in seat {job.seat + 1} failed: {reason}", file=sys.stderr)
        self._job = self._answer = self._failure = None
        if self._own_bots:
            assert self._bots is not None
            self._bots.close()
            self._bots = self._start_bots()
        level = self.seats[job.seat].level
        self._news = (f"The {level} bot in seat {job.seat + 1} failed "
                      f"({reason.strip().splitlines()[-1]}); a random legal move stood in for it.")
        if job.moves != len(self.match.actions) or job.seat not in self.to_act():
            return []
        legal = [a for a in self.rules.legal_actions(self.match.state, job.seat)
                 if not a.chance]
        if not legal:
            return []
        pick = random.Random(bot_seed(self.match.seed, job.seat) * 100_003 + job.moves)
        return self.play(pick.choice(legal))

    def save(self) -> bool:
        """Write the match as its newest save generation; whether it is saved now.
        An OSError never leaves here: it is remembered, told once through
        ``take_news``, and ``poll`` retries every ``RETRY_SECONDS`` (as does the next
        move) until a save succeeds, which is told too."""
        if self.path is None and self._create is None:
            return True
        record = self.match.to_record()
        record["client"] = {"seats": [_seat_record(seat) for seat in self.seats]}
        if self.clock is not None:
            record["client"]["clock"] = self.clock.to_record()
        text = encode(record)
        try:
            if self._create is not None:
                folder, stem = self._create
                self.path = create_exclusive(folder or saves_dir(), stem, text)
                self._create = None
            else:
                assert self.path is not None
                write_generation(self.path, text)
        except OSError as exc:
            if self.save_error is None:
                self._news = (f"The game could not be saved ({exc.strerror or exc}); "
                              f"retrying every {RETRY_SECONDS:g} seconds.")
            self.save_error = exc.strerror or str(exc)
            self._retry_at = time.monotonic() + RETRY_SECONDS
            return False
        if self.save_error is not None:
            self.save_error = None
            self._news = "The game is saved again."
        self._saved_clock = record["client"].get("clock")
        return True

    def take_news(self) -> str | None:
        """A notice for the screen, once: a failed or recovered autosave, or a resume
        from an older generation."""
        news, self._news = self._news, None
        return news

    def close(self) -> None:
        """End the bots; a match whose last autosave failed gets one more try, and so
        does one whose clock ran on since (Continue resumes it as it was left)."""
        if self.save_error is not None or (
                self.clock is not None and self.clock.to_record() != self._saved_clock):
            self.save()
        if self._bots is not None:
            self._bots.close()


def _humans(seats: Sequence[Seat]) -> int:
    return sum(not seat.is_ai for seat in seats)


def _fresh_clock(seam: Any, mode: str) -> WindowClock:
    return WindowClock(mode, seam.BASE_SECONDS, seam.CARRY_CAP)


def _clock_from(raw: Any, match: Match, seats: list[Seat], name: str) -> WindowClock | None:
    """A save's programming clock: None for a game without one; a fresh one in the mode
    for its seats when the save has none (made before clocks); DataError if damaged."""
    seam = match.spec.clock
    if seam is None:
        return None
    record = raw.get("clock") if isinstance(raw, dict) else None
    if record is None:
        return _fresh_clock(seam, default_mode(_humans(seats)))
    return WindowClock.from_record(record, name, "client.clock", match.players)


def _seat_record(seat: Seat) -> dict[str, str]:
    """A seat as its save holds it; an unnamed seat is written as saves always were."""
    record = {"kind": seat.kind, "level": seat.level}
    if seat.name:
        record["name"] = seat.name
    return record


def _seats_from(raw: Any, players: int, name: str) -> list[Seat]:
    """The seats of a save; saves made before names had none and still load."""
    seats_raw = raw.get("seats") if isinstance(raw, dict) else None
    if not isinstance(seats_raw, list) or len(seats_raw) != players:
        raise DataError("the save does not say who sits where", name, None, "client.seats")
    seats = []
    for i, item in enumerate(seats_raw):
        if (not isinstance(item, dict) or item.get("kind") not in (HUMAN, AI)
                or item.get("level") not in LEVELS):
            raise DataError(f"a seat must be human or ai with a level of {', '.join(LEVELS)}",
                            name, None, f"client.seats[{i}]")
        if not valid_name(item.get("name", "")):
            raise DataError(f"a seat's name must be printable text of at most {MAX_NAME} "
                            "characters", name, None, f"client.seats[{i}].name")
        seats.append(Seat(item["kind"], item["level"], item.get("name", "")))
    return seats


def replayed_events(match: Match) -> list[Event]:
    """The events of every move of ``match``, found by replaying its actions on a fresh
    match of the same seed (rules are deterministic, so they are the events it made)."""
    events: list[Event] = []
    if match.actions:
        again = new_match(match.game, match.players, match.variant, match.seed, match.options)
        for action in match.actions:
            events += again.play(action)
    return events


def read_save(path: Path,
              events: list[Event] | None = None) -> tuple[Match, list[Seat], str | None]:
    """The match and seats of the newest generation of ``path`` that loads, and a
    notice when that is an older one; the newest file's DataError if none does.
    ``events``, if given, is filled with the events of that match's moves, in order.
    Starts no bots and writes nothing, so the Load list may call it on any file."""
    match, seats, _, notice = _read_generation(path, events)
    return match, seats, notice


def _read_generation(path: Path, events: list[Event] | None = None
                     ) -> tuple[Match, list[Seat], WindowClock | None, str | None]:
    """``read_save``, with the programming clock of the generation that loads."""
    first: DataError | None = None
    for older, candidate in enumerate(generations(path)):
        if events is not None:
            events.clear()
        try:
            raw = read_record(candidate)
            match = from_record(raw, str(candidate), None if events is None else events.extend)
            seats = _seats_from(raw.get("client"), match.players, str(candidate))
            clock = _clock_from(raw.get("client"), match, seats, str(candidate))
        except DataError as exc:
            first = first or exc
            continue
        notice = (f"The newest save was damaged; resumed from move {len(match.actions)}."
                  if older else None)
        return match, seats, clock, notice
    assert first is not None
    raise first


def saved_games(folder: Path | None = None) -> list[Path]:
    """Every save in the folder (good or damaged), most recently written first; none
    when the folder cannot even be created."""
    try:
        return newest_first(folder or saves_dir())
    except OSError:
        return []


def latest_save(folder: Path | None = None) -> Path | None:
    """The most recently written save that loads, the one Continue resumes."""
    for path in saved_games(folder):
        try:
            read_save(path)
        except DataError:
            continue
        return path
    return None
