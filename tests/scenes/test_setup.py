"""The new-game screen's seed box takes only digits it can turn into a seed."""

from __future__ import annotations

import pygame
import pytest

from game.rules.core.match import MAX_SEED as SEED_MAX
from game.scenes.goblins.match import MatchScene
from game.scenes.setup import SEED_DIGITS, SetupScene
from game.scenes.title import TitleScene
from tests.scenes.clicker import click, press


@pytest.fixture
def setup(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    scene = SetupScene(app)
    app.scenes.push(scene)
    app.frame()
    return app, scene


def _type(app, *texts: str) -> None:
    """Each text arrives as one key press carrying it, as typing or pasting delivers it."""
    for text in texts:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=text,
                                             scancode=0))
    app.frame()


def _clear(app, scene: SetupScene) -> None:
    click(app, scene.seed_field.rect.center)
    assert scene.seed_field.editing
    for _ in range(SEED_DIGITS + 2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="\b", scancode=0))
    app.frame()
    assert scene.seed_field.text == ""


@pytest.mark.parametrize("text", ["²", "٣", "５", "a", "-", " ", "+", "_", "1e", "12x", "\x00",
                                  "1" * (SEED_DIGITS + 1)])
def test_anything_but_ascii_digits_is_ignored(setup, text):
    app, scene = setup
    _clear(app, scene)
    _type(app, "4", text, "2")
    assert scene.seed_field.text == "42"
    assert scene.seed == 42


def test_pasted_digits_are_taken_whole_while_they_fit(setup):
    app, scene = setup
    _clear(app, scene)
    _type(app, "1234", "5678", "90")
    assert scene.seed_field.text == "12345678"
    _type(app, "9")
    assert scene.seed_field.text == "123456789"
    _type(app, "9")
    assert scene.seed_field.text == "123456789", "the box is full"


def test_text_input_events_do_not_type_twice(setup):
    app, scene = setup
    _clear(app, scene)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="7²"))
    _type(app, "7")
    assert scene.seed_field.text == "7"


def test_the_longest_seed_starts_a_game_on_that_seed(setup):
    app, scene = setup
    _clear(app, scene)
    _type(app, *"9" * (SEED_DIGITS + 3))
    assert scene.seed == int("9" * SEED_DIGITS) <= SEED_MAX
    press(app, "Start")
    [match] = [s for s in app.scenes.scenes if isinstance(s, MatchScene)]
    assert match.session.match.seed == int("9" * SEED_DIGITS)


def test_an_empty_box_is_seed_zero(setup):
    app, scene = setup
    _clear(app, scene)
    assert scene.seed == 0
