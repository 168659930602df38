"""Every level answers every kind of decision with a legal action, from its view only."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.bots import LEVELS, make_bot
from game.rules.goblins import engine
from tests.ai.goblins.helpers import TINY, play_out, random_state

_SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=250, deadline=None, suppress_health_check=_SLOW)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]),
       variant=st.sampled_from(["standard", "party"]), steps=st.integers(0, 140))
def test_every_level_answers_a_random_position_legally(catalogue, seed, players, variant,
                                                       steps):
    state = random_state(catalogue, players, variant, seed, steps)
    if engine.is_over(state):
        return
    for seat in engine.to_act(state):
        legal = engine.legal_actions(state, seat)
        for level in LEVELS:
            bot = make_bot("goblins", level, seed, TINY)
            assert bot.choose(engine.view(state, seat), seat) in legal


@settings(max_examples=14, deadline=None, suppress_health_check=_SLOW)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]),
       levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4))
def test_bots_play_whole_matches_legally(catalogue, seed, players, levels):
    state = engine.new_state(catalogue, players, "standard", seed)
    moves = play_out(state, levels[:players], seed)
    assert engine.is_over(state)
    assert len(moves) > 100
