"""A hot-seat Coal Heart game is saved after every move; quit from the in-game menu, it
comes back through Continue on the title at the very position it was left, behind a
hand-over, and the view drawn afterwards is the deciding player's, with the Gear deck
face down. The in-game menu's Rules opens Coal Heart's own page."""

from __future__ import annotations

import random

import pygame

from game.paths import saves_dir
from game.rules.coal_heart.secrets import HIDDEN
from game.rules.coal_heart.state import TURN
from game.scenes.coal_heart import match as match_module
from game.scenes.coal_heart.match import MatchScene
from game.scenes.handover import HandoverScene
from game.scenes.pause import PauseScene
from game.scenes.rules import RulesScene
from game.scenes.title import TitleScene
from game.session import HUMAN, Seat, Session
from tests.scenes.clicker import click, press
from tests.scenes.coal_heart.clicker import act


def _escape(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()


def test_continue_resumes_the_same_position_behind_a_hand_over(make_app, monkeypatch):
    app = make_app()
    session = Session.new("coal_heart", [Seat(HUMAN), Seat(HUMAN), Seat(HUMAN)],
                          "standard", 8, saves_dir())
    match = MatchScene(app, session)
    app.scenes.push(TitleScene(app))
    app.scenes.push(match)
    rng = random.Random(8)
    while not (session.state.stage == TURN and session.state.round >= 2
               and isinstance(app.scenes.top, MatchScene) and match.options()):
        act(app, rng)
    left_at, actions = session.state, list(session.match.actions)
    due = session.humans_to_act()[0]
    _escape(app)
    assert isinstance(app.scenes.top, PauseScene)
    press(app, "Save and quit to title")
    press(app, "Quit to title")
    assert isinstance(app.scenes.top, TitleScene)

    drawn: list[tuple[int, object]] = []
    real = match_module.draw_board

    def spy(surface, view, viewer, *rest):
        drawn.append((viewer, view))
        return real(surface, view, viewer, *rest)

    monkeypatch.setattr(match_module, "draw_board", spy)
    press(app, "Continue")
    resumed = next(s for s in app.scenes.scenes if isinstance(s, MatchScene))
    assert resumed is not match and resumed.session.match.actions == actions
    assert resumed.session.state == left_at, "the very position that was left"
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == due
    app.frame()
    assert drawn == [], "nothing is drawn before its player takes the screen"
    click(app, (960, 540))
    assert drawn and {viewer for viewer, _ in drawn} == {due}
    for _, view in drawn:
        assert view.deck == [HIDDEN] * len(left_at.deck), "the Gear deck stays face down"
        assert view.rng is None


def test_the_in_game_menu_opens_the_coal_heart_rules_page(make_app, tmp_path):
    app = make_app()
    session = Session.new("coal_heart", [Seat(HUMAN), Seat(HUMAN), Seat(HUMAN)], "standard",
                          2, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    click(app, (960, 540))  # the first hand-over
    _escape(app)
    menu = app.scenes.top
    press(app, "Rules")
    page = app.scenes.top
    assert isinstance(page, RulesScene) and page.spec.id == "coal_heart"
    press(app, "Back")
    assert app.scenes.top is menu
    press(app, "Resume")
    assert app.scenes.top is match
