"""Gear: the compulsory pick, Deluxe only for the Active Player or a built core, the
row refilled at the end of the Phase, the discard reshuffled only when needed, and the
own-Turn cards."""

from __future__ import annotations

import pytest

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import End, TakeGear, UseGear
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import start, table


def test_deluxe_for_the_active_player_and_a_built_core_only():
    state = table(s2={"built": ["core"]})
    state.row = ["chainsaw", "shovel", "force_field", "shovel", "repair_kit"]
    start(state, 0, "gear")
    assert TakeGear(0, "chainsaw") in flow.options(state)
    engine.apply(state, TakeGear(0, "chainsaw"))
    assert {a.card for a in flow.options(state) if isinstance(a, TakeGear)} == {
        "shovel", "repair_kit"}
    with pytest.raises(RuleError):
        engine.apply(state, TakeGear(1, "force_field"))
    engine.apply(state, TakeGear(1, "shovel"))
    engine.apply(state, End(1))
    assert TakeGear(2, "force_field") in flow.options(state)


def test_the_pick_is_compulsory_when_there_is_one():
    state = table()
    state.row = ["shovel"] * 5
    start(state, 0, "gear")
    assert End(0) not in flow.options(state)


def test_the_row_refills_at_the_end_of_the_phase_reshuffling_only_when_needed():
    state = table()
    state.row = ["twin_blasters"] * 3 + ["rocket_punch"] * 2
    state.deck = ["shovel"]
    state.discard = ["chainsaw", "chainsaw"]
    start(state, 0, "gear")
    for seat in range(3):
        engine.apply(state, TakeGear(seat, state.row[0]))
        assert len(state.row) == 4 - seat or seat == 2
    assert sorted(state.row) == ["chainsaw", "chainsaw", "rocket_punch", "rocket_punch",
                                 "shovel"]
    assert state.deck == [] and state.discard == []


def test_a_short_row_stays_short_when_deck_and_discard_are_empty():
    state = table()
    state.row = ["twin_blasters"]
    start(state, 0, "gear")
    engine.apply(state, TakeGear(0, "twin_blasters"))
    assert state.row == [] and state.hex == ""


def test_shovel_names_a_colour_the_supply_holds():
    state = table(s0={"gear": ["shovel"]})
    state.supply = [0, 3, 0, 0]
    start(state, 0, "capture")
    assert [a.colour for a in flow.options(state) if isinstance(a, UseGear)] == ["P"]
    engine.apply(state, UseGear(0, "shovel", "P"))
    assert state.seats[0].cubes == [0, 1, 0, 0] and state.supply == [0, 2, 0, 0]


def test_repair_kit_gains_2_but_not_past_20_nor_while_broken():
    state = table(s0={"hp": 19, "gear": ["repair_kit", "repair_kit"]})
    start(state, 0, "scavenge")
    engine.apply(state, UseGear(0, "repair_kit", ""))
    assert state.seats[0].hp == 20
    state.seats[0].hp = 0
    engine.apply(state, UseGear(0, "repair_kit", ""))
    assert state.seats[0].hp == 0


def test_gear_is_only_used_on_your_own_turn():
    state = table(s1={"gear": ["repair_kit"]})
    state.row = ["shovel"] * 5
    start(state, 0, "gear")
    with pytest.raises(RuleError, match="not your decision"):
        engine.apply(state, UseGear(1, "repair_kit", ""))


def test_every_own_turn_card_held_is_offered_together():
    state = table(s0={"gear": ["repair_kit", "shovel", "sticky_hands"]})
    state.supply = [0, 1, 0, 1]
    start(state, 0, "fight")
    own = [a for a in flow.options(state) if isinstance(a, UseGear)]
    assert own == [UseGear(0, "repair_kit", ""), UseGear(0, "shovel", "P"),
                   UseGear(0, "shovel", "G"), UseGear(0, "sticky_hands", "")]
