"""A whole 4-seat Coal Heart game played through the client with posted clicks: one
human seat clicking what the screen lights up and three AI seats in the session's bot
worker (whatever level the registry gives them today), from the title screen to the
win. Nothing is set behind the screen's back: the setup is clicked and the seed typed."""

from __future__ import annotations

import json
import random
from collections import Counter

import pygame
import pytest

from game.scenes.coal_heart.match import MatchScene
from game.scenes.title import TitleScene
from tests.scenes.clicker import click, press
from tests.scenes.coal_heart.clicker import act


def _type_seed(app, setup, digit: str) -> None:
    click(app, setup.seed_field.rect.center)
    key = getattr(pygame, f"K_{digit}")
    for k in (pygame.K_BACKSPACE,) * len(setup.seed_field.text) + (key,):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0,
                                             unicode=digit if k == key else ""))
    app.frame()
    assert setup.seed_field.text == digit


def test_title_to_the_win_with_clicks(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    app.frame()
    title = app.scenes.top
    assert title.game_buttons["coal_heart"].enabled, "Coal Heart can be picked"
    click(app, title.game_buttons["coal_heart"].rect.center)
    press(app, "New game")
    setup = app.scenes.top
    while setup.players.value != 4:
        click(app, setup.players.arrows[1].center)
    for seat in setup.seats[1:4]:
        while seat.value != ("ai", "random"):  # the same seated play whatever AI is built
            click(app, seat.arrows[0].center)
    _type_seed(app, setup, "5")
    press(app, "Start")
    match = app.scenes.top
    assert isinstance(match, MatchScene)
    session = match.session
    assert [(s.kind, s.level) for s in session.seats][1:] == [("ai", "random")] * 3
    assert session.seats[0].kind == "human"
    rng = random.Random(5)
    done = Counter()
    for _ in range(20_000):
        what = act(app, rng)
        done[what] += 1
        if what == "final":
            break
    else:
        pytest.fail(f"the game did not finish: {dict(done)}")
    assert session.is_over() and session.state.winners
    assert "handover" not in done, "one human never sees a hand-over screen"
    human = Counter(a.kind for a in session.match.actions if a.seat == 0)
    assert human["pick_robot"] == 1 and human["select"] >= 2
    assert human["take"] >= 1 and human["take_gear"] >= 1, human
    assert done["table:hex"] >= 1 and done["table:quarry"] >= 1 and done["table:card"] >= 1
    app.frame()
    assert any("wins the game" in text for text, _ in match.log.entries), "the log says who won"
    saved = json.loads(session.path.read_text())
    assert len(saved["actions"]) == len(session.match.actions), "every move was autosaved"
    assert match.prompt.heading.startswith("Game over")
    press(app, "Title screen")
    assert isinstance(app.scenes.top, TitleScene)
