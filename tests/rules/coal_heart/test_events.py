"""What the rules report, exactly (the log, animation and sound read these), and the
edges of the shared moves: the bag's draw, the broken cap over several hits, the
once-a-Turn reward, trades and discounts on the same Turn."""

from __future__ import annotations

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import Attack, Build, HeartChoice, Punch, Select, Shield, Trigger
from game.rules.coal_heart.events import Cubes, Hp, Note, Struck
from game.rules.coal_heart.table import deal, draw, out_of_bag
from tests.rules.coal_heart.helpers import end_turns_until, start, table


def test_an_attack_reports_its_note_hp_and_strike():
    state = table(s0={"built": ["l_arm"], "gear": ["twin_blasters"]})
    start(state, 0, "fight")
    events = engine.apply(state, Attack(0, 1, ("twin_blasters",)))
    assert events[:3] == [Note("attack", 0, "1 twin_blasters"), Hp(1, -5, 15, "attack"),
                          Struck(0, 1, 5)]


def test_taking_and_recovering_with_the_heart_report_it():
    state = table(s0={"hp": 7})
    events = engine.apply(state, Select(0, "capture"))
    assert events[2:4] == [Note("heart", 0, "taken"), Hp(0, 3, 10, "spark")]
    state = table(s0={"hp": 0})
    state.heart = 0
    events = engine.apply(state, Select(0, "capture"))
    assert Hp(0, 5, 5, "recovered") in events
    events = engine.apply(state, HeartChoice(0, "mend"))
    assert events[:2] == [Note("mend", 0, ""), Hp(0, 6, 11, "mend")]


def test_building_with_hp_and_winning_report_it():
    state = table(s2={"built": ["l_leg"]})
    start(state, 2, "upgrade")
    state.perk_used = True
    events = engine.apply(state, Build(2, "chest", ("hp", "hp")))
    assert events[:2] == [Hp(2, -4, 16, "paid"), Note("built", 2, "chest")]
    state = table(s1={"hp": 1}, s2={"hp": 0}, s0={"built": ["l_arm"]})
    start(state, 0, "fight")
    events = engine.apply(state, Attack(0, 1, ()))
    assert events[-1] == Note("won", 0, "")


def test_the_bag_draws_only_colours_it_holds():
    state = table()
    for supply in ([0, 0, 3, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 2, 0, 2]):
        state.supply = list(supply)
        for _ in range(sum(supply)):
            colour = out_of_bag(state)
            assert state.supply[colour] >= 0 and supply[colour] > 0
        assert state.supply == [0, 0, 0, 0]
    state.supply = [0, 0, 0, 1]
    draw(state, 1, 2)
    assert state.seats[1].cubes == [0, 0, 0, 1] and state.gained[1] == 1
    events = state.log
    assert events == [Cubes("bag", "1", "G")]


def test_the_broken_cap_adds_up_over_a_phase():
    state = table(s0={"hp": 0})
    assert deal(state, 0, {1: 2}, "x") == {1: 2}
    assert deal(state, 0, {1: 2}, "x") == {1: 1}
    assert deal(state, 0, {1: 2}, "x") == {1: 0}
    assert state.seats[1].hp == 17


def test_the_damage_reward_needs_4_in_the_turn_and_fires_once():
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["r_shoulder"]})
    state.supply = [0, 0, 5, 0]
    deal(state, 0, {1: 3}, "x")
    flow.advance(state)
    assert state.seats[0].cubes == [0, 0, 0, 0]
    deal(state, 0, {2: 1}, "x")
    deal(state, 0, {2: 1}, "x")
    assert state.queue == [("effect", 0, "r_shoulder")]


def test_syphon_attack_abilities_add_and_heal():
    state = table(s2={"built": ["l_shoulder", "r_shoulder"], "hp": 10,
                      "gear": ["twin_blasters"]})
    start(state, 0, "fight")
    end_turns_until(state, 2)
    engine.apply(state, Attack(2, 0, ("twin_blasters",)))
    assert flow.options(state) == [Trigger(2, "l_shoulder", ""), Trigger(2, "r_shoulder", "")]
    engine.apply(state, Trigger(2, "r_shoulder", ""))
    assert state.last_damage == 4 and state.seats[2].hp == 12


