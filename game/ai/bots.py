"""Bots choose an action from a player's view only. Until the real Goblins bots land,
every level plays a uniformly random legal action (seeded, so replays match)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.rules.core.actions import Action
from game.rules.core.registry import get_game

LEVELS = ("random", "easy", "normal", "hard")


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


def make_bot(game: str, level: str, seed: int) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return RandomBot(game, seed)
