"""Each refusal names what is wrong in words a player can act on: what is awaited while a
choice is pending, the stage a move waits for, the phase a move belongs to, and the
Turn's own limits. A refused move leaves the state exactly as it was."""

from __future__ import annotations

import pytest

from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    Convert,
    Draft,
    End,
    Give,
    PickRobot,
    Select,
    Take,
    TakeGear,
    UseGear,
    Weld,
)
from game.rules.coal_heart.state import OVER
from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import cat, start, table


def why(state, action: Action) -> str:
    """The refusal's words; the state must be left as it was."""
    before = state.clone()
    with pytest.raises(RuleError) as info:
        engine.apply(state, action)
    assert state == before
    return str(info.value)


def test_each_pending_choice_is_named_while_it_waits():
    reforge = table(s0={"built": ["l_leg"]})
    reforge.quarry = [3, 0, 0, 0]
    start(reforge, 0, "mine")
    assert why(reforge, End(0)) == "first choose a cube from the Quarry"

    perk = table()
    perk.quarry = [4, 0, 0, 0]
    start(perk, 0, "mine")
    for seat in (0, 1, 2):
        engine.apply(perk, Take(seat, "S"))
    assert why(perk, End(0)) == "first choose the Mine perk's cube"

    gizmo = table(robots=("gizmo_guru", "lord_reforge", "dr_constructor"),
                  s0={"built": ["l_leg"]})
    gizmo.row = ["shovel"] * 5
    start(gizmo, 0, "gear")
    assert why(gizmo, End(0)) == "first choose a Gear card from the row"

    theft = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["head"]}, s1={"cubes": [3, 0, 0, 0]})
    start(theft, 0, "fight")
    assert why(theft, End(1)) == "first choose a cube to give up"


def test_the_pending_attack_choices_are_named_too():
    shield = table(s0={"built": ["l_arm"]}, s1={"gear": ["force_field"]})
    start(shield, 0, "fight")
    engine.apply(shield, Attack(0, 1, ()))
    assert why(shield, End(1)) == "first choose whether to spend a Force Field"

    punch = table(s0={"gear": ["rocket_punch"]}, s1={"cubes": [1, 0, 0, 0]})
    start(punch, 0, "fight")
    engine.apply(punch, Attack(0, 1, ()))
    assert why(punch, End(0)) == "first choose a Rocket Punch"

    ability = table(s1={"built": ["r_leg"], "cubes": [0, 0, 1, 0]})
    start(ability, 1, "fight")
    engine.apply(ability, Attack(1, 2, ()))
    assert why(ability, End(1)) == "first choose the next attack ability"

    esquire = table(s1={"built": ["head"]})
    esquire.quarry = [4, 0, 0, 0]
    start(esquire, 1, "mine")
    for seat in (1, 2, 0, 1):
        engine.apply(esquire, Take(seat, "S"))
    assert why(esquire, Take(1, "S")) == "first choose whether to attack"

    heart = table()
    heart.heart = 0
    start(heart, 0, "capture")
    assert why(heart, End(0)) == "first choose Overload or Mend"


def test_setup_refusals_name_the_pick_and_the_draft():
    state = engine.new_state(cat(), 3, "standard", 1)
    engine.apply(state, PickRobot(0, "gizmo_guru"))
    assert why(state, PickRobot(1, "gizmo_guru")) == "that robot is taken or unknown"
    assert why(state, End(1)) == "every seat must choose a robot first"
    draft = engine.new_state(cat(), 3, "drafting", 1)
    seat = engine.to_act(draft)[0]
    robot = draft.seats[seat].robot
    assert why(draft, End(seat)) == "the draft comes first"
    engine.apply(draft, Draft(seat, robot, "head"))
    seat = engine.to_act(draft)[0]
    assert why(draft, Draft(seat, robot, "head")) == (
        "that part is taken, or you already have that slot")


def test_selection_refusals():
    state = table(s0={"gear": ["repair_kit"]})
    state.used = ["mine"]
    assert why(state, Take(0, "S")) == "the Active Player must select a hex first"
    assert why(state, Select(0, "mine")) == "that hex is face down this round"
    assert why(state, UseGear(0, "shovel", "S")) == "that move does not fit now"
    engine.apply(state, Select(0, "fight"))
    assert why(state, Select(0, "gear")) == "a hex is selected only at the start of a Phase"


