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
    PickRobot,
    Select,
    Take,
    TakeGear,
    Trigger,
    UseGear,
)
from game.rules.coal_heart.events import Hp, Note
from game.rules.coal_heart.table import heal
from game.rules.coal_heart.vocabulary import SLOTS
from tests.rules.coal_heart.helpers import cat, end_turns_until, start, table

ONE_COLOUR = [0, 0, 6, 0]


def test_syphon_head_and_right_leg_fire_on_every_heal_even_at_full_or_broken():
    state = table(s2={"built": ["head", "r_leg"], "hp": 0})
    state.supply = list(ONE_COLOUR)
    heal(state, 2, 2, "test")
    flow.advance(state)
    assert flow.options(state) == [Trigger(2, "head", ""), Trigger(2, "r_leg", "")]
    engine.apply(state, Trigger(2, "head", ""))
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
    assert flow.options(state) == [Trigger(0, "l_shoulder", ""), Trigger(0, "r_leg", "")]
    engine.apply(state, Trigger(0, "r_leg", ""))
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


def test_executioner_right_shoulder_counts_only_this_turns_damage_from_nothing():
    # One arm and the Fight perk: 3 damage, short of the 4 the reward needs.
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["r_shoulder", "l_arm"]})
    state.supply = list(ONE_COLOUR)
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert state.last_damage == 3 and state.seats[0].cubes == [0, 0, 0, 0]


def test_gizmo_left_leg_takes_a_second_card_deluxe_allowed():
    state = table(robots=("lord_reforge", "gizmo_guru", "dr_constructor"),
                  s1={"built": ["l_leg"]})
    state.row = ["chainsaw", "twin_blasters", "twin_blasters", "twin_blasters",
                 "twin_blasters"]
    start(state, 0, "gear")
    engine.apply(state, TakeGear(0, "twin_blasters"))
    assert state.pending == [("gear_pick", 1)]
    assert engine.apply(state, TakeGear(1, "chainsaw"))[0] == Note("gear", 1, "chainsaw")
    engine.apply(state, TakeGear(1, "twin_blasters"))
    assert state.seats[1].gear == ["chainsaw", "twin_blasters"]


def test_gizmo_left_shoulder_converts_gear_any_number_of_times():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["l_shoulder"], "gear": ["shovel", "twin_blasters"],
                      "cubes": [0, 1, 0, 0]})
    state.supply = list(ONE_COLOUR)
    start(state, 0, "upgrade")
    options = flow.options(state)
    assert Build(0, "l_foot", ("P",)) in options and Convert(0, "shovel") in options, \
        "converting is offered beside building"
    engine.apply(state, Convert(0, "shovel"))
    engine.apply(state, Convert(0, "twin_blasters"))
    assert state.seats[0].cubes == [0, 1, 2, 0] and state.seats[0].gear == []


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


def amount(robot: str, slot: str) -> int:
    """The designed amount in cards.yaml (balance may tune it within the vocabulary's
    range; the rule the test pins does not depend on its value)."""
    return cat().part(robot, slot).amount


def select(state, active: int, hex_id: str):
    """``active`` leads a fresh round's first Phase and selects ``hex_id``: its events."""
    state.first, state.phase_no, state.used = active, 0, []
    return engine.apply(state, Select(active, hex_id))


def test_syphon_chest_heals_only_when_it_selected_fight():
    robots = ("lord_reforge", "professor_syphon", "gizmo_guru")
    heal = amount("professor_syphon", "chest")
    state = table(s1={"built": ["chest"], "hp": 10}, robots=robots)
    events = select(state, 1, "fight")
    assert Hp(1, heal, 10 + heal, "ability") in events
    for other, hex_ in ((0, "fight"), (1, "upgrade")):
        state = table(s1={"built": ["chest"], "hp": 10}, robots=robots)
        select(state, other, hex_)
        end_turns_until(state, 1)
        assert state.seats[1].hp == 10, f"seat {other} selected {hex_}"


