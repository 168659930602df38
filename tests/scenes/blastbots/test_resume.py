"""A hot-seat Blastbots game is saved after every move; quit from the in-game menu, it
comes back through Continue on the title at the very position it was left, behind a
hand-over, and the hand shown afterwards is the deciding player's alone. The in-game
menu's Rules opens Blastbots' own page in the shared rules screen."""

from __future__ import annotations

import random

from game.paths import saves_dir
from game.rules.blastbots.state import ACT
from game.scenes.blastbots import match as match_module
from game.scenes.blastbots.match import MatchScene
from game.scenes.title import TitleScene
from game.session import HUMAN, Seat, Session
from tests.scenes.blastbots.clicker import act
from tests.scenes.resume import quit_and_continue, rules_from_the_menu


def _hot_seat(make_app, tmp_path) -> tuple[object, MatchScene]:
    """Two people at one screen, a few turns into the game by clicks."""
    app = make_app()
    session = Session.new("blastbots", [Seat(HUMAN), Seat(HUMAN)], "standard", 8, saves_dir())
    match = MatchScene(app, session)
    app.scenes.push(TitleScene(app))
    app.scenes.push(match)
    rng = random.Random(8)
    while not (session.state.phase == ACT and session.state.turns >= 2
               and isinstance(app.scenes.top, MatchScene) and match.options()):
        act(app, rng)
    return app, match


def test_continue_resumes_the_same_position_behind_a_hand_over(make_app, tmp_path,
                                                               monkeypatch):
    app, match = _hot_seat(make_app, tmp_path)
    left_at = match.session.state
    due, views = quit_and_continue(app, match, match_module, monkeypatch)
    for view in views:
        assert view.hands[due] == left_at.hands[due], "the player sees their own hand"
        other = 1 - due
        assert len(view.hands[other]) == len(left_at.hands[other])
        assert all(c < 0 for c in view.hands[other]), "the other hand shows backs only"
        assert all(c < 0 for deck in view.decks for c in deck), "deck order stays hidden"


def test_the_in_game_menu_opens_the_blastbots_rules_page(make_app, tmp_path):
    app = make_app()
    session = Session.new("blastbots", [Seat(HUMAN), Seat(HUMAN)], "standard", 2, tmp_path)
    rules_from_the_menu(app, MatchScene(app, session), "blastbots")
