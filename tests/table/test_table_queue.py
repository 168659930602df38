"""Nothing a board says is dropped: what it says while another screen is on top, or on
frames that run no update step, is applied in order once the match can take it; and a
seat whose moves its boards make gets no hand-over screen."""

from __future__ import annotations

import time

import pytest

from game.rules.goblins import engine
from game.rules.goblins.actions import PickTactic, Steer
from game.scenes.handover import HandoverScene
from game.scenes.pause import PauseScene
from game.session import HUMAN, Seat, Session
from tests.scenes.clicker import click
from tests.table.conftest import connect, open_match, run_until, to_phase

CONSOLES = {"a_pilot": "pilot", "a_tactician": "tactician",
            "b_pilot": "pilot", "b_tactician": "tactician"}


def _table_of_four(app, devices, tmp_path, roles, clock):
    """A 4-human match at its first dial choice, on screen, with a live virtual console
    bound to each of ``roles`` (connected before the match opens, as at a real table)."""
    session = Session.new("goblins", [Seat(HUMAN)] * 4, "standard", 3, tmp_path)
    to_phase(session, "choose")
    consoles = {}
    for index, role in enumerate(roles):
        device = devices(CONSOLES[role], f"00{index}1")
        board = app.table.add(device.url)
        app.table.bind(board, role)
        consoles[role] = (device, board)
    connect(app, clock, lambda: all(b.running and b.link.values for _, b in consoles.values()))
    match = open_match(app, session)
    app.frame()
    return session, match, consoles


def _frame_without_step(app) -> None:
    """One frame that runs no update step (frames faster than the 120 Hz step do)."""
    app._lag, app._last = 0.0, time.perf_counter()
    before = app.time
    app.frame()
    assert app.time == before, "no update step ran"


def _legal_choices(session, role_seat_pilot: int, role_seat_tactician: int):
    state = session.state
    steer = next(a for a in engine.legal_actions(state, role_seat_pilot)
                 if isinstance(a, Steer) and (a.steer, a.target) == (1, 2))
    pick = PickTactic(role_seat_tactician, 1)
    assert pick in engine.legal_actions(state, role_seat_tactician)
    return steer, pick


@pytest.mark.parametrize("on_top", ["hand-over", "pause menu"])
def test_what_boards_say_behind_another_screen_is_applied_in_order_after_it(
        app, devices, tmp_path, clock, on_top):
    # Team B without boards: its seats need the screen, which is handed to them.
    roles = ["a_pilot", "a_tactician"] if on_top == "hand-over" else list(CONSOLES)
    session, match, consoles = _table_of_four(app, devices, tmp_path, roles, clock)
    team = session.state.teams[0]
    if on_top == "hand-over":
        assert isinstance(app.scenes.top, HandoverScene)
        assert app.scenes.top.seat in (session.state.teams[1].pilot,
                                       session.state.teams[1].tactician)
    else:
        assert app.scenes.top is match
        app.scenes.push(PauseScene(app, match))  # what Escape opens
    steer, pick = _legal_choices(session, team.pilot, team.tactician)
    (pilot, pilot_board), (tactics, tactics_board) = consoles["a_pilot"], consoles["a_tactician"]
    tactics.set("tactic", 1)
    pilot.set("steer", 1)
    pilot.set("target", 2)
    tactics.set("ready", 1)  # the tactician confirms first...
    run_until(lambda: tactics_board.link.values.get("ready") == "1", app.frame)
    pilot.set("ready", 1)  # ...then the pilot
    run_until(lambda: app.table.waiting >= 5, app.frame)
    for _ in range(30):
        app.frame()
    moves = len(session.match.actions)
    assert session.state.players[team.pilot].steer is None, "nothing applied behind it"
    if on_top == "hand-over":
        click(app, (960, 540))
    else:
        app.scenes.pop()
    run_until(lambda: len(session.match.actions) >= moves + 2, app.frame)
    assert session.match.actions[moves:moves + 2] == [pick, steer], "in the order said"
    assert app.table.waiting == 0
    for _ in range(10):
        app.frame()
    assert session.match.actions.count(steer) == session.match.actions.count(pick) == 1
    assert pilot_board.link.counters["reconnects"] == tactics_board.link.counters["reconnects"]


def test_lines_read_on_frames_without_an_update_step_are_not_dropped(app, devices, tmp_path,
                                                                      clock):
    session, _match, consoles = _table_of_four(app, devices, tmp_path, list(CONSOLES), clock)
    team = session.state.teams[0]
    steer, _ = _legal_choices(session, team.pilot, team.tactician)
    pilot, board = consoles["a_pilot"]
    lines = board.link.counters["lines"]
    pilot.set("steer", 1)
    pilot.set("target", 2)
    pilot.set("ready", 1)
    deadline = time.monotonic() + 10
    while board.link.counters["lines"] < lines + 3 or app.table.waiting < 3:
        assert time.monotonic() < deadline
        _frame_without_step(app)  # the old client dropped what these frames read
    assert session.state.players[team.pilot].steer is None
    run_until(lambda: session.state.players[team.pilot].steer is not None, app.frame)
    assert session.match.actions[-1] == steer


def test_seats_whose_boards_make_their_moves_get_no_hand_over_until_a_board_is_lost(
        app, devices, tmp_path, clock):
    session, match, consoles = _table_of_four(app, devices, tmp_path, list(CONSOLES), clock)
    assert app.scenes.top is match, "every seat's dial choice is its board's: no hand-over"
    viewer = match.viewer
    for _ in range(20):
        app.frame()
    assert app.scenes.top is match and match.viewer == viewer
    team = session.state.teams[1]
    device, _board = consoles["b_tactician"]
    device.unplug()
    run_until(lambda: isinstance(app.scenes.top, HandoverScene), app.frame)
    assert app.scenes.top.seat == team.tactician, "a lost board's seat gets the screen"
    assert "Team B tactics console lost, reconnecting" in app.table.notes(team.tactician)[0]


def test_lines_read_but_not_yet_queued_when_the_match_opens_are_taken_in_order(
        app, devices, tmp_path, clock):
    """A dial turned while the switch was still up from the last round, then the switch
    put down, all read by the link just before the match opens: the routing must start
    from before those lines, or the dial's line (switch up) would confirm a move."""
    session = Session.new("goblins", [Seat(HUMAN)] * 2, "standard", 3, tmp_path)
    to_phase(session, "choose")
    pilot = devices("pilot", "00A1")
    board = app.table.add(pilot.url)
    app.table.bind(board, "a_pilot")
    pilot.set("ready", 1)  # up since the last round
    connect(app, clock, lambda: board.running and board.taken.get("ready") == "1")
    pilot.set("steer", 2)  # the dial turned, the switch still up...
    pilot.set("ready", 0)  # ...then put down
    run_until(lambda: board.link.values.get("ready") == "0", lambda: None)  # read, not queued
    open_match(app, session)
    for _ in range(20):
        app.frame()
    seat = session.state.teams[0].pilot
    assert session.state.players[seat].steer is None, "no move before the switch goes up"
    pilot.set("ready", 1)
    run_until(lambda: session.state.players[seat].steer is not None, app.frame)
    assert session.match.actions[-1] == Steer(seat, 2, 0)
