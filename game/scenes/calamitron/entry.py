"""Calamitron's client entry (game.scenes.entry.ClientEntry): the words of its new-game
options, its match screen and the positions ``botyard screenshot`` draws. Positions are
reached by seeded random legal moves of two seats (the AI seat never started), seat 0
being the human at the screen; the bench position plays back a round of four seats."""

from __future__ import annotations

import copy
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules.calamitron import engine, program
from game.rules.calamitron.actions import Lock
from game.rules.calamitron.state import OVER, PROGRAM, RUN, State
from game.scenes.calamitron.match import MatchScene
from game.scenes.calamitron.preview import preview
from game.scenes.entry import PositionLost, SetupWords
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Event
    from game.scenes.base import Scene

GAME = "calamitron"
SETUP = SetupWords(
    labels={"boss": "Bossbot and Minionbot", "crates": "Crates"},
    values={"variant": {"standard": "Deadly Spiral"},
            "boss": {"off": "left out", "on": "in play"},
            "crates": {"on": "on the board", "off": "left out"}})
TRIES = 40
"""Games dealt at most to reach a screenshot's position."""


def match_scene(app: App, session: Session) -> Scene:
    return MatchScene(app, session)


def _programming(state: State) -> bool:
    """Seat 0 still programming in round 2 or later, its program three counters or
    more, every other seat locked."""
    return (state.phase == PROGRAM and state.round >= 2 and not state.lost[0]
            and not state.locked[0] and len(state.programs[0]) >= 3
            and all(state.locked[1:]))


def _pits_on_lock(state: State) -> bool:
    """Locking seat 0's program now runs a round in which a bot falls into a pit (tried
    on a copy of the match)."""
    if not _programming(state):
        return False
    trial = copy.deepcopy(state, {id(state.cat): state.cat})
    return any(e.kind == "removed" and e.why == "pit"  # type: ignore[attr-defined]
               for e in engine.apply(trial, Lock(0)))


def _path_shown(state: State) -> bool:
    """Seat 0 programming, its preview path three squares long or more."""
    if not _programming(state):
        return False
    path = preview(engine.view(state, 0), 0)
    return path is not None and len(path.points) >= 3


WANTED: dict[str, Callable[[State], bool]] = {
    "program": _path_shown,
    "playback": _pits_on_lock,
    "choose": lambda s: s.phase == RUN and s.ask is not None and s.ask[1] == 0 and (
        s.ask[0] == "shove" or (s.ask[0] == "program" and len(program.choices(s)) > 1)),
    "end": lambda s: s.phase == OVER,
}
"""What each screenshot shows."""


def screenshot(app: App, name: str, seed: int) -> Scene:
    """``playback`` locks seat 0's program and stops the playback as a bot tumbles into
    a pit; the others show the position as reached."""
    wanted = WANTED[name]
    for tries in range(TRIES):
        session = _session(seed + tries)
        if _reach(session, wanted, seed + tries):
            break
    else:
        raise RuntimeError(f"no game from seed {seed} reached the {name} position")
    match = MatchScene(app, session)
    app.scenes.push(match)
    match.refresh()
    if name == "playback":
        match.play(Lock(0))
        for _ in range(4000):
            match.play_back(1 / 60)
            step = match.playback.step
            if (step is not None and step.event.kind == "removed"
                    and step.event.why == "pit" and step.progress > 0.1):  # type: ignore[attr-defined]
                break
        match.refresh()
    return app.scenes.top or match


def _reach(session: Session, wanted: Callable[[State], bool], seed: int) -> bool:
    """Seeded random legal moves until ``wanted`` (edits lean towards placing counters,
    and the AI seat programs first); False if the game ends first."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if wanted(session.state):
            return True
        if session.is_over():
            return False
        seats = session.to_act()
        seat = seats[-1] if session.state.phase == PROGRAM else seats[0]
        options = session.rules.legal_actions(session.state, seat)
        puts = [a for a in options if a.kind == "put"]
        if puts and (seat == 1 or len(session.state.programs[seat]) < 4):
            options = puts if rng.random() < 0.8 else options
        session.play(options[rng.randrange(len(options))])
    return False


def _session(seed: int, seats: int = 2) -> Session:
    chairs = [Seat(HUMAN)] + [Seat(AI, "random") for _ in range(seats - 1)]
    return Session.new(GAME, chairs, "standard", seed, Path(tempfile.mkdtemp()),
                       bots=StillBots())


BENCH_SEATS = 4


@dataclass
class PlaybackBench:
    """A 4-seat round played back step by step, started again whenever it ends."""

    app: App
    match: MatchScene
    before: State
    shown: int
    events: list[Event]
    decision: tuple[int, Any]

    def animate(self) -> None:
        if not self.match.playback.active:
            self.match.playback.begin(self.before, self.shown)
            self.match.playback.add(self.events)

    def describe(self) -> str:
        """What is on screen, checked to be the playback of the round."""
        top = self.app.scenes.top
        if top is not self.match or not self.match.playback.active:
            raise PositionLost(f"expected the round's playback, but {type(top).__name__} is "
                               "on top" + ("" if top is not self.match else " and idle"))
        return (f"{type(top).__name__} playing back round {self.before.round} "
                f"({len(self.events)} events, {self.before.n} seats)")


def bench_position(app: App, seed: int) -> PlaybackBench:
    """Seeded random moves of four seats (the AI seats never started) until seat 0 is
    the last to lock; its Lock runs the round, which the bench plays back."""
    for tries in range(TRIES):
        session = _session(seed + tries, BENCH_SEATS)
        if _reach(session, _pits_on_lock, seed + tries):
            break
    else:
        raise PositionLost(f"no game from seed {seed} reached the bench's round")
    match = MatchScene(app, session)
    app.scenes.push(match)
    match.refresh()
    before, shown = match.current_view(), len(session.history_for(0))
    match.play(Lock(0))
    events = list(session.history_for(0)[shown:])
    return PlaybackBench(app, match, before, shown, events, (0, session.view(0)))
