"""The table in the client: boards bound to roles act for the seat holding the role,
a lost cable is shown and recovered, a dice tray reads a roll in, and the Controllers
screen binds, shows and saves boards. Links keep the real timeouts on a fake clock."""

from __future__ import annotations

import pygame

from game.rules.goblins import engine
from game.rules.goblins.actions import ReadDice, Steer
from game.scenes.controllers import ControllersScene
from game.scenes.goblins.combat_panels import ReadDicePanel
from game.session import AI, HUMAN, Seat, Session
from game.settings import Settings
from game.ui.widgets import Chooser
from tests.table.conftest import connect, open_match, run_until, to_phase


def test_a_pilot_console_steers_for_its_roles_holder_and_survives_a_pulled_cable(
        app, devices, tmp_path, clock):
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 2, tmp_path)
    to_phase(session, "choose")
    pilot_seat = session.state.teams[1].pilot
    open_match(app, session)
    pilot = devices("pilot", "00A1")
    board = app.table.add(pilot.url)
    app.table.bind(board, "b_pilot")
    connect(app, clock, lambda: board.running and board.link.values)
    steer = next(a for a in engine.legal_actions(session.state, pilot_seat)
                 if isinstance(a, Steer) and (a.steer, a.target) != (0, 0))
    pilot.set("steer", steer.steer)
    pilot.set("target", steer.target)
    pilot.unplug()
    run_until(lambda: app.table.notes(pilot_seat), app.frame)
    assert app.table.notes(pilot_seat) == [
        "Team B pilot console lost, reconnecting; use the mouse meanwhile"]
    assert session.state.players[pilot_seat].steer is None, "nothing applies while it is away"
    clock.settle()  # the link has begun its pause before retrying
    pilot.plug()
    connect(app, clock, lambda: not app.table.notes(pilot_seat))
    moves = len(session.match.actions)
    pilot.set("ready", 1)
    run_until(lambda: len(session.match.actions) > moves, app.frame)
    assert session.match.actions[-1] == steer
    lines = board.link.counters["lines"]
    run_until(lambda: board.link.counters["lines"] >= lines + 3, app.frame)  # heartbeats
    app.frame()
    assert board.link.values["ready"] == "1"
    assert session.match.actions.count(steer) == 1, "a heartbeat never confirms twice"
    run_until(lambda: pilot.flashes == 1, app.frame)
    assert pilot.led == "idle", "its choice is made: nothing more is asked of it"


def test_a_dice_tray_reads_the_roll_in_for_the_ai_seat_it_rolls_for(app, devices, tmp_path,
                                                                     clock):
    session = Session.new("goblins", [Seat(HUMAN), Seat(AI)], "standard", 3, tmp_path,
                          options={"dice": "table"})
    to_phase(session, "roll")
    seat = session.to_act()[0]
    assert session.seats[seat].is_ai, "this deal has the AI seat roll: a person reads it in"
    index = session.state.team_of(seat)
    count = len(session.state.teams[index].reading)
    reader = devices("dice", "00D1")
    app.table.bind(app.table.add(reader.url), f"{'ab'[index]}_dice")
    match = open_match(app, session)
    connect(app, clock, lambda: reader.led == "turn")
    panel = match.panel
    assert isinstance(panel, ReadDicePanel) and panel.seat == seat
    moves = len(session.match.actions)
    faces = [5, 0, 3, 1, 2][:count]
    for slot in range(count):
        reader.set(f"d{slot}", "R-")  # the dice land and tumble...
    for slot, face in enumerate(faces):
        reader.set(f"d{slot}", "SB" if face == 0 else f"S{face}")  # ...and lie still
    run_until(lambda: len(session.match.actions) > moves, app.frame)
    assert session.match.actions[moves] == ReadDice(seat, tuple(sorted(faces)))
    assert session.match.actions.count(session.match.actions[moves]) == 1


def test_the_controllers_screen_adds_binds_shows_and_saves(app, devices, clock):
    pilot = devices("pilot", "00B2")
    scene = ControllersScene(app)
    app.scenes.push(scene)
    scene.url_field.text = pilot.url
    scene.add_typed()
    board = app.table.boards[0]
    connect(app, clock, lambda: board.running and board.link.values.get("ready") == "0")
    app.frame()
    chooser = next(w for w in scene.widgets if isinstance(w, Chooser) and w.label == "")
    assert [r.label if r else None for r in chooser.options] == [
        None, "Team A pilot console", "Team B pilot console"], "roles this board can play"
    chooser.step(2)
    assert app.table.role_of(board).key == "b_pilot"
    pilot.set("steer", 3)
    run_until(lambda: board.link.values.get("steer") == "3", app.frame)
    pilot.inject(b"# dial 2 bounced\n")
    run_until(lambda: board.messages, app.frame)
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface)
    scene.back()
    assert app.settings.controllers == [{"url": pilot.url, "serial": None, "uid": "00B2",
                                         "roles": {"goblins": "b_pilot"}}]
    assert Settings().controllers == [], "saved to the user's settings file, not kept here"


def test_a_game_without_a_table_mapping_is_not_played_at_the_table(app, devices, tmp_path,
                                                                  clock):
    from game.rules.core.registry import games

    spec = next(spec for spec in games() if spec.table_module is None)
    pilot = devices("pilot", "00A1")
    board = app.table.add(pilot.url)
    app.table.bind(board, "a_pilot")
    connect(app, clock, lambda: board.running)
    session = Session.new(spec.id, [Seat(HUMAN)] * spec.player_counts[0], spec.variants[0],
                          1, tmp_path)
    app.table.attach(session)
    pilot.set("ready", 1)
    run_until(lambda: board.link.values.get("ready") == "1", app.frame)
    app.frame()
    assert app.table.waiting == 0 and not app.table.decides(0) and app.table.notes(0) == []
    app.table.detach(session)
    session.close()
