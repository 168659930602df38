"""Bots choose an action from a player's view only. ``make_bot`` is game-agnostic: a
game with its own bots names their module in its registry entry (``bots_module``); any
other game gets seeded random play (so replays match)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from game.ai.budget import DEFAULT_ITERATIONS, Budget
from game.rules.core.actions import Action
from game.rules.core.registry import get_game

LEVELS = ("random", "easy", "normal", "hard")


class Bot(Protocol):
    def choose(self, view: Any, seat: int) -> Action: ...


class BotModule(Protocol):
    """A game's bots module (``GameSpec.bots_module``). It may set ``HARD_ITERATIONS``,
    hard's rollouts per decision when no budget is given (else DEFAULT_ITERATIONS)."""

    def make_bot(self, level: str, seed: int, budget: Budget | None) -> Bot:
        """A bot of ``level``; ``budget`` bounds the searching levels (None: default)."""
        ...


class RandomBot:
    """Picks uniformly among the seat's legal actions, computed from its view."""

    def __init__(self, game: str, seed: int) -> None:
        self.rules = get_game(game).rules
        self.rng = random.Random(seed)

    def choose(self, view: Any, seat: int) -> Action:
        options = self.rules.legal_actions(view, seat)
        return options[self.rng.randrange(len(options))]


def by_level(game: str, easy: Callable[[int], Bot], normal: Callable[[int], Bot],
             hard: Callable[[int, Budget | None], Bot]) -> Callable[..., Bot]:
    """A game's ``make_bot(level, seed, budget)`` from its three levels' constructors
    (hard alone takes the budget); random is the shared RandomBot, so every game's
    levels are reached, and refused, the same way."""
    def make(level: str, seed: int, budget: Budget | None = None) -> Bot:
        if level == "random":
            return RandomBot(game, seed)
        if level == "easy":
            return easy(seed)
        if level == "normal":
            return normal(seed)
        if level == "hard":
            return hard(seed, budget)
        raise ValueError(f"unknown bot level {level!r}")
    return make


def default_iterations(game: str) -> int:
    """hard's rollouts per decision in ``game`` when no budget is given."""
    module = get_game(game).bots
    return int(getattr(module, "HARD_ITERATIONS", DEFAULT_ITERATIONS))


def make_bot(game: str, level: str, seed: int, budget: Budget | int | None = None) -> Bot:
    """A bot for ``game`` at ``level``; ``budget`` (a Budget, or iterations) bounds the
    searching levels, and the client's default is used when it is None."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if isinstance(budget, int):
        budget = Budget(iterations=budget)
    module: BotModule | None = get_game(game).bots
    if module is None:
        return RandomBot(game, seed)
    return module.make_bot(level, seed, budget)
