"""The state's own small rules: broken is exactly 0 HP, the Active Player and the Turn's
seat count left from the First Player, and a clone is a separate copy that shares only
the catalogue and starts with an empty log."""

from __future__ import annotations

from game.rules.coal_heart.events import Note
from tests.rules.coal_heart.helpers import table


def test_broken_is_exactly_zero_hp():
    state = table(s0={"hp": 0}, s1={"hp": 1})
    assert [s.broken for s in state.seats] == [True, False, False]


def test_the_active_seat_and_the_turn_seat_wrap_round_the_table():
    state = table(4)
    state.first, state.phase_no, state.turn_no = 3, 2, 3
    assert state.active == 1 and state.turn_seat == 0


def test_a_clone_is_separate_shares_the_catalogue_and_leaves_the_log():
    state = table()
    state.log.append(Note("turn", 0, "mine"))
    twin = state.clone()
    assert twin == state and twin.cat is state.cat
    assert twin.log == [] and state.log == [Note("turn", 0, "mine")]
    twin.seats[0].gear.append("shovel")
    assert state.seats[0].gear == []
