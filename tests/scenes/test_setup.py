"""The new-game screen: the seed box takes only digits it can turn into a seed, every
value fits between its arrows, hot-seat players type their names, and the last
choices (not the seed) come back next time."""

from __future__ import annotations

import itertools

import pygame
import pytest

import game.scenes.handover as handover_module
from game.rules.core.match import MAX_SEED as SEED_MAX
from game.rules.core.registry import GAMES
from game.scenes.goblins.match import MatchScene
from game.scenes.handover import HandoverScene
from game.scenes.setup import SEED_DIGITS, SetupScene
from game.scenes.title import TitleScene
from game.session import HUMAN, MAX_NAME, Seat, Session
from game.settings import load_settings, settings_path
from game.ui.palette import SEAT_NAMES
from game.ui.text import font
from game.ui.widgets import VALUE_SIZES, Chooser
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


def _key(app, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text,
                                         scancode=0))
    app.frame()


def _choose(chooser, value) -> None:
    chooser.index = list(chooser.options).index(value)
    if chooser.on_change:
        chooser.on_change(chooser.value)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_value_of_every_row_fits_between_its_arrows(make_app, game):
    """Each value of each row, drawn at the size the row picks, stays inside the space
    between its arrows on one line, at the 1920x1080 canvas."""
    app = make_app()
    scene = SetupScene(app, GAMES[game])
    rows = [scene.players, scene.variant, *scene.options.values(), *scene.seats]
    for row in rows:
        left, right = row.arrows
        assert left.right <= row.middle.left and row.middle.right <= right.left
        assert row.rect.left >= 0 and row.rect.right <= 1920
        for value in row.options:
            size, lines = row.fit(row.describe(value))
            assert len(lines) == 1 and size >= 30, (row.label, value, size)
            assert font(size).size(lines[0])[0] <= row.middle.width, (row.label, value)
    for seat, box in zip(scene.seats, scene.names, strict=True):
        assert box.rect.right < seat.arrows[0].left, "a name box stays clear of the arrows"
        assert font(box.size).size("W" * MAX_NAME)[0] <= box.rect.width - 16


def test_a_value_too_long_for_one_line_wraps_inside_its_box(make_app):
    make_app()
    chooser = Chooser(pygame.Rect(0, 0, 800, 60), "Long", ["x"], value_width=300)
    size, lines = chooser.fit("a value of many words that no single line could ever hold")
    assert size == min(VALUE_SIZES) and len(lines) > 1
    assert all(font(size).size(line)[0] <= chooser.middle.width for line in lines)
    assert len(lines) * font(size).get_linesize() <= chooser.rect.height


def test_typed_names_reach_the_seats_and_the_hand_over(setup):
    app, scene = setup
    _choose(scene.players, 2)
    _choose(scene.seats[1], ("human", "normal"))
    click(app, scene.names[0].rect.center)
    _type(app, *" Ann")
    _key(app, pygame.K_TAB)
    assert scene.names[1].editing and not scene.names[0].editing
    _type(app, "B", "o", "\x07", "b")
    _key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene, "Escape stops typing, it does not leave the screen"
    assert [box.text for box in scene.names[:2]] == [" Ann", "Bob"]
    _type(app, "x")
    assert scene.names[1].text == "Bob", "typing stopped"
    press(app, "Start")
    match = next(s for s in app.scenes.scenes if hasattr(s, "session"))
    assert [seat.name for seat in match.session.seats] == ["Ann", "Bob"]
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.words() == "Pass to Ann (Orange)"


def test_a_name_box_takes_at_most_the_longest_name(setup):
    app, scene = setup
    click(app, scene.names[0].rect.center)
    _type(app, *"W" * (MAX_NAME + 5))
    assert scene.names[0].text == "W" * MAX_NAME


def test_the_longest_name_fits_the_hand_over(make_app, tmp_path):
    app = make_app()
    app.scenes.push(TitleScene(app))
    seats = [Seat(HUMAN, name="W" * MAX_NAME) for _ in range(4)]
    match = MatchScene(app, Session.new("goblins", seats, "standard", 1, tmp_path))
    app.scenes.push(match)
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene)
    for seat in range(4):
        handover.seat = seat
        words = handover.words()
        assert words == f"Pass to {'W' * MAX_NAME} ({SEAT_NAMES[seat]})"
        assert font(handover_module._fitting(words), True).size(words)[0] <= 1800


