"""The four bot levels for Goblins, Inc.; each answers ``choose(view, seat)``.

random: any legal action. easy: the greedy choice, but now and then the runner-up or
a random legal action. normal: the greedy choice. hard: determinised Monte Carlo
among normal's best few candidates in combat and agenda decisions, under a Budget;
in the build it looks ahead over the rest of its hand for normal's best placements,
and judges each pair to pass by building the kept and the passed tiles greedily
(rollouts through a whole build would not fit the budget).
All randomness comes from the bot's own seeded generator, so (seed, budget in
iterations) fixes every move.
"""

from __future__ import annotations

import random

from game.ai.bots import by_level
from game.ai.budget import Budget
from game.ai.goblins.building import finish_hand, plan_passes
from game.ai.goblins.memory import TacticsMemory
from game.ai.goblins.policy import rank
from game.ai.goblins.search import search
from game.ai.goblins.seat import seat_of
from game.rules.core.actions import Action
from game.rules.goblins.actions import PassTiles, PlaceTile
from game.rules.goblins.state import State

SEARCHED = {"agendas": 6, "choose": 5, "pre_roll": 4, "post_roll": 4, "order": 4, "token": 3}
"""Phases hard searches, and how many of normal's top candidates it compares there."""
PLAN_WIDTH = 8
"""Placements hard looks ahead from (the rest of the hand is then placed greedily);
a small budget narrows it."""
EASY_SECOND = 0.25
EASY_RANDOM = 0.08


class NormalBot:
    """Greedy: the best-scored legal action, so it needs no randomness of its own."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State, seat: int) -> Action:
        return rank(view, seat)[0][1]


class EasyBot:
    """Plausible play with mistakes: a goblin that does not always think twice."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State, seat: int) -> Action:
        scored = rank(view, seat)
        roll = self.rng.random()
        if roll < EASY_RANDOM:
            return scored[self.rng.randrange(len(scored))][1]
        if roll < EASY_RANDOM + EASY_SECOND and len(scored) > 1:
            return scored[1][1]
        return scored[0][1]


class HardBot:
    """Searches from its view, remembering the tactics cards it has seen."""

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.memory = TacticsMemory()

    def choose(self, view: State, seat: int) -> Action:
        self.memory.see(view)
        scored = rank(view, seat)
        if view.phase == "build" and isinstance(scored[0][1], PlaceTile):
            return self._place(view, seat, scored)
        if view.phase == "build" and isinstance(scored[0][1], PassTiles):
            planned = plan_passes(seat_of(view, seat), [a for _, a in scored])
            return max(planned, key=lambda pair: pair[0])[1]
        width = SEARCHED.get(view.phase, 0)
        if width < 2 or len(scored) < 2:
            return scored[0][1]
        candidates = [action for _, action in scored[:width]]
        return search(view, seat, candidates, self.budget, self.rng, self.memory.gone(view))

    def _place(self, view: State, seat: int, scored: list[tuple[float, Action]]) -> Action:
        """Look ahead over the rest of the hand for normal's best few placements."""
        if len(view.players[seat].tiles) < 2:
            return scored[0][1]
        width = min(PLAN_WIDTH, max(2, self.budget.iterations // 8))
        candidates = [a for _, a in scored[:width] if isinstance(a, PlaceTile)]
        values = [finish_hand(view, seat, a) for a in candidates]
        return candidates[max(range(len(values)), key=lambda i: (values[i], -i))]


make_bot = by_level("goblins", EasyBot, NormalBot, HardBot)
