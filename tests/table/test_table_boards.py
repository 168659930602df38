"""Who each board is: two boards with one identity are both refused until one gets an
id of its own; a board is remembered by its port's USB serial number and followed to
another socket; only ports that answer HELLO are offered; a board of another version is
named with the update. Links keep the real timeouts on a fake clock."""

from __future__ import annotations

import os
import tty

import pygame

from game.rules.goblins.actions import Steer
from game.scenes.controllers import ControllersScene
from game.scenes.goblins.match import MatchScene
from game.session import HUMAN, Seat, Session
from game.table import Table
from game.table_boards import BoardEntry, Identity
from hardware.boards import FIRMWARE_VERSION
from hardware.ports import PortInfo
from tests.table.conftest import connect, open_match, run_until, to_phase

UNO = {"vid": 0x2341, "pid": 0x0043}


def _duel(app, tmp_path) -> tuple[Session, MatchScene]:
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 2, tmp_path)
    to_phase(session, "choose")
    match = open_match(app, session)
    return session, match


def test_two_boards_with_one_identity_are_both_refused_until_one_gets_a_new_id(
        app, devices, tmp_path, clock):
    session, _ = _duel(app, tmp_path)
    first, second = devices("pilot", "B070"), devices("pilot", "B070")
    boards = [app.table.add(first.url), app.table.add(second.url)]
    app.table.bind(boards[0], "a_pilot")
    connect(app, clock, lambda: all(b.duplicate_of for b in boards))
    assert boards[0].duplicate_of == [second.url] and boards[1].duplicate_of == [first.url]
    assert boards[0].identity == boards[1].identity == Identity(None, "B070")
    seat = session.state.teams[0].pilot
    assert app.table.notes(seat) == [f"Team A pilot console refused: {second.url} has the "
                                     "same identity; use the mouse meanwhile"]
    run_until(lambda: first.led == "again", app.frame)  # a refused board shows red
    first.set("steer", 1)
    first.set("ready", 1)
    run_until(lambda: boards[0].link.values.get("ready") == "1", app.frame)
    for _ in range(10):
        app.frame()
    assert session.state.players[seat].steer is None, "a refused board plays nothing"
    scene = ControllersScene(app)
    assert "press New id on one of them" in scene.problem(boards[0])
    scene.new_id(boards[1])
    run_until(lambda: not any(b.duplicate_of for b in boards), app.frame)
    assert boards[1].identity == Identity(None, "0001") and second.uid == "0001"
    assert app.table.role_of(boards[0]).key == "a_pilot" and app.table.notes(seat) == []
    first.set("ready", 0)
    first.set("ready", 1)
    run_until(lambda: session.state.players[seat].steer is not None, app.frame)
    assert session.match.actions[-1] == Steer(seat, 1, 0)


def test_a_board_renamed_keeps_its_role(app, devices, clock):
    device = devices("dice", "B072")
    board = app.table.add(device.url)
    connect(app, clock, lambda: board.running)
    app.table.bind(board, "b_dice")
    assert app.table.set_id(board, "00d9") is None
    run_until(lambda: board.identity == Identity(None, "00D9"), app.frame)
    app.frame()
    assert app.table.role_of(board).key == "b_dice"
    assert app.table.saved() == [{"url": device.url, "serial": None, "uid": "00D9",
                                  "roles": {"goblins": "b_dice"}}]
    assert app.table.set_id(board, "FFFF") == "An id is four hex digits (0-9, A-F), not FFFF."


