"""A whole 4-seat game played through the client with posted clicks: one human seat
and three AI seats, from the title screen to the final standings."""

from __future__ import annotations

import json
from collections import Counter

import pygame
import pytest

from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import FinalScene
from game.scenes.title import TitleScene
from tests.scenes.clicker import act, press


@pytest.fixture
def app(make_app):
    application = make_app()
    application.scenes.push(TitleScene(application))
    application.frame()
    return application


def _opaque(canvas: pygame.Surface) -> bool:
    """Every pixel painted, and opaque: the window ignores canvas alpha but screenshots
    keep it, and a full-screen scene that leaves gaps shows the last frame there."""
    return pygame.mask.from_surface(canvas, 254).count() == canvas.get_width() * canvas.get_height()


def test_title_to_final_standings_with_clicks(app, tmp_path):
    press(app, "New game")
    press(app, "Start")
    match = app.scenes.scenes[-2]
    assert isinstance(match, MatchScene)
    assert [seat.kind for seat in match.session.seats] == ["human", "ai", "ai", "ai"]
    done = Counter()
    screens = set()
    for _ in range(20_000):
        top = app.scenes.top
        screen = type(getattr(top, "panel", None) or top).__name__
        if screen not in screens:
            screens.add(screen)
            app.screen.fill((0, 0, 0, 0))
            app.frame()
            assert _opaque(app.screen), f"see-through pixels on the canvas at {screen}"
        what = act(app)
        done[what] += 1
        if what == "final":
            break
    else:
        pytest.fail(f"the game did not finish: {dict(done)}")
    assert isinstance(app.scenes.top, FinalScene)
    session = match.session
    assert session.is_over()
    assert done["PlannerPanel"] >= 4 and done["BuilderPanel"] >= 4
    assert done["AgendaPanel"] == 2 and done["DialsPanel"] >= 2 and done["score"] == 2
    assert done["teamup"] == 2
    assert {"TeamUpScene", "ScoreScene", "FinalScene", "DialsPanel"} <= screens
    saved = json.loads(session.path.read_text())
    assert len(saved["actions"]) == len(session.match.actions)
    assert saved["client"]["seats"][0] == {"kind": "human", "level": "normal"}
    press(app, "Title screen")
    assert isinstance(app.scenes.top, TitleScene)
