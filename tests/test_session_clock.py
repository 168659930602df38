"""The session's programming clock on a real Calamitron match: windows open with each
programming phase, turns mode hands the window from seat to seat and keeps each human
to its own, the timer locks a half-built program as it stands, AI seats are never
timed, and the clock goes into every autosave and comes back on Continue exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.clock import RELAXED, SHARED, TURNS
from game.rules.calamitron.actions import Lock, Pick, Put
from game.rules.calamitron.events import Locked
from game.rules.calamitron.state import PROGRAM
from game.rules.core.errors import DataError, RuleError
from game.rules.core.savefile import encode, generations
from game.session import AI, HUMAN, Seat, Session, latest_save
from tests.test_session import HandBots


def _new(tmp_path: Path, kinds: tuple[str, ...], timer: str | None, seed: int = 3,
         bots: HandBots | None = None) -> Session:
    options = {} if timer is None else {"timer": timer}
    return Session.new("calamitron", [Seat(kind) for kind in kinds], "standard", seed,
                       tmp_path, options=options, bots=bots)


def _pick_all(session: Session) -> None:
    """Every seat takes a Treadbot; the first programming phase opens."""
    for seat in range(len(session.seats)):
        session.play(Pick(seat, "treadbot"))
    assert session.state.phase == PROGRAM and session.state.round == 1


def _first_put(session: Session, seat: int) -> Put:
    return next(a for a in session.rules.legal_actions(session.state, seat)
                if isinstance(a, Put))


def test_games_without_a_clock_seam_have_no_clock(tmp_path):
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 1, tmp_path)
    assert session.clock is None
    assert session.tick(100.0) == []


def test_the_timer_option_sets_the_mode_and_never_reaches_the_rules(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), RELAXED)
    assert session.clock is not None and session.clock.mode == RELAXED
    assert "timer" not in session.match.options
    assert "timer" not in json.loads(session.path.read_text())["options"]
    with pytest.raises(RuleError, match="timer option is one of shared, turns, relaxed"):
        _new(tmp_path, (HUMAN,), "sandglass")


def test_without_the_option_the_mode_suits_the_seats(tmp_path):
    assert _new(tmp_path, (HUMAN, HUMAN, AI), None, bots=HandBots()).clock.mode == TURNS
    assert _new(tmp_path, (HUMAN, AI), None, bots=HandBots()).clock.mode == SHARED
    assert _new(tmp_path, (HUMAN,), None).clock.mode == SHARED


def test_no_window_before_the_first_programming_phase(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), SHARED)
    assert session.clock.open_seats() == () and session.clock.left(0) is None
    assert session.tick(500.0) == [], "picking Retros is not timed"
    assert session.match.actions == []


def test_turns_hands_the_window_on_and_the_timer_locks_a_half_built_program(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), TURNS)
    clock = session.clock
    _pick_all(session)
    assert session.state.pry == 0
    assert clock.open_seats() == (0,), "the Pry Bar's holder edits first"
    assert clock.left(0) == 60.0 and clock.left(1) is None
    moves, saved = len(session.match.actions), session.path.read_bytes()
    assert not session.may_act(1) and session.may_act(0)
    assert session.humans_to_act() == [0], "the screen is handed to the open window only"
    with pytest.raises(RuleError, match="programs in its own turn"):
        session.play(_first_put(session, 1))
    assert len(session.match.actions) == moves and session.state.programs[1] == ()
    assert session.path.read_bytes() == saved
    session.play(_first_put(session, 0))
    assert session.tick(20.0) == []
    session.play(Lock(0))
    assert clock.carry(0) == 40.0
    assert clock.open_seats() == (1,) and clock.left(1) == 60.0, "seat 1's window opens"
    assert session.may_act(1) and session.humans_to_act() == [1]
    with pytest.raises(RuleError):
        session.play(Put(0, 0, "M1"))  # a locked program is final
    put = _first_put(session, 1)
    session.play(put)
    assert session.tick(59.5) == []
    events = session.tick(1.0)
    assert Locked(1) in events, "the timer plays seat 1's lock"
    assert session.match.actions[-2:] == [put, Lock(1)]
    assert session.state.round > 1 or session.state.phase != PROGRAM
    assert session.match.actions.count(Lock(1)) == 1
    replayed_program = [a for a in session.match.actions if a.seat == 1]
    assert replayed_program == [Pick(1, "treadbot"), put, Lock(1)], (
        "the program ran as it stood: one instruction")
    assert clock.carry(1) == 0.0


def test_the_next_phase_opens_new_windows_with_each_seats_carry(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), TURNS, seed=4)
    clock = session.clock
    _pick_all(session)
    session.tick(25.0)
    session.play(Lock(0))
    session.tick(50.0)
    session.play(Lock(1))
    assert session.state.phase == PROGRAM and session.state.round == 2, (
        "two empty programs: the round runs through with nothing to choose")
    assert clock.phase == 2
    order = [(session.state.pry + i) % 2 for i in range(2)]
    assert order == [1, 0], "the Pry Bar passed to seat 1"
    assert clock.open_seats() == (1,)
    assert clock.left(1) == 70.0, "60 s and the 10 s seat 1 left last round"
    session.play(Lock(1))
    assert clock.left(0) == 95.0, "60 s and seat 0's 35 s"


def test_outside_its_window_a_seat_may_still_lock_as_it_stands(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), TURNS)
    clock = session.clock
    _pick_all(session)
    session.tick(5.0)
    session.play(Lock(1))
    assert clock.carry(1) == 60.0, "seat 1 gave up its whole window"
    assert clock.open_seats() == (0,) and clock.left(0) == 55.0
    assert clock.pending == (0,)


def test_shared_one_window_times_every_human_and_never_an_ai(tmp_path):
    bots = HandBots()
    session = _new(tmp_path, (HUMAN, AI, HUMAN), SHARED, bots=bots)
    clock = session.clock
    for seat in (0, 2):
        session.play(Pick(seat, "shotbot"))
    session.poll()
    bots.answer = Pick(1, "treadbot")
    session.poll()
    assert session.state.phase == PROGRAM
    assert clock.open_seats() == (0, 2) and clock.left(1) is None
    put = _first_put(session, 2)
    session.play(put)
    session.play(_first_put(session, 0))
    session.play(Lock(0))
    assert clock.open_seats() == (2,)
    events = session.tick(60.0)
    assert events == [Locked(2)], "only the human still editing; the AI seat waits on its bot"
    assert session.state.programs[2] == (put.word,)
    assert session.to_act() == (1,), "the round waits for the AI seat's own lock"
    assert clock.carry() == 0.0


def test_relaxed_never_locks_anyone(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), RELAXED)
    _pick_all(session)
    assert session.tick(10_000.0) == []
    assert session.to_act() == (0, 1)
    session.play(_first_put(session, 1))
    session.play(_first_put(session, 0))


def test_a_seat_that_must_pick_a_new_retro_picks_then_locks_when_time_is_up(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), SHARED)
    _pick_all(session)
    state = session.state
    waiting = state.pieces.pop(state.retro[1])  # lost before it entered, as in a pit
    state.retro[1], state.lost[1], state.entry[1] = "", waiting.kind, waiting.at
    assert session.rules.legal_actions(state, 1)[0] == Pick(1, "shotbot")
    session.play(Lock(0))
    events = session.tick(60.0)
    assert session.match.actions[-2:] == [Pick(1, "shotbot"), Lock(1)]
    assert Locked(1) in events


def test_the_clock_is_in_every_autosave_and_continue_resumes_it_exactly(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), TURNS)
    _pick_all(session)
    session.tick(21.75)
    session.play(Lock(0))
    session.play(_first_put(session, 1))
    saved = json.loads(session.path.read_text())["client"]["clock"]
    assert saved == session.clock.to_record()
    session.tick(7.5)
    session.close()
    assert latest_save(tmp_path) == session.path
    again = Session.load(session.path)
    assert again.clock.to_record() == session.clock.to_record()
    assert again.clock.left(1) == 60.0 - 7.5, "the time that ran after the last move too"
    assert again.clock.carry(0) == 38.25
    assert again.clock.open_seats() == (1,)
    assert again.tick(52.5)[0] == Locked(1)


def test_a_save_without_a_clock_loads_with_a_fresh_one(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), SHARED)
    _pick_all(session)
    raw = json.loads(session.path.read_text())
    del raw["client"]["clock"]
    raw.pop("checksum")
    session.path.write_text(encode(raw))
    again = Session.load(session.path)
    assert again.clock.mode == TURNS, "the default for two humans"
    assert again.clock.open_seats() == (0,) and again.clock.left(0) == 60.0


def _damage_newest(path: Path, change) -> None:
    newest = generations(path)[0]
    raw = json.loads(newest.read_text())
    raw.pop("checksum")
    change(raw["client"]["clock"])
    newest.write_text(encode(raw))


def test_a_damaged_clock_resumes_from_the_generation_before(tmp_path):
    session = _new(tmp_path, (HUMAN, HUMAN), TURNS)
    _pick_all(session)
    session.play(Lock(0))
    _damage_newest(session.path, lambda clock: clock.update(left=-3))
    again = Session.load(session.path)
    assert "resumed from move 2" in again.take_news()
    assert again.clock.open_seats() == (0,), "the clock as it was at move 2"


def test_a_damaged_clock_in_the_only_save_is_one_plain_sentence(tmp_path):
    session = _new(tmp_path, (HUMAN,), SHARED)
    _damage_newest(session.path, lambda clock: clock.update(mode="sandglass"))
    with pytest.raises(DataError) as caught:
        Session.load(session.path)
    assert "\n" not in str(caught.value) and "client.clock.mode" in str(caught.value)


def test_a_save_whose_clock_times_a_bot_resumes_without_timing_it(tmp_path):
    bots = HandBots()
    session = _new(tmp_path, (HUMAN, AI), SHARED, bots=bots)
    session.play(Pick(0, "treadbot"))
    session.poll()
    bots.answer = Pick(1, "treadbot")
    session.poll()
    assert session.clock.pending == (0,)
    _damage_newest(session.path, lambda clock: clock.update(queue=[0, 1]))
    again = Session.load(session.path, bots=HandBots())
    assert again.take_news() is None, "the newest save loads"
    assert again.clock.pending == (0,) and again.clock.left(1) is None
