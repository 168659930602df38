"""Set-up, rounds, the First Player card, the hexes and the Mine and Scavenge phases."""

from __future__ import annotations

import pytest

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import Draft, End, PickRobot, Select, Take
from game.rules.coal_heart.vocabulary import SLOTS
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import cat, start, table, total_cubes


def picked(players: int, variant: str = "standard", seed: int = 3):
    state = engine.new_state(cat(), players, variant, seed)
    for seat in range(players):
        engine.apply(state, flow.options(state)[0])
        assert state.seats[seat].robot
    return state


def test_setup_gives_home_cubes_a_quarry_and_a_row_of_players_plus_2():
    state = picked(4)
    assert [s.robot for s in state.seats] == ["lord_reforge", "extractor_esquire",
                                              "professor_syphon", "the_executioner"]
    assert state.seats[3].cubes == [1, 0, 1, 0]
    assert sum(state.quarry) == 6 and len(state.row) == 6 and len(state.deck) == 26
    assert total_cubes(state) == [15] * 4
    assert all(s.hp == 20 and not s.built for s in state.seats)
    assert state.stage == "select"


def test_robots_are_unique():
    state = engine.new_state(cat(), 3, "standard", 1)
    engine.apply(state, PickRobot(0, "gizmo_guru"))
    with pytest.raises(RuleError):
        engine.apply(state, PickRobot(1, "gizmo_guru"))


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players):
    with pytest.raises(RuleError):
        engine.new_state(cat(), players, "standard", 1)


def test_the_demo_starts_with_four_parts_and_15_hp():
    state = picked(3, "demo")
    assert state.seats[0].built == ["head", "r_shoulder", "l_foot", "r_foot"]
    assert all(s.hp == 15 for s in state.seats)


def test_the_draft_goes_round_the_table_and_the_card_passes_once_more():
    state = engine.new_state(cat(), 3, "drafting", 5)
    first = state.first
    assert state.stage == "draft" and flow.deciding(state) == first
    order = []
    while state.stage == "draft":
        order.append(flow.deciding(state))
        action = flow.options(state)[-1]
        assert isinstance(action, Draft)
        engine.apply(state, action)
    assert order[:6] == [first, (first + 1) % 3, (first + 2) % 3,
                         (first + 1) % 3, (first + 2) % 3, first]
    assert all(len(s.parts) == 11 for s in state.seats)
    assert state.first == (first + 11) % 3
    assert state.stage == "select" and flow.deciding(state) == state.first
    assert all(isinstance(a, Select) for a in flow.options(state))


def test_a_drafter_takes_only_slots_it_lacks():
    state = engine.new_state(cat(), 3, "drafting", 5)
    seat = flow.deciding(state)
    engine.apply(state, Draft(seat, "gizmo_guru", "head"))
    while flow.deciding(state) != seat:
        engine.apply(state, flow.options(state)[-1])
    assert not any(a.slot == "head" for a in flow.options(state))


def test_each_phase_leader_goes_left_and_the_card_moves_at_round_end():
    state = table()
    state.first = 1
    assert flow.deciding(state) == 1
    engine.apply(state, Select(1, "scavenge"))
    engine.apply(state, Take(1, "S"))
    assert flow.deciding(state) == 2 and state.used == ["scavenge"]
    with pytest.raises(RuleError, match="face down"):
        engine.apply(state, Select(2, "scavenge"))
    engine.apply(state, Select(2, "fight"))
    for seat in (2, 0, 1):
        engine.apply(state, End(seat))
    engine.apply(state, Select(0, "capture"))
    assert state.first == 2 and state.round == 2 and state.used == []


def test_six_players_have_two_scavenge_hexes():
    state = table(n=6)
    state.used = ["scavenge"]
    assert "scavenge" in flow.selectable(state)
    state.used = ["scavenge", "scavenge"]
    assert "scavenge" not in flow.selectable(state)
    assert flow.face_up(table(n=5)).count("scavenge") == 1


def test_mine_perk_comes_after_every_turn_then_the_quarry_refills():
    state = table()
    state.quarry = [1, 1, 2, 1]
    state.supply = [0, 0, 0, 6]
    start(state, 0, "mine")
    for seat, colour in ((0, "S"), (1, "C"), (2, "C")):
        engine.apply(state, Take(seat, colour))
    assert state.pending == [("perk", 0)]
    engine.apply(state, Take(0, "G"))
    assert state.seats[0].cubes == [1, 0, 0, 1]
    assert state.quarry == [0, 1, 0, 4] and state.supply == [0, 0, 0, 2]


def test_reforges_left_leg_picks_from_the_quarry_first():
    state = table(s0={"built": ["l_leg"]})
    state.quarry = [2, 0, 1, 0]
    state.supply = [0, 0, 0, 0]
    start(state, 2, "mine")
    engine.apply(state, Take(2, "C"))
    assert state.pending == [("quarry", 0)]
    engine.apply(state, Take(0, "S"))
    assert state.took == 0, "the extra pick is not the Turn's own"
    engine.apply(state, Take(0, "S"))
    assert state.seats[0].cubes == [2, 0, 0, 0] and state.quarry == [0, 0, 0, 0]


def test_esquire_mines_a_random_supply_cube_first():
    state = table(s1={"built": ["r_shoulder"]})
    state.quarry = [0, 0, 0, 3]
    state.supply = [0, 4, 0, 0]
    start(state, 0, "mine")
    engine.apply(state, Take(0, "G"))
    assert state.seats[1].cubes == [0, 1, 0, 0]
    engine.apply(state, Take(1, "G"))
    assert state.seats[1].cubes == [0, 1, 0, 1]


def test_scavenge_names_a_colour_the_supply_holds():
    state = table()
    state.supply = [0, 0, 2, 0]
    start(state, 0, "scavenge")
    assert flow.options(state) == [Take(0, "C")]


def test_setup_refusals_say_what_the_game_allows():
    with pytest.raises(RuleError) as info:
        engine.new_state(cat(), 7, "standard", 1)
    assert str(info.value) == "Robots: Battle for the Coal Heart is for 3 to 6 players"
    with pytest.raises(RuleError) as info:
        engine.new_state(cat(), 3, "advanced", 1)
    assert str(info.value) == "the variants are standard, drafting, demo"


@pytest.mark.parametrize("players", [3, 6])
def test_the_draft_deals_distinct_robots_their_home_cubes_and_no_parts(players):
    state = engine.new_state(cat(), players, "drafting", 9)
    robots = [s.robot for s in state.seats]
    assert len(set(robots)) == players and state.stage == "draft" and state.cursor == 0
    for mine in state.seats:
        home = cat().robots[mine.robot].home
        assert mine.cubes == [int(c in home) for c in "SPCG"]
        assert mine.parts == {} and mine.built == [] and mine.hp == 20
    assert sum(state.quarry) == len(state.row) == players + 2
    assert total_cubes(state) == [15] * 4 and state.round == 1
    assert len(state.gained) == len(state.dealt) == len(state.capped) == players


def test_a_demo_robot_has_its_own_parts_and_the_designed_four_built():
    state = picked(4, "demo")
    for mine in state.seats:
        wanted = cat().demo_parts[mine.robot]
        assert mine.built == [s for s in SLOTS if s in wanted] and len(mine.built) == 4
        assert set(mine.parts.values()) == {mine.robot} and len(mine.parts) == 11
        assert mine.hp == cat().demo_hp
