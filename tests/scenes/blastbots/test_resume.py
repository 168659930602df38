"""A hot-seat Blastbots game is saved after every move; quit from the in-game menu, it
comes back through Continue on the title at the very position it was left, behind a
hand-over, and the hand shown afterwards is the deciding player's alone. The in-game
menu's Rules opens Blastbots' own page in the shared rules screen."""

from __future__ import annotations

import random

import pygame

from game.paths import saves_dir
from game.rules.blastbots.state import ACT
from game.scenes.blastbots import match as match_module
from game.scenes.blastbots.match import MatchScene
from game.scenes.handover import HandoverScene
from game.scenes.pause import PauseScene
from game.scenes.rules import RulesScene
from game.scenes.title import TitleScene
from game.session import HUMAN, Seat, Session
from tests.scenes.blastbots.clicker import act
from tests.scenes.clicker import click, press


def _escape(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()


def _hot_seat(make_app, tmp_path) -> tuple[object, MatchScene]:
    """Two people at one screen, a few turns into the game by clicks."""
    app = make_app()
    session = Session.new("blastbots", [Seat(HUMAN), Seat(HUMAN)], "standard", 8, saves_dir())
    match = MatchScene(app, session)
    app.scenes.push(TitleScene(app))
    app.scenes.push(match)
    rng = random.Random(8)
    while not (session.state.phase == ACT and session.state.turns >= 2
               and isinstance(app.scenes.top, MatchScene) and match.options()):
        act(app, rng)
    return app, match


def test_continue_resumes_the_same_position_behind_a_hand_over(make_app, tmp_path,
                                                               monkeypatch):
    app, match = _hot_seat(make_app, tmp_path)
    session = match.session
    left_at = session.state
    actions = list(session.match.actions)
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
    assert resumed is not match and resumed.session.path == session.path
    assert resumed.session.match.actions == actions
    assert resumed.session.state == left_at, "the very position that was left"
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == due
    app.frame()
    assert drawn == [], "no hand is on screen before its player takes the screen"
    click(app, (960, 540))
    assert drawn and {viewer for viewer, _ in drawn} == {due}
    for _, view in drawn:
        assert view.hands[due] == left_at.hands[due], "the player sees their own hand"
        other = 1 - due
        assert len(view.hands[other]) == len(left_at.hands[other])
        assert all(c < 0 for c in view.hands[other]), "the other hand shows backs only"
        assert all(c < 0 for deck in view.decks for c in deck), "deck order stays hidden"


def test_the_in_game_menu_opens_the_blastbots_rules_page(make_app, tmp_path):
    app = make_app()
    session = Session.new("blastbots", [Seat(HUMAN), Seat(HUMAN)], "standard", 2, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    click(app, (960, 540))  # the first hand-over
    _escape(app)
    menu = app.scenes.top
    press(app, "Rules")
    page = app.scenes.top
    assert isinstance(page, RulesScene) and page.spec.id == "blastbots"
    press(app, "Back")
    assert app.scenes.top is menu
    press(app, "Resume")
    assert app.scenes.top is match
