"""Both wins, checked after each effect: the last robot standing, everyone broken at
once (most parts, ties share), and drafted parts keeping their own costs."""

from __future__ import annotations

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import Attack, Build
from game.rules.coal_heart.table import broken_set, check_wins, deal
from tests.rules.coal_heart.helpers import end_turns_until, start, table


def test_breaking_the_last_other_robot_wins_mid_phase():
    state = table(s1={"hp": 0}, s2={"hp": 2}, s0={"built": ["l_arm"]})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 2, ()))
    assert engine.is_over(state) and engine.winners(state) == (0,)
    assert engine.legal_actions(state, 1) == [] and engine.to_act(state) == ()


def test_everyone_broken_at_once_ties_share_among_the_newly_broken():
    state = table(s0={"hp": 0, "built": ["head", "chest", "core"]},
                  s1={"hp": 1, "built": ["l_arm"]}, s2={"hp": 1, "built": ["r_arm"]})
    before = broken_set(state)
    deal(state, 1, {1: 1, 2: 1}, "ability")
    check_wins(state, before)
    assert state.winners == (1, 2), "the long-broken robot's parts do not count"


def test_a_drafted_part_keeps_its_own_robots_cost():
    state = table(s0={"cubes": [0, 0, 1, 0]})
    state.seats[0].parts["l_foot"] = "extractor_esquire"  # Esquire's left foot costs C
    start(state, 0, "upgrade")
    assert Build(0, "l_foot", ("C",)) in flow.options(state)
    engine.apply(state, Build(0, "l_foot", ("C",)))
    assert state.seats[0].built == ["l_foot"]


def test_nothing_wins_while_two_robots_stand():
    state = table(s2={"hp": 0})
    start(state, 1, "fight")
    end_turns_until(state, 2)
    assert not engine.is_over(state) and engine.winners(state) == ()


def test_a_broken_robots_turn_start_ability_breaking_the_last_two_gives_the_most_parts_the_win():
    # The Constructor, broken, selects Upgrade: its head's start-of-Turn damage (1 to
    # every other robot, within the broken cap of 3) breaks both robots still standing at
    # once. Nobody stands: of the two it broke, the Reforge has more parts and wins; the
    # Constructor, broken before, is not counted.
    state = table(robots=("dr_constructor", "lord_reforge", "gizmo_guru"),
                  s0={"hp": 0, "built": ["head", "chest", "core", "l_arm", "r_arm"]},
                  s1={"hp": 1, "built": ["l_arm", "r_arm"]}, s2={"hp": 1, "built": ["l_arm"]})
    start(state, 0, "upgrade")
    assert [s.hp for s in state.seats] == [0, 0, 0]
    assert engine.winners(state) == (1,)
    assert flow.deciding(state) == -1 and engine.to_act(state) == ()
