"""Blastbots' client entry (game.scenes.entry.ClientEntry): its match screen, the words
of its new-game options, the positions ``botyard screenshot`` draws and the one
``botyard bench render`` times. Positions are reached by seeded random legal moves of
four seats, seat 0 being the human whose view is drawn."""

from __future__ import annotations

import random
import tempfile
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules.blastbots.actions import Defend, Place, Play
from game.rules.blastbots.board import ATMOSPHERE, SPACE
from game.rules.blastbots.engine import RULES
from game.rules.blastbots.events import Rockets
from game.rules.blastbots.state import ACT, OVER, PLACE, State
from game.scenes.blastbots.effects import RocketFlight
from game.scenes.blastbots.match import MatchScene
from game.scenes.blastbots.prompt import Picks
from game.scenes.blastbots.words import who
from game.scenes.entry import PositionLost, SetupWords
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Event
    from game.scenes.base import Scene

GAME = "blastbots"
SEATS = 4
SETUP = SetupWords(
    labels={"dice": "Dice"},
    values={"variant": {"standard": "Standard"},
            "dice": {"rules": "rolled on screen", "table": "rolled at the table"}})


def match_scene(app: App, session: Session) -> Scene:
    return MatchScene(app, session)


def _top(state: State) -> tuple[Any, ...]:
    return state.stack[-1] if state.stack else ()


def _busy(state: State) -> bool:
    """Seat 0's Stage 3 well into the game, with rockets and cards about."""
    return (state.phase == ACT and _top(state) == ("act", 0) and state.turns >= 9
            and sum(state.space) + sum(map(sum, state.junk)) >= 6
            and len(state.hands[0]) >= 5)


def _can_attack(state: State) -> bool:
    return _busy(state) and any(
        isinstance(a, Play) and state.cat.cards[a.card].id in ("mech", "kaboomer")
        for a in RULES.legal_actions(state, 0))


def _launching(state: State) -> bool:
    """Seat 0 about to roll dice that launch rockets (tried on a copy of the game)."""
    if _top(state)[:2] != ("roll", 0) or state.turns < 4:
        return False
    trial = state.clone()
    return any(isinstance(e, Rockets) and e.dest in (ATMOSPHERE, SPACE)
               for e in RULES.apply(trial, RULES.legal_actions(trial, 0)[0]))


WANTED: dict[str, Callable[[State], bool]] = {
    "grid": _busy,
    "dice": _launching,
    "launch": _launching,
    "attack": _can_attack,
    "defence": lambda s: _top(s)[:2] == ("defend", 0) and any(
        isinstance(a, Defend) for a in RULES.legal_actions(s, 0)),
    "pick": lambda s: _top(s)[:2] == ("pick", 0) and len(s.hands[_top(s)[2]]) >= 5,
    "place": lambda s: s.phase == PLACE and _top(s) == ("place", 0, 0),
    "impact": lambda s: s.phase == OVER and s.victory == "impact",
}
"""What each screenshot shows, seat 0 deciding (or the game over)."""


def screenshot(app: App, name: str, seed: int) -> Scene:
    """Seat 0 is the human whose view is drawn, against three AI seats (never started);
    seeded random moves of every seat reach the position (a game that ends first is
    dealt again from the next seed). ``attack`` has a Battle card picked with its
    targets lit; ``place`` has the first token put down; ``dice`` has seat 0's dice tumbling
and ``launch`` the rockets that roll launches in flight."""
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
    if name == "attack":
        card = next(a.card for a in match.options() if isinstance(a, Play)
                    and session.state.cat.cards[a.card].id in ("mech", "kaboomer"))
        match.choose(Picks(card=card))
    elif name == "place":
        first = next(a for a in match.options() if isinstance(a, Place))
        match.choose(Picks(chosen=first.spots[:1]))
    elif name in ("dice", "launch"):
        app.draw()  # where things are drawn, for what flies from them
        match.play(match.options()[0])
        for _ in range(18):  # the dice in the air
            match.animator.update(1 / 60)
        while name == "launch" and not any(isinstance(a, RocketFlight) and a.flame
                                           and a.progress > 0.4
                                           for a in match.animator.running):
            match.animator.update(1 / 60)  # the dice settle; the rockets lift off
    return app.scenes.top or match


TRIES = 40
"""Games dealt at most to reach a screenshot's position."""


def _reach(session: Session, wanted: Callable[[State], bool], seed: int) -> bool:
    """Play seeded random legal moves until ``wanted``; False if the game ends first."""
    rng = random.Random(seed)
    while not wanted(session.state):
        if session.is_over():
            return False
        seat = session.to_act()[0]
        options = session.rules.legal_actions(session.state, seat)
        session.play(options[rng.randrange(len(options))])
    return True


def _session(seed: int) -> Session:
    seats = [Seat(HUMAN)] + [Seat(AI, "random") for _ in range(SEATS - 1)]
    return Session.new(GAME, seats, "standard", seed, Path(tempfile.mkdtemp()),
                       bots=StillBots())


BURST = 8
"""Events of the last moves replayed by the bench (a roll, draws, rockets)."""
MOVING = frozenset({"rolled", "drew", "rockets", "totem_moved"})


@dataclass
class GridBench:
    """A 4-seat match on seat 0's busy Stage 3; the dice tumble, cards fly and rockets
    launch again whenever the animations end."""

    app: App
    match: MatchScene
    burst: list[Event]
    decision: tuple[int, Any]

    def animate(self) -> None:
        if not self.match.animator.busy:
            self.match.totems = [t + 1 if t < 10 else t for t in self.match.state.totem]
            self.match.absorb(self.burst)

    def describe(self) -> str:
        """What is on screen, checked to be seat 0's Stage 3 (a hand-over or another
        seat's turn would otherwise be timed instead)."""
        top = self.app.scenes.top
        state = self.match.state
        if top is not self.match or _top(state) != ("act", 0):
            raise PositionLost(f"expected {who(0)}'s Stage 3 on top, but "
                               f"{type(top).__name__} is on top ({state.phase}, deciding: "
                               f"{_top(state)[:2]})")
        return (f"{type(top).__name__} in {who(0)}'s Stage 3 (turn {state.turns}, "
                f"{len(state.hands[0])} cards in hand, {sum(state.space)} rockets in Space)")


def bench_position(app: App, seed: int) -> GridBench:
    """Seeded random moves of all four seats (the AI seats never started) until seat
    0's Stage 3 is busy, the last moves having rolled, drawn and moved rockets."""
    session = Session.new(GAME, [Seat(HUMAN)] + [Seat(AI, "random")] * (SEATS - 1),
                          "standard", seed, Path(tempfile.mkdtemp(prefix="botyard-bench-")),
                          bots=StillBots())
    match = MatchScene(app, session)
    app.scenes.push(match)
    rng = random.Random(seed)
    recent: deque[Event] = deque(maxlen=BURST)
    while not (_busy(session.state) and any(e.kind == "rolled" for e in recent)):
        if session.is_over():
            raise PositionLost("the bench's game ended before its position came up")
        seat = session.to_act()[0]
        options = session.rules.legal_actions(session.state, seat)
        recent.extend(e for e in session.play(options[rng.randrange(len(options))])
                      if e.kind in MOVING)
    match.refresh()
    return GridBench(app, match, list(recent), (0, session.view(0)))

