"""The round and the match: setup, the turn order from the Pry Bar, lost Retros picked
again, Upgrade returns, the end, refusals, views and replay."""

from __future__ import annotations

import copy
import random

import pytest

from game.rules.calamitron import engine, flow
from game.rules.calamitron.actions import Keep, Lock, Pick, Return, Upgrade
from game.rules.calamitron.events import Began
from game.rules.core.errors import RuleError
from tests.rules.calamitron.helpers import (
    board,
    cat,
    settle,
    treadbot_lost_in_a_pit,
    upgrade_offered_with_two_held,
)


def test_setup_places_rogues_in_queue_order_and_retros_outside_their_doors():
    state = engine.new_state(cat(), 3, "standard", 11, boss="on")
    assert engine.to_act(state) == (0, 1, 2)
    assert state.pieces["bossbot"].at == (6, 6) and state.pieces["minionbot"].at == (6, 7)
    first = state.in_play[0]
    assert state.pieces[f"{first}1"].at == (7, 7) and state.pieces[f"{first}2"].at == (5, 8)
    assert sum(p.kind == first for p in state.pieces.values()) == 3
    for seat, kind in enumerate(("treadbot", "shotbot", "nanobot")):
        engine.apply(state, Pick(seat, kind))
    where = {state.pieces[state.retro[s]].at: state.pieces[state.retro[s]].facing
             for s in range(3)}
    assert where == {(13, 10): "N", (10, 0): "E", (0, 3): "S"}
    assert state.phase == "program" and sorted(state.deal) == sorted(state.in_play)


def test_the_holder_moves_boss_minion_and_its_rogues_before_its_program_then_the_next():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  U: {kind: treadbot, at: "0,3", facing: S, seat: 2}
  X: {kind: bossbot, at: "6,6", facing: N}
  m: {kind: minionbot, at: "8,8", facing: E}
  V: {kind: servobot, at: "5,5", facing: W}
  R: {kind: rambot, at: "9,7", facing: S}""")
    state.pry = 1
    state.deal = ["servobot", "rambot"]
    state.tasks = flow.round_tasks(state)
    events = settle(state)
    began = [(e.seat, e.what) for e in events if isinstance(e, Began)]
    assert began == [(1, "bossbot"), (1, "minionbot"), (1, "rambot"), (1, "program"),
                     (0, "servobot"), (0, "program")]
    assert state.pry == 0 and state.round == 2 and state.phase == "program"


def test_a_lost_retros_seat_picks_a_different_type_that_waits_by_the_nearest_door():
    state = treadbot_lost_in_a_pit()
    assert state.lost == ["treadbot"] and state.entry == [(0, 3)]
    assert engine.to_act(state) == (0,)
    offered = engine.legal_actions(state, 0)
    assert offered == [Pick(0, "shotbot"), Pick(0, "nanobot")]
    engine.apply(state, Pick(0, "nanobot"))
    retro = state.seat_retro(0)
    assert retro is not None and (retro.kind, retro.at, retro.facing) == ("nanobot", (0, 3),
                                                                         "S")
    assert engine.legal_actions(state, 0)[-1] == Lock(0)


def test_a_returned_upgrade_puts_a_catastrophe_under_the_deck():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1, upgrades: [extra-memory]}
  V: {kind: servobot, at: "8,8", facing: W}""", catastrophes=2)
    state.deal = ["servobot"]
    state.deck = ["quiet"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.ask == ("return", 0)
    assert engine.legal_actions(state, 0) == [Return(0, "extra-memory"), Keep(0)]
    engine.apply(state, Return(0, "extra-memory"))
    assert state.catastrophes == 1 and state.deck[-1] == "catastrophe"
    assert state.upgrades == [[]] and state.phase == "program"


def test_the_third_catastrophe_loses_at_once():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  V: {kind: servobot, at: "8,8", facing: W}""", catastrophes=2)
    state.deal = ["servobot"]
    state.deck = ["catastrophe"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert engine.is_over(state) and state.result == "lost"
    assert engine.winners(state) == () and engine.to_act(state) == ()


def test_pitting_the_last_rogue_wins_for_every_seat():
    state = board("""board: {rows: 6, cols: 6, pits: ["3,3"], doors: ["3,1 W"]}
pieces:
  T: {kind: treadbot, at: "3,1", facing: E, seat: 1}
  U: {kind: treadbot, at: "6,6", facing: N, seat: 2}
  S: {kind: servobot, at: "3,2", facing: N, stunned: true}""")
    state.deal = ["servobot", "servobot"]
    state.programs[0] = ("M1",)
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.result == "won" and engine.winners(state) == (0, 1)
    assert engine.scores(state) == [1, 0]


def test_an_earned_upgrade_with_two_held_may_swap_or_keep():
    state = upgrade_offered_with_two_held()
    assert state.ask == ("upgrade", 0)
    offered = engine.legal_actions(state, 0)
    assert offered[0] == Upgrade(0, "", "")
    assert Upgrade(0, "hardened", "spare-loader") in offered
    assert Upgrade(0, "extra-memory", "spare-loader") not in offered
    engine.apply(state, Upgrade(0, "hardened", "spare-loader"))
    assert state.upgrades[0] == ["extra-memory", "hardened"]


def _random_game(seed, players, stop=None):
    state = engine.new_state(cat(), players, "standard", seed, boss="on")
    rng = random.Random(seed)
    actions = []
    while not engine.is_over(state) and (stop is None or len(actions) < stop):
        seat = rng.choice(engine.to_act(state))
        action = rng.choice(engine.legal_actions(state, seat))
        engine.apply(state, action)
        actions.append(action)
    return state, actions


def test_refusals_leave_the_state_as_it_was():
    state, _ = _random_game(3, 2, stop=40)
    before = copy.deepcopy(state, {id(state.cat): state.cat})
    waiting = engine.to_act(state)
    idle = [s for s in range(2) if s not in waiting]
    bad = [Lock(s) for s in idle] + [Pick(waiting[0], "robot"), Return(waiting[0], "x")]
    for action in bad:
        with pytest.raises(RuleError):
            engine.apply(state, action)
        assert state == before


def test_seed_and_actions_replay_to_the_same_match():
    state, actions = _random_game(8, 3)
    again = engine.new_state(cat(), 3, "standard", 8, boss="on")
    for action in actions:
        engine.apply(again, action)
    assert again == state and engine.is_over(again)


def test_the_view_hides_only_the_deck_order_and_cannot_be_played():
    state, _ = _random_game(4, 2, stop=10)
    view = engine.view(state, 0)
    assert view.deck == sorted(state.deck) and view.rng is None
    assert view.pieces == state.pieces and view.programs == state.programs
    twin = engine.vary_secrets(state, 0, random.Random(1))
    assert twin.deck != state.deck and engine.view(twin, 0) == view
    with pytest.raises(RuleError):
        engine.apply(view, engine.legal_actions(view, engine.to_act(view)[0])[0])
