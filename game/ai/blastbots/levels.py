"""The four bot levels for Blastbots; each answers ``choose(view, seat)``.

random: any legal action (the shared seeded RandomBot). easy: the rules of thumb
(``thumb``), now and then the runner-up. normal: every legal option played forward in a
few worlds sampled from the view and the position judged (``greedy``). hard: normal's
best few candidates compared by playouts over worlds sampled from the view, paired
across the candidates, under a Budget (``search``), and its opening placement planned
whole against the rivals' answers and played out (``opening``). Chance moves (dice read at the
table) are drawn at random by every level. All randomness comes from the bot's own
seeded generator, so (seed, budget in iterations) fixes every move.
"""

from __future__ import annotations

import random

from game.ai.blastbots import thumb
from game.ai.blastbots.greedy import TURN_END, rank
from game.ai.blastbots.opening import plan
from game.ai.blastbots.search import SEARCHED, search, winning_now
from game.ai.bots import by_level
from game.ai.budget import Budget
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Place
from game.rules.blastbots.state import PLACE, State
from game.rules.core.actions import Action

EASY_SLIP = 0.2
EASY_GAP = 1.0
"""easy slips to its second choice one time in five, only when that looks nearly as
good by its own rules: it never throws away a plain wreck or a full Launchpad."""
HARD_ITERATIONS = 96
"""hard's playouts per decision when no budget is given (the client's default)."""


class EasyBot:
    """Rules of thumb, with the odd slip to the second-best move."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State, seat: int) -> Action:
        options = engine.legal_actions(view, seat)
        choice = thumb.choose(view, seat, options, self.rng)
        if len(options) > 1 and not options[0].chance and self.rng.random() < EASY_SLIP:
            ranked = thumb.ranked(view, seat, options)
            if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < EASY_GAP:
                return ranked[1][1]
        return choice


class NormalBot:
    """Every legal option played forward in worlds sampled from its view."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State, seat: int) -> Action:
        return rank(view, seat, self.rng)[0][1]


class HardBot:
    """Searches normal's best few candidates over worlds sampled from its view."""

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=HARD_ITERATIONS)
        self.placing: list[Place] = []
        """The rest of the token placement planned at its first tier."""

    def place(self, view: State, seat: int) -> Place:
        """The next tier of the opening placement, planned for all its tokens at its
        first (``opening``); tokens placed again later (a reallocation) are ranked as
        any other decision."""
        if not self.placing or self.placing[0] not in engine.legal_actions(view, seat):
            self.placing = list(plan(view, seat, self.rng, self.budget))
        return self.placing.pop(0)

    def choose(self, view: State, seat: int) -> Action:
        if view.phase == PLACE:
            return self.place(view, seat)
        width = SEARCHED.get(view.stack[-1][0], 0) if view.stack else 0
        if width:
            won = winning_now(view, seat, engine.legal_actions(view, seat))
            if won is not None:
                return won
        scored = rank(view, seat, self.rng, stop=TURN_END)
        if width < 2 or len(scored) < 2:
            return scored[0][1]
        candidates = [action for _, action in scored[:width]]
        return search(view, seat, candidates, self.budget, self.rng)


make_bot = by_level("blastbots", EasyBot, NormalBot, HardBot)
