"""The hard bot's search: it maximises its own margin over the enemy team, and plays a
searched move over the greedy one only when the rollouts show it is better."""

from __future__ import annotations

import random

from game.ai.budget import Budget
from game.ai.goblins.search import search, value
from game.rules.goblins import engine
from game.rules.goblins.actions import EndTactics, UseHoming
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import play_until, robot


def test_value_is_the_own_score_less_the_enemy_teams_mean(catalogue):
    state = engine.new_state(catalogue, 3, "standard", 2)
    for seat, score in enumerate((10, 4, 8)):
        state.players[seat].score = score
    assert value(state, 0, (1, 2)) == 4.0
    assert value(state, 1, (0,)) == -6.0
    assert value(state, 2, (0,)) == -2.0


def _last_shot(catalogue) -> State:
    """A party duel in the last combat round, after the roll: seat 0 rolled one 1 (a
    miss) and holds Homing; a 3 would knock the enemy's last goblin out of an exposed
    cockpit and win the combat. No agendas are in play, so only the win scores."""
    state = engine.new_state(catalogue, 2, "party", 4)
    play_until(state, "choose")
    ours, theirs = state.teams
    ours.robot = robot({"2,3": ("weapon", "S", "N")}, {0: 2})
    theirs.robot = robot({"3,2": ("weapon", "E", "W")}, {1: 1})
    state.shared_agendas = []
    state.combat_round = 4
    state.phase = "post_roll"
    ours.dice, ours.abilities, ours.target, ours.done_tactics = [1], ["homing"], 0, False
    ours.ordered = theirs.ordered = False
    theirs.dice, theirs.done_tactics = [], True
    return state


def test_search_plays_the_move_that_wins_the_combat_for_its_own_team(catalogue):
    state = _last_shot(catalogue)
    greedy, winning = EndTactics(0), UseHoming(0, 0, 3)
    assert {greedy, winning} <= set(engine.legal_actions(state, 0))
    seen = engine.view(state, 0)
    chosen = search(seen, 0, [greedy, winning], Budget(iterations=4), random.Random(1))
    assert chosen == winning
    engine.apply(state, chosen)
    assert state.players[0].score == 4 and state.players[1].score == 0


def test_search_keeps_a_winning_first_move_against_a_miss(catalogue):
    """The first candidate (the greedy one) stays unless another beats it."""
    state = _last_shot(catalogue)
    candidates = [UseHoming(0, 0, 3), EndTactics(0)]
    chosen = search(engine.view(state, 0), 0, candidates, Budget(iterations=4),
                    random.Random(2))
    assert chosen == candidates[0]
