"""A hot-seat Coal Heart game is saved after every move; quit from the in-game menu, it
comes back through Continue on the title at the very position it was left, behind a
hand-over, and the view drawn afterwards is the deciding player's, with the Gear deck
face down. The in-game menu's Rules opens Coal Heart's own page."""

from __future__ import annotations

import random

from game.paths import saves_dir
from game.rules.coal_heart.secrets import HIDDEN
from game.rules.coal_heart.state import TURN
from game.scenes.coal_heart import match as match_module
from game.scenes.coal_heart.match import MatchScene
from game.scenes.title import TitleScene
from game.session import HUMAN, Seat, Session
from tests.scenes.coal_heart.clicker import act
from tests.scenes.resume import quit_and_continue, rules_from_the_menu


def test_continue_resumes_the_same_position_behind_a_hand_over(make_app, monkeypatch):
    app = make_app()
    session = Session.new("coal_heart", [Seat(HUMAN), Seat(HUMAN), Seat(HUMAN)],
                          "standard", 8, saves_dir())
    match = MatchScene(app, session)
    app.scenes.push(TitleScene(app))
    app.scenes.push(match)
    rng = random.Random(8)
    while not (session.state.stage == TURN and session.state.round >= 2
               and isinstance(app.scenes.top, MatchScene) and match.options()):
        act(app, rng)
    left_at = session.state
    _, views = quit_and_continue(app, match, match_module, monkeypatch)
    for view in views:
        assert view.deck == [HIDDEN] * len(left_at.deck), "the Gear deck stays face down"
        assert view.rng is None


def test_the_in_game_menu_opens_the_coal_heart_rules_page(make_app, tmp_path):
    app = make_app()
    session = Session.new("coal_heart", [Seat(HUMAN), Seat(HUMAN), Seat(HUMAN)], "standard",
                          2, tmp_path)
    rules_from_the_menu(app, MatchScene(app, session), "coal_heart")
