"""The four bot levels for Robots: Battle for the Coal Heart; each answers
``choose(view, seat)`` from the seat's view alone.

random: any legal action (the shared seeded RandomBot). normal: the rules of thumb
(``thumb``). easy: normal that now and then slips to its second choice. hard: at the
start of its Phase (the hex, or Sticky Hands first), for its attacks (whom, with what
Gear, or none), at Overload or Mend and at a Force Field it compares normal's first
options by playouts in worlds sampled from its view (``search``); elsewhere it plays
as normal. All randomness comes from the bot's own seeded generator, so (seed,
budget in iterations) fixes every move.
"""

from __future__ import annotations

import random

from game.ai.bots import by_level
from game.ai.budget import Budget
from game.ai.coal_heart import thumb
from game.ai.coal_heart.search import search
from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import Attack, End
from game.rules.coal_heart.state import SELECT, State
from game.rules.core.actions import Action

EASY_SLIP = 0.25
"""easy plays normal's second choice one decision in four, never passing up a win."""
HARD_ITERATIONS = 40
"""hard's playouts per searched decision when no budget is given (the client's
default; see docs/coal-heart-ai.md for its time)."""
SEARCHED = ("heart", "may_attack", "shield")
"""The pending decisions hard searches besides its Phase's start and its attacks."""
WIDTH = 4
"""hard compares at most normal's first four attacks (or answers) by playouts."""


def ranked(view: State, seat: int, options: list[Action]) -> list[Action]:
    """normal's options in its order of preference."""
    if view.pending:
        return thumb.ranked_answer(view, seat, view.pending[-1], options)
    if view.stage == SELECT:
        return thumb.ranked_select(view, seat, options)
    return thumb.ranked_turn(view, seat, options)


class NormalBot:
    """The rules of thumb."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: State, seat: int) -> Action:
        return thumb.choose(view, seat, engine.legal_actions(view, seat), self.rng)


class EasyBot(NormalBot):
    """normal, with the odd slip to its second choice."""

    def choose(self, view: State, seat: int) -> Action:
        options = engine.legal_actions(view, seat)
        best = thumb.choose(view, seat, options, self.rng)
        if len(options) < 2 or self.rng.random() >= EASY_SLIP or _wins(view, seat, best):
            return best
        order = ranked(view, seat, options) if options[0].kind not in (
            "pick_robot", "draft") else options
        second = [a for a in order if a != best]
        return second[0] if second else best


def _wins(view: State, seat: int, action: Action) -> bool:
    """Whether the move builds the eleventh part."""
    return action.kind in ("build", "weld") and len(view.seats[seat].built) == 10


class HardBot(NormalBot):
    """Searches its hex (and Overload or Mend) over worlds sampled from its view."""

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget(iterations=HARD_ITERATIONS)

    def choose(self, view: State, seat: int) -> Action:
        options = engine.legal_actions(view, seat)
        candidates = self.candidates(view, seat, options)
        if len(candidates) < 2:
            return thumb.choose(view, seat, options, self.rng)
        return search(view, seat, candidates, self.budget, self.rng)

    @staticmethod
    def candidates(view: State, seat: int, options: list[Action]) -> list[Action]:
        """The moves hard compares, normal's order (none: it plays as normal)."""
        if view.pending:
            if view.pending[-1][0] not in SEARCHED:
                return []
            return ranked(view, seat, options)[:WIDTH]
        if view.stage == SELECT:
            return ranked(view, seat, options)
        if not any(isinstance(a, Attack) for a in options):
            return []
        order = [a for a in ranked(view, seat, options) if isinstance(a, Attack | End)]
        return order[:WIDTH]


make_bot = by_level("coal_heart", EasyBot, NormalBot, HardBot)
