"""The programming clock on its own: every mode's windows, the carry and its cap, a tick
crossing zero, locks mid-window and out of turn, and its record (round trip and damage).
Time passes only through ``tick``; figures are worked out from the decisions' rule:
window = 60 s + carry, carry = unused time, at most 60 s."""

from __future__ import annotations

import json

import pytest

from game.clock import RELAXED, SHARED, TURNS, WindowClock, default_mode
from game.rules.core.errors import DataError


def test_the_default_mode_is_turns_only_for_several_humans():
    assert default_mode(0) == SHARED
    assert default_mode(1) == SHARED
    assert default_mode(2) == TURNS
    assert default_mode(4) == TURNS


def test_shared_one_window_for_every_human_and_its_carry_is_what_the_last_left():
    clock = WindowClock(SHARED)
    clock.start_round([0, 2], phase=1)
    assert clock.open_seats() == (0, 2)
    assert clock.left(0) == clock.left(2) == 60.0
    assert clock.left(1) is None, "an AI seat has no window"
    assert clock.tick(15.0) == ()
    clock.locked(2)
    assert clock.open_seats() == (0,)
    assert clock.left(2) is None and clock.left(0) == 45.0
    assert clock.tick(5.5) == ()
    clock.locked(0)
    assert clock.open_seats() == () and clock.left(0) is None
    assert clock.carry() == 39.5, "time left when the last human locked"
    clock.start_round([0, 2], phase=2)
    assert clock.left(0) == 99.5, "60 s and the carry"


def test_shared_carry_is_capped_at_a_minute():
    clock = WindowClock(SHARED)
    clock.start_round([0], phase=1)
    clock.locked(0)
    assert clock.carry() == 60.0
    clock.start_round([0], phase=2)
    assert clock.left(0) == 120.0
    clock.tick(1.0)
    clock.locked(0)
    assert clock.carry() == 60.0, "119 s unused still carries only 60"


def test_shared_time_running_out_names_every_open_seat_once_and_carries_nothing():
    clock = WindowClock(SHARED)
    clock.start_round([1, 3], phase=1)
    clock.locked(1)
    assert clock.tick(59.0) == ()
    assert clock.tick(1.5) == (3,), "the tick crossing zero"
    assert clock.left(3) == 0.0
    assert clock.open_seats() == (), "no one edits once time is up"
    assert clock.tick(1.0) == (), "told once"
    clock.locked(3)
    assert clock.carry() == 0.0
    clock.start_round([1, 3], phase=2)
    assert clock.left(1) == 60.0


def test_a_tick_landing_exactly_on_zero_runs_the_window_out():
    clock = WindowClock(SHARED)
    clock.start_round([0], phase=1)
    assert clock.tick(60.0) == (0,)


def test_turns_each_human_in_order_with_its_own_window_and_carry():
    clock = WindowClock(TURNS)
    clock.start_round([2, 0, 1], phase=1)
    assert clock.open_seats() == (2,)
    assert clock.left(2) == 60.0 and clock.left(0) is None and clock.left(1) is None
    clock.tick(20.0)
    clock.locked(2)
    assert clock.carry(2) == 40.0
    assert clock.open_seats() == (0,) and clock.left(0) == 60.0, "a fresh window for seat 0"
    assert clock.tick(60.0) == (0,)
    clock.locked(0)
    assert clock.carry(0) == 0.0
    assert clock.open_seats() == (1,)
    clock.tick(59.0)
    clock.locked(1)
    assert clock.carry(1) == 1.0
    assert clock.open_seats() == () and clock.pending == ()
    clock.start_round([2, 0, 1], phase=2)
    assert clock.left(2) == 100.0, "seat 2's own carry"
    clock.locked(2)
    assert clock.carry(2) == 60.0, "capped"
    assert clock.left(0) == 60.0, "seat 0 ran out last time: nothing carried"
    clock.locked(0)
    assert clock.left(1) == 61.0


def test_turns_a_seat_locking_before_its_window_carries_that_whole_window():
    clock = WindowClock(TURNS)
    clock.start_round([0, 1], phase=1)
    clock.tick(10.0)
    clock.locked(1)
    assert clock.carry(1) == 60.0, "its window of 60 s was left unused (capped at 60)"
    assert clock.open_seats() == (0,) and clock.left(0) == 50.0, "seat 0's window runs on"
    clock.locked(0)
    assert clock.pending == ()


def test_turns_only_the_open_window_runs_out():
    clock = WindowClock(TURNS)
    clock.start_round([0, 1], phase=1)
    assert clock.tick(75.0) == (0,)
    assert clock.tick(75.0) == (), "seat 1's window opens only once seat 0 has locked"
    clock.locked(0)
    assert clock.left(1) == 60.0
    assert clock.tick(60.0) == (1,)


