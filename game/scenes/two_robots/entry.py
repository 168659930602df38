"""Two Robots' client entry (game.scenes.entry.ClientEntry): its match screen, the
words of its new-game options, and the positions ``botyard screenshot`` draws."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from game.rules.two_robots.engine import RULES
from game.rules.two_robots.state import CHOOSE, HOMING, OVER, PLAY, State
from game.scenes.entry import SetupWords
from game.scenes.still import StillBots, advance
from game.scenes.two_robots.match import MatchScene
from game.session import AI, HUMAN, Seat, Session

if TYPE_CHECKING:
    from game.app import App
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
