"""The prompt decides on the click that makes the decision: a window's yes/no, a list
pick, a lit answer card in the hand, or its number key. Only the Cleanup discard, several
cards for one decision, picks first and confirms them together."""

from __future__ import annotations

import pygame
import pytest

from game.rules.two_robots.engine import HAND_LIMIT
from game.rules.two_robots.state import DISCARD, HOMING
from game.scenes.still import StillBots, advance
from game.scenes.two_robots.entry import screenshot
from game.scenes.two_robots.match import MatchScene
from game.scenes.two_robots.words import action_label
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import click
from tests.scenes.two_robots.clicker import button, card_point, press


def _attack(make_app) -> tuple:
    """Orange (seat 0, human) is asked to shoot down an Attack and holds the answer."""
    app = make_app()
    match = screenshot(app, "attack", 3)
    app.frame()
    assert isinstance(match, MatchScene) and match.state.step == HOMING
    return app, match


def _last(match: MatchScene):
    return match.session.match.actions[-1]


def test_a_window_offers_its_answers_and_no_confirm(make_app):
    _app, match = _attack(make_app)
    legal = match.session.rules.legal_actions(match.current_view(), 0)
    assert {a.kind for a in legal} == {"answer", "pass"}
    assert [b.label for b in match.buttons] == [
        action_label(match.current_view(), a) for a in legal]
    assert not any("Confirm" in b.label for b in match.buttons)


def test_one_click_on_an_answer_button_decides(make_app):
    app, match = _attack(make_app)
    moves = len(match.session.match.actions)
    press(app, match, "Let it through")
    assert len(match.session.match.actions) == moves + 1
    assert _last(match).kind == "pass" and _last(match).seat == 0


def test_the_lit_answer_card_in_the_hand_plays_on_one_click(make_app):
    app, match = _attack(make_app)
    answer = next(a for a in match.options() if a.kind == "answer")
    assert match.marks.cards == {answer.card}
    others = [c for c in match.spots.hand if c != answer.card]
    click(app, card_point(match.spots.hand[others[0]]))
    assert match.state.step == HOMING, "an unlit card does nothing"
    click(app, card_point(match.spots.hand[answer.card]))
    assert _last(match) == answer


@pytest.mark.parametrize(("key", "kind"), [(pygame.K_1, "answer"), (pygame.K_KP2, "pass")])
def test_number_keys_press_the_prompt_s_buttons_in_order(make_app, key, kind):
    app, match = _attack(make_app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.frame()
    assert _last(match).kind == kind and _last(match).seat == 0


def test_a_number_past_the_buttons_does_nothing(make_app):
    app, match = _attack(make_app)
    moves = len(match.session.match.actions)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_9, mod=0, unicode=""))
    app.frame()
    assert len(match.session.match.actions) == moves and match.state.step == HOMING


def test_the_cleanup_discard_picks_every_card_then_confirms_them_together(
        make_app, tmp_path):
    app = make_app()
    session = Session.new("two_robots", [Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random")],
                          "standard", 4, tmp_path, bots=StillBots())

    def long_cleanup() -> bool:
        s = session.state
        return (s.step == DISCARD and s.active == 0
                and len(s.players[0].hand) - HAND_LIMIT >= 2)

    advance(session, long_cleanup, 4, session.play)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    hand = list(session.state.players[0].hand)
    need = len(hand) - HAND_LIMIT
    assert match.marks.cards == set(hand)
    assert button(match, "Discard these") is None, "nothing picked: no confirm yet"
    first = hand[0]
    click(app, card_point(match.spots.hand[first]))
    assert first in match.marks.selected
    click(app, card_point(match.spots.hand[first]))
    assert first not in match.marks.selected, "a second click puts it back"
    picks = hand[-need:]
    for card in picks:
        click(app, card_point(match.spots.hand[card]))
    click(app, card_point(match.spots.hand[first]))
    assert set(match.marks.selected) == set(picks), "no more than the cards to discard"
    assert session.state.players[0].hand == hand, "nothing is discarded before confirming"
    press(app, match, "Discard these")
    assert sorted(session.state.players[0].hand) == sorted(hand[:-need])
    assert [a.card for a in session.match.actions[-need:]] == picks