def test_a_board_plugged_into_another_socket_keeps_its_role_and_seat(
        app, devices, ports, clock, tmp_path):
    session, _ = _duel(app, tmp_path)
    first = devices("pilot", "00A7", pty=True)
    ports.listing = [PortInfo(first.url, "85439313", **UNO)]
    app.table.ports.probing = True
    app.table.scan()
    connect(app, clock, lambda: app.table.boards and app.table.boards[0].running)
    board = app.table.boards[0]
    app.table.bind(board, "a_pilot")
    assert board.entry.serial == "85439313"
    first.close()  # unplugged...
    run_until(lambda: board.link.status == "lost", app.frame)
    moved = devices("pilot", "00A7", pty=True)  # ...and plugged into another socket
    assert moved.url != first.url
    ports.listing = [PortInfo(moved.url, "85439313", **UNO)]
    app.table.scan()
    assert board.link.url == moved.url and len(app.table.boards) == 1
    connect(app, clock, lambda: board.running and board.link.values)
    assert app.table.role_of(board).key == "a_pilot" and board.link.counters["reconnects"] == 1
    seat = session.state.teams[0].pilot
    moved.set("steer", 2)
    moved.set("ready", 1)
    run_until(lambda: session.state.players[seat].steer is not None, app.frame)
    assert session.match.actions[-1] == Steer(seat, 2, 0)
    # The next start finds it by its serial number wherever it is plugged in now.
    again = Table([BoardEntry(**entry) for entry in app.table.saved()], ports=ports,
                  scan_every=None, clock=clock)
    try:
        assert [b.link.url for b in again.boards] == [moved.url]
        assert again.role_of(again.boards[0]).key == "a_pilot"
    finally:
        again.close()


def test_a_remembered_usb_board_not_plugged_in_waits_without_opening_anything(
        app, ports, clock, opens):
    table = Table([BoardEntry("/dev/ttyACM0", "85439313", "00A7", {"goblins": "a_pilot"})],
                  ports=ports, scan_every=None, clock=clock)
    try:
        assert table.boards[0].link.status == "discover" and opens == []
        assert table.boards[0].refused == "not plugged in"
    finally:
        table.close()


def test_only_ports_that_answer_hello_are_offered_and_only_while_looking(
        app, devices, ports, clock, opens):
    board_port = devices("tactician", "00B5", pty=True)
    master, slave = os.openpty()  # a modem, say: it never says HELLO
    tty.setraw(slave)
    try:
        modem = os.ttyname(slave)
        ports.listing = [PortInfo(modem, "MODEM1", 0x1234, 0x5678),
                         PortInfo(board_port.url, "85439313", **UNO)]
        app.table.scan()
        assert opens == [], "no port is opened while the Controllers screen is closed"
        scene = ControllersScene(app)
        app.scenes.push(scene)  # looking for boards now
        app.frame()
        assert modem in [b.link.url for b in app.table.boards], "it is being asked..."
        assert modem not in [b.link.url for b in scene.rows()], "...but not offered"
        connect(app, clock, lambda: modem in app.table.ports.not_boards
                and any(b.running for b in app.table.boards))
        assert [b.link.url for b in app.table.boards] == [board_port.url]
        assert [b.link.url for b in scene.rows()] == [board_port.url]
        tries = opens.count(modem)
        app.table.scan()
        assert opens.count(modem) == tries, "not asked again unless asked to"
        scene.rescan()
        run_until(lambda: opens.count(modem) == tries + 1, app.frame)
        app.scenes.pop()
        assert not app.table.ports.probing
    finally:
        os.close(master)
        os.close(slave)


def test_boards_of_another_version_are_named_with_the_update(app, devices, clock):
    old = devices("pilot", "00A1", fw="1.0", hello={"minor": None, "caps": None})
    new = devices("pilot", "00A2", fw="2.0", hello={"proto": 2})
    boards = [app.table.add(old.url), app.table.add(new.url)]
    connect(app, clock, lambda: boards[0].running and boards[1].link.status == "mismatch")
    scene = ControllersScene(app)
    app.scenes.push(scene)
    assert scene.problem(boards[0]) == (f"firmware 1.0, expected {FIRMWARE_VERSION}: quit "
                                        f"Botyard (it holds the port) and run `make flash "
                                        f"PORT={old.url}`")
    assert scene.problem(boards[1]) == (f"speaks protocol 2, this Botyard 1: flash firmware "
                                        f"{FIRMWARE_VERSION} with `make flash PORT={new.url}`")
    assert app.table.set_id(boards[0], "00C1") == (
        "Firmware 1.0 cannot store an id: update it with `make flash`.")
    scene.draw(pygame.Surface((1920, 1080)))
