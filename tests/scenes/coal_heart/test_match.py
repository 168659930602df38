"""The Coal Heart match screen: hot-seat players are handed the screen before their
view is drawn, another seat's bag draws never show in colour on a seat's screen, six
mats stay readable at 1280x720, everything drawn on the table has help, and the
effects (pymunk cubes and part snaps, strikes, floating numbers) and sounds follow
the events."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules.coal_heart.events import Cubes, Hp, Note, Struck
from game.rules.coal_heart.table import BAG
from game.scenes.coal_heart import match as match_module
from game.scenes.coal_heart.board import hover_help
from game.scenes.coal_heart.effects import CubeThrow, FloatText, PartSnap, Strike, effects_for
from game.scenes.coal_heart.entry import screenshot
from game.scenes.coal_heart.layout import LOG, MATS, PROMPT, Spots, mat_rect, slot_rects
from game.scenes.coal_heart.match import MatchScene
from game.scenes.coal_heart.narrate import describe
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session
from game.ui import logview
from game.ui import text as text_module
from game.ui.tooltip import draw_tooltip
from tests.scenes.clicker import click


@pytest.fixture
def rendered(monkeypatch):
    """Every text rendered on screen from now on, with its size."""
    texts: list[tuple[str, int]] = []
    real = text_module.render

    def spy(text, size, *rest, **kw):
        texts.append((text, size))
        return real(text, size, *rest, **kw)

    monkeypatch.setattr(text_module, "render", spy)
    monkeypatch.setattr(logview, "render", spy)
    return texts


def _drawn_from_bag(session: Session, seat: int) -> Cubes | None:
    for event in session.history_for(seat):
        if isinstance(event, Cubes) and event.source == BAG and event.dest == str(seat):
            return event
    return None


def _hot_seat_after_a_draw(tmp_path) -> Session:
    """Two humans (seats 0 and 1) and two AI seats, played at random until seat 0 has
    drawn cubes from the bag and seat 1 decides."""
    for seed in range(40):
        session = Session.new("coal_heart", [Seat(HUMAN), Seat(HUMAN), Seat(AI), Seat(AI)],
                              "standard", seed, tmp_path / str(seed), bots=StillBots())
        rng = random.Random(seed)
        while not session.is_over() and session.state.round < 15:
            if _drawn_from_bag(session, 0) and session.to_act() == (1,):
                return session
            seat = session.to_act()[0]
            options = session.rules.legal_actions(session.state, seat)
            session.play(options[rng.randrange(len(options))])
    raise AssertionError("no game had seat 0 draw from the bag")


def test_another_seats_bag_draw_is_never_shown_in_colour(make_app, tmp_path, rendered):
    session = _hot_seat_after_a_draw(tmp_path)
    app = make_app()
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 1
    click(app, (960, 540))
    rendered.clear()
    app.frame()
    assert match.viewer == 1
    own = _drawn_from_bag(session, 0)
    told_owner = describe(own, session.view(0))[0]
    told_other = describe(next(e for e in session.history_for(1) if isinstance(e, Cubes)
                               and e.source == BAG and e.dest == "0"), session.view(1))[0]
    assert told_owner != told_other and "?" not in told_other
    seen = [text for text, _ in match.log.entries]
    assert told_other in seen and told_owner not in seen
    assert not any(told_owner in text for text, _ in rendered)
    match.absorb([Cubes(BAG, "0", "SG")])
    thrown = [a for a in match.animator.queue if isinstance(a, CubeThrow)]
    assert thrown and thrown[-1].colours == "??", "seat 1 sees grey cubes fly to seat 0"


def test_a_hand_over_draws_no_view_before_the_player_clicks(make_app, tmp_path, monkeypatch):
    session = _hot_seat_after_a_draw(tmp_path)
    drawn: list[int] = []
    real = match_module.draw_board

    def spy(surface, view, viewer, *rest):
        drawn.append(viewer)
        return real(surface, view, viewer, *rest)

    monkeypatch.setattr(match_module, "draw_board", spy)
    app = make_app()
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    assert drawn == [], "nothing is drawn before the first player takes the screen"
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == 1
    click(app, (960, 540))
    assert set(drawn) == {1}
    choice = next(b for b in match.buttons if b.enabled)
    click(app, choice.rect.center)
    if session.to_act() and session.to_act()[0] == 0:
        assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 0
        assert set(drawn) == {1}, "seat 0's view waits for seat 0's click"


@pytest.mark.parametrize("robots", [3, 4, 5, 6])
def test_the_mats_never_overlap_and_stay_clear_of_the_prompt_and_log(robots):
    for seat in range(robots):
        rect = mat_rect(seat, robots)
        assert MATS.contains(rect) and not rect.colliderect(PROMPT) and not rect.colliderect(LOG)
        assert all(rect.contains(slot) for slot in slot_rects(rect).values())
        others = [mat_rect(s, robots) for s in range(robots) if s != seat]
        assert rect.collidelist(others) == -1


def test_six_mats_fit_beside_the_prompt_and_log_and_read_at_1280x720(make_app, rendered):
    app = make_app()
    match = screenshot(app, "six", 1)
    rendered.clear()
    app.frame()
    assert match.state.n == 6
    words = [(text, size) for text, size in rendered if len(text) > 1]
    assert words and min(size for _, size in words) >= 18, \
        "every word is at least 12 pixels tall in a 1280x720 window"
    shown = {text for text, _ in rendered}
    for seat in match.state.seats:
        assert f"HP {seat.hp}" in shown or seat.broken


def test_everything_on_the_table_has_help_and_parts_say_their_ability(make_app):
    app = make_app()
    match = screenshot(app, "build", 2)
    app.frame()
    view = match.current_view()
    helped = 0
    for key, _ in match.spots.rects:
        if key[0] in ("mat",):
            continue
        text = hover_help(view, key)
        assert text, f"{key} has no help"
        helped += 1
        if key[0] == "slot":
            owner = view.seats[key[1]].parts[key[2]]
            assert view.cat.part(owner, key[2]).text in text
    assert helped > 60


def test_cubes_land_on_the_mat_and_parts_snap_onto_their_slot():
    spots = Spots()
    mat = mat_rect(1, 6)
    spots.add(("cubes", 1, 0), pygame.Rect(mat.x + 184, mat.y + 42, 62, 32))
    spots.add(("slot", 1, "head"), slot_rects(mat)["head"])
    other = mat_rect(2, 6)
    spots.add(("hp", 2), pygame.Rect(other.x + 10, other.y + 44, 96, 28))
    spots.add(("mat", 1), mat)
    events = [Cubes(BAG, "1", "S"), Note("built", 1, "head"), Struck(1, 2, 4),
              Hp(2, -4, 16, "attack")]
    animations = effects_for(events, spots, {(1, "head"): "gizmo_guru"})
    kinds = [type(a) for a in animations]
    assert kinds == [CubeThrow, PartSnap, Strike, FloatText]
    throw, snap = animations[0], animations[1]
    for _ in range(80):
        throw.update(1 / 60)
        snap.update(1 / 60)
    target = spots.rect(("cubes", 1, 0)).center
    (body, colour), = throw.cubes
    assert colour == "S" and abs(body.position.x - target[0]) < 40
    assert abs(body.position.y - target[1]) < 30, "the cube came to rest on the mat"
    assert snap.offset < 6, "the part settled on its slot"
    assert animations[3].text == "-4"
    assert not any(a.blocking for a in animations), "nothing holds up a decision"


def test_sounds_follow_what_happened():
    assert MatchScene.sound(Cubes("quarry", "0", "S")) == "token"
    assert MatchScene.sound(Note("built", 0, "head")) == "place"
    assert MatchScene.sound(Hp(1, -3, 5, "attack")) == "hit"
    assert MatchScene.sound(Hp(1, -3, 0, "ability")) == "destroy"
    assert MatchScene.sound(Note("won", 0, "")) == "fanfare"
    assert MatchScene.sound(Hp(1, 2, 12, "mend")) is None


def test_robot_buttons_tell_each_robots_abilities_before_it_is_taken(make_app, tmp_path):
    app = make_app()
    session = Session.new("coal_heart", [Seat(HUMAN), Seat(AI), Seat(AI)], "standard", 1,
                          tmp_path, bots=StillBots())
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    cat = session.state.cat
    assert len(match.buttons) == 6
    for button, robot in zip(match.buttons, cat.robots.values(), strict=True):
        assert button.label.startswith(f"Take {robot.name}")
        assert robot.parts["head"].text in button.tooltip
        assert robot.parts["l_leg"].text in button.tooltip
    column = match.buttons[0].rect.unionall([b.rect for b in match.buttons])
    for button in match.buttons:
        text, anchor = match.tooltip(button.rect.center, match.current_view())
        assert (text, anchor) == (button.tooltip, column)
        box = draw_tooltip(app.screen, text, button.rect.center, anchor)
        assert not any(box.colliderect(b.rect) for b in match.buttons), (
            "a button's help covers none of the choices")


def test_the_winners_mats_say_so_when_the_game_is_over(make_app, rendered):
    app = make_app()
    match = screenshot(app, "over", 1)
    rendered.clear()
    app.frame()
    winners = match.state.winners
    assert winners and [text for text, _ in rendered].count("WINS") == len(winners)
    assert match.prompt.heading.startswith("Game over.")
    assert [b.label for b in match.buttons] == ["Title screen"]
