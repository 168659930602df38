"""The order of play as the log tells it, move by move: the set-up, a selection and each
Turn that starts, the cubes taken and where from, Gear taken and used, the end of a
round; the expected lists are worked out from the rules' order of steps."""

from __future__ import annotations

from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import (
    Build,
    Convert,
    Draft,
    Give,
    HeartChoice,
    PickRobot,
    Select,
    Take,
    TakeGear,
    UseGear,
    Weld,
)
from game.rules.coal_heart.events import Cubes, Hp, Note
from game.rules.coal_heart.state import SELECT, TURN
from tests.rules.coal_heart.helpers import cat, start, table


def test_the_last_robot_pick_deals_the_table():
    state = engine.new_state(cat(), 3, "standard", 5)
    assert engine.apply(state, PickRobot(0, "gizmo_guru")) == [Note("picked", 0, "gizmo_guru")]
    engine.apply(state, PickRobot(1, "lord_reforge"))
    events = engine.apply(state, PickRobot(2, "dr_constructor"))
    assert events == [Note("picked", 2, "dr_constructor"), Note("robot", 0, "gizmo_guru"),
                      Note("robot", 1, "lord_reforge"), Note("robot", 2, "dr_constructor"),
                      Note("round", state.first, "1")]
    # Home cubes: Gizmo P S, Reforge S G, Constructor C P.
    assert [s.cubes for s in state.seats] == [[1, 1, 0, 0], [1, 0, 0, 1], [0, 1, 1, 0]]
    assert [a + b for a, b in zip(state.supply, state.quarry, strict=True)] == [13, 13, 14, 14]
    assert sum(state.quarry) == 5 and len(state.row) == 5 and len(state.deck) == 27
    assert state.stage == SELECT and state.round == 1 and state.cursor == 0
    assert [s.hp for s in state.seats] == [20, 20, 20] and all(not s.built for s in state.seats)


def test_a_draft_pick_is_reported_with_its_robot_and_slot():
    state = engine.new_state(cat(), 3, "drafting", 5)
    seat = engine.to_act(state)[0]
    robot = state.seats[(seat + 1) % 3].robot
    assert engine.apply(state, Draft(seat, robot, "chest")) == [
        Note("drafted", seat, f"{robot} chest")]
    assert state.seats[seat].parts == {"chest": robot}


def test_a_mine_phase_told_turn_by_turn():
    state = table()
    state.quarry = [2, 0, 1, 1]
    state.supply = [0, 0, 0, 9]
    state.first, state.phase_no = 0, 0
    assert engine.apply(state, Select(0, "mine")) == [Note("selected", 0, "mine"),
                                                      Note("turn", 0, "mine")]
    assert engine.apply(state, Take(0, "C")) == [Cubes("quarry", "0", "C"),
                                                 Note("turn", 1, "mine")]
    assert engine.apply(state, Take(1, "S")) == [Cubes("quarry", "1", "S"),
                                                 Note("turn", 2, "mine")]
    assert engine.apply(state, Take(2, "S")) == [Cubes("quarry", "2", "S")]
    assert state.pending == [("perk", 0)] and state.gained == [1, 1, 1]
    assert engine.apply(state, Take(0, "G")) == [Cubes("quarry", "0", "G")]
    # The refill tops the Quarry up to players + 2 from an all-Gold Supply.
    assert state.quarry == [0, 0, 0, 5] and state.supply == [0, 0, 0, 4]
    assert state.stage == SELECT and state.active == 1 and state.used == ["mine"]
    assert [s.cubes for s in state.seats] == [[0, 0, 1, 1], [1, 0, 0, 0], [1, 0, 0, 0]]
    assert state.gained == [0, 0, 0], "the next Phase counts its gains afresh"


def test_a_scavenge_phase_and_the_empty_turns_after_it():
    state = table()
    state.supply = [0, 0, 0, 9]
    start(state, 1, "scavenge")
    assert engine.apply(state, Take(1, "G")) == [
        Cubes("supply", "1", "G"), Note("turn", 2, "scavenge"), Note("turn", 0, "scavenge")]
    assert state.supply == [0, 0, 0, 8] and state.seats[1].cubes == [0, 0, 0, 1]
    assert state.stage == SELECT and state.active == 2


