"""Every level is deterministic from its seed (and hard from its budget in
iterations), so an arena or a replay can be run again move for move; the registry
gives each level its own bot."""

from __future__ import annotations

import pytest

from game.ai.bots import LEVELS, RandomBot, default_iterations, make_bot
from game.ai.coal_heart.levels import HARD_ITERATIONS, EasyBot, HardBot, NormalBot
from game.rules.coal_heart import engine
from tests.ai.coal_heart.helpers import new_state, play_out


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_give_the_same_moves(level):
    runs = [play_out(new_state(4, 8), [level, "normal", level, "easy"], 21, stop=400)
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_other_seeds_give_other_games():
    games = {tuple(map(repr, play_out(new_state(3, 8), ["easy", "random", "easy"], seed,
                                      stop=300))) for seed in (1, 2, 3)}
    assert len(games) == 3


def test_hard_takes_the_games_default_budget_unless_given_one():
    assert default_iterations("coal_heart") == HARD_ITERATIONS
    bot = make_bot("coal_heart", "hard", 1)
    assert isinstance(bot, HardBot) and bot.budget.iterations == HARD_ITERATIONS
    assert make_bot("coal_heart", "hard", 1, 10).budget.iterations == 10
    with pytest.raises(ValueError):
        make_bot("coal_heart", "expert", 1)


def test_the_registry_entry_gives_each_level_its_own_bot():
    kinds = [RandomBot, EasyBot, NormalBot, HardBot]
    for level, kind in zip(LEVELS, kinds, strict=True):
        assert type(make_bot("coal_heart", level, 1)) is kind


def test_robots_are_taken_at_random_by_the_bots_seed():
    """AI seats take a random free robot (RULES-DECISIONS.md), so the normal bots'
    picks differ across seeds but repeat on the same one."""
    def picks(seed: int) -> tuple[str, ...]:
        state = new_state(4, 1)
        for seat in range(4):
            action = make_bot("coal_heart", "normal", seed + seat).choose(
                engine.view(state, seat), seat)
            engine.apply(state, action)
        return tuple(s.robot for s in state.seats)

    assert picks(5) == picks(5)
    assert len({picks(seed) for seed in range(6)}) > 1