def test_relaxed_has_no_clock_and_every_human_may_edit():
    clock = WindowClock(RELAXED)
    clock.start_round([0, 1], phase=1)
    assert clock.left(0) is None and clock.left(1) is None
    assert clock.open_seats() == (0, 1)
    assert clock.tick(10_000.0) == ()
    clock.locked(0)
    assert clock.open_seats() == (1,)


def test_no_humans_no_window():
    for mode in (SHARED, TURNS):
        clock = WindowClock(mode)
        clock.start_round([], phase=1)
        assert clock.open_seats() == () and clock.tick(100.0) == ()


def test_a_lock_of_a_seat_the_clock_does_not_time_changes_nothing():
    clock = WindowClock(TURNS)
    clock.start_round([0], phase=1)
    clock.tick(5.0)
    before = clock.to_record()
    clock.locked(3)
    assert clock.to_record() == before


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf")])
def test_time_only_moves_forward(bad):
    clock = WindowClock(SHARED)
    clock.start_round([0], phase=1)
    with pytest.raises(ValueError):
        clock.tick(bad)
    assert clock.left(0) == 60.0


def test_bad_modes_and_rounds_are_refused():
    with pytest.raises(ValueError):
        WindowClock("sandglass")
    with pytest.raises(ValueError):
        WindowClock(SHARED, base=0.0)
    with pytest.raises(ValueError):
        WindowClock(SHARED).start_round([1, 1])


def _midway() -> WindowClock:
    """A turns clock part-way through its second round: carries, a window half used."""
    clock = WindowClock(TURNS)
    clock.start_round([1, 0], phase=1)
    clock.tick(12.25)
    clock.locked(1)
    clock.tick(70.0)
    clock.locked(0)
    clock.start_round([1, 0], phase=2)
    clock.tick(33.125)
    return clock


def test_the_record_round_trips_through_json_exactly():
    clock = _midway()
    again = WindowClock.from_record(json.loads(json.dumps(clock.to_record())), players=2)
    assert again.to_record() == clock.to_record()
    assert again.mode == TURNS and again.phase == 2
    assert again.left(1) == 60.0 + 47.75 - 33.125
    assert again.carry(1) == 47.75 and again.carry(0) == 0.0
    assert again.tick(1000.0) == clock.tick(1000.0) == (1,)
    shared = WindowClock(SHARED, base=30.0, cap=10.0)
    shared.start_round([0], phase=7)
    shared.tick(4.5)
    copy = WindowClock.from_record(json.loads(json.dumps(shared.to_record())))
    assert copy.to_record() == shared.to_record() and copy.left(0) == 25.5


def _damaged(change) -> dict:
    record = _midway().to_record()
    change(record)
    return record


DAMAGE = {
    "not a mapping": lambda r: r.clear(),
    "a key missing": lambda r: r.pop("left"),
    "an extra key": lambda r: r.update(extra=1),
    "unknown mode": lambda r: r.update(mode="sandglass"),
    "mode not text": lambda r: r.update(mode=["turns"]),
    "negative base": lambda r: r.update(base=-60),
    "zero base": lambda r: r.update(base=0),
    "base as text": lambda r: r.update(base="60"),
    "base too large for a number": lambda r: r.update(base=10**400),
    "time left too large for a number": lambda r: r.update(left=10**400),
    "cap as a flag": lambda r: r.update(cap=True),
    "phase as text": lambda r: r.update(phase="2"),
    "queue not a list": lambda r: r.update(queue=1),
    "queue repeats a seat": lambda r: r.update(queue=[1, 1]),
    "queue names a seat beyond the table": lambda r: r.update(queue=[5]),
    "queue holds a negative seat": lambda r: r.update(queue=[-1]),
    "negative time left": lambda r: r.update(left=-0.5),
    "more time left than a window holds": lambda r: r.update(left=120.5),
    "no time left with a window open": lambda r: r.update(left=None),
    "time left with no window open": lambda r: r.update(queue=[], left=10.0),
    "carry over the cap": lambda r: r.update(carry=61),
    "seat carry not pairs": lambda r: r.update(seat_carry=[[0, 1, 2]]),
    "seat carry over the cap": lambda r: r.update(seat_carry=[[0, 90.0]]),
    "seat carry for a seat beyond the table": lambda r: r.update(seat_carry=[[7, 1.0]]),
    "seat carry naming a seat twice": lambda r: r.update(seat_carry=[[0, 1.0], [0, 2.0]]),
}


@pytest.mark.parametrize("name", list(DAMAGE))
def test_a_damaged_record_is_one_located_sentence(name):
    record = [] if name == "not a mapping" else _damaged(DAMAGE[name])
    with pytest.raises(DataError) as caught:
        WindowClock.from_record(record, "save.json", "client.clock", players=2)
    message = str(caught.value)
    assert "\n" not in message and "save.json" in message and "client.clock" in message
