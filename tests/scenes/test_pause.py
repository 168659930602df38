"""Escape on a match screen opens the in-game menu (Resume, Rules, Settings, Save and
quit to title) instead of leaving; the match stands still under it, and quitting asks
first. The same menu serves every registered game."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins import engine as GoblinsRules
from game.scenes.goblins.match import MatchScene as GoblinsMatch
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.handover import HandoverScene
from game.scenes.pause import SAVED_QUESTION, PauseScene, QuitScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.scenes.two_robots.match import MatchScene as TwoRobotsMatch
from game.session import AI, HUMAN, Seat, Session, latest_save
from game.ui.animation import Animation
from tests.scenes.clicker import click, press

ESCAPE = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")


class Clock(Animation):
    """A decorative animation that only counts the time it was given (it does not
    hold the bot's moves back, as informative ones do)."""

    blocking = False

    def __init__(self) -> None:
        self.played = 0.0

    def update(self, dt: float) -> bool:
        self.played += dt
        return True


def escape(app) -> None:
    pygame.event.post(ESCAPE)
    app.frame()


class HeldBot:
    """A bot host whose answer (the first legal move) is ready only once released, so
    a test knows exactly when a bot's move is waiting to be applied."""

    def __init__(self) -> None:
        self.released = False
        self.asked: tuple[int, object] | None = None

    def submit(self, seat: int, view: object) -> None:
        self.asked = (seat, view)

    def collect(self, wait: float = 0.0):
        if not self.released or self.asked is None:
            return None
        seat, view = self.asked
        self.asked = None
        return GoblinsRules.legal_actions(view, seat)[0]

    def close(self) -> None:
        """Nothing runs."""


def _match(make_app, game: str, match_type, seats: list[Seat], bots=None):
    app = make_app()
    app.scenes.push(TitleScene(app))
    session = Session.new(game, seats, "standard", 11, bots=bots)
    match = match_type(app, session)
    app.scenes.push(match)
    app.frame()
    if isinstance(app.scenes.top, HandoverScene):
        click(app, (960, 540))
    if isinstance(app.scenes.top, TeamUpScene):
        press(app, "Start building")
    assert app.scenes.top is match
    return app, session, match


@pytest.fixture
def goblins(make_app):
    """Orange (human) against a bot held back until the test releases it, in the
    first build stage."""
    bots = HeldBot()
    app, session, match = _match(make_app, "goblins", GoblinsMatch,
                                 [Seat(HUMAN), Seat(AI, "normal")], bots)
    return app, session, match, bots


def test_escape_opens_the_menu_and_the_match_stands_still_under_it(goblins):
    app, session, match, bots = goblins
    assert session.thinking and 1 in session.to_act(), "the bot was asked for a move"
    clock = Clock()
    match.animator.add(clock)
    escape(app)
    bots.released = True
    menu = app.scenes.top
    assert isinstance(menu, PauseScene) and app.scenes.scenes[-2] is match
    assert [w.label for w in menu.widgets] == ["Resume", "Rules", "Settings",
                                               "Save and quit to title"]
    assert session.wait_for_move(30), "the bot's move is ready..."
    moves, played = len(session.match.actions), clock.played
    for _ in range(240):
        app.step()
    assert len(session.match.actions) == moves, "...but it is not applied under the menu"
    assert clock.played == played, "no animation runs on under the menu"
    click_outside = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(200, 300), button=1)
    pygame.event.post(click_outside)
    app.frame()
    assert app.scenes.top is menu, "a click beside the menu does not reach the match"

    escape(app)
    assert app.scenes.top is match, "Escape in the menu resumes"
    for _ in range(120):
        app.step()
    assert len(session.match.actions) > moves and clock.played > played


def test_resume_rules_and_settings_come_back_to_the_menu(goblins):
    app, _session, match, _bots = goblins
    escape(app)
    menu = app.scenes.top
    press(app, "Rules")
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.spec.id == "goblins"
    press(app, "Back")
    assert app.scenes.top is menu
    press(app, "Settings")
    assert isinstance(app.scenes.top, SettingsScene)
    press(app, "Done")
    assert app.scenes.top is menu
    press(app, "Resume")
    assert app.scenes.top is match


def test_quitting_asks_first_and_cancel_keeps_the_game(goblins):
    app, session, _match, _bots = goblins
    escape(app)
    menu = app.scenes.top
    press(app, "Save and quit to title")
    question = app.scenes.top
    assert isinstance(question, QuitScene) and question.question == SAVED_QUESTION
    press(app, "Cancel")
    assert app.scenes.top is menu
    press(app, "Save and quit to title")
    escape(app)
    assert app.scenes.top is menu, "Escape in the question is Cancel"
    press(app, "Save and quit to title")
    press(app, "Quit to title")
    assert isinstance(app.scenes.top, TitleScene)
    assert app.notice == "The game is saved; Continue on the title screen resumes it."
    assert latest_save() == session.path
    assert Session.load(session.path).match.actions == session.match.actions


def test_two_robots_opens_the_same_menu(make_app):
    app, session, match = _match(make_app, "two_robots", TwoRobotsMatch,
                                 [Seat(HUMAN), Seat(HUMAN)])
    clock = Clock()
    match.animator.add(clock)
    app.frame()
    escape(app)
    menu = app.scenes.top
    assert isinstance(menu, PauseScene) and menu.subtitle == "Two Robots"
    played = clock.played
    for _ in range(60):
        app.step()
    assert clock.played == played
    press(app, "Rules")
    assert app.scenes.top.spec.id == "two_robots"
    press(app, "Back")
    press(app, "Save and quit to title")
    press(app, "Quit to title")
    assert isinstance(app.scenes.top, TitleScene)
    assert Session.load(session.path).match.actions == session.match.actions