def test_executioner_left_leg_heals_on_every_fight_turn_whoever_selected():
    robots = ("the_executioner", "lord_reforge", "gizmo_guru")
    heal = amount("the_executioner", "l_leg")
    state = table(robots=robots, s0={"built": ["l_leg"], "hp": 10})
    select(state, 1, "fight")
    end_turns_until(state, 0)
    assert state.seats[0].hp == 10 + heal, "another seat selected Fight"
    state = table(robots=robots, s0={"built": ["l_leg"], "hp": 10})
    events = select(state, 1, "upgrade") + engine.apply(state, End(1))
    assert state.phase_no == 1, "the others' Upgrade Turns had nothing to build"
    assert state.seats[0].hp == 10 and not [e for e in events if isinstance(e, Hp)]


def test_gizmo_right_shoulder_heals_on_every_fight_turn():
    state = table(robots=("lord_reforge", "gizmo_guru", "dr_constructor"),
                  s1={"built": ["r_shoulder"], "hp": 10})
    select(state, 0, "fight")
    events = engine.apply(state, End(0))
    heal = amount("gizmo_guru", "r_shoulder")
    assert Hp(1, heal, 10 + heal, "ability") in events


def test_constructor_head_damage_is_reported_as_an_ability_hit_on_each_other_robot():
    state = table(robots=("dr_constructor", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["head"]})
    hit = amount("dr_constructor", "head")
    events = select(state, 0, "upgrade")
    assert [e for e in events if isinstance(e, Hp)] == [
        Hp(1, -hit, 20 - hit, "ability"), Hp(2, -hit, 20 - hit, "ability")]


def test_executioner_head_takes_from_the_nearest_on_its_left_never_from_itself():
    # Four seats, the Executioner at seat 1: its left runs 2, 3, then round to 0. Every
    # robot holds 3 cubes, the Executioner too; with two at most, seats 2 and 3 give
    # (in that order) and seat 0 keeps its cubes.
    state = table(4, robots=("lord_reforge", "the_executioner", "gizmo_guru", "dr_constructor"),
                  s0={"cubes": [0, 0, 0, 3]}, s1={"cubes": [3, 0, 0, 0], "built": ["head"]},
                  s2={"cubes": [0, 3, 0, 0]}, s3={"cubes": [0, 0, 3, 0]})
    givers = [2, 3][:amount("the_executioner", "head")]
    select(state, 1, "fight")
    for giver in givers:
        assert flow.deciding(state) == giver
        assert flow.options(state) == [Give(giver, "SPCG"[giver - 1])]
        engine.apply(state, flow.options(state)[0])
    assert state.pending == [] and flow.deciding(state) == 1
    assert state.seats[0].cubes == [0, 0, 0, 3]
    assert sum(state.seats[1].cubes) == 3 + len(givers)


def test_a_theft_fires_its_follow_ups_before_the_next_fight_ability():
    # A drafted Executioner: its own head and left shoulder, Gizmo's right shoulder.
    # Start of the Fight Turn: its owner puts the head first; it takes a cube, and using
    # it fires the left shoulder's damage at once; the shoulder's Fight heal comes after.
    parts = dict.fromkeys(SLOTS, "the_executioner") | {"r_shoulder": "gizmo_guru"}
    state = table(robots=("the_executioner", "lord_reforge", "professor_syphon"),
                  s0={"built": ["head", "l_shoulder", "r_shoulder"], "hp": 10, "parts": parts},
                  s1={"cubes": [3, 0, 0, 0]})
    select(state, 0, "fight")
    engine.apply(state, Trigger(0, "head", ""))
    events = engine.apply(state, Give(1, "S"))
    hits = [e for e in events if isinstance(e, Hp)]
    hit, heal = amount("the_executioner", "l_shoulder"), amount("gizmo_guru", "r_shoulder")
    assert hits == [Hp(1, -hit, 20 - hit, "ability"), Hp(2, -hit, 20 - hit, "ability"),
                    Hp(0, heal, 10 + heal, "ability")]


