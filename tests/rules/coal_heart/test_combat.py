"""Attacks in six steps: the rulebook's 14-damage example, the Force Field's rounding,
the broken cap per Phase, the chest's block, the Fight perk, Rocket Punch, and the
attack abilities' order."""

from __future__ import annotations

import pytest

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import Attack, End, Punch, Shield, Trigger, UseGear
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import cat, end_turns_until, start, table

FEET = ["l_foot", "r_foot"]


def test_the_rulebooks_example_deals_14():
    """Attack value 2, Twin Blasters +2, +3 from an ability, then the Chainsaw: 14."""
    state = table(s1={"built": ["l_arm", "l_foot", "r_leg"], "cubes": [0, 0, 1, 0],
                      "gear": ["chainsaw", "twin_blasters"]})
    start(state, 0, "fight")
    end_turns_until(state, 1)
    engine.apply(state, Attack(1, 2, ("chainsaw", "twin_blasters")))
    engine.apply(state, Trigger(1, "r_leg", "C"))
    assert state.last_damage == 14 and state.seats[2].hp == 6


def test_force_field_halves_rounding_down():
    state = table(s0={"built": ["l_arm", "r_arm", "l_foot"]}, s1={"gear": ["force_field"]})
    start(state, 0, "fight")  # 3 + 2 (perk) = 5
    engine.apply(state, Attack(0, 1, ()))
    assert flow.deciding(state) == 1
    engine.apply(state, Shield(1, True))
    assert state.last_damage == 2 and state.seats[1].hp == 18


def test_the_fight_perk_is_the_active_players_only():
    state = table(s0={"built": ["l_arm"]}, s1={"built": ["l_arm"]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert state.seats[1].hp == 17
    engine.apply(state, Attack(1, 0, ()))
    assert state.seats[0].hp == 19


def test_a_broken_attacker_deals_3_in_all_to_each_robot_in_a_phase():
    state = table(s1={"hp": 0, "built": ["l_arm", "r_arm", "l_foot", "r_foot"]},
                  s2={"hp": 10})
    start(state, 0, "fight")
    end_turns_until(state, 1)
    engine.apply(state, Attack(1, 2, ()))
    assert state.last_damage == 3 and state.seats[2].hp == 7
    assert state.capped[1][2] == 3


def test_ability_damage_shares_the_broken_cap():
    from game.rules.coal_heart.table import deal
    state = table(s0={"hp": 0})
    state.capped[0][1] = 2
    assert deal(state, 0, {1: 4, 2: 4}, "ability") == {1: 1, 2: 3}


def test_the_executioners_chest_stops_weak_attacks_not_abilities():
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["chest"]}, s1={"built": ["l_arm", "r_arm"]})
    start(state, 2, "fight")
    end_turns_until(state, 1)
    engine.apply(state, Attack(1, 0, ()))
    assert state.last_damage == 0 and state.seats[0].hp == 20
    from game.rules.coal_heart.table import deal
    deal(state, 1, {0: 1}, "ability")
    assert state.seats[0].hp == 19


def test_a_plain_chest_blocks_nothing():
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["chest"], "plain": True}, s1={"built": ["l_arm", "r_arm"]})
    start(state, 2, "fight")
    end_turns_until(state, 1)
    engine.apply(state, Attack(1, 0, ()))
    assert state.seats[0].hp == 18


def test_an_attack_dealing_nothing_is_still_an_attack():
    state = table(s1={"built": ["l_leg"]}, s0={"gear": ["rocket_punch"]})
    state.seats[1].cubes = [1, 0, 0, 0]
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))  # attack value 0 + perk 2
    engine.apply(state, Punch(0, "S"))
    assert state.seats[0].cubes == [1, 0, 0, 0] and state.seats[1].cubes == [0, 0, 0, 0]
    assert state.discard == ["rocket_punch"]


def test_one_attack_a_turn():
    state = table(s0={"gear": ["repair_kit"]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    with pytest.raises(RuleError, match="attacked this Turn"):
        engine.apply(state, Attack(0, 2, ()))
    engine.apply(state, End(0))


def test_the_attacker_orders_its_abilities():
    """Esquire: the left leg's cube can pay for the right leg's +3."""
    state = table(s1={"built": ["l_leg", "r_leg"]})
    state.supply = [0, 0, 5, 0]
    start(state, 0, "fight")
    end_turns_until(state, 1)
    engine.apply(state, Attack(1, 0, ()))
    assert {a.slot for a in flow.options(state)} == {"l_leg", "r_leg"}
    assert Trigger(1, "r_leg", "C") not in flow.options(state), "no cube to return yet"
    engine.apply(state, Trigger(1, "l_leg", ""))
    engine.apply(state, Trigger(1, "r_leg", "C"))
    assert state.last_damage == 3 and state.supply == [0, 0, 5, 0]


def test_reforge_takes_back_twin_blasters_it_just_used():
    state = table(s0={"built": ["l_shoulder"], "gear": ["twin_blasters"]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ("twin_blasters",)))
    engine.apply(state, Trigger(0, "l_shoulder", "yes"))
    assert state.seats[0].gear == ["twin_blasters"] and state.last_damage == 4


def test_the_broken_cap_starts_afresh_with_the_phase_not_with_the_selection():
    # A broken Syphon that dealt seat 1 its 3 in the last Phase opens its own Phase with
    # Sticky Hands before selecting: the Spark heals nothing but fires its right leg,
    # 1 damage to each other robot, counted in the new Phase (so seat 1 takes it too).
    state = table(robots=("professor_syphon", "lord_reforge", "gizmo_guru"),
                  s0={"hp": 0, "built": ["r_leg"], "gear": ["sticky_hands"]})
    start(state, 2, "fight")
    state.capped[0][1] = 3
    for seat in (2, 0, 1):
        engine.apply(state, End(seat))
    assert state.stage == "select" and state.active == 0
    engine.apply(state, UseGear(0, "sticky_hands", ""))
    hit = cat().part("professor_syphon", "r_leg").amount
    assert [s.hp for s in state.seats] == [0, 20 - hit, 20 - hit] and state.heart == 0
    assert state.capped[0] == [0, hit, hit]


def test_the_attacks_listed_spend_only_the_cards_held():
    state = table(s0={"gear": ["chainsaw", "twin_blasters"]})
    start(state, 0, "fight")
    attacks = {a for a in flow.options(state) if isinstance(a, Attack)}
    spends = [(), ("twin_blasters",), ("chainsaw",), ("chainsaw", "twin_blasters")]
    assert attacks == {Attack(0, t, g) for t in (1, 2) for g in spends}


def test_the_target_is_asked_to_spend_its_force_field_or_keep_it():
    state = table(s0={"built": ["l_arm"]}, s1={"gear": ["force_field"]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert flow.options(state) == [Shield(1, True), Shield(1, False)]


def test_the_attacker_may_keep_its_rocket_punch():
    state = table(s0={"gear": ["rocket_punch"]}, s1={"cubes": [0, 1, 0, 1]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert flow.options(state) == [Punch(0, ""), Punch(0, "P"), Punch(0, "G")]