def test_ai_seats_have_no_name_box_and_no_name(setup):
    app, scene = setup
    _choose(scene.players, 2)
    scene.names[1].text = "Zed"
    _choose(scene.seats[1], ("ai", "easy"))
    assert scene.names[1] not in scene.widgets
    press(app, "Start")
    match = next(s for s in app.scenes.scenes if hasattr(s, "session"))
    assert [(s.kind, s.level, s.name) for s in match.session.seats] == [
        ("human", "normal", ""), ("ai", "easy", "")]


def test_the_last_choices_come_back_but_not_the_seed(make_app):
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    two_robots = GAMES["two_robots"]
    title.pick(two_robots)
    press(app, "New game")
    scene = app.scenes.top
    _choose(scene.players, 3)
    _choose(scene.options["salvagers"], "random")
    _choose(scene.seats[1], ("human", "normal"))
    _choose(scene.seats[2], ("ai", "hard"))
    scene.names[1].text = "Kim"
    scene.seed_field.text = "4242"
    press(app, "Start")
    app.scenes.clear()

    path = settings_path()
    settings, notice = load_settings(path)
    assert notice is None and settings.last_game == "two_robots"
    again = make_app(settings)
    title = TitleScene(again)
    again.scenes.push(title)
    assert title.game == two_robots, "the title picks the game of the last setup"
    press(again, "New game")
    back = again.scenes.top
    assert back.players.value == 3 and back.options["salvagers"].value == "random"
    assert [c.value for c in back.seats[:3]] == [("human", "normal"), ("human", "normal"),
                                                 ("ai", "hard")]
    assert [box.text for box in back.names[:2]] == ["", "Kim"]
    assert set(settings.setups["two_robots"]) == {"players", "variant", "options", "seats"}, \
        "the seed is not remembered: the next game is dealt afresh"


def test_leaving_with_back_remembers_too_and_unknown_values_fall_back(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    press(app, "New game")
    scene = app.scenes.top
    _choose(scene.variant, "party")
    press(app, "Back")
    assert app.settings.setups["goblins"]["variant"] == "party"
    app.settings.setups["goblins"].update(variant="gone", players=7,
                                          options={"dice": "in the sky"})
    app.settings.setups["goblins"]["seats"][0].update(kind="ai", level="random")
    press(app, "New game")
    scene = app.scenes.top
    assert scene.variant.value == "standard" and scene.players.value == 4
    assert scene.options["dice"].value == "rules"
    assert scene.seats[0].value == ("ai", "random")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_row_and_button_stays_on_the_canvas_at_the_most_players(make_app, game):
    """A game with many rows (Calamitron's options and its clock) draws its rows closer
    together, never overlapping, so Start is still on the 1920x1080 canvas."""
    app = make_app()
    scene = SetupScene(app, GAMES[game])
    _choose(scene.players, max(GAMES[game].player_counts))
    rows = [scene.players, scene.variant, *scene.options.values(), *scene.seats]
    for upper, lower in itertools.pairwise(rows):
        assert upper.rect.bottom <= lower.rect.top, (upper.label, lower.label)
    assert max(widget.rect.bottom for widget in scene.widgets) <= 1080


def test_the_clock_row_follows_the_seats_until_chosen_and_always_reaches_the_session(
        make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    scene = SetupScene(app, GAMES["calamitron"])
    app.scenes.push(scene)
    timer = scene.options["timer"]
    assert timer.label == "Timer" and scene.options["timer"] is list(scene.options.values())[-1]
    _choose(scene.players, 2)
    _choose(scene.seats[0], ("human", "normal"))
    _choose(scene.seats[1], ("ai", "normal"))
    assert timer.value == "shared", "one human: one window"
    _choose(scene.seats[1], ("human", "normal"))
    assert timer.value == "turns", "two humans at one screen take turns"
    _choose(scene.players, 1)
    assert timer.value == "shared"
    _choose(scene.players, 2)
    _choose(timer, "shared")
    _choose(scene.seats[1], ("ai", "normal"))
    _choose(scene.seats[1], ("human", "normal"))
    assert timer.value == "shared", "chosen by hand: the seats no longer move it"
    press(app, "Start")
    assert isinstance(app.scenes.top, HandoverScene)
    app.scenes.top.confirm()
    session = app.scenes.top.session
    assert session.clock.mode == "shared", "the first value is sent too: its default varies"
    assert "timer" not in session.match.options
    session.close()
    app.scenes.clear()
    again = SetupScene(make_app(app.settings), GAMES["calamitron"])
    assert again.options["timer"].value == "shared" and again.timer_set
