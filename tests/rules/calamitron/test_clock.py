"""The rules' seam with the session's programming clock: when a window is open, the
turns mode's order, and what a seat whose time ran out plays (RULES-DECISIONS.md,
Timer)."""

from __future__ import annotations

from game.rules.calamitron import clock, engine
from game.rules.calamitron.actions import Lock, Pick
from tests.rules.calamitron.helpers import cat


def test_the_window_is_one_minute_and_carries_at_most_one_more():
    assert (clock.OPTION, clock.BASE_SECONDS, clock.CARRY_CAP) == ("timer", 60.0, 60.0)


def test_a_window_is_open_only_while_programming():
    state = engine.new_state(cat(), 3, "standard", 2)
    assert clock.editing(state) is None
    for seat in range(3):
        engine.apply(state, Pick(seat, "treadbot"))
    assert clock.editing(state) == 1
    state.round = 4
    assert clock.editing(state) == 4
    state.phase = "run"
    assert clock.editing(state) is None


def test_turns_go_from_the_pry_bar_clockwise():
    state = engine.new_state(cat(), 3, "standard", 2)
    assert clock.order(state) == [0, 1, 2]
    state.pry = 2
    assert clock.order(state) == [2, 0, 1]


def test_time_up_locks_or_first_picks_a_type_unlike_the_lost_one():
    state = engine.new_state(cat(), 2, "standard", 2)
    assert clock.lock_action(state, 1) == Lock(1)
    state.lost[1] = "treadbot"
    assert clock.lock_action(state, 1) == Pick(1, "shotbot")
    state.lost[1] = "shotbot"
    assert clock.lock_action(state, 1) == Pick(1, "treadbot")