def test_esquire_head_counts_only_the_cubes_gained_in_its_own_phase():
    state = table(s1={"built": ["head", "l_arm"]})
    start(state, 0, "fight")
    state.gained = [0, 5, 0]
    for seat in (0, 1, 2):
        engine.apply(state, End(seat))
    state.quarry = [5, 0, 0, 0]
    engine.apply(state, Select(1, "mine"))
    for seat in (1, 2, 0, 1):
        engine.apply(state, Take(seat, "S"))
    assert state.pending == [("may_attack", 1, 2 * amount("extractor_esquire", "head"))]


def test_reforge_right_shoulder_draws_before_the_scavenge_take_only_if_it_selected():
    drawn = amount("lord_reforge", "r_shoulder")
    state = table(s0={"built": ["r_shoulder"]})
    state.supply = [0, 0, 6, 0]
    start(state, 0, "scavenge")
    assert state.seats[0].cubes == [0, 0, drawn, 0] and flow.deciding(state) == 0
    engine.apply(state, Take(0, "C"))
    assert state.seats[0].cubes == [0, 0, drawn + 1, 0]
    state = table(s0={"built": ["r_shoulder"]})
    state.supply = [0, 0, 6, 0]
    start(state, 1, "scavenge")
    engine.apply(state, Take(1, "C"))
    assert state.seats[0].cubes == [0, 0, 0, 0] and state.active == 2


def test_esquire_left_shoulder_draws_on_every_mine_turn_whoever_selected():
    drawn = amount("extractor_esquire", "l_shoulder")
    for selector in (1, 0):
        state = table(s1={"built": ["l_shoulder"]})
        state.supply, state.quarry = [0, 0, 0, 4], [3, 0, 0, 0]
        start(state, selector, "mine")
        if selector == 0:
            engine.apply(state, Take(0, "S"))
        assert flow.deciding(state) == 1 and state.seats[1].cubes == [0, 0, 0, drawn]
    state = table(s1={"built": ["l_shoulder"]})
    state.supply = [0, 0, 0, 4]
    start(state, 0, "upgrade")
    end_turns_until(state, 1)
    assert state.seats[1].cubes == [0, 0, 0, 0], "no draw in an Upgrade"


def test_reforge_chest_draws_on_each_fight_turn_and_right_leg_on_each_upgrade_turn():
    state = table(s0={"built": ["chest", "r_leg"]})
    state.supply = [0, 5, 0, 0]
    start(state, 1, "fight")
    end_turns_until(state, 0)
    assert state.seats[0].cubes == [0, amount("lord_reforge", "chest"), 0, 0]
    state = table(s0={"built": ["chest", "r_leg"]})
    state.supply = [0, 5, 0, 0]
    start(state, 2, "upgrade")
    end_turns_until(state, 0)
    assert state.seats[0].cubes == [0, amount("lord_reforge", "r_leg"), 0, 0]


def test_esquire_head_attack_may_be_declined():
    state = table(s1={"built": ["head", "l_arm"]})
    state.quarry = [5, 0, 0, 0]
    start(state, 1, "mine")
    for seat in (1, 2, 0, 1):
        engine.apply(state, Take(seat, "S"))
    assert flow.options(state)[0] == End(1)
    engine.apply(state, End(1))
    assert [s.hp for s in state.seats] == [20, 20, 20] and state.stage == "select"


def test_esquire_head_in_the_first_phase_of_a_demo_counts_from_nothing():
    # The demo builds the Esquire's head and right shoulder. Selecting Mine in the game's
    # first Phase it gains its shoulder's draw, its Quarry cube and the perk's cube.
    state = engine.new_state(cat(), 3, "demo", 4)
    for seat, robot in enumerate(("extractor_esquire", "lord_reforge", "professor_syphon")):
        engine.apply(state, PickRobot(seat, robot))
    assert {"head", "r_shoulder"} <= set(state.seats[0].built)
    state.first = 0
    engine.apply(state, Select(0, "mine"))
    for seat in (0, 1, 2, 0):
        assert flow.deciding(state) == seat
        engine.apply(state, flow.options(state)[0])
    gained = amount("extractor_esquire", "r_shoulder") + 2
    assert state.pending == [("may_attack", 0, gained * amount("extractor_esquire", "head"))]
