"""The owner orders its own abilities that trigger together (RULES-DECISIONS.md, Part
abilities): a question with one answer per different ability, asked again while the
order of the rest can still matter, refused plainly when answered wrong; the same
ability twice, or one ability alone, resolves with no question. Positions are worked
out by hand from the decisions and the parts' data."""

from __future__ import annotations

import pytest

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import Attack, End, Give, Shield, Take, Trigger
from game.rules.coal_heart.events import Cubes, Hp, Note
from game.rules.coal_heart.secrets import view
from game.rules.coal_heart.table import order_matters
from game.rules.coal_heart.vocabulary import SLOTS
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import cat, start, table

EXEC = ("the_executioner", "lord_reforge", "gizmo_guru")


def amount(robot: str, slot: str) -> int:
    return cat().part(robot, slot).amount


def drafted(owner: str, **others: str) -> dict[str, str]:
    """An owner's parts with some slots drafted from other robots."""
    return dict.fromkeys(SLOTS, owner) | others


def test_the_executioner_orders_its_two_fight_abilities():
    # The Executioner's head (Fight: theft) and left leg (Fight: heal) trigger together
    # at the start of its Fight Turn: it is asked, with nothing resolved yet.
    state = table(robots=EXEC, s0={"built": ["head", "l_leg"], "hp": 10},
                  s1={"cubes": [3, 0, 0, 0]})
    start(state, 0, "fight")
    assert state.pending == [("order", 0, ("head", "l_leg"))]
    assert flow.deciding(state) == 0
    assert flow.options(state) == [Trigger(0, "head", ""), Trigger(0, "l_leg", "")]
    assert state.seats[0].hp == 10 and state.seats[1].cubes == [3, 0, 0, 0]
    events = engine.apply(state, Trigger(0, "l_leg", ""))
    heal = amount("the_executioner", "l_leg")
    assert events[:2] == [Note("ordered", 0, "l_leg"), Hp(0, heal, 10 + heal, "ability")]
    assert state.pending == [("give", 1, 0)], "the head alone follows, with no question"


@pytest.mark.parametrize("wrong", [Trigger(0, "l_shoulder", ""), Trigger(0, "head", "yes"),
                                   Trigger(0, "r_arm", ""), End(0)])
def test_a_wrong_answer_is_refused_in_a_line_and_changes_nothing(wrong):
    state = table(robots=EXEC, s0={"built": ["head", "l_leg"], "hp": 10},
                  s1={"cubes": [3, 0, 0, 0]})
    start(state, 0, "fight")
    before = state.clone()
    with pytest.raises(RuleError) as refused:
        engine.apply(state, wrong)
    assert str(refused.value) == "first choose which of your abilities resolves first"
    assert state == before


def test_another_seat_sees_the_question_and_cannot_answer_it():
    state = table(robots=EXEC, s0={"built": ["head", "l_leg"]}, s1={"cubes": [3, 0, 0, 0]})
    start(state, 0, "fight")
    seen = view(state, 1)
    assert seen.pending == [("order", 0, ("head", "l_leg"))]
    assert engine.legal_actions(state, 1) == [] and engine.to_act(state) == (0,)
    with pytest.raises(RuleError):
        engine.apply(state, Trigger(1, "head", ""))


def win_mid_fight(first: str):
    """The Executioner (10 HP; head, left shoulder, left leg) selects Fight; Reforge
    has 1 HP and 3 cubes, Gizmo is broken. The head makes Reforge give a cube; using
    the head fires the shoulder's 1 damage to every other robot, which breaks Reforge:
    the Executioner is the last robot standing and wins at once."""
    state = table(robots=EXEC, s0={"built": ["head", "l_shoulder", "l_leg"], "hp": 10},
                  s1={"hp": 1, "cubes": [3, 0, 0, 0]}, s2={"hp": 0})
    start(state, 0, "fight")
    engine.apply(state, Trigger(0, first, ""))
    if flow.deciding(state) == 1:
        engine.apply(state, Give(1, "S"))
    return state


