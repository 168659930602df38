"""A hot-seat match opens on the hand-over screen, for every registered game, whether
it is new (Start on the new-game screen), continued or loaded: no seat's view is taken,
let alone drawn, before that seat's player clicks. With one human the view shows at
once, as before."""

from __future__ import annotations

import random

import pytest

from game.paths import saves_dir
from game.rules.core.registry import GAMES
from game.scenes.handover import HandoverScene
from game.scenes.load import LoadScene
from game.scenes.still import StillBots, advance
from game.scenes.title import TitleScene
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import click, press


def _watch(app, monkeypatch) -> tuple[list[list[str]], list[int]]:
    """The scenes drawn in each frame from now on (from the lowest one drawn up), and
    every seat whose view any code takes."""
    frames: list[list[str]] = []
    views: list[int] = []
    real_draw = app.scenes.draw

    def draw(surface):
        stack = app.scenes.scenes
        start = stack.index(app.scenes.bottom_drawn())
        frames.append([type(scene).__name__ for scene in stack[start:]])
        real_draw(surface)

    real_view = Session.view

    def view(session, seat):
        views.append(seat)
        return real_view(session, seat)

    monkeypatch.setattr(app.scenes, "draw", draw)
    monkeypatch.setattr(Session, "view", view)
    return frames, views


def _title(make_app, game: str):
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    title.pick(GAMES[game])
    return app, title


def _handed_over_first(app, frames, views, seat: int) -> None:
    """The frames so far drew the hand-over to ``seat`` and nothing else, and no view
    was taken; a click then shows ``seat``'s view and only theirs."""
    for _ in range(3):
        app.frame()
    assert frames and all(frame == ["HandoverScene"] for frame in frames), frames
    assert views == [], "no seat's view is even taken before the click"
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == seat
    click(app, (960, 540))
    assert not isinstance(app.scenes.top, HandoverScene)
    assert frames[-1] != ["HandoverScene"]
    assert set(views) == {seat}


def _smallest(game: str) -> int:
    """The smallest table the game allows with two seats (some start at one, some at
    three)."""
    return min(count for count in GAMES[game].player_counts if count >= 2)


def _saved_hot_seat(game: str, moves: int) -> Session:
    """Two humans, at least ``moves`` seeded random moves in and on a decision of the
    first human's (whose view a screen would show with no hand-over), saved in the
    client's saves folder."""
    seats = [Seat(HUMAN), Seat(HUMAN)] + [Seat(AI, "random")] * (_smallest(game) - 2)
    session = Session.new(game, seats, GAMES[game].variants[0], 8, saves_dir())
    rng = random.Random(8)
    while len(session.match.actions) < moves or 0 not in session.humans_to_act():
        free = [s for s in session.to_act() if session.may_act(s)]
        seat = free[rng.randrange(len(free))]
        options = session.rules.legal_actions(session.state, seat)
        session.play(options[rng.randrange(len(options))])
    session.close()
    return session


@pytest.mark.parametrize("game", list(GAMES))
def test_a_new_hot_seat_game_opens_on_the_hand_over(make_app, monkeypatch, game):
    app, _ = _title(make_app, game)
    press(app, "New game")
    setup = app.scenes.top
    setup.players.index = setup.players.options.index(_smallest(game))
    setup.seats[1].index = 0  # a second human
    setup.layout()
    frames, views = _watch(app, monkeypatch)
    press(app, "Start")
    match = next(s for s in app.scenes.scenes if hasattr(s, "session"))
    _handed_over_first(app, frames, views, match.session.first_viewer())


@pytest.mark.parametrize("game", list(GAMES))
def test_continue_into_a_hot_seat_game_opens_on_the_hand_over(make_app, monkeypatch, game):
    saved = _saved_hot_seat(game, 7)
    app, _ = _title(make_app, game)
    frames, views = _watch(app, monkeypatch)
    press(app, "Continue")
    match = next(s for s in app.scenes.scenes if hasattr(s, "session"))
    assert match.session.path == saved.path
    assert match.session.match.actions == saved.match.actions
    _handed_over_first(app, frames, views, match.session.first_viewer())


@pytest.mark.parametrize("game", list(GAMES))
def test_loading_a_hot_seat_game_opens_on_the_hand_over(make_app, monkeypatch, game):
    saved = _saved_hot_seat(game, 4)
    app, _ = _title(make_app, game)
    press(app, "Load game")
    listing = app.scenes.top
    assert isinstance(listing, LoadScene)
    frames, views = _watch(app, monkeypatch)
    click(app, listing.widgets[0].rect.center)
    match = next(s for s in app.scenes.scenes if hasattr(s, "session"))
    assert match.session.path == saved.path
    _handed_over_first(app, frames, views, match.session.first_viewer())


@pytest.mark.parametrize("game", list(GAMES))
def test_one_human_sees_their_view_at_once(make_app, monkeypatch, game):
    app, _ = _title(make_app, game)
    seats = [Seat(HUMAN)] + [Seat(AI, "random")] * (_smallest(game) - 1)
    session = Session.new(game, seats, GAMES[game].variants[0], 3, saves_dir())
    frames, _ = _watch(app, monkeypatch)
    app.scenes.push(GAMES[game].client.match_scene(app, session))
    app.frame()
    assert "HandoverScene" not in frames[0]


def test_the_first_viewer_is_the_first_human_due_else_the_first_human(tmp_path):
    bots = StillBots()
    waiting = Session.new("two_robots", [Seat(AI), Seat(HUMAN), Seat(HUMAN)], "standard", 3,
                          tmp_path, bots=bots)
    assert waiting.to_act() == (0,) and waiting.hot_seat
    assert waiting.first_viewer() == 1, "no human is due: the first human"
    later = Session.new("two_robots", [Seat(HUMAN), Seat(AI), Seat(HUMAN)], "standard", 3,
                        tmp_path, bots=bots)
    advance(later, lambda: later.to_act() == (2,), 3, later.play)
    assert later.first_viewer() == 2, "the first human due, not the first human"
    alone = Session.new("goblins", [Seat(HUMAN), Seat(AI)], "standard", 3, tmp_path, bots=bots)
    assert not alone.hot_seat
