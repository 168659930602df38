"""The Goblins match screen's log: the whole game, restored on Continue, scrolled with
the wheel over the box (and only there), with new lines counted while scrolled up; and
the round's headline in good grammar."""

from __future__ import annotations

import pygame
import pytest

import game.ui.logview as logview
from game.rules.goblins.events import CombatEnded
from game.scenes.goblins import score
from game.scenes.goblins.logbook import BOX
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import ScoreScene
from game.scenes.still import StillBots, advance
from game.session import AI, HUMAN, Seat, Session

SEATS = [Seat(HUMAN)] + [Seat(AI, "normal")] * 3


def _in_combat(session: Session, seed: int = 2) -> None:
    """Played on to the second combat round, so hits and tactics are in the log."""
    state = session.state
    advance(session, lambda: state.phase == "choose" and state.combat_round >= 2, seed,
            session.play)


@pytest.fixture
def scene(make_app, tmp_path, monkeypatch):
    monkeypatch.setattr(logview, "pointer", lambda: BOX.center)
    app = make_app()
    session = Session.new("goblins", SEATS, "standard", 2, tmp_path, bots=StillBots())
    _in_combat(session)
    match = MatchScene(app, session)
    match.teamed_up = {(r, 0) for r in range(1, 4)}
    app.scenes.push(match)
    app.frame()
    return app, session, match


def _wheel(match: MatchScene, notches: int) -> bool:
    return match.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches))


def test_the_log_after_continue_is_the_log_before_quitting(make_app, tmp_path):
    app = make_app()
    session = Session.new("goblins", SEATS, "standard", 12, tmp_path, bots=StillBots())
    _in_combat(session, 12)
    before = MatchScene(app, session)
    logs = [before.log.texts(seat, session.history_for(seat)) for seat in range(4)]
    assert any("destroyed" in text for text in logs[0])
    assert any("used Homing: a " in text for text in logs[0])
    session.close()
    again = Session.load(session.path, bots=StillBots())
    after = MatchScene(app, again)
    for seat in range(4):
        assert after.log.texts(seat, again.history_for(seat)) == logs[seat]
    assert logs[0] != logs[1], "each seat reads its own log (draws stay private)"
    again.close()


def test_the_log_box_shows_the_whole_game_from_round_one(scene):
    match = scene[2]
    view = match.log.view
    assert view.rect == pygame.Rect(1180, 90, 710, 370)
    assert view.entries[0][0].startswith("Round 1: ")
    assert len(view.lines) > 3 * view.rows, "far more than fits: the box scrolls"
    assert view.top == view.last_top, "the newest lines are in view"


def test_the_wheel_over_the_log_scrolls_it(scene, monkeypatch):
    app, _, match = scene
    view = match.log.view
    bottom = view.top
    assert _wheel(match, 2)
    assert view.top == bottom - 6
    app.frame()
    monkeypatch.setattr(logview, "pointer", lambda: (300, 900))
    _wheel(match, 2)
    assert view.top == bottom - 6, "the wheel elsewhere is not the log's"


def test_moves_made_while_scrolled_up_leave_the_reader_in_place_with_a_hint(scene):
    app, session, match = scene
    view = match.log.view
    _wheel(match, 5)
    place = view.top
    for _ in range(4):
        seat = session.to_act()[0]
        match.apply(session.rules.legal_actions(session.state, seat)[0])
    app.frame()
    assert view.top == place and view.unseen > 0
    hint = view.hint_rect()
    assert hint is not None and BOX.contains(hint)
    assert match.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint.center, button=1))
    assert view.top == view.last_top and view.unseen == 0


@pytest.mark.parametrize("teams, headline", [(((1,), (0,)), "Blue wins the round"),
                                             (((1, 3), (0, 2)), "Blue & Purple win the round")])
def test_the_round_score_headline_agrees_with_the_crew(make_app, tmp_path, monkeypatch,
                                                        teams, headline):
    app = make_app()
    session = Session.new("goblins", SEATS, "standard", 2, tmp_path, bots=StillBots())
    match = MatchScene(app, session)
    said: list[str] = []
    monkeypatch.setattr(score, "blit_text", lambda surface, text, *a, **k: said.append(text))
    ended = CombatEnded((False, True), 0, "disabled")
    ScoreScene(app, match, [ended], teams).draw(pygame.Surface((1920, 1080)))
    assert said[0] == headline
    session.close()
