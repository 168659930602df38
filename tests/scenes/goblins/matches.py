"""A Goblins match screen brought to a wanted phase by seeded random moves, seat 0 the
human whose view is drawn and three AI seats that never think (the test moves them)."""

from __future__ import annotations

from collections.abc import Callable

from game.app import App
from game.rules.goblins.state import State
from game.scenes.goblins.match import MatchScene
from game.scenes.still import StillBots, advance
from game.session import AI, HUMAN, Seat, Session


def match_at(app: App, tmp_path, until: Callable[[State, Session], bool],
             seed: int = 1) -> MatchScene:
    """The match on top of ``app`` once ``until(state, session)`` holds."""
    seats = [Seat(HUMAN)] + [Seat(AI, "normal") for _ in range(3)]
    session = Session.new("goblins", seats, "standard", seed, tmp_path, bots=StillBots())
    match = MatchScene(app, session)
    match.teamed_up = {(r, 0) for r in range(1, session.state.rounds + 1)}
    app.scenes.push(match)
    state = session.state
    advance(session, lambda: until(state, session), seed,
            lambda action: match.absorb(session.play(action)))
    match.animator.skip()
    while app.scenes.top is not match:
        app.scenes.pop()
    match.waiting_scenes.clear()
    return match


def rebuild_panel(match: MatchScene) -> None:
    """Make the panel again from the (changed) state, as a new decision would."""
    match.panel_key = ()
    match._view = None
    match.refresh()
