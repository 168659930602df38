"""Calamitron's client entry: each screenshot position shows what it is named for, and
a match saved mid-programming comes back through Continue with its rails as they
were and nothing played back again, and the bench's round plays back over and over."""

from __future__ import annotations

import pygame
import pytest

from game.paths import saves_dir
from game.rules.calamitron.actions import Pick, Put
from game.rules.calamitron.state import OVER, PROGRAM, RUN
from game.rules.core.registry import get_game
from game.scenes.calamitron import entry
from game.scenes.calamitron.match import MatchScene
from game.scenes.entry import PositionLost
from game.scenes.title import TitleScene
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import press


@pytest.mark.parametrize("name", get_game("calamitron").screenshots)
def test_each_screenshot_shows_its_position(make_app, name):
    app = make_app()
    top = entry.screenshot(app, name, 1)
    app.frame()
    assert isinstance(top, MatchScene)
    state = top.state
    expected = {
        "program": lambda: state.phase == PROGRAM and top.editable() == [0]
        and len(top.paths()[0].points) >= 3,
        "playback": lambda: top.playback.active and top.tumble is not None,
        "choose": lambda: state.phase == RUN and state.ask[1] == 0 and top.prompt.choices,
        "end": lambda: state.phase == OVER and top.prompt.heading.startswith("Game over"),
    }[name]
    assert expected(), f"the {name} screenshot is not its position"


def test_continue_resumes_the_rails_without_playing_anything_back(make_app):
    app = make_app()
    session = Session.new("calamitron", [Seat(HUMAN), Seat(AI, "easy")], "standard", 4,
                          saves_dir())
    session.play(Pick(0, "shotbot"))
    session.play(Pick(1, "treadbot"))
    session.play(Put(0, 0, "M2"))
    session.play(Put(0, 1, "R"))
    session.close()
    app.scenes.push(TitleScene(app))
    app.frame()
    press(app, "Continue")
    match = app.scenes.top
    assert isinstance(match, MatchScene)
    app.frame()
    assert match.session.state.programs[0] == ("M2", "R")
    assert not match.playback.active, "a resumed match shows the board as it stands"
    assert match.shown()[1] is match.current_view().pieces
    assert 0 in match.paths(), "the preview is there at once"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()
    press(app, "Rules")
    assert "ON SCREEN" in app.scenes.top.lines


def test_the_bench_plays_the_round_back_again_and_again(make_app):
    app = make_app()
    position = entry.bench_position(app, 31)
    match = position.match
    assert match.playback.active and position.before.n == 4
    assert any(e.kind == "removed" for e in position.events), "something falls in a pit"
    match.skip()
    with pytest.raises(PositionLost, match="idle"):
        position.describe()
    position.animate()
    assert match.playback.active, "played out, the round starts again"
    assert position.describe().startswith("MatchScene playing back round")
    assert {k: p.at for k, p in match.shown()[1].items()} == {
        k: p.at for k, p in position.before.pieces.items()}, "from the board before it"
