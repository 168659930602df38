"""The guided first game: reachable from the title for a game that offers one, a normal
saved match whose screen shows one tip at a time beside the control it is about, and
moves on as the player does each step (or dismisses the tip)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.rules.core.registry import GAMES, default_game, get_game
from game.scenes.goblins.build_panels import PlannerPanel
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.steps import STEPS, Step
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.goblins.tutorial import (
    SEATS,
    SEED,
    Guide,
    TutorialMatch,
    is_tutorial,
    new_session,
)
from game.scenes.title import TitleScene
from game.session import AI, HUMAN, Seat, Session, latest_save
from tests.scenes.clicker import click, press
from tests.scenes.goblins.tutorial_player import first_round

SCREEN = pygame.Rect(0, 0, 1920, 1080)


def _title(make_app):
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    return app, title


def _tutorial(make_app) -> tuple:
    """Learn to play from the title, past the team-up screen."""
    app, _ = _title(make_app)
    press(app, "Learn to play")
    assert isinstance(app.scenes.top, TeamUpScene)
    press(app, "Start building")
    match = app.scenes.top
    assert isinstance(match, TutorialMatch)
    match.follow()
    return app, match


def test_the_title_offers_it_only_for_games_that_have_one(make_app, monkeypatch):
    spec = replace(default_game(), id="scrap_duel", title="Scrap Duel", tutorial=False)
    monkeypatch.setitem(GAMES, spec.id, spec)
    app, title = _title(make_app)
    assert title.game.tutorial and title.tutorial_button.enabled
    for game, offered in (("two_robots", False), ("scrap_duel", False), ("goblins", True)):
        press(app, get_game(game).title)
        assert title.tutorial_button.enabled is offered, game
    press(app, "Two Robots")
    title.tutorial()
    assert app.scenes.top is title, "a game without a tutorial starts none"


def test_learn_to_play_starts_a_saved_duel_against_the_ai(make_app):
    _, match = _tutorial(make_app)
    session = match.session
    assert is_tutorial(session)
    assert session.match.seed == SEED and [s.kind for s in session.seats] == [HUMAN, AI]
    assert latest_save() == session.path, "Continue would resume it"
    assert match.guide.current == STEPS[0]
    assert match.callout is not None and match.callout.title == f"Tutorial, tip 1 of {len(STEPS)}"


def test_the_first_round_shows_every_tip_in_order_beside_its_control(make_app):
    app, match = _tutorial(make_app)
    seen = first_round(app, match)
    assert [s.index for s in seen] == list(range(len(STEPS))), (
        f"tips shown: {[STEPS[s.index].when for s in seen]}; if the tiles, bots or rules "
        "changed, find a new seed with tools/tutorial_seed.py")
    for tip in seen:
        assert SCREEN.contains(tip.box), STEPS[tip.index]
        assert not tip.box.colliderect(tip.anchor), f"tip {tip.index} covers its control"
    assert {s.round for s in seen[:-1]} == {1} and seen[-1].round == 2
    kinds = {e.kind for e in match.session.history_for(0)}
    assert {"tiles_fell", "agendas_chosen", "revealed", "tactic_used", "hit"} <= kinds


def test_doing_the_step_moves_the_tip_on(make_app):
    app, match = _tutorial(make_app)
    match.dismiss()
    assert match.guide.current == STEPS[1]
    panel = match.panel
    assert isinstance(panel, PlannerPanel)
    click(app, panel.rects[0].center)
    match.follow()
    assert match.guide.current == STEPS[1], "one tile marked: still choosing"
    click(app, panel.rects[1].center)
    match.follow()
    assert match.guide.current == STEPS[2] and STEPS[2].when == "plan_marked"
    press(app, "Pass the two marked tiles")
    match.follow()
    assert match.guide.index == 3


def test_a_click_on_the_tip_stays_there_and_hiding_ends_the_tips(make_app):
    app, match = _tutorial(make_app)
    box = match.callout.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(box.right - 8,
                                                                       box.y + 8), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(box.right - 8,
                                                                     box.y + 8), button=1))
    app.frame()
    assert match.guide.current == STEPS[0]
    press_tip(app, match, "Hide tips")
    assert match.callout is None and match.guide.ended
    for _ in range(5):
        app.frame()
        match.follow()
    assert match.callout is None, "no tip comes back"
    panel = match.panel
    click(app, panel.rects[0].center)
    assert len(panel.marked) == 1, "the game goes on"


def press_tip(app, match: TutorialMatch, label: str) -> None:
    button = next(b for b in match.callout.buttons if b.label == label)
    click(app, button.rect.center)


def test_continue_brings_the_tutorial_back_with_its_tips(make_app):
    app, match = _tutorial(make_app)
    press_tip(app, match, "Got it")
    for rect in match.panel.rects[:2]:
        click(app, rect.center)
    press(app, "Pass the two marked tiles")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()
    press(app, "Save and quit to title")
    press(app, "Quit to title")
    press(app, "Continue")
    resumed = app.scenes.scenes[1]
    assert isinstance(resumed, TutorialMatch) and resumed is not match
    assert resumed.session.match.actions == match.session.match.actions
    for _ in range(200):
        resumed.session.wait_for_move(5)
        app.frame()
        if isinstance(app.scenes.top, TeamUpScene):
            press(app, "Start building")
        resumed.animator.skip()
        resumed.follow()
        if resumed.guide.current is not None:
            break
    assert resumed.guide.current is not None, "the tips resume where the game stands"
    assert resumed.guide.current.when in {"build", "plan"}


def test_only_the_tutorials_own_match_gets_tips(tmp_path):
    from game.scenes.goblins.entry import match_scene

    seats = [Seat(s.kind, s.level) for s in SEATS]
    other = Session.new("goblins", seats, "standard", SEED + 1, tmp_path)
    assert not is_tutorial(other)
    hot_seat = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", SEED, tmp_path)
    assert not is_tutorial(hot_seat)

    class App:
        pass

    for session in (other, hot_seat):
        scene = match_scene(App(), session)  # type: ignore[arg-type]
        assert type(scene) is MatchScene
        session.close()


@pytest.mark.parametrize("moves", [
    # (tags, places) per frame -> the tip expected after it
    [({"a"}, {"x"}, 0), ({"b"}, {"x"}, 2)],             # a passes by acting; b's first tip
    [({"b"}, {"x"}, 2), ({"a"}, {"x"}, None)],          # never back to an earlier tip
    [({"c"}, {"y"}, None), ({"c"}, {"x", "y"}, 3)],     # shown only once its control is
])
def test_the_guide_goes_forward_only(moves):
    steps = (Step("a", "x", "1"), Step("a", "x", "2"), Step("b", "x", "3"),
             Step("c", "x", "4"))
    guide = Guide(steps)
    for tags, places, expected in moves:
        step = guide.follow(frozenset(tags), places)
        assert (None if step is None else steps.index(step)) == expected


def test_dismissing_walks_a_situation_tip_by_tip_to_the_end():
    steps = (Step("a", "x", "1"), Step("a", "x", "2"))
    guide = Guide(steps)
    assert guide.follow(frozenset({"a"}), {"x"}) == steps[0]
    guide.dismiss()
    assert guide.follow(frozenset({"a"}), {"x"}) == steps[1]
    guide.dismiss()
    assert guide.ended and guide.follow(frozenset({"a"}), {"x"}) is None


def test_no_tip_comes_up_while_the_screen_catches_up(make_app):
    """After the last shot, pieces may still fall and the score screen waits: the game
    has moved on (a new round may have begun) but the screen has not, so no tip about
    what comes next may show yet."""
    _app, match = _tutorial(make_app)
    match.dismiss()
    match.callout = None
    index = match.guide.index
    match.waiting_scenes.append("the round's score screen")
    match.follow()
    assert match.callout is None and match.guide.index == index
    match.waiting_scenes.clear()
    match.follow()
    assert match.callout is not None


def test_resumed_after_the_first_round_only_the_farewell_is_left(make_app, tmp_path):
    """The first round's tips were seen; a tutorial resumed in round 2 does not start
    them over (its situations, planning and building, come back every round)."""
    app = make_app()
    session = new_session(tmp_path)
    while session.state.round < 2:
        seat = session.to_act()[0]
        session.play(session.rules.legal_actions(session.state, seat)[0])
    match = TutorialMatch(app, session)
    farewell = next(k for k, step in enumerate(STEPS) if step.when == "next_round")
    assert match.guide.index == farewell
    fresh = TutorialMatch(app, new_session(tmp_path))
    assert fresh.guide.index == 0
    session.close()
    fresh.session.close()
