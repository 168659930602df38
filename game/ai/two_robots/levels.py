"""The four bot levels for Two Robots; each answers ``choose(view, seat)``.

random: any legal action. easy: the rules of thumb (``thumb``), now and then the
runner-up. normal: every sensible action played forward in a world sampled from the
view and the result judged, with a short look-ahead over the rest of its own turn.
hard: determinised Monte Carlo over normal's best few candidates, each sample playing
on through the seat's next turn, under a Budget. All randomness comes from the bot's own
seeded generator, so (seed, budget in iterations) fixes every move.
"""

from __future__ import annotations

import random

from game.ai.bots import by_level
from game.ai.budget import Budget
from game.ai.two_robots import thumb
from game.ai.two_robots.lookahead import plan
from game.ai.two_robots.search import search
from game.rules.core.actions import Action
from game.rules.two_robots import engine
from game.rules.two_robots.state import CHOOSE, EVENT, HOMING, PLAY, SENTRY, State

EASY_SECOND = 0.15
EASY_GAP = 1.5
"""easy slips to its second choice only when that looks nearly as good: it never
misses a winning robot or a plain answer to an Attack."""
HARD_ITERATIONS = 128
"""hard's rollouts per decision when no budget is given (the client's default): twice
the shared default, as Two Robots rollouts are short. 100 duels against normal: 69% at
128, 63% at 64; p95 decision 0.8 s at 128 on a loaded 2-core machine."""
SEARCHED = {PLAY: 4, EVENT: 4, CHOOSE: 3, HOMING: 2, SENTRY: 2}
"""Steps hard searches, and how many of normal's top candidates it compares there."""


class EasyBot:
    """Rules of thumb, with the odd slip to the second-best move."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State, seat: int) -> Action:
        options = engine.legal_actions(view, seat)
        choice = thumb.choose(view, seat, options)
        if len(options) > 1 and self.rng.random() < EASY_SECOND:
            ranked = thumb.best(view, seat, options)
            if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < EASY_GAP:
                return ranked[1][1]
        return choice


class NormalBot:
    """Plays every sensible action forward in a world sampled from its view."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State, seat: int) -> Action:
        return plan(view, seat, self.rng)[0][1]


class HardBot:
    """Searches normal's best few candidates over worlds sampled from its view."""

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=HARD_ITERATIONS)

    def choose(self, view: State, seat: int) -> Action:
        scored = plan(view, seat, self.rng)
        width = SEARCHED.get(view.step, 0)
        if width < 2 or len(scored) < 2:
            return scored[0][1]
        candidates = [action for _, action in scored[:width]]
        return search(view, seat, candidates, self.budget, self.rng)


make_bot = by_level("two_robots", EasyBot, NormalBot, HardBot)
