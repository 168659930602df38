"""Hot-seat privacy: a hand-over screen between different humans, and nothing private
of another seat in what is drawn or logged."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app import App
from game.rules.goblins.events import TilesDrawn
from game.scenes.goblins.handover import HandoverScene
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.narrate import describe
from game.scenes.title import TitleScene
from game.session import AI, HUMAN, Seat, Session
from game.settings import Settings
from tests.scenes.clicker import act, click


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    application = App(Settings(ai_pause=0.0))
    application.scenes.push(TitleScene(application))
    yield application
    application.scenes.clear()
    pygame.quit()


def test_hand_over_between_humans_hides_everything(app, tmp_path):
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 4, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    assert match.viewer == 0
    act(app)  # seat 0 passes its tiles
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 1
    drawn = []
    match.draw = lambda surface: drawn.append("match")  # type: ignore[method-assign]
    app.frame()
    assert drawn == [], "the match (and its secrets) is not drawn under the hand-over"
    click(app, (960, 540))
    assert app.scenes.top is match and match.viewer == 1


def test_the_log_names_drawn_tiles_only_to_their_owner(catalogue):
    event = TilesDrawn(2, (0, 1, 2, 3, 4))
    teams = ((0, 1), (2, 3))
    mine = describe(event, 2, catalogue, teams)
    theirs = describe(event, 0, catalogue, teams)
    assert catalogue.tiles[0].id in mine
    assert catalogue.tiles[0].id not in theirs and "five tiles" in theirs


def test_tile_descriptions_follow_the_turn(catalogue):
    from game.ui.tooltip import describe_tile

    weapon = next(t for t in catalogue.tiles if t.kind == "weapon" and len(set(t.arrows)) == 1
                  and t.arrows[0] == 1)
    assert "barrels east" in describe_tile(weapon, 0)
    turned = describe_tile(weapon, 2)
    assert "barrels west" in turned and weapon.note not in turned


def test_dice_are_ordered_by_dragging(app, tmp_path):
    from game.rules.goblins.actions import OrderDice
    from game.scenes.goblins.combat_panels import OrderPanel
    from tests.scenes.clicker import drag, press

    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 4, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    sent = []
    match.play = sent.append  # type: ignore[method-assign]
    team = session.state.teams[0]
    team.dice = [3, 0, 5, 1]
    panel = OrderPanel(match, session.state, team.tactician)
    match.panel = panel
    match.panel_key = ("fixed",)
    match.refresh = lambda: None  # type: ignore[method-assign]
    drag(app, panel.rects()[0].center, panel.slot_rect(2).center)   # the 3 goes last
    click(app, panel.rects()[2].center)                              # the 1 goes first
    press(app, "Fire!")
    assert sent == [OrderDice(team.tactician, (1, 5, 3), False)]


def test_hits_animate_in_order_and_spawn_flyers_and_debris(app, tmp_path, catalogue):
    from game.rules.goblins.events import DiceRolled, Hit
    from game.scenes.goblins.effects import DiceRoll, Falling, Flyer, Shot, effects_for

    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 4, tmp_path)
    match = MatchScene(app, session)
    events = [DiceRolled(0, (3, 0)), DiceRolled(1, (5,)),
              Hit(1, 0, 3, 7, "token"), Hit(1, 0, 3, 12, "goblin", seat=1),
              Hit(1, 0, 3, 2, "destroyed", (2, 1), tiles=(0, 1), rots=(0, 3))]
    for animation in effects_for(match, events, catalogue):
        match.animator.add(animation)
    kinds = [type(a) for a in match.animator.queue]
    assert kinds == [DiceRoll, Shot, Shot, Shot]
    spawned = set()
    for _ in range(2000):
        match.animator.update(1 / 120)
        spawned |= {type(a) for a in match.animator.running}
        if not match.animator.busy:
            break
    assert {Flyer, Falling} <= spawned and not match.animator.busy


def _wait_for_ai(session: Session, match: MatchScene, limit: float = 10.0) -> None:
    """Step the scene until the AI has a finished move in hand (no move applied yet)."""
    moves = len(session.match.actions)
    deadline = time.monotonic() + limit
    while session._job is None or not session._job[0].done():
        match.update(0.0)
        assert time.monotonic() < deadline, "the AI never finished thinking"
        time.sleep(0.001)
    assert len(session.match.actions) == moves


def test_ai_moves_land_one_beat_apart_and_a_click_cuts_the_beat(app, tmp_path):
    app.settings.ai_pause = 0.5
    session = Session.new("goblins", [Seat(AI), Seat(AI)], "standard", 5, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    _wait_for_ai(session, match)
    match.update(0.0)
    assert len(session.match.actions) == 1
    match.animator.skip()
    _wait_for_ai(session, match)
    match.update(0.3)
    assert len(session.match.actions) == 1, "the next AI move waits for the beat"
    match.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 40), button=1))
    match.animator.skip()
    match.update(0.0)
    assert len(session.match.actions) == 2
