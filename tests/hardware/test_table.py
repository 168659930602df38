"""TableInput: controller snapshots to rules actions, on real Goblins, Inc. states."""

from __future__ import annotations

import pytest

from game.rules.goblins import engine
from game.rules.goblins.actions import PickTactic, Steer
from game.rules.goblins.combat import BLANK
from hardware.controller_sim import VirtualDevice
from hardware.link import DeviceInfo, Link, LinkEvent
from hardware.table import Reaction, TableInput, stable_faces
from tests.hardware.helpers import EventLog, FakeClock, wait_for
from tests.rules.goblins.helpers import play_until

PILOT = DeviceInfo("pilot", "1.0", "00A1")
TACTICIAN = DeviceInfo("tactician", "1.0", "00B1")


@pytest.fixture
def choose_state(catalogue):
    """A 4-player match at its first dial choice: seats 0 and 1 pilot, 2 and 3 pick."""
    state = engine.new_state(catalogue, 4, "standard", 3)
    play_until(state, "choose")
    assert (state.teams[0].pilot, state.teams[0].tactician) == (0, 2)
    return state


def _event(device: DeviceInfo, kind: str = "state", **values: int | str) -> LinkEvent:
    return LinkEvent("test", kind, device, {k: str(v) for k, v in values.items()}, 0.0)


def _pilot(steer: int, target: int, ready: int, kind: str = "state") -> LinkEvent:
    return _event(PILOT, kind, steer=steer, target=target, ready=ready)


def _table(legal=engine.legal_actions) -> TableInput:
    return TableInput({"00A1": (0, "pilot"), "00b1": (2, "tactician")}, legal)


def _feed(table: TableInput, state, events: list[LinkEvent]) -> Reaction:
    total = Reaction()
    for event in events:
        reaction = table.handle(event, state)
        total.actions += reaction.actions
        total.messages += reaction.messages
    return total


def test_ready_edge_makes_the_legal_steer_and_the_engine_accepts_it(choose_state):
    table = _table()
    reaction = _feed(table, choose_state, [
        _event(PILOT, "hello"), _pilot(0, 0, 0), _pilot(1, 2, 0, "change"),
        _pilot(1, 2, 1, "change")])
    assert reaction.actions == [Steer(0, 1, 2)] and reaction.messages == []
    engine.apply(choose_state, reaction.actions[0])
    assert choose_state.players[0].steer == (1, 2)
    # The choice is made: later edges do nothing.
    assert _feed(table, choose_state, [_pilot(3, 3, 0), _pilot(3, 3, 1)]) == Reaction()


def test_tactician_edge_makes_pick_tactic(choose_state):
    table = _table()
    reaction = _feed(table, choose_state, [
        _event(TACTICIAN, tactic=0, ready=0), _event(TACTICIAN, "change", tactic=2, ready=0),
        _event(TACTICIAN, "change", tactic=2, ready=1)])
    assert reaction.actions == [PickTactic(2, 2)]
    engine.apply(choose_state, reaction.actions[0])


def test_illegal_dial_is_a_message_not_an_action(choose_state):
    def no_full_circle(state, seat):
        return [a for a in engine.legal_actions(state, seat) if a != Steer(seat, 3, 3)]

    table = _table(no_full_circle)
    reaction = _feed(table, choose_state, [_pilot(3, 3, 0), _pilot(3, 3, 1, "change")])
    assert reaction.actions == []
    assert reaction.messages == ["Seat 1's pilot dial: that steering is not possible now"]
    # Turning the dial alone does not retry; a new ready edge does.
    assert _feed(table, choose_state, [_pilot(2, 3, 1, "change")]) == Reaction()
    reaction = _feed(table, choose_state, [_pilot(2, 3, 0, "change"), _pilot(2, 3, 1, "change")])
    assert reaction.actions == [Steer(0, 2, 3)]


def test_tactics_card_that_is_not_dealt_cannot_be_picked(choose_state):
    choose_state.face_up = choose_state.face_up[:2]  # only two cards left this round
    table = _table()
    reaction = _feed(table, choose_state, [
        _event(TACTICIAN, tactic=2, ready=0), _event(TACTICIAN, "change", tactic=2, ready=1)])
    assert reaction.actions == []
    assert reaction.messages == ["Seat 3's tactics dial: that card cannot be picked now"]


def test_ready_already_up_when_the_choice_starts_does_not_fire(catalogue, choose_state):
    earlier = engine.new_state(catalogue, 4, "standard", 3)
    assert earlier.phase == "build"
    table = _table()
    assert _feed(table, earlier, [_pilot(1, 1, 0), _pilot(1, 1, 1, "change")]) == Reaction()
    table.observe(choose_state)
    assert table.status(0) == "pilot controller: switch ready off and on to confirm"
    assert _feed(table, choose_state, [_pilot(1, 1, 1)] * 5) == Reaction()
    reaction = _feed(table, choose_state, [_pilot(1, 1, 0, "change"), _pilot(1, 1, 1, "change")])
    assert reaction.actions == [Steer(0, 1, 1)]
    assert table.status(0) is None