def test_gizmo_head_counts_three_cards_at_most_and_a_declined_spend_keeps_the_card():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["head", "r_leg"], "gear": ["shovel"] * 4})
    start(state, 2, "fight")
    end_turns_until(state, 0)
    engine.apply(state, Attack(0, 1, ()))
    engine.apply(state, Trigger(0, "r_leg", ""))
    assert state.last_damage == 3 and state.seats[0].gear == ["shovel"] * 4
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["r_leg"], "gear": ["shovel"]})
    start(state, 2, "fight")
    end_turns_until(state, 0)
    engine.apply(state, Attack(0, 1, ()))
    engine.apply(state, Trigger(0, "r_leg", "shovel"))
    assert state.discard == ["shovel"] and state.last_damage == 3


def test_a_trade_built_this_turn_waits_and_trades_one_cube_only():
    state = table(n=6, s5={"cubes": [2, 1, 0, 0]})  # constructor r_shoulder costs P S
    start(state, 5, "upgrade")
    state.perk_used = True
    engine.apply(state, Build(5, "r_shoulder", ("P", "S")))
    assert not any(isinstance(a, Build) and a.slot == "l_leg" for a in flow.options(state))
    state = table(n=6, s5={"built": ["r_shoulder"], "cubes": [2, 0, 0, 0]})
    start(state, 5, "upgrade")
    state.perk_used = True
    assert not any(isinstance(a, Build) and a.pay == ("S", "S") for a in flow.options(state))


def test_the_chest_discount_goes_first_and_keeps_the_perk():
    state = table(n=6, s5={"built": ["chest"], "cubes": [0, 1, 2, 0]})
    start(state, 5, "upgrade")
    engine.apply(state, Build(5, "l_foot", ("-",)))
    assert not state.perk_used
    assert Build(5, "r_foot", ("-",)) in flow.options(state)


def test_a_recovery_fires_the_heal_abilities():
    state = table(s2={"built": ["head"], "hp": 0})
    state.heart = 2
    state.supply = [0, 0, 4, 0]
    start(state, 2, "capture")
    assert state.seats[2].hp == 5 and state.seats[2].cubes == [0, 0, 1, 0]


def test_the_force_field_is_asked_for_only_when_there_is_damage():
    state = table(s1={"gear": ["force_field"]}, s2={"gear": ["force_field"]})
    start(state, 1, "fight")
    end_turns_until(state, 0)
    engine.apply(state, Attack(0, 1, ()))  # attack value 0, not the chooser
    assert not state.pending
    state = table(s0={"built": ["l_foot"]}, s1={"gear": ["force_field"]})
    start(state, 2, "fight")
    end_turns_until(state, 0)
    engine.apply(state, Attack(0, 1, ()))
    assert state.pending == [("shield", 1)]
    engine.apply(state, Shield(1, True))
    assert state.last_damage == 0 and state.discard == ["force_field"]


def test_a_rocket_punch_needs_the_card_and_a_cube_to_take_and_fires_theft():
    state = table(s1={"cubes": [1, 0, 0, 0]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert not state.pending and state.seats[1].cubes == [1, 0, 0, 0]
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["l_shoulder"], "gear": ["rocket_punch"]},
                  s1={"cubes": [0, 1, 0, 0]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    events = engine.apply(state, Punch(0, "P"))
    assert Cubes("1", "0", "P") in events
    assert [s.hp for s in state.seats] == [20, 17, 19], "2 from the attack, 1 from the shoulder"


def test_declining_is_always_an_answer_to_a_you_may_ability():
    state = table(s0={"built": ["l_shoulder"]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert flow.options(state) == [Trigger(0, "l_shoulder", "")]
    engine.apply(state, Trigger(0, "l_shoulder", ""))
    assert state.seats[0].gear == []


def test_spent_gear_adds_to_twin_blasters():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["r_leg"], "gear": ["shovel", "twin_blasters"]})
    start(state, 2, "fight")
    end_turns_until(state, 0)
    engine.apply(state, Attack(0, 1, ("twin_blasters",)))
    events = engine.apply(state, Trigger(0, "r_leg", "shovel"))
    assert state.last_damage == 5 and Struck(0, 1, 5) in events


def test_an_ability_heal_is_reported_as_one():
    state = table(s2={"built": ["l_shoulder"], "hp": 10})
    start(state, 0, "fight")
    end_turns_until(state, 2)
    events = engine.apply(state, Attack(2, 0, ()))
    assert Hp(2, 2, 12, "ability") in events