def test_the_owners_order_changes_the_table_the_game_ends_on():
    # Theft first: the win comes before the leg's heal, which never resolves (10 HP).
    # Heal first: 10 + 2 = 12 HP, then the theft and the same win.
    heal = amount("the_executioner", "l_leg")
    theft_first, heal_first = win_mid_fight("head"), win_mid_fight("l_leg")
    for state in (theft_first, heal_first):
        assert engine.winners(state) == (0,)
        assert state.seats[0].cubes == [1, 0, 0, 0] and state.seats[1].hp == 0
    assert theft_first.seats[0].hp == 10
    assert heal_first.seats[0].hp == 10 + heal


def test_the_same_ability_twice_asks_nothing():
    # Esquire's chest and both shoulders: three "Mine: take one random cube" (the
    # same effect and amount), so the three draws come first and the Quarry pick waits.
    state = table(s1={"built": ["chest", "l_shoulder", "r_shoulder"]})
    state.supply = [0, 0, 5, 0]
    state.quarry = [1, 0, 0, 0]
    start(state, 1, "mine")
    assert state.pending == []
    assert state.seats[1].cubes == [0, 0, 3, 0]
    assert flow.options(state) == [Take(1, "S")]
    assert not order_matters([cat().part("extractor_esquire", s)
                              for s in ("chest", "l_shoulder", "r_shoulder")])


def test_one_answer_per_different_ability_and_the_rest_asked_again():
    # A drafted Reforge: Reforge's left leg (Mine: one more Quarry cube of its choice)
    # and Esquire's chest and left shoulder (Mine: a random cube each). Two different
    # abilities, so two answers; after a draw the rest (a draw and the Quarry pick)
    # still differ, so the owner is asked again; after that nothing is left to order.
    parts = drafted("lord_reforge", chest="extractor_esquire", l_shoulder="extractor_esquire")
    state = table(s0={"built": ["chest", "l_shoulder", "l_leg"], "parts": parts})
    state.supply = [0, 0, 5, 0]
    state.quarry = [1, 1, 0, 0]
    start(state, 0, "mine")
    assert flow.options(state) == [Trigger(0, "chest", ""), Trigger(0, "l_leg", "")]
    engine.apply(state, Trigger(0, "chest", ""))
    assert state.seats[0].cubes == [0, 0, 1, 0]
    assert flow.options(state) == [Trigger(0, "l_shoulder", ""), Trigger(0, "l_leg", "")]
    events = engine.apply(state, Trigger(0, "l_leg", ""))
    assert events == [Note("ordered", 0, "l_leg")]
    assert state.pending == [("quarry", 0)], "the leg's Quarry pick, asked of the owner"
    engine.apply(state, Take(0, "P"))
    assert state.seats[0].cubes == [0, 1, 2, 0], "the shoulder's draw came last"


def test_a_draw_ordered_first_is_seen_before_the_quarry_pick():
    # The same drafted Reforge with only the chest: draw first, the owner sees the
    # Coal cube before its Quarry pick; pick first, the Quarry question comes before
    # any draw.
    parts = drafted("lord_reforge", chest="extractor_esquire")
    for first, cubes_at_pick in (("chest", [0, 0, 1, 0]), ("l_leg", [0, 0, 0, 0])):
        state = table(s0={"built": ["chest", "l_leg"], "parts": parts})
        state.supply = [0, 0, 5, 0]
        state.quarry = [1, 1, 0, 0]
        start(state, 0, "mine")
        events = engine.apply(state, Trigger(0, first, ""))
        assert state.pending == [("quarry", 0)] and state.seats[0].cubes == cubes_at_pick
        drew = [e for e in events if isinstance(e, Cubes)]
        assert drew == ([Cubes("bag", "0", "C")] if first == "chest" else [])


