"""The Coal Heart: Spark on every take, a broken taker stays broken, recovery to 5 HP,
Overload as one effect (everyone broken at once: most parts wins), Mend, Sticky Hands."""

from __future__ import annotations

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import End, HeartChoice, Select, UseGear
from tests.rules.coal_heart.helpers import start, table


def test_capture_takes_the_heart_from_its_holder_with_spark():
    state = table(s0={"hp": 10}, s2={"gear": ["repair_kit"]})
    state.heart = 1
    start(state, 0, "capture")
    assert state.heart == 0 and state.seats[0].hp == 13


def test_a_broken_taker_stays_broken():
    state = table(s0={"hp": 0})
    start(state, 0, "capture")
    assert state.heart == 0 and state.seats[0].hp == 0


def test_the_holder_must_choose_and_mend_heals_6():
    state = table(s0={"hp": 10})
    state.heart = 0
    start(state, 0, "capture")
    assert flow.options(state) == [HeartChoice(0, "overload"), HeartChoice(0, "mend")]
    engine.apply(state, HeartChoice(0, "mend"))
    assert state.seats[0].hp == 16


def test_a_broken_holder_recovers_then_overloads():
    state = table(s0={"hp": 0}, s1={"hp": 4}, s2={"hp": 10})
    state.heart = 0
    start(state, 0, "capture")
    engine.apply(state, HeartChoice(0, "overload"))
    assert [s.hp for s in state.seats] == [3, 0, 6]
    assert not engine.is_over(state)


def test_overload_breaking_everyone_at_once_goes_to_the_most_parts():
    state = table(s0={"hp": 2, "built": ["l_foot"]}, s1={"hp": 4, "built": ["l_foot", "r_foot"]},
                  s2={"hp": 3, "built": ["l_arm", "r_arm"]})
    state.heart = 0
    start(state, 0, "capture")
    engine.apply(state, HeartChoice(0, "overload"))
    assert engine.is_over(state) and set(engine.winners(state)) == {1, 2}


def test_sticky_hands_before_selecting_takes_the_heart_without_capture_options():
    state = table(s0={"hp": 10, "gear": ["sticky_hands"]})
    state.heart = 0
    state.first, state.phase_no = 0, 0
    engine.apply(state, UseGear(0, "sticky_hands", ""))
    assert state.seats[0].hp == 13 and state.heart == 0 and state.discard == ["sticky_hands"]
    engine.apply(state, Select(0, "mine"))
    assert state.used == ["mine"]


def test_the_others_take_empty_turns_with_own_turn_gear_allowed():
    state = table(s1={"hp": 10, "gear": ["repair_kit"]})
    start(state, 0, "capture")
    assert flow.deciding(state) == 1
    assert set(flow.options(state)) == {UseGear(1, "repair_kit", ""), End(1)}
    engine.apply(state, UseGear(1, "repair_kit", ""))
    assert state.seats[1].hp == 12