def test_heartbeats_and_reconnect_resends_never_apply_twice(choose_state):
    table = _table()
    first = _feed(table, choose_state, [_pilot(2, 1, 0), _pilot(2, 1, 1, "change")])
    assert first.actions == [Steer(0, 2, 1)]
    again = _feed(table, choose_state, [
        _pilot(2, 1, 1), _pilot(2, 1, 1), _event(PILOT, "lost", steer=2, target=1, ready=1),
        _event(PILOT, "hello"), _pilot(2, 1, 1), _pilot(2, 1, 1, "change"), _pilot(2, 1, 1)])
    assert again == Reaction()


def test_lost_controller_pauses_its_seat_with_a_message(choose_state):
    table = _table()
    _feed(table, choose_state, [_event(PILOT, "hello"), _pilot(0, 0, 0)])
    assert table.status(0) is None
    table.handle(_event(PILOT, "lost"), choose_state)
    assert table.status(0) == "pilot controller lost — reconnecting; use the mouse meanwhile"
    assert table.paused(0) and not table.paused(2)
    assert table.status(2) is None
    table.handle(_event(PILOT, "hello"), choose_state)
    assert table.status(0) is None and not table.paused(0)


def test_unknown_devices_and_wrong_roles_are_ignored(choose_state):
    table = _table()
    stranger = DeviceInfo("pilot", "1.0", "FFFF")
    assert _feed(table, choose_state, [_event(stranger, steer=0, target=0, ready=0),
                                       _event(stranger, "change", steer=0, target=0, ready=1)
                                       ]) == Reaction()
    impostor = DeviceInfo("tactician", "1.0", "00A1")
    reaction = _feed(table, choose_state, [_event(impostor, "hello"),
                                           _event(impostor, tactic=1, ready=0),
                                           _event(impostor, "change", tactic=1, ready=1)])
    assert reaction.actions == []
    assert reaction.messages == [
        "Seat 1: controller 00A1 is a tactician, but it is set up as the pilot"]
    nonsense = _feed(table, choose_state, [_pilot(0, 0, 0), _event(PILOT, steer=7, target=0,
                                                                   ready=1)])
    assert nonsense == Reaction()


@pytest.mark.parametrize(("values", "faces"), [
    ({"d0": "S3", "d1": "SB", "d2": "S5", "d3": "A-", "d4": "A-"}, (3, BLANK, 5)),
    ({"d0": "A-", "d1": "S1", "d2": "A-", "d3": "S2", "d4": "SB"}, (1, 2, BLANK)),
    ({"d0": "S3", "d1": "R-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "S3", "d1": "T-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "H-", "d1": "S4", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "S-", "d1": "S4", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "A-", "d1": "A-", "d2": "A-", "d3": "A-", "d4": "A-"}, ()),
    ({"d0": "S6", "d1": "A-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
])
def test_stable_faces(values, faces):
    assert stable_faces(values) == faces


def test_unplugged_in_the_middle_of_a_choice_resumes_with_exactly_one_steer(
        choose_state, thread_errors):
    board = VirtualDevice("pilot", "00A1", heartbeat=0.1, boot_delay=0.02)
    board.listen()
    log = EventLog()
    clock = FakeClock()
    link = Link(board.url, log.queue, name="seat 1 pilot", clock=clock)
    table = _table()
    actions: list[Steer] = []

    def pump() -> None:
        while not log.queue.empty():
            event = log.queue.get_nowait()
            log.seen.append(event)
            actions.extend(table.handle(event, choose_state).actions)

    def settle(predicate) -> bool:
        return wait_for(lambda: pump() or predicate())

    link.start()
    try:
        assert settle(lambda: table.snapshot("00A1").get("ready") == "0")
        board.set("steer", 1)
        board.set("target", 3)
        assert settle(lambda: table.snapshot("00A1").get("target") == "3")
        board.unplug()
        assert settle(lambda: table.status(0) is not None)
        assert "lost" in table.status(0)
        board.set("steer", 2)  # the player finishes the choice while the cable is out
        board.set("ready", 1)
        assert table.snapshot("00A1") == {"steer": "1", "target": "3", "ready": "0"}
        board.plug()
        clock.settle()  # the link has begun its pause before retrying
        clock.advance(link.retry)
        assert settle(lambda: actions)
        heard = len(log.seen)
        # A few more heartbeats, all saying ready=1.
        assert settle(lambda: sum(e.kind == "state" for e in log.seen[heard:]) >= 4)
        assert all(e.values["ready"] == "1" for e in log.seen[heard:] if e.kind == "state")
        assert actions == [Steer(0, 2, 3)]
        assert table.status(0) is None and link.counters["reconnects"] == 1
        engine.apply(choose_state, actions[0])
    finally:
        link.stop()
        board.close()
    assert thread_errors == []
