"""The designed part abilities through the vocabulary: heal and cube triggers, theft
with the giver's choice and its follow-ups, the Upgrade-start damage, NOW, the
once-a-Turn damage reward, Gear gains and spends, and the plain switch."""

from __future__ import annotations

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    Convert,
    End,
    Give,
    TakeGear,
    Trigger,
    UseGear,
)
from game.rules.coal_heart.table import heal
from tests.rules.coal_heart.helpers import end_turns_until, start, table

ONE_COLOUR = [0, 0, 6, 0]


def test_syphon_head_and_right_leg_fire_on_every_heal_even_at_full_or_broken():
    state = table(s2={"built": ["head", "r_leg"], "hp": 0})
    state.supply = list(ONE_COLOUR)
    heal(state, 2, 2, "test")
    flow.advance(state)
    assert state.seats[2].hp == 0 and state.seats[2].cubes == [0, 0, 1, 0]
    assert [s.hp for s in state.seats[:2]] == [19, 19]


def test_reforge_head_fires_on_a_shovel_not_on_the_quarry():
    state = table(s0={"built": ["head"], "gear": ["shovel"]})
    state.quarry = [3, 0, 0, 0]
    state.supply = [0, 0, 2, 0]
    start(state, 0, "mine")
    engine.apply(state, UseGear(0, "shovel", "C"))
    assert [s.hp for s in state.seats] == [20, 19, 19]
    engine.apply(state, flow.options(state)[0])
    assert [s.hp for s in state.seats] == [20, 19, 19], "a Quarry cube fires nothing"


def test_executioner_head_takes_a_cube_the_giver_chooses_then_its_shoulder_and_leg_fire():
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["head", "l_shoulder", "r_leg"]},
                  s1={"cubes": [2, 1, 0, 0]}, s2={"cubes": [1, 0, 0, 0]})
    state.supply = [0, 0, 0, 4]
    start(state, 0, "fight")
    assert flow.deciding(state) == 1 and set(flow.options(state)) == {Give(1, "S"),
                                                                       Give(1, "P")}
    engine.apply(state, Give(1, "P"))
    seats = state.seats
    assert seats[0].cubes == [0, 1, 0, 1] and seats[1].cubes == [2, 0, 0, 0]
    assert [s.hp for s in seats] == [20, 19, 19]


def test_constructor_head_deals_damage_at_the_start_of_its_upgrade_turn_not_when_built():
    state = table(robots=("dr_constructor", "lord_reforge", "gizmo_guru"),
                  s0={"cubes": [0, 1, 1, 1]}, s1={"cubes": [1, 0, 0, 0]})
    start(state, 0, "upgrade")
    engine.apply(state, Build(0, "head", ("C", "P", "-")))
    engine.apply(state, End(1))
    assert [s.hp for s in state.seats] == [20, 20, 20]
    state = table(robots=("dr_constructor", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["head"]})
    start(state, 0, "upgrade")
    assert [s.hp for s in state.seats] == [20, 19, 19]


def test_constructor_right_leg_now_gains_two_cubes_as_it_is_built():
    state = table(robots=("dr_constructor", "lord_reforge", "gizmo_guru"),
                  s0={"cubes": [0, 1, 1, 0]})
    state.supply = [0, 0, 0, 5]
    start(state, 0, "upgrade")
    engine.apply(state, Build(0, "r_leg", ("C", "P")))
    assert sum(state.seats[0].cubes) == 2, "drawn after the paid cubes went back"
    assert sum(state.supply) == 5


def test_executioner_right_shoulder_rewards_4_damage_once_a_turn():
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["r_shoulder", "l_arm", "r_arm"]})
    state.supply = list(ONE_COLOUR)
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert state.seats[0].cubes == [0, 0, 1, 0]


def test_gizmo_left_leg_takes_a_second_card_deluxe_allowed():
    state = table(robots=("lord_reforge", "gizmo_guru", "dr_constructor"),
                  s1={"built": ["l_leg"]})
    state.row = ["chainsaw", "twin_blasters", "twin_blasters", "twin_blasters",
                 "twin_blasters"]
    start(state, 0, "gear")
    engine.apply(state, TakeGear(0, "twin_blasters"))
    assert state.pending == [("gear_pick", 1)]
    engine.apply(state, TakeGear(1, "chainsaw"))
    engine.apply(state, TakeGear(1, "twin_blasters"))
    assert state.seats[1].gear == ["chainsaw", "twin_blasters"]


def test_gizmo_left_shoulder_converts_gear_any_number_of_times():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["l_shoulder"], "gear": ["shovel", "twin_blasters"]})
    state.supply = list(ONE_COLOUR)
    start(state, 0, "upgrade")
    engine.apply(state, Convert(0, "shovel"))
    engine.apply(state, Convert(0, "twin_blasters"))
    assert state.seats[0].cubes == [0, 0, 2, 0] and state.seats[0].gear == []


def test_gizmo_head_and_right_leg_turn_gear_into_damage():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["head", "r_leg"], "gear": ["shovel", "shovel"]})
    start(state, 2, "fight")
    end_turns_until(state, 0)
    engine.apply(state, Attack(0, 1, ()))
    engine.apply(state, Trigger(0, "r_leg", "shovel"))
    assert state.last_damage == 4, "+1 for the one card still held, +3 for the spent one"


def test_esquire_head_may_attack_at_the_end_of_its_mine_phase():
    state = table(s1={"built": ["head", "l_arm"]})
    state.quarry = [5, 0, 0, 0]
    start(state, 1, "mine")
    for seat in (1, 2, 0, 1):
        assert flow.deciding(state) == seat
        engine.apply(state, flow.options(state)[0])
    assert state.pending == [("may_attack", 1, 2)]
    engine.apply(state, Attack(1, 0, ()))
    assert state.seats[0].hp == 17, "attack value 1 + 1 a cube gained (2)"


def test_plain_switches_off_designed_abilities_only():
    state = table(s2={"built": ["head", "r_leg", "l_arm"], "plain": True})
    heal(state, 2, 1, "test")
    flow.advance(state)
    assert [s.hp for s in state.seats[:2]] == [20, 20]
