"""A seat's reading of the match: how many combat rounds it can still fire, which the
bots use to weigh firepower it will only have later."""

from __future__ import annotations

import pytest

from game.ai.goblins.seat import seat_of
from game.rules.goblins import engine
from tests.rules.goblins.helpers import play_until


@pytest.mark.parametrize("combat_round, left", [(0, 4), (1, 4), (2, 3), (3, 2), (4, 1)])
def test_rounds_left_counts_this_combat_round_and_the_ones_after(catalogue, combat_round,
                                                                 left):
    """Before combat all four rounds lie ahead; in round k, 4 - k + 1 remain."""
    state = engine.new_state(catalogue, 2, "standard", 6)
    play_until(state, "choose")
    state.combat_round = combat_round
    assert seat_of(state, 0).rounds_left() == left
    assert seat_of(engine.view(state, 1), 1).rounds_left() == left
