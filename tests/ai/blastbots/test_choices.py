"""Choices that follow from the position: an Escape on offer is taken, and a playout
that reaches the end of the game is scored by its result."""

from __future__ import annotations

import pytest

from game.ai.blastbots.search import ENDED, judged
from game.ai.bots import make_bot
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Play
from tests.ai.blastbots.handmade import at_act, rockets_to
from tests.ai.blastbots.helpers import TINY, empty_hands, give, new_state, play_out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_teleporter_that_escapes_is_played(level):
    state = at_act(7)
    seat = state.roller
    empty_hands(state)
    for card in ("mech", "one_rocket", "teleporter", "agent"):
        give(state, seat, card)
    rockets_to(state, seat, atmo=2, pad=1)
    state.space[seat] = 13
    state.factory[seat] -= 13
    state.legal = None
    action = make_bot("blastbots", level, 3, TINY).choose(engine.view(state, seat), seat)
    assert isinstance(action, Play) and state.cat.cards[action.card].id == "teleporter"
    assert action.option == "atmosphere"
    engine.apply(state, action)
    assert engine.is_over(state) and state.winner == seat and state.victory == "escape"


def test_a_finished_playout_scores_its_result():
    state = new_state(2, 12)
    play_out(state, ["random", "random"], 5)
    assert judged(state, state.winner) == ENDED
    assert judged(state, 1 - state.winner) == -ENDED
