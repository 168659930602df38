"""Hot-seat privacy: a hand-over screen between different humans, and nothing private
of another seat in what is drawn or logged."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins.engine import RULES
from game.rules.goblins.events import TilesDrawn
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.narrate import describe, seat_name
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.handover import HandoverScene
from game.scenes.title import TitleScene
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import act, click, press


@pytest.fixture
def app(make_app):
    application = make_app()
    application.scenes.push(TitleScene(application))
    return application


def test_hand_over_between_humans_hides_everything(app, tmp_path):
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 4, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 0
    assert act(app) == "handover"
    assert match.viewer == 0
    assert act(app) == "teamup"
    assert act(app) == "PlannerPanel"  # seat 0 passes its tiles
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == 1
    drawn = []
    match.draw = lambda surface: drawn.append("match")  # type: ignore[method-assign]
    app.frame()
    assert drawn == [], "the match (and its secrets) is not drawn under the hand-over"
    click(app, (960, 540))
    assert isinstance(app.scenes.top, TeamUpScene), "seat 1's team-up comes after the hand-over"
    assert app.scenes.top.seat == 1 and match.viewer == 1
    press(app, "Start building")
    assert app.scenes.top is match


def test_team_up_shows_the_round_and_only_the_seats_own_agendas(app, tmp_path, monkeypatch):
    import game.scenes.goblins.teamup as teamup

    session = Session.new("goblins", [Seat(HUMAN)] * 4, "standard", 9, tmp_path)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    assert act(app) == "handover"
    scene = app.scenes.top
    assert isinstance(scene, TeamUpScene) and scene.seat == 0
    written: list[str] = []
    real = teamup.blit_text
    monkeypatch.setattr(teamup, "blit_text",
                        lambda surface, text, *a, **k: written.append(text) or real(
                            surface, text, *a, **k))
    app.frame()
    state = session.state
    agendas = state.catalogue.agendas
    mine = {agendas[a].name for a in state.players[0].hand}
    others = {agendas[a].name for p in state.players[1:] for a in p.hand} - mine
    assert mine <= set(written) and not others & set(written)
    card = state.catalogue.team_cards[state.team_card].name
    assert any(card in text for text in written)
    assert any(state.catalogue.blueprints[state.blueprint].name in text for text in written)
    partner = next(s for s in state.teams[state.team_of(0)].seats if s != 0)
    assert seat_name(partner) in written and "Orange (you)" in written
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    app.frame()
    assert app.scenes.top is match and (1, 0) in match.teamed_up


def test_the_log_names_drawn_tiles_only_to_their_owner(catalogue):
    """The rules redact the event for each seat; the log words what is left."""
    event = TilesDrawn(2, (0, 1, 2, 3, 4))
    teams = ((0, 1), (2, 3))
    mine = describe(RULES.redact(event, 2), 2, catalogue, teams)
    theirs = describe(RULES.redact(event, 0), 0, catalogue, teams)
    assert mine.startswith("You drew") and catalogue.tiles[0].id in mine
    assert theirs == "Green drew 5 tiles."


def test_tile_descriptions_follow_the_turn(catalogue):
    from game.scenes.goblins.tooltip import describe_tile

    weapon = next(t for t in catalogue.tiles if t.kind == "weapon" and len(set(t.arrows)) == 1
                  and t.arrows[0] == 1)
    assert "arrow pointing right" in describe_tile(weapon, 0)
    turned = describe_tile(weapon, 2)
    assert "arrow pointing left" in turned and weapon.note not in turned


def test_dice_are_ordered_by_dragging(app, tmp_path):
    from game.rules.goblins.actions import OrderDice
    from game.scenes.goblins.aim_panels import OrderPanel
    from tests.scenes.clicker import drag, press

    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 4, tmp_path)
    match = MatchScene(app, session)
    match.teamed_up = {(1, 0), (1, 1)}
    app.scenes.push(match)
    app.scenes.top.confirm()  # the first seat takes the screen
    sent = []
    match.apply = sent.append  # type: ignore[method-assign]
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


def _wait_for_ai(session: Session, match: MatchScene) -> None:
    """Step the scene until the AI has a finished move in hand (no move applied yet)."""
    moves = len(session.match.actions)
    match.update(0.0)
    assert session.thinking, "the scene asked the AI seat for a move"
    assert session.wait_for_move(60.0), "the AI never finished thinking"
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


def test_the_match_log_reads_the_viewers_own_history(app, tmp_path):
    """The log is the viewer's redacted history in words: the tiles another seat drew
    are never named, its own are, and hot-seat hand-overs switch histories."""
    session = Session.new("goblins", [Seat(HUMAN)] * 4, "standard", 9, tmp_path)
    match = MatchScene(app, session)
    for _ in range(8):
        seat = session.to_act()[0]
        match.apply(session.rules.legal_actions(session.state, seat)[0])
    catalogue = session.state.catalogue
    for viewer in range(4):
        match.viewer = viewer
        texts = match.log_texts(session.history_for(viewer))
        drawn = [e for e in session.history_for(viewer) if e.kind == "tiles_drawn"]
        assert drawn
        for event in drawn:
            own = [t for t in texts if t.startswith("You drew")]
            if event.seat == viewer:
                assert any(catalogue.tiles[event.tiles[0]].id in t for t in own)
            else:
                assert f"{seat_name(event.seat)} drew 5 tiles." in texts
    session.close()
