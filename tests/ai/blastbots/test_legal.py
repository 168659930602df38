"""Every level answers every kind of decision with a legal move, from the seat's view,
and plays whole matches to their end at every player count."""

from __future__ import annotations

import pytest

from game.ai.bots import LEVELS, make_bot
from game.rules.blastbots import engine
from tests.ai.blastbots.helpers import KINDS, TINY, new_state, play_out, positions


@pytest.mark.parametrize("players,seed,dice", [(2, 1, "rules"), (3, 2, "table"),
                                              (4, 3, "rules")])
def test_each_level_answers_every_kind_of_decision_legally(players, seed, dice):
    found = positions(players, seed, dice=dice)
    assert set(found) >= KINDS, KINDS - set(found)
    for kind, states in found.items():
        for state in states:
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            for level in LEVELS:
                action = make_bot("blastbots", level, 7, TINY).choose(
                    engine.view(state, seat), seat)
                assert action in legal, (level, kind, action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mixed_levels_play_matches_to_their_end(players):
    levels = ["hard", "normal", "easy", "random"][:players]
    state = new_state(players, 40 + players, "table" if players == 3 else "rules")
    moves = play_out(state, levels, 9)
    assert engine.is_over(state) and state.victory in ("escape", "destruction", "impact")
    assert len(moves) > 20
