"""A whole 2-seat Calamitron game played through the client with posted clicks and
drags: one human seat programming its Retro on the rail and answering every prompt,
one easy AI seat in the session's bot worker, from the title screen to a win or a loss.
Nothing is set behind the screen's back: the setup is clicked and the seed typed."""

from __future__ import annotations

import json
import random
from collections import Counter

import pygame
import pytest

from game.scenes.calamitron.match import MatchScene
from game.scenes.title import TitleScene
from tests.scenes.calamitron.clicker import act
from tests.scenes.calamitron.clicker import press as press_on
from tests.scenes.clicker import click, press


def test_title_to_the_end_with_clicks(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    app.frame()
    title = app.scenes.top
    assert title.game_buttons["calamitron"].enabled, "Calamitron can be picked"
    click(app, title.game_buttons["calamitron"].rect.center)
    press(app, "New game")
    setup = app.scenes.top
    while setup.players.value != 2:
        click(app, setup.players.arrows[0].center)
    while setup.seats[1].value != ("ai", "easy"):
        click(app, setup.seats[1].arrows[0].center)
    click(app, setup.seed_field.rect.center)
    for key in (pygame.K_BACKSPACE,) * len(setup.seed_field.text) + (pygame.K_5,):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                             unicode="5" if key == pygame.K_5 else ""))
    app.frame()
    assert setup.seed_field.text == "5"
    press(app, "Start")
    match = app.scenes.top
    assert isinstance(match, MatchScene)
    assert [(s.kind, s.level) for s in match.session.seats] == [("human", "normal"),
                                                                 ("ai", "easy")]
    rng = random.Random(5)
    done = Counter()
    for _ in range(20_000):
        what = act(app, rng)
        done[what] += 1
        if what == "final":
            break
    else:
        pytest.fail(f"the game did not finish: {dict(done)}")
    session = match.session
    assert session.is_over() and session.state.result in ("won", "lost")
    human = Counter(a.kind for a in session.match.actions if a.seat == 0)
    assert human["pick"] >= 1 and human["lock"] >= 3, human
    assert human["put"] >= 5 and human["take"] >= 1, "counters went on and came off the rail"
    assert done["put"] >= 5 and done["skip"] >= 1 and done["watch"] >= 1
    assert "handover" not in done, "one human never sees a hand-over screen"
    ai = Counter(a.kind for a in session.match.actions if a.seat == 1)
    assert ai["lock"] >= 3, "the AI seat programmed and locked every round"
    saved = json.loads(session.path.read_text())
    assert len(saved["actions"]) == len(session.match.actions)
    assert match.prompt.heading.startswith("Game over")
    press_on(app, match, "Title screen")
    assert isinstance(app.scenes.top, TitleScene)
