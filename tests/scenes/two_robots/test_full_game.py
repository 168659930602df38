"""A whole 3-seat Two Robots game played through the client with posted clicks: one
human seat and two random AI seats, from the title screen to the end."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.scenes.title import TitleScene
from game.scenes.two_robots.match import MatchScene
from tests.scenes.clicker import click, press
from tests.scenes.two_robots.clicker import act
from tests.scenes.two_robots.clicker import press as press_on


def test_title_to_the_end_with_clicks(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    app.frame()
    title = app.scenes.top
    click(app, title.game_buttons["two_robots"].rect.center)
    press(app, "New game")
    setup = app.scenes.top
    click(app, setup.players.arrows[0].center)          # 4 players -> 3
    for seat in setup.seats[1:3]:
        while seat.value != ("ai", "random"):
            click(app, seat.arrows[0].center)
    setup.seed_field.text = "3"  # a fixed deal: the run is the same every time
    press(app, "Start")
    match = app.scenes.top
    assert isinstance(match, MatchScene)
    assert [(s.kind, s.level) for s in match.session.seats][1:] == [("ai", "random")] * 2
    done = Counter()
    for _ in range(3_000):
        what = act(app)
        done[what] += 1
        if what == "final":
            break
    else:
        pytest.fail(f"the game did not finish: {dict(done)}")
    session = match.session
    assert session.is_over()
    assert done["part"] >= 3 and done["end play"] >= 3
    assert "handover" not in done, "one human never sees a hand-over screen"
    saved = json.loads(session.path.read_text())
    assert len(saved["actions"]) == len(session.match.actions)
    assert any(a.seat == 0 for a in session.match.actions)
    assert match.heading.startswith("Game over")
    press_on(app, match, "Title screen")
    assert isinstance(app.scenes.top, TitleScene)
