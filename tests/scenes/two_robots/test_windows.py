"""Hot-seat privacy in response windows: every rival a window asks is handed the screen
behind a hand-over, whether or not they hold an answer, so the prompt never leaks a
hand; and the multi-click prompts light only what the rules allow."""

from __future__ import annotations

import pygame
import pytest

from game.rules.two_robots.actions import Freeze, UsePower
from game.rules.two_robots.state import HOMING, PLAY, SENTRY
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots, advance
from game.scenes.two_robots.match import MatchScene
from game.scenes.two_robots.words import action_label
from game.session import HUMAN, Seat, Session
from tests.scenes.clicker import click
from tests.scenes.two_robots.clicker import act, button, card_point, pick_parts, press


def _hot_seat(make_app, tmp_path, seed: int, until) -> tuple:
    """Three humans at one screen, played by seeded random moves until ``until``."""
    app = make_app()
    session = Session.new("two_robots", [Seat(HUMAN)] * 3, "standard", seed, tmp_path,
                          bots=StillBots())
    advance(session, lambda: until(session), seed, session.play)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    first = app.scenes.top
    assert isinstance(first, HandoverScene) and first.seat == session.to_act()[0]
    click(app, (960, 540))
    assert app.scenes.top is match
    return app, session, match


def _freeze_on_blue(session: Session) -> Freeze | None:
    state = session.state
    if state.step != PLAY or state.active != 0:
        return None
    return next((a for a in session.rules.legal_actions(state, 0)
                 if isinstance(a, Freeze) and a.owner == 1), None)


def _deal_answer(state, give: bool) -> None:
    """Swap cards between Blue's hand and the deck or discard pile so that Blue holds a
    Homing Missiles (``give``) or none at all; hand sizes stay as they were."""
    cards = state.catalogue.cards
    hand = state.players[1].hand

    def is_answer(card: int) -> bool:
        return cards[card].effect == "cancel_attack"

    def done() -> bool:
        return any(is_answer(h) for h in hand) == give

    for pile in (state.deck, state.discard):
        for i, card in enumerate(pile):
            if not done() and is_answer(card) == give:
                k = next(k for k, h in enumerate(hand) if is_answer(h) != give)
                pile[i], hand[k] = hand[k], card
    assert done()


def _picture(app) -> bytes:
    app.screen.fill((0, 0, 0, 0))
    app.scenes.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_the_rival_asked_about_an_attack_gets_the_screen_behind_a_hand_over(
        make_app, tmp_path, seed):
    app, session, match = _hot_seat(make_app, tmp_path, seed,
                                    lambda s: _freeze_on_blue(s) is not None)
    freeze = _freeze_on_blue(session)
    click(app, card_point(match.spots.hand[freeze.card]))
    assert (1, freeze.stack) in match.marks.stacks
    click(app, match.spots.stacks[(1, freeze.stack)].center)
    assert session.state.step == HOMING
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == 1
    assert "Homing" in handover.reason
    click(app, (960, 540))
    assert app.scenes.top is match and match.viewer == 1
    legal = session.rules.legal_actions(session.view(1), 1)
    assert [b.label for b in match.buttons[:len(legal)]] == [
        action_label(match.current_view(), a) for a in legal]
    assert "Ice Blast" in match.heading
    press(app, match, "Let it through")
    assert session.state.players[1].ice[freeze.stack] >= 0
    back = app.scenes.top
    assert isinstance(back, HandoverScene) and back.seat == 0


def test_the_hand_over_looks_the_same_whether_or_not_the_rival_holds_an_answer(
        make_app, tmp_path):
    pictures = []
    for give in (False, True):
        app, session, match = _hot_seat(make_app, tmp_path / str(give), 2,
                                        lambda s: _freeze_on_blue(s) is not None)
        _deal_answer(session.state, give)
        freeze = _freeze_on_blue(session)
        match.play(freeze)
        app.frame()
        assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 1
        pictures.append(_picture(app))
    assert pictures[0] == pictures[1]


def test_every_rival_is_asked_about_an_event_in_turn_order(make_app, tmp_path):
    def power_ready(s: Session) -> bool:
        return s.state.active == 0 and any(
            isinstance(a, UsePower) for a in s.rules.legal_actions(s.state, 0))

    app, session, match = _hot_seat(make_app, tmp_path, 5, power_ready)
    press(app, match, "Use ")
    assert button(match, "Flip ") is None, "no confirm before two Parts are picked"
    pick_parts(app, match, "Flip ")
    asked = []
    for _ in range(50):
        top = app.scenes.top
        if session.state.step != SENTRY and asked:
            break
        if isinstance(top, HandoverScene):
            asked.append(top.seat)
            assert "Sentry" in top.reason
            click(app, (960, 540))
            press(app, match, "Let it happen")
        else:
            act(app)
    assert asked == [1, 2]


