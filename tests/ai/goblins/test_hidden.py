"""Bots are reproducible and blind to what their seat cannot see."""

from __future__ import annotations

import random

import pytest

from game.ai.bots import LEVELS, make_bot
from game.ai.goblins.determinise import determinise
from game.ai.goblins.memory import TacticsMemory
from game.rules.core.rng import Rng
from game.rules.goblins import engine
from game.rules.goblins.state import State
from tests.ai.goblins.helpers import TINY, play_out, random_state


def _other_world(state: State, seat: int, seed: int) -> State:
    """The same match as ``seat`` sees it, with everything hidden from it changed: the
    other seats' agendas and hands, the bag, the tactics pile and the dice to come."""
    other = state.clone()
    rng = random.Random(seed)
    for player in other.players:
        if player.seat == seat:
            continue
        pool = [a for a in range(len(state.catalogue.agendas)) if a not in player.hand]
        rng.shuffle(pool)
        if player.agendas:
            player.agendas = sorted(pool[:len(player.agendas)])
        player.hand = sorted(pool[-len(player.hand):]) if player.hand else []
        rng.shuffle(player.deck)
    rng.shuffle(other.bag)
    rng.shuffle(other.tactics_pile)
    other.rng = Rng(seed)
    return other


@pytest.mark.parametrize("players,steps", [(2, 5), (2, 75), (2, 95), (4, 60), (4, 100)])
def test_a_decision_depends_only_on_the_view(catalogue, players, steps):
    state = random_state(catalogue, players, "standard", 17 + steps, steps)
    seat = engine.to_act(state)[0]
    other = _other_world(state, seat, 99)
    assert other.bag != state.bag or not state.bag
    assert engine.view(other, seat) == engine.view(state, seat)
    for level in LEVELS:
        first = make_bot("goblins", level, 5, TINY * 4).choose(engine.view(state, seat), seat)
        second = make_bot("goblins", level, 5, TINY * 4).choose(engine.view(other, seat), seat)
        assert first == second, level


def test_hidden_agendas_of_a_rival_do_not_change_a_search(catalogue):
    state = random_state(catalogue, 2, "standard", 4, 0)
    while state.phase != "choose":
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[0])
    seat = engine.to_act(state)[0]
    rival = state.players[1 - seat]
    changed = state.clone()
    free = [a for a in range(len(catalogue.agendas)) if a not in rival.agendas]
    changed.players[1 - seat].agendas = sorted(free[:4])
    changed.players[1 - seat].bet = ""
    assert engine.view(changed, seat) == engine.view(state, seat)
    picks = [make_bot("goblins", "hard", 3, 16).choose(engine.view(s, seat), seat)
             for s in (state, changed)]
    assert picks[0] == picks[1]


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_give_the_same_moves(catalogue, level):
    runs = []
    for _ in range(2):
        state = engine.new_state(catalogue, 2, "standard", 8)
        runs.append(play_out(state, [level, "normal"], 21, stop=160))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("players,steps", [(2, 0), (2, 40), (2, 90), (3, 70), (4, 30),
                                           (4, 110)])
def test_a_determinised_world_looks_the_same_to_the_viewer(catalogue, players, steps):
    state = random_state(catalogue, players, "standard", steps, steps)
    seat = engine.to_act(state)[0]
    seen = engine.view(state, seat)
    world = determinise(seen, random.Random(1))
    if state.phase != "choose":
        assert engine.view(world, seat) == seen
    assert sorted(world.bag + [t for p in world.players for t in p.drawn + p.tiles]
                  + [t.index for team in world.teams for t in team.robot.tiles
                     if t is not None and t.index >= 0]
                  + [t.index for team in world.teams for t in team.robot.scrap_tiles]) \
        == list(range(len(catalogue.tiles)))
    while not engine.is_over(world) and world.round == state.round:
        actor = engine.to_act(world)[0]
        engine.apply(world, engine.legal_actions(world, actor)[0])


def test_remembered_tactics_cards_never_return_to_a_sampled_pile(catalogue):
    memory = TacticsMemory()
    state = random_state(catalogue, 2, "standard", 6, 0)
    shown: set[int] = set()
    while state.round == 1 or state.phase != "choose":
        if state.phase == "choose":
            memory.see(engine.view(state, 0))
            shown |= set(state.face_up)
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[0])
    seen = engine.view(state, 0)
    memory.see(seen)
    gone = memory.gone(seen)
    assert shown and shown <= gone
    for sample in range(5):
        world = determinise(seen, random.Random(sample), gone=gone)
        assert not gone & set(world.tactics_pile)
        assert sorted(world.tactics_pile + world.face_up) == sorted(state.tactics_pile
                                                                    + state.face_up)