def test_a_gear_phase_ends_the_round_and_the_card_moves_left():
    state = table()
    state.row = ["shovel", "repair_kit", "shovel", "twin_blasters", "rocket_punch"]
    state.deck = ["chainsaw", "force_field", "welders_kit", "sticky_hands"]
    state.first, state.phase_no, state.used = 0, 2, ["mine", "fight"]
    assert engine.apply(state, Select(2, "gear")) == [Note("selected", 2, "gear"),
                                                      Note("turn", 2, "gear")]
    assert engine.apply(state, TakeGear(2, "twin_blasters")) == [
        Note("gear", 2, "twin_blasters"), Note("turn", 0, "gear")]
    assert engine.apply(state, TakeGear(0, "repair_kit")) == [Note("gear", 0, "repair_kit")]
    assert state.stage == TURN and state.turn_seat == 0, "a Repair Kit keeps the Turn open"
    assert engine.apply(state, UseGear(0, "repair_kit", "")) == [
        Note("used", 0, "repair_kit"), Hp(0, 0, 20, "repair_kit"), Note("turn", 1, "gear")]
    assert engine.apply(state, TakeGear(1, "rocket_punch")) == [
        Note("gear", 1, "rocket_punch"), Note("round", 1, "2")]
    assert sorted(state.row) == ["chainsaw", "force_field", "shovel", "shovel", "welders_kit"]
    assert state.deck == ["sticky_hands"] and state.discard == ["repair_kit"]
    assert (state.first, state.round, state.used, state.phase_no) == (1, 2, [], 0)
    assert state.stage == SELECT and state.hex == ""


def test_a_shovel_names_its_colour_and_comes_from_the_supply():
    state = table(s0={"gear": ["shovel"]})
    state.supply = [0, 2, 0, 0]
    start(state, 0, "fight")
    events = engine.apply(state, UseGear(0, "shovel", "P"))
    assert events[:2] == [Note("used", 0, "shovel P"), Cubes("supply", "0", "P")]
    assert state.supply == [0, 1, 0, 0] and state.discard == ["shovel"]


def test_sticky_hands_takes_the_heart_on_the_holders_turn():
    state = table(s1={"gear": ["sticky_hands"], "hp": 12})
    state.heart = 0
    start(state, 1, "fight")
    events = engine.apply(state, UseGear(1, "sticky_hands", ""))
    assert events[:3] == [Note("used", 1, "sticky_hands"), Note("heart", 1, "taken"),
                          Hp(1, 3, 15, "spark")]
    assert state.heart == 1 and state.discard == ["sticky_hands"]


def test_overload_is_reported_once_for_every_robot_it_hits():
    state = table(s0={"hp": 10})
    state.heart = 0
    start(state, 0, "capture")
    events = engine.apply(state, HeartChoice(0, "overload"))
    assert events[:4] == [Note("overload", 0, ""), Hp(1, -4, 16, "overload"),
                          Hp(2, -4, 16, "overload"), Hp(0, -2, 8, "overload")]


def test_a_given_cube_comes_from_the_giver():
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["head"]}, s1={"cubes": [0, 0, 3, 0]})
    start(state, 0, "fight")
    assert engine.apply(state, Give(1, "C"))[0] == Cubes("1", "0", "C")
    assert state.seats[1].cubes == [0, 0, 2, 0] and state.seats[0].cubes == [0, 0, 1, 0]


def test_a_welders_kit_is_spent_and_then_nothing_more_is_built():
    state = table(s0={"gear": ["welders_kit"], "cubes": [1, 0, 0, 1]})
    start(state, 0, "upgrade")
    engine.apply(state, Weld(0, "head"))
    assert state.seats[0].built == ["head"] and state.discard == ["welders_kit"]
    assert state.seats[0].cubes == [1, 0, 0, 1]
    assert engine.to_act(state) == (1,), "nothing else to do: the Turn ended"


def test_the_welders_kit_comes_before_building():
    state = table(s0={"gear": ["welders_kit", "repair_kit"], "cubes": [1, 0, 0, 1]})
    start(state, 0, "upgrade")
    assert Weld(0, "head") in engine.legal_actions(state, 0)
    engine.apply(state, Build(0, "l_foot", ("S",)))
    assert not any(isinstance(a, Weld) for a in engine.legal_actions(state, 0))


def test_a_converted_card_is_discarded_for_a_random_cube():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["l_shoulder"], "gear": ["shovel"]})
    state.supply = [0, 0, 0, 3]
    start(state, 0, "upgrade")
    events = engine.apply(state, Convert(0, "shovel"))
    assert Cubes("bag", "0", "G") in events
    assert state.discard == ["shovel"] and state.supply == [0, 0, 0, 2]


def test_a_left_shoulder_built_this_turn_does_not_convert_yet():
    state = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"gear": ["shovel"], "cubes": [0, 1, 0, 1]})
    start(state, 0, "upgrade")
    state.perk_used = True
    engine.apply(state, Build(0, "l_shoulder", ("P", "G")))
    assert not any(isinstance(a, Convert) for a in engine.legal_actions(state, 0))