def test_a_wrecking_card_needs_its_exact_count_and_cancel_forgets_the_picks(
        make_app, tmp_path):
    def destroy_ready(s: Session) -> bool:
        return s.state.active == 0 and s.state.step == PLAY and any(
            a.kind == "destroy" and len(a.parts) == 2
            for a in s.rules.legal_actions(s.state, 0))

    app, session, match = _hot_seat(make_app, tmp_path, 4, destroy_ready)
    card = next(a.card for a in session.rules.legal_actions(session.state, 0)
                if a.kind == "destroy")
    click(app, card_point(match.spots.hand[card]))
    assert match.card == card and button(match, "Wreck these") is None
    first = min(match.marks.parts)
    click(app, match.spots.parts[first].center)
    assert match.picks == [first] and button(match, "Wreck these") is None
    press(app, match, "Cancel")
    assert match.card is None and match.picks == []
    moves = len(session.match.actions)
    click(app, card_point(match.spots.hand[card]))
    pick_parts(app, match, "Wreck these")
    assert len(session.match.actions) == moves + 1
    assert session.match.actions[-1].kind == "destroy"


def _attack_on_blue(session: Session):
    """Orange's legal Attack that touches Blue's Factory, in Orange's Play Phase."""
    state = session.state
    if state.step != PLAY or state.active != 0:
        return None
    return next((a for a in session.rules.legal_actions(state, 0)
                 if a.kind in ("destroy", "steal", "freeze")), None)


def _two_humans(make_app, tmp_path, monkeypatch, give: bool) -> tuple[bytes, bool]:
    """Two humans at one screen: Orange attacks Blue, who holds a Homing Missiles
    (``give``) or none. Checks that Blue gets the hand-over before the prompt, that no
    view of Blue's is drawn before Blue clicks it away and none of Orange's after, and
    that Orange gets the screen back the same way; returns the hand-over's picture and
    whether Blue could answer."""
    import game.scenes.two_robots.match as match_module

    drawn: list[int] = []
    real = match_module.draw_board

    def spy(surface, view, viewer, *rest):
        drawn.append(viewer)
        return real(surface, view, viewer, *rest)

    monkeypatch.setattr(match_module, "draw_board", spy)
    app = make_app()
    session = Session.new("two_robots", [Seat(HUMAN)] * 2, "standard", 3, tmp_path,
                          bots=StillBots())
    advance(session, lambda: (_attack_on_blue(session) is not None
                              and len(session.state.players[1].stacks) >= 3), 3, session.play)
    _deal_answer(session.state, give)
    attack = _attack_on_blue(session)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    first = app.scenes.top
    assert isinstance(first, HandoverScene) and first.seat == 0
    assert drawn == [], "no view is drawn before the first seat takes the screen"
    click(app, (960, 540))
    assert set(drawn) == {0}
    match.play(attack)
    app.frame()
    assert session.state.step == HOMING and session.to_act() == (1,)
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == 1
    assert "Homing" in handover.reason
    picture = _picture(app)
    assert set(drawn) == {0}, "Blue's view was drawn before Blue took the screen"
    drawn.clear()
    click(app, (960, 540))
    assert app.scenes.top is match and match.viewer == 1
    assert set(drawn) == {1}
    labels = [b.label for b in match.buttons]
    holds = any(a.kind == "answer" for a in session.rules.legal_actions(session.state, 1))
    assert "Let it through" in labels
    assert ("Play Homing Missiles" in labels) == holds
    press(app, match, "Let it through")
    back = app.scenes.top
    assert isinstance(back, HandoverScene) and back.seat == 0
    assert set(drawn) == {1}, "Orange's view was drawn before Orange took the screen"
    return picture, holds


def test_two_humans_the_rival_is_handed_the_screen_before_any_hand_shows(
        make_app, tmp_path, monkeypatch):
    without, could = _two_humans(make_app, tmp_path / "without", monkeypatch, False)
    holding, can = _two_humans(make_app, tmp_path / "holding", monkeypatch, True)
    assert not could and can, "the second case holds a Homing Missiles it may play"
    assert without == holding, "the hand-over differs with the rival's hand"
