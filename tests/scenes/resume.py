"""The walk every game's resume test takes: quit a hot-seat match from the in-game menu,
Continue from the title, and check it comes back at the very position behind the
deciding player's hand-over with nothing drawn before they take the screen; and the
in-game menu's Rules page. Each game's test then checks what its views hide."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pygame

from game.app import App
from game.scenes.handover import HandoverScene
from game.scenes.pause import PauseScene
from game.scenes.rules import RulesScene
from game.scenes.title import TitleScene
from tests.scenes.clicker import click, press


def escape(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()


def quit_and_continue(app: App, match: Any, module: ModuleType,
                      monkeypatch: Any) -> tuple[int, list[Any]]:
    """Leave ``match`` (a scene of ``module``, whose ``draw_board(surface, view, viewer,
    ...)`` draws it) through the menu and Continue; the seat due and every view drawn
    once it took the screen."""
    session = match.session
    left_at, actions = session.state, list(session.match.actions)
    due = session.humans_to_act()[0]
    escape(app)
    assert isinstance(app.scenes.top, PauseScene)
    press(app, "Save and quit to title")
    press(app, "Quit to title")
    assert isinstance(app.scenes.top, TitleScene)

    drawn: list[tuple[int, Any]] = []
    real = module.draw_board

    def spy(surface, view, viewer, *rest):
        drawn.append((viewer, view))
        return real(surface, view, viewer, *rest)

    monkeypatch.setattr(module, "draw_board", spy)
    press(app, "Continue")
    resumed = next(s for s in app.scenes.scenes if isinstance(s, type(match)))
    assert resumed is not match and resumed.session.path == session.path
    assert resumed.session.match.actions == actions
    assert resumed.session.state == left_at, "the very position that was left"
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == due
    app.frame()
    assert drawn == [], "nothing is drawn before its player takes the screen"
    click(app, (960, 540))
    assert drawn and {viewer for viewer, _ in drawn} == {due}
    return due, [view for _, view in drawn]


def rules_from_the_menu(app: App, match: Any, game: str) -> None:
    """The in-game menu's Rules opens ``game``'s own page, and Back and Resume return."""
    app.scenes.push(match)
    click(app, (960, 540))  # the first hand-over
    escape(app)
    menu = app.scenes.top
    press(app, "Rules")
    page = app.scenes.top
    assert isinstance(page, RulesScene) and page.spec.id == game
    press(app, "Back")
    assert app.scenes.top is menu
    press(app, "Resume")
    assert app.scenes.top is match
