"""Calamitron at the table, through the client's Table: a virtual one-dial console bound
to a seat's ready-switch role locks that seat's program as it stands (its clock stops
and, in turns mode, the next seat's window opens), lights while the lock is wanted,
never locks twice from a switch left up, and serves human seats only. Links keep the
real timeouts on a fake clock."""

from __future__ import annotations

from game.rules.calamitron.actions import Lock, Pick, Put
from game.rules.calamitron.state import PROGRAM
from game.scenes.calamitron import table as table_module
from game.scenes.calamitron.table import ROLES, holder
from game.session import AI, HUMAN, Seat, Session
from tests.table.conftest import connect, run_until
from tests.test_session import HandBots


def _session(tmp_path, kinds, timer, bots=None) -> Session:
    session = Session.new("calamitron", [Seat(kind) for kind in kinds], "standard", 3,
                          tmp_path, options={"timer": timer}, bots=bots)
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            session.play(Pick(seat, "treadbot"))
    return session


def _console(app, devices, clock, session, role: str, uid: str):
    """A console plugged in and bound to ``role`` while ``session`` is open."""
    app.table.attach(session)
    device = devices("tactician", uid)
    board = app.table.add(device.url)
    app.table.bind(board, role)
    connect(app, clock, lambda: board.running)
    return device


def _step(app, session, said: list[str]) -> None:
    """One frame of a match screen that takes the table's moves whenever it can."""
    app.frame()
    app.table.take(session.play, said.append, lambda: True)


def test_the_mapping_gives_each_seat_its_own_switch():
    class Table:
        n = 3

    assert [holder(Table, role.key) for role in ROLES] == [0, 1, 2, None]
    assert {role.board for role in ROLES} == {"tactician"}


def test_a_ready_switch_locks_its_seat_and_hands_the_window_on(app, devices, tmp_path,
                                                               clock):
    session = _session(tmp_path, (HUMAN, HUMAN), "turns")
    assert session.state.phase == PROGRAM and session.clock.open_seats() == (0,)
    console = _console(app, devices, clock, session, "seat1_ready", "00C1")
    said: list[str] = []
    run_until(lambda: console.led == "turn", lambda: _step(app, session, said))
    put = next(a for a in session.rules.legal_actions(session.state, 0) if isinstance(a, Put))
    session.play(put)
    session.tick(12.0)
    moves = len(session.match.actions)
    console.set("ready", 1)
    run_until(lambda: len(session.match.actions) > moves, lambda: _step(app, session, said))
    assert session.match.actions[moves:] == [Lock(0)], "one flip, one lock"
    assert session.state.programs[0] == (put.word,), "locked as it stood"
    assert session.clock.carry(0) == 48.0, "the clock stopped at the flip"
    assert session.clock.open_seats() == (1,), "seat 2's window opens"
    run_until(lambda: console.flashes >= 1, lambda: _step(app, session, said))
    run_until(lambda: console.led == "idle", lambda: _step(app, session, said))
    assert said == []


def test_a_switch_left_up_never_locks_the_next_program(app, devices, tmp_path, clock):
    session = _session(tmp_path, (HUMAN, HUMAN), "shared")
    console = _console(app, devices, clock, session, "seat2_ready", "00C2")
    said: list[str] = []
    run_until(lambda: console.led == "turn", lambda: _step(app, session, said))
    console.set("ready", 1)
    run_until(lambda: session.state.locked[1], lambda: _step(app, session, said))
    session.play(Lock(0))
    assert session.state.phase == PROGRAM and session.state.round == 2
    run_until(lambda: console.led == "again", lambda: _step(app, session, said))
    moves = len(session.match.actions)
    for _ in range(20):
        _step(app, session, said)
    assert len(session.match.actions) == moves, "the switch still up from round 1"
    console.set("ready", 0)
    run_until(lambda: console.led == "turn", lambda: _step(app, session, said))
    console.set("ready", 1)
    run_until(lambda: len(session.match.actions) > moves, lambda: _step(app, session, said))
    assert session.match.actions[moves:] == [Lock(1)]


def test_an_ai_seats_switch_is_never_asked(app, devices, tmp_path, clock):
    bots = HandBots()
    session = _session(tmp_path, (HUMAN, AI), "shared", bots=bots)
    session.poll()
    bots.answer = Pick(1, "shotbot")
    session.poll()
    assert session.state.phase == PROGRAM
    console = _console(app, devices, clock, session, "seat2_ready", "00C3")
    said: list[str] = []
    for _ in range(20):
        _step(app, session, said)
    assert console.led == "idle"
    console.set("ready", 0)
    console.set("ready", 1)
    for _ in range(20):
        _step(app, session, said)
    assert Lock(1) not in session.match.actions, "the bot locks through its own moves"


def test_the_ready_switch_bench_times_flips_from_the_firmware_to_the_rules():
    """``botyard bench controller``'s ready-switch path: each flip of the real firmware's
    switch becomes seat 1's Lock, applied; figures are printed, never asserted."""
    from tests.hardware.helpers import build_firmware

    build_firmware()
    lines = table_module.ready_bench(4)
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{table_module.LABEL}: switch up to the Lock applied, 4 flips,"
                               " none lost or made twice: median ")
    assert "p99 " in lines[0] and " s CPU in this process" in lines[1]


def test_the_ready_switch_bench_says_when_the_firmware_is_not_built(monkeypatch, tmp_path):
    from hardware import avr_sim

    monkeypatch.setattr(avr_sim, "ELF", tmp_path / "botyard-controller.elf")
    assert table_module.bench(None) == [
        f"{table_module.LABEL}: not measured: run `make firmware` in a checkout "
        "(botyard-controller.elf not built)"]
