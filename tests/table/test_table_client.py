"""The table in the client: controllers bound to seats by their own HELLO, their
confirmed dials applied like clicks, a lost cable shown and recovered, and dice reader
faces offered for confirmation. Links keep the real timeouts on a fake clock."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame
import pytest

from game.rules.goblins import engine
from game.rules.goblins.actions import ReadDice, Steer
from game.scenes.controllers import ControllersScene
from game.scenes.goblins.combat_panels import ReadDicePanel
from game.scenes.goblins.match import MatchScene
from game.session import AI, HUMAN, MAX_NAME, Seat, Session
from game.settings import Settings
from game.table import ControllerEntry, Table
from game.ui.text import font
from hardware.controller_sim import VirtualDevice
from tests.hardware.helpers import PATIENCE, FakeClock


def wait_for(condition: Callable[[], bool], step: Callable[[], None],
             limit: float = PATIENCE) -> None:
    """Run ``step`` (a frame) until ``condition`` holds; the limit only ends a broken run."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        step()
        time.sleep(0.005)


@pytest.fixture
def devices():
    made: list[VirtualDevice] = []

    def make(role: str, uid: str) -> VirtualDevice:
        device = VirtualDevice(role, uid, heartbeat=0.05)
        device.listen()
        made.append(device)
        return device

    yield make
    for device in made:
        device.close()


@pytest.fixture
def clock() -> FakeClock:
    """The links' clock: it moves only when a test moves it (one link per test)."""
    return FakeClock()


@pytest.fixture
def app(make_app, clock):
    application = make_app()
    application.table = Table([], clock=clock)
    return application


def _to_phase(session: Session, phase: str, seed: int = 2) -> None:
    chooser = random.Random(seed)
    state = session.match.state
    while state.phase != phase:
        seat = chooser.choice(engine.to_act(state))
        session.play(chooser.choice(engine.legal_actions(state, seat)))


def test_a_pilot_controller_sets_the_dials_and_recovers_from_a_pulled_cable(app, devices,
                                                                          tmp_path, clock):
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 2, tmp_path)
    _to_phase(session, "choose")
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.scenes.top.confirm()  # hot-seat: the first seat takes the screen
    pilot = devices("pilot", "00A1")
    app.table.add(ControllerEntry(pilot.url, 1))
    link = app.table.links[pilot.url]
    wait_for(lambda: link.status == "run" and link.values, app.frame)
    app.table.observe(session.state)
    steer = next(a for a in engine.legal_actions(session.state, 1) if isinstance(a, Steer)
                 and (a.steer, a.target) != (0, 0))
    pilot.set("steer", steer.steer)
    pilot.set("target", steer.target)
    pilot.unplug()
    wait_for(lambda: app.table.status(1) is not None, app.frame)
    assert "lost" in app.table.status(1)
    assert session.state.players[1].steer is None, "nothing is applied while it is away"
    clock.settle()  # the link has begun its pause before retrying
    pilot.plug()
    clock.advance(link.retry)
    wait_for(lambda: app.table.status(1) is None, app.frame)
    moves = len(session.match.actions)
    pilot.set("ready", 1)
    wait_for(lambda: len(session.match.actions) > moves, app.frame)
    assert session.match.actions[-1] == steer
    lines = link.counters["lines"]
    wait_for(lambda: link.counters["lines"] >= lines + 3, app.frame)  # heartbeats
    app.frame()
    assert link.values["ready"] == "1"
    assert session.match.actions.count(steer) == 1, "a heartbeat never confirms twice"


def test_the_dice_reader_offers_its_stable_faces_for_confirmation(app, devices, tmp_path):
    session = Session.new("goblins", [Seat(HUMAN), Seat(AI)], "standard", 3, tmp_path,
                          options={"dice": "table"})
    _to_phase(session, "roll")
    seat = session.to_act()[0]
    assert session.seats[seat].is_ai, "this deal has the AI seat roll: a person reads it in"
    team = session.state.teams[session.state.team_of(seat)]
    count = len(team.reading)
    reader = devices("dice", "00D1")
    app.table.add(ControllerEntry(reader.url, seat))
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    panel = match.panel
    assert isinstance(panel, ReadDicePanel) and panel.seat == seat
    faces = [5, 0, 3, 1, 2][:count]
    for slot, face in enumerate(faces):
        reader.set(f"d{slot}", "SB" if face == 0 else f"S{face}")
    wait_for(lambda: panel.reading() is not None, app.frame)
    assert panel.reading() == tuple(sorted(faces))
    moves = len(session.match.actions)
    app.frame()
    button = next(b for b in match.panel.buttons if b.label.startswith("Use the dice"))
    assert button.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center,
                                         button=1))
    app.frame()
    assert session.match.actions[moves] == ReadDice(seat, tuple(sorted(faces)))


def test_the_controllers_screen_adds_assigns_shows_and_saves(app, devices):
    pilot = devices("pilot", "00B2")
    scene = ControllersScene(app)
    app.scenes.push(scene)
    scene.url_field.text = pilot.url
    scene.add_typed()
    link = app.table.links[pilot.url]
    wait_for(lambda: link.status == "run" and link.values.get("ready") == "0", app.frame)
    seat = next(w for w in scene.widgets if getattr(w, "label", "") == "Seat")
    seat.step(2)
    assert app.table.entries[0].seat == 1
    pilot.set("steer", 3)
    wait_for(lambda: link.values.get("steer") == "3", app.frame)
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface)
    scene.back()
    assert app.settings.controllers == [{"url": pilot.url, "seat": 1}]
    reloaded = Settings()
    assert reloaded.controllers == []


def test_the_controllers_screen_names_seats_as_the_last_new_game_did(app, devices):
    pilot = devices("pilot", "00B3")
    app.settings.last_game = "goblins"
    app.settings.setups["goblins"] = {
        "players": 2, "variant": "standard", "options": {},
        "seats": [{"kind": "human", "level": "normal", "name": "W" * MAX_NAME},
                  {"kind": "human", "level": "normal", "name": ""}]}
    scene = ControllersScene(app)
    app.scenes.push(scene)
    scene.url_field.text = pilot.url
    scene.add_typed()
    seat = next(w for w in scene.widgets if getattr(w, "label", "") == "Seat")
    words = [seat.describe(value) for value in seat.options]
    assert words == ["no seat", f"{'W' * MAX_NAME} (Orange)", "Blue", "Green", "Purple"]
    for text in words:
        size, lines = seat.fit(text)
        assert all(font(size).size(line)[0] <= seat.middle.width for line in lines)
        assert len(lines) * font(size).get_linesize() <= seat.rect.height
