"""Building: costs, the Upgrade perk's discount, HP payments, trades, Welder's Kit, the
broken limit, Upgrade aids waiting a Turn, and the eleventh part winning at once."""

from __future__ import annotations

import pytest

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import Build, End, Weld
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import end_turns_until, start, table


def builds(state, seat):
    return {(a.slot, a.pay) for a in flow.options(state) if isinstance(a, Build)
            and a.seat == seat}


def test_a_part_costs_its_cubes_and_they_go_back_to_the_supply():
    state = table(s1={"cubes": [1, 1, 0, 0]})  # extractor_esquire: chest = S P
    start(state, 0, "upgrade")
    end_turns_until(state, 1)
    engine.apply(state, Build(1, "chest", ("S", "P")))
    assert "chest" in state.seats[1].built and state.seats[1].cubes == [0, 0, 0, 0]
    assert state.supply == [15, 15, 15, 15]


def test_the_perk_discount_is_the_active_players_once_a_phase():
    state = table(s0={"cubes": [1, 0, 0, 1]})  # lord_reforge: l_foot S, r_foot G
    start(state, 0, "upgrade")
    assert ("l_foot", ("-",)) in builds(state, 0)
    engine.apply(state, Build(0, "l_foot", ("-",)))
    assert state.seats[0].cubes == [1, 0, 0, 1], "a one-cube part becomes free"
    assert ("r_foot", ("-",)) not in builds(state, 0)
    with pytest.raises(RuleError):
        engine.apply(state, Build(0, "r_foot", ("-",)))


def test_other_seats_get_no_discount():
    state = table(s1={"cubes": [0, 0, 1, 0]})
    start(state, 0, "upgrade")
    end_turns_until(state, 1)
    assert all("-" not in pay for _, pay in builds(state, 1))


def test_a_broken_robot_builds_one_part_a_turn():
    state = table(s1={"hp": 0, "cubes": [0, 0, 1, 1]},  # esquire feet: C, G
                  s2={"cubes": [0, 0, 0, 1]})
    start(state, 0, "upgrade")
    end_turns_until(state, 1)
    engine.apply(state, Build(1, "l_foot", ("C",)))
    assert flow.deciding(state) == 2, "the broken robot's Turn ended after one part"


def test_welders_kit_builds_free_and_then_nothing_else():
    state = table(s0={"gear": ["welders_kit"], "cubes": [1, 0, 0, 0]})
    start(state, 0, "upgrade")
    engine.apply(state, Weld(0, "head"))
    assert "head" in state.seats[0].built and state.discard == ["welders_kit"]
    assert not builds(state, 0)
    assert flow.deciding(state) == 1


def test_syphon_pays_hp_but_never_down_to_zero_or_while_broken():
    state = table(s2={"built": ["l_leg"], "hp": 5})  # professor_syphon, 2 HP a cube
    start(state, 2, "upgrade")
    options = builds(state, 2)
    assert ("chest", ("hp", "hp")) in options, "5 - 4 leaves 1 HP"
    assert ("l_foot", ("-",)) in options
    state.seats[2].hp = 3
    state.perk_used = True
    assert ("l_foot", ("hp",)) in builds(state, 2)
    state.seats[2].hp = 2
    assert ("l_foot", ("hp",)) not in builds(state, 2), "never down to 0"
    state.seats[2].hp = 0
    assert not any("hp" in pay for _, pay in builds(state, 2))


def test_hp_payment_pays_two_cubes_at_most():
    state = table(s2={"built": ["l_leg"]})  # syphon head costs G P S
    start(state, 2, "upgrade")
    state.perk_used = True
    assert all(pay.count("hp") <= 2 for _, pay in builds(state, 2))
    assert ("chest", ("hp", "hp")) in builds(state, 2)
    engine.apply(state, Build(2, "chest", ("hp", "hp")))
    assert state.seats[2].hp == 16


def test_an_upgrade_aid_waits_a_turn_after_it_is_built():
    state = table(n=6, s5={"cubes": [0, 1, 1, 0]})  # constructor l_leg costs C P
    start(state, 0, "upgrade")
    end_turns_until(state, 5)
    engine.apply(state, Build(5, "l_leg", ("C", "P")))
    assert not any("hp" in pay for _, pay in builds(state, 5)), "pays HP only next Turn"


def test_the_trade_is_for_shoulders_and_legs_only():
    state = table(n=6, s5={"built": ["r_shoulder"], "cubes": [1, 0, 0, 0]})
    start(state, 5, "upgrade")
    state.perk_used = True
    options = builds(state, 5)
    assert ("l_foot", ("S",)) not in options, "no trade for a foot (cost C)"
    assert not any(slot == "l_leg" for slot, _ in options), "C P needs two cubes"
    state.seats[5].cubes = [1, 0, 1, 0]
    assert ("l_leg", ("C", "S")) in builds(state, 5)


def test_the_eleventh_part_wins_at_once_even_broken():
    state = table(s1={"hp": 0, "built": ["head", "chest", "core", "l_shoulder",
                                         "r_shoulder", "l_arm", "r_arm", "l_leg", "r_leg",
                                         "l_foot"], "cubes": [0, 0, 0, 1]})
    start(state, 0, "upgrade")
    end_turns_until(state, 1)
    engine.apply(state, Build(1, "r_foot", ("G",)))
    assert engine.is_over(state) and engine.winners(state) == (1,)


def test_building_is_optional():
    state = table(s0={"cubes": [1, 0, 0, 0]})
    start(state, 0, "upgrade")
    engine.apply(state, End(0))
    assert flow.deciding(state) == 1
