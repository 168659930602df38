"""Bots choose an action from a player's view only. ``make_bot`` is game-agnostic: a
game with its own bots registers a factory here; any other game gets seeded random
play (so replays match)."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from typing import Any, Protocol

from game.ai.budget import Budget
from game.rules.core.actions import Action
from game.rules.core.registry import get_game

LEVELS = ("random", "easy", "normal", "hard")

_FACTORIES = {"goblins": "game.ai.goblins.levels:make_goblins_bot",
              "two_robots": "game.ai.two_robots.levels:make_two_robots_bot"}
"""Per game: ``module:function`` taking (level, seed, budget) and returning a Bot."""


class Bot(Protocol):
    def choose(self, view: Any, seat: int) -> Action: ...


class RandomBot:
    """Picks uniformly among the seat's legal actions, computed from its view."""

    def __init__(self, game: str, seed: int) -> None:
        self.rules = get_game(game).rules
        self.rng = random.Random(seed)

    def choose(self, view: Any, seat: int) -> Action:
        options = self.rules.legal_actions(view, seat)
        return options[self.rng.randrange(len(options))]


def _factory(game: str) -> Callable[[str, int, Budget | None], Bot] | None:
    target = _FACTORIES.get(game)
    if target is None:
        return None
    module, name = target.split(":")
    return getattr(import_module(module), name)


def make_bot(game: str, level: str, seed: int, budget: Budget | int | None = None) -> Bot:
    """A bot for ``game`` at ``level``; ``budget`` (a Budget, or iterations) bounds the
    searching levels, and the client's default is used when it is None."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if isinstance(budget, int):
        budget = Budget(iterations=budget)
    factory = _factory(game)
    if factory is None:
        return RandomBot(game, seed)
    return factory(level, seed, budget)
