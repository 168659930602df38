"""A whole 3-seat Blastbots game played through the client with posted clicks: one human
seat clicking what the screen lights up, two random AI seats in the session's bot
worker, from the title screen to the end (Impact or an instant win). Nothing is set
behind the screen's back: the setup is clicked and the seed typed."""

from __future__ import annotations

import json
import random
from collections import Counter

import pygame
import pytest

from game.scenes.blastbots.match import MatchScene
from game.scenes.title import TitleScene
from tests.scenes.blastbots.clicker import act
from tests.scenes.blastbots.clicker import press as press_on
from tests.scenes.clicker import click, press


def test_title_to_the_end_with_clicks(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    app.frame()
    title = app.scenes.top
    assert title.game_buttons["blastbots"].enabled, "Blastbots can be picked"
    click(app, title.game_buttons["blastbots"].rect.center)
    press(app, "New game")
    setup = app.scenes.top
    while setup.players.value != 3:
        click(app, setup.players.arrows[0].center)
    for seat in setup.seats[1:3]:
        while seat.value != ("ai", "random"):
            click(app, seat.arrows[0].center)
    click(app, setup.seed_field.rect.center)  # a fixed deal, typed: the same every run
    for key in (pygame.K_BACKSPACE,) * len(setup.seed_field.text) + (pygame.K_3,):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                             unicode="3" if key == pygame.K_3 else ""))
    app.frame()
    assert setup.seed_field.text == "3"
    press(app, "Start")
    match = app.scenes.top
    assert isinstance(match, MatchScene)
    assert [(s.kind, s.level) for s in match.session.seats] == [
        ("human", "normal"), ("ai", "random"), ("ai", "random")]
    rng = random.Random(3)
    done = Counter()
    for _ in range(20_000):
        what = act(app, rng)
        done[what] += 1
        if what == "final":
            break
    else:
        pytest.fail(f"the game did not finish: {dict(done)}")
    session = match.session
    assert session.is_over() and session.state.victory in ("impact", "escape", "destruction")
    assert done["place"] >= 5, "the human put every token down by clicking spots"
    assert done["roll"] >= 3 and done["act"] >= 3
    assert "handover" not in done, "one human never sees a hand-over screen"
    human = [a for a in session.match.actions if a.seat == 0]
    assert {a.kind for a in human} >= {"roll", "place", "end_turn"}
    saved = json.loads(session.path.read_text())
    assert len(saved["actions"]) == len(session.match.actions)
    assert match.prompt.heading.startswith("Game over")
    press_on(app, match, "Title screen")
    assert isinstance(app.scenes.top, TitleScene)