def test_gear_refusals_name_the_card_or_its_use():
    state = table(s0={"gear": ["shovel"]})
    state.supply = [0, 0, 3, 0]
    start(state, 0, "fight")
    assert why(state, UseGear(0, "repair_kit", "")) == "you hold no 'repair_kit' card"
    assert why(state, UseGear(0, "shovel", "S")) == (
        "that Gear card cannot be used like that now")


def test_a_compulsory_take_is_named_before_the_turn_may_end():
    state = table()
    state.quarry = [3, 0, 0, 0]
    start(state, 0, "mine")
    assert why(state, End(0)) == "you must take a cube first"


@pytest.mark.parametrize(("hex_id", "action"), [
    ("fight", Take(0, "S")), ("mine", TakeGear(0, "shovel")), ("upgrade", Attack(0, 1, ())),
    ("fight", Build(0, "l_foot", ("S",))), ("mine", Weld(0, "l_foot"))])
def test_a_move_of_another_phase_names_the_phase(hex_id, action):
    state = table(s0={"gear": ["repair_kit"], "cubes": [1, 0, 0, 0]})
    state.quarry = [3, 0, 0, 0]
    state.row = ["shovel"] * 5
    start(state, 0, hex_id)
    assert why(state, action) == f"that is not done in a {hex_id} phase"


def test_a_turn_keeps_to_its_one_take_and_its_one_attack():
    # A Repair Kit in hand keeps each Turn open after its one take or attack.
    mine = table(s0={"gear": ["repair_kit"]})
    mine.quarry = [3, 0, 0, 0]
    start(mine, 0, "mine")
    engine.apply(mine, Take(0, "S"))
    assert why(mine, Take(0, "S")) == "you have taken yours this Turn"

    gear = table(s0={"gear": ["repair_kit"]})
    gear.row = ["shovel"] * 5
    start(gear, 0, "gear")
    engine.apply(gear, TakeGear(0, "shovel"))
    assert why(gear, TakeGear(0, "shovel")) == "you have taken yours this Turn"

    fight = table(s0={"gear": ["repair_kit"]})
    start(fight, 0, "fight")
    engine.apply(fight, Attack(0, 1, ()))
    assert why(fight, Attack(0, 2, ())) == "you have attacked this Turn already"


def test_building_refusals():
    broken = table(s0={"hp": 0, "cubes": [1, 0, 0, 1], "gear": ["repair_kit", "welders_kit"]})
    start(broken, 0, "upgrade")
    engine.apply(broken, Build(0, "l_foot", ("S",)))
    assert why(broken, Build(0, "r_foot", ("G",))) == "you may build nothing more this Turn"
    assert why(broken, Weld(0, "r_foot")) == "you may build nothing more this Turn"
    poor = table()
    start(poor, 0, "upgrade")
    assert why(poor, Build(0, "head", ("S", "G", "P"))) == "you cannot pay for that part that way"


@pytest.mark.parametrize("action", [
    Convert(0, "shovel"), Weld(0, "l_foot"), TakeGear(0, "chainsaw"), Give(0, "S")])
def test_anything_else_is_plainly_not_allowed(action):
    state = table(s0={"gear": ["shovel"]})
    state.row = ["shovel"] * 5
    start(state, 0, "gear" if isinstance(action, TakeGear) else "upgrade")
    assert why(state, action) == "that is not allowed now"


def test_scavenge_is_the_active_players_take_alone():
    state = table(s1={"gear": ["repair_kit"]})
    start(state, 0, "scavenge")
    engine.apply(state, Take(0, "S"))
    assert why(state, Take(1, "S")) == "that is not allowed now"


def test_the_engine_refuses_a_view_a_finished_game_and_another_seats_move():
    state = table()
    start(state, 0, "fight")
    assert why(state, End(1)) == "it is not your decision now"
    state.stage = OVER
    assert why(state, End(0)) == "the game is over"
    seen = table()
    seen.rng = None
    assert why(seen, Select(0, "mine")) == ("a player's view cannot be played on; "
                                            "use the match state")


def test_an_attack_on_yourself_is_not_a_second_attack():
    state = table(s0={"gear": ["repair_kit", "shovel"]})
    start(state, 0, "fight")
    assert why(state, Attack(0, 0, ())) == "that is not allowed now"
    engine.apply(state, Attack(0, 1, ()))
    assert why(state, Convert(0, "shovel")) == "that is not allowed now"
