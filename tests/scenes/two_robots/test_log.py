"""The Two Robots log box: the whole game in the scrolling log, the same after a
Continue, scrolled by the wheel over it."""

from __future__ import annotations

import random

import pygame

import game.ui.logview as logview
from game.scenes.still import StillBots
from game.scenes.two_robots.match import LOG, MatchScene
from game.session import AI, HUMAN, Seat, Session


def _played(tmp_path, moves: int) -> Session:
    session = Session.new("two_robots", [Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random")],
                          "standard", 7, tmp_path, bots=StillBots())
    rng = random.Random(7)
    for _ in range(moves):
        seat = rng.choice(session.to_act())
        session.play(rng.choice(session.rules.legal_actions(session.state, seat)))
    return session


def _shown(app, session: Session) -> MatchScene:
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    return match


def test_the_whole_log_is_there_again_after_continue(make_app, tmp_path):
    app = make_app()
    session = _played(tmp_path, 80)
    before = list(_shown(app, session).log.entries)
    assert before[0].startswith("Orange"), "from the first move on"
    app.scenes.pop()
    again = Session.load(session.path, bots=StillBots())
    assert _shown(app, again).log.entries == before


def test_the_wheel_over_the_log_scrolls_it_back(make_app, tmp_path, monkeypatch):
    app = make_app()
    match = _shown(app, _played(tmp_path, 80))
    view = match.log
    assert len(view.lines) > view.rows and view.top == view.last_top
    monkeypatch.setattr(logview, "pointer", lambda: (200, 200))
    assert not match.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert view.top == view.last_top
    monkeypatch.setattr(logview, "pointer", lambda: LOG.center)
    assert match.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert view.top == view.last_top - 3 and not view.following