def test_the_selectors_select_ability_triggers_with_its_turn_start_ones():
    # A drafted Executioner with Syphon's chest (Select Fight: heal) and its own head
    # (Fight: theft). Selecting Fight, both trigger at the start of its Turn: one
    # question. When another seat selected Fight, the head triggers alone: none.
    parts = drafted("the_executioner", chest="professor_syphon")
    seats = {"s0": {"built": ["head", "chest"], "parts": parts, "hp": 10},
             "s1": {"cubes": [3, 0, 0, 0]}}
    state = table(robots=EXEC, **seats)
    start(state, 0, "fight")
    assert state.pending == [("order", 0, ("head", "chest"))]
    state = table(robots=EXEC, **seats)
    start(state, 2, "fight")
    engine.apply(state, End(2))
    assert state.pending == [("give", 1, 0)] and state.seats[0].hp == 10


def test_two_different_attack_abilities_are_ordered_by_the_attacker_even_if_compulsory():
    # Syphon's shoulders: "gain 2 HP" and "+2 damage", neither a "you may".
    state = table(s2={"built": ["l_shoulder", "r_shoulder"], "hp": 10})
    start(state, 2, "fight")
    engine.apply(state, flow.options(state)[0])  # the first listed attack
    assert state.pending[-1] == ("trigger", 2)
    assert flow.options(state) == [Trigger(2, "l_shoulder", ""), Trigger(2, "r_shoulder", "")]


@pytest.mark.parametrize(("rival_hp", "won", "hp"), [(1, True, 10), (5, False, 12)])
def test_the_chosen_ability_and_what_it_sets_off_go_before_the_one_still_waiting(
        rival_hp, won, hp):
    # The Executioner (10 HP; head, left shoulder, right leg, left leg) selects Fight and
    # puts its head first; the left leg's heal waits. The Reforge gives a cube; using
    # the head fires the shoulder (1 damage to every other robot) and the right leg (a
    # random cube): asked, the owner puts the right leg first. Both resolve before the
    # waiting heal. A Reforge at 1 HP breaks, the Executioner is the last robot standing
    # and wins before its heal (10 HP); at 5 HP the game goes on and the heal comes
    # last (12 HP).
    state = table(robots=EXEC, s0={"built": ["head", "l_shoulder", "r_leg", "l_leg"],
                                   "hp": 10},
                  s1={"hp": rival_hp, "cubes": [3, 0, 0, 0]}, s2={"hp": 0})
    state.supply = [0, 0, 0, 5]
    start(state, 0, "fight")
    engine.apply(state, Trigger(0, "head", ""))
    engine.apply(state, Give(1, "S"))
    assert state.pending == [("order", 0, ("l_shoulder", "r_leg"))]
    events = engine.apply(state, Trigger(0, "r_leg", ""))
    heal = amount("the_executioner", "l_leg")
    assert engine.is_over(state) is won
    assert state.seats[0].hp == (10 if won else 10 + heal) == hp
    assert state.seats[0].cubes == [1, 0, 0, 1] and state.seats[1].hp == rival_hp - 1
    hits = [e for e in events if isinstance(e, Hp)]
    assert hits[:2] == [Hp(1, -1, rival_hp - 1, "ability"), Hp(2, 0, 0, "ability")]


def test_every_attack_ability_resolves_before_the_target_decides_on_its_force_field():
    # Syphon (no arms, not the Active Player: attack value 0) puts its heal first; its
    # +2 damage still resolves before step 4, so the Gizmo is asked about its Force
    # Field against 2 damage (against 0 it would not be asked), and halves it to 1.
    state = table(s2={"built": ["l_shoulder", "r_shoulder"], "hp": 10},
                  s0={"gear": ["force_field"]})
    start(state, 1, "fight")
    engine.apply(state, End(1))
    engine.apply(state, Attack(2, 0, ()))
    engine.apply(state, Trigger(2, "l_shoulder", ""))
    assert state.pending == [("shield", 0)]
    engine.apply(state, Shield(0, True))
    assert state.last_damage == 1 and state.seats[0].hp == 19
