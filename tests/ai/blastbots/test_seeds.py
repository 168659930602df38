"""Every level is deterministic from its seed (and hard from its budget in
iterations), so an arena or a replay can be run again move for move."""

from __future__ import annotations

import pytest

from game.ai.blastbots.levels import HARD_ITERATIONS, EasyBot, HardBot, NormalBot
from game.ai.bots import LEVELS, RandomBot, default_iterations, make_bot
from tests.ai.blastbots.helpers import new_state, play_out


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_give_the_same_moves(level):
    runs = [play_out(new_state(2, 8), [level, "normal"], 21, stop=200) for _ in range(2)]
    assert runs[0] == runs[1]


def test_other_seeds_give_other_games():
    games = {tuple(map(repr, play_out(new_state(2, 8), ["easy", "random"], seed)))
             for seed in (1, 2, 3)}
    assert len(games) == 3


def test_hard_takes_the_games_default_budget_unless_given_one():
    assert default_iterations("blastbots") == HARD_ITERATIONS
    bot = make_bot("blastbots", "hard", 1)
    assert isinstance(bot, HardBot) and bot.budget.iterations == HARD_ITERATIONS
    assert make_bot("blastbots", "hard", 1, 10).budget.iterations == 10
    with pytest.raises(ValueError):
        make_bot("blastbots", "expert", 1)


def test_the_registry_entry_gives_each_level_its_own_bot():
    """The client's AI seats and the arena both reach the bots through ``make_bot``;
    random is the shared seeded RandomBot."""
    kinds = [RandomBot, EasyBot, NormalBot, HardBot]
    for level, kind in zip(LEVELS, kinds, strict=True):
        assert type(make_bot("blastbots", level, 1)) is kind
