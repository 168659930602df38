"""Every level answers every kind of decision with a legal action, from its view."""

from __future__ import annotations

import pytest

from game.ai.bots import LEVELS, make_bot
from game.rules.two_robots import engine
from game.rules.two_robots.state import (
    CHOOSE,
    COUNTER,
    DISCARD,
    EVENT,
    HEALTH,
    HOMING,
    MELTDOWN,
    PLAY,
    SENTRY,
)
from tests.ai.two_robots.helpers import TINY, new_state, play_out, positions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_level_returns_a_legal_action_in_every_phase_and_window(players):
    seen_steps: set[str] = set()
    seen_powers: set[str] = set()
    for seed in range(3 if players == 2 else 2):
        for state in positions(players, seed):
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            seen_steps.add(state.step)
            if state.flight is not None:
                seen_powers.add(state.flight.power)
            for level in LEVELS:
                bot = make_bot("two_robots", level, seed, TINY)
                assert bot.choose(engine.view(state, seat), seat) in legal, (level, state.step)
    assert {PLAY, HOMING, COUNTER, EVENT, CHOOSE, SENTRY, HEALTH, DISCARD} <= seen_steps
    assert "deploy" in seen_powers and len(seen_powers) >= 4


def test_every_power_choice_gets_a_legal_answer():
    """Events in flight over many random games, so every Power that asks for choices
    (and Meltdown's answers) is met."""
    powers: set[str] = set()
    meltdown = False
    for seed in range(40):
        for state in positions(2 + seed % 3, 100 + seed, per_kind=1):
            if state.step not in (CHOOSE, SENTRY, MELTDOWN, HEALTH):
                continue
            meltdown |= state.step == MELTDOWN
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            for level in ("easy", "normal"):
                bot = make_bot("two_robots", level, seed)
                assert bot.choose(engine.view(state, seat), seat) in legal
            if state.step == CHOOSE and state.flight is not None:
                powers.add(state.flight.power)
    assert meltdown
    assert powers == {"deploy", "shogun", "ronin", "bushido", "salvage", "rebuild",
                      "counterstrike", "armory", "scorched_earth"}


@pytest.mark.parametrize("levels", [["easy", "random"], ["normal", "easy", "random"],
                                    ["hard", "normal", "easy", "random"]])
def test_bots_play_whole_games_with_legal_moves(levels):
    state = new_state(len(levels), 5)
    moves = play_out(state, levels, 9, stop=None if "hard" not in levels else 400)
    assert moves
    assert engine.is_over(state) or len(moves) == 400


def test_normal_beats_random_in_a_short_series():
    wins = 0
    for seed in range(6):
        levels = ["normal", "random"] if seed % 2 == 0 else ["random", "normal"]
        state = new_state(2, seed)
        play_out(state, levels, seed)
        wins += engine.scores(state)[levels.index("normal")]
    assert wins >= 5
