"""Two Robots' client entry (game.scenes.entry.ClientEntry): its match screen, the
words of its new-game options, the positions ``botyard screenshot`` draws and the one
``botyard bench render`` times."""

from __future__ import annotations

import random
import tempfile
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules.two_robots.engine import RULES
from game.rules.two_robots.state import CHOOSE, HOMING, OVER, PLAY, State
from game.scenes.entry import PositionLost, SetupWords
from game.scenes.still import StillBots, advance
from game.scenes.two_robots.effects import Wreck
from game.scenes.two_robots.match import MatchScene
from game.session import AI, HUMAN, Seat, Session

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Event
    from game.scenes.base import Scene

GAME = "two_robots"
SETUP = SetupWords(
    labels={"salvagers": "Salvagers"},
    values={"variant": {"standard": "Standard"},
            "salvagers": {"fixed": "first in turn order", "random": "dealt at random"}})


def match_scene(app: App, session: Session) -> Scene:
    return MatchScene(app, session)


def _wanted(name: str, state: State) -> bool:
    """Whether ``state`` is the position screenshot ``name`` shows, seat 0 deciding."""
    if name == "play":
        return (state.step == PLAY and state.active == 0 and state.plays >= 2
                and sum(len(p.stacks) for p in state.players) >= 6)
    if name == "attack":
        return (state.step == HOMING and state.window is not None
                and state.window.current == 0
                and any(a.kind == "answer" for a in RULES.legal_actions(state, 0)))
    if name == "event":
        return state.step == CHOOSE and state.active == 0
    return state.step == OVER


def screenshot(app: App, name: str, seed: int) -> Scene:
    """Seat 0 is the human whose view is drawn, against two AI seats (never started);
    seeded random moves for every seat reach the position."""
    seats = [Seat(HUMAN)] + [Seat(AI, "random") for _ in range(2)]
    session = Session.new(GAME, seats, "standard", seed, Path(tempfile.mkdtemp()),
                          bots=StillBots())
    match = MatchScene(app, session)
    app.scenes.push(match)

    def play(action: object) -> None:
        match.absorb(session.play(action))  # type: ignore[arg-type]

    advance(session, lambda: _wanted(name, session.state), seed, play)
    match.animator.skip()
    match.refresh()
    return app.scenes.top or match


FLYING = frozenset({"built", "card_played", "answered"})
"""Events the match screen animates as a card flying."""
BURST = 6
"""Card flights in the bench's burst, replayed whenever the animations end."""


@dataclass
class PlayBench:
    """A 3-seat match on Orange's busy Play Phase; the cards of the last moves fly
    again, and two Parts on the board break apart, whenever the animations end."""

    app: App
    match: MatchScene
    burst: list[Event]
    decision: tuple[int, Any]

    def animate(self) -> None:
        match = self.match
        if match.animator.busy:
            return
        match.absorb(self.burst)
        for k, rect in enumerate(list(match.spots.parts.values())[:2]):
            match.animator.add(Wreck(rect, k))

    def describe(self) -> str:
        """What is on screen, checked to be Orange's Play Phase (a hand-over or another
        seat's turn would otherwise be timed instead)."""
        top = self.app.scenes.top
        state = self.match.state
        if top is not self.match or state.step != PLAY or state.active != 0:
            raise PositionLost(f"expected Orange's Play Phase on top, but "
                               f"{type(top).__name__} is on top (step {state.step}, "
                               f"seat {state.active} active)")
        stacks = sum(len(p.stacks) for p in state.players)
        return (f"{type(top).__name__} in Orange's Play Phase (turn "
                f"{state.players[0].turns}, {len(state.players[0].hand)} cards in hand, "
                f"{stacks} Stacks on the table)")


def bench_position(app: App, seed: int) -> PlayBench:
    """Seeded random moves of all three seats (the AI seats never started) until
    Orange's Play Phase is busy, the last moves having flown at least ``BURST`` cards;
    Orange's decision there is the one a thinking bot is asked about."""
    seats = [Seat(HUMAN)] + [Seat(AI, "random") for _ in range(2)]
    session = Session.new(GAME, seats, "standard", seed,
                          Path(tempfile.mkdtemp(prefix="botyard-bench-")), bots=StillBots())
    match = MatchScene(app, session)
    app.scenes.push(match)
    rng = random.Random(seed)
    recent: deque[Event] = deque(maxlen=BURST)
    while not (_wanted("play", session.state) and len(recent) == BURST
               and len(session.state.players[0].hand) >= 5):
        seats_due = session.to_act()
        seat = seats_due[rng.randrange(len(seats_due))]
        options = session.rules.legal_actions(session.state, seat)
        recent.extend(e for e in session.play(options[rng.randrange(len(options))])
                      if e.kind in FLYING)
    match.refresh()
    return PlayBench(app, match, list(recent), (0, session.view(0)))
