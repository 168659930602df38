"""The shared level dispatch (`game.ai.bots.by_level`): every game's make_bot hands each
level to its own constructor, gives hard the budget, and random play is the shared bot."""

from __future__ import annotations

import pytest

from game.ai.bots import RandomBot, by_level
from game.ai.budget import Budget


def _maker() -> tuple[object, list[tuple]]:
    made: list[tuple] = []
    make = by_level("goblins",
                    lambda seed: made.append(("easy", seed)) or "easy bot",
                    lambda seed: made.append(("normal", seed)) or "normal bot",
                    lambda seed, budget: made.append(("hard", seed, budget)) or "hard bot")
    return make, made


def test_each_level_reaches_its_own_constructor_with_the_seed():
    make, made = _maker()
    budget = Budget(iterations=7)
    assert [make("easy", 1), make("normal", 2), make("hard", 3, budget)] == [
        "easy bot", "normal bot", "hard bot"]
    assert made == [("easy", 1), ("normal", 2), ("hard", 3, budget)]


def test_hard_without_a_budget_is_given_none_for_its_own_default():
    make, made = _maker()
    make("hard", 4)
    assert made == [("hard", 4, None)]


def test_random_is_the_shared_seeded_bot_of_that_game():
    make, made = _maker()
    bot = make("random", 9)
    assert isinstance(bot, RandomBot) and made == []
    assert bot.rng.random() == RandomBot("goblins", 9).rng.random()


def test_an_unknown_level_is_refused_by_name():
    make, made = _maker()
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make("genius", 1)
    assert made == []
