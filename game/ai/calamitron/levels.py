"""The four Calamitron bot levels, and ``suggest`` for the client's program hint.

random: any legal action (the shared RandomBot). easy, normal and hard share one
planner (``planner``) and differ only in how far it looks: easy keeps 2 candidates per
length up to 3 instructions and answers choices plainly; normal keeps 4 up to the
longest legal program, tries its own choices each way and judges play-outs by eye (a
seeded ``blur``, rougher at tables of more than two Retros, which keeps it a
newcomer's equal at every seat count: see docs/calamitron-ai.md); hard
keeps 16, with up to ``HARD_ITERATIONS`` play-outs (or the Budget's iterations) and a
deadline on the CPU clock (the Budget's seconds, else ``HARD_SECONDS``), and also
charges a program for Retros the next round's Rogues would lose (``planner.judge``).
A bot plans once per round and then places the plan's instructions one edit at a time
and locks; every other decision is answered by playing each option forward the same
way. Randomness comes only from the bot's seeded generator (the imagined deck order and
normal's blur), so a seed and an iteration budget fix every move (unless hard's CPU
deadline cuts a search short).
"""

from __future__ import annotations

import dataclasses
import random
import time

from game.ai.bots import by_level
from game.ai.budget import Budget
from game.ai.calamitron.planner import Clock, Depth, plan, world
from game.ai.calamitron.playout import DEFAULT_CHOICE, best_branch, default
from game.rules.calamitron import engine
from game.rules.calamitron.actions import Choose, Clear, Keep, Lock, Pick, Put, Return
from game.rules.calamitron.state import PROGRAM, State
from game.rules.core.actions import Action

HARD_ITERATIONS = 1500
"""hard's play-outs per program when no budget is given (about a second of CPU on a
4-seat table; see docs/calamitron-ai.md)."""
HARD_SECONDS = 1.8
"""hard's CPU seconds per program when the Budget names none: the few four-seat searches
that would run past 2 s stop at their best program so far. Below it the play-out count
alone fixes every move."""
DEPTHS = {
    "easy": Depth(width=2, longest=3, plays=80, greedy=False),
    "normal": Depth(width=4, longest=7, plays=400, greedy=True,
                    blur=(8.0, 8.0, 10.5, 13.0)),
    "hard": Depth(width=16, longest=7, plays=HARD_ITERATIONS, greedy=True, ahead=True),
}
PREFERRED = ("treadbot", "shotbot", "nanobot")
"""The Retro a planning bot picks: the pusher first (pits are the only way to win)."""
RETURN_AT = 2
"""Hand back an Upgrade once this many Catastrophes are face up (one more loses)."""


class PlanningBot:
    """Plans its program with the beam search, then places it edit by edit."""

    def __init__(self, seed: int, depth: Depth, seconds: float | None = None,
                 clock: Clock = time.process_time) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        self.seconds = seconds
        self.clock = clock
        self.plans: dict[tuple, tuple[str, ...]] = {}

    def choose(self, view: State, seat: int) -> Action:
        options = engine.legal_actions(view, seat)
        first = options[0]
        if isinstance(first, Pick):
            return next(a for k in PREFERRED for a in options
                        if isinstance(a, Pick) and a.retro == k)
        if view.phase == PROGRAM:
            return self._edit(view, seat, options)
        what = view.ask[0] if view.ask else ""
        if what in DEFAULT_CHOICE:
            if not self.depth.greedy:
                return default(view, seat)
            option, _ = best_branch(world(view, seat, self.rng), seat)
            return Choose(seat, option)
        if what == "return":
            if view.catastrophes >= RETURN_AT:
                return next(a for a in options if isinstance(a, Return))
            return Keep(seat)
        return first

    def _edit(self, view: State, seat: int, options: list[Action]) -> Action:
        key = (view.round, view.retro[seat], tuple(view.upgrades[seat]))
        if key not in self.plans:
            self.plans = {key: self.program(view, seat)}
        target = self.plans[key]
        words = view.programs[seat]
        if words == target:
            wanted: Action = Lock(seat)
        elif target[:len(words)] == words:
            wanted = Put(seat, len(words), target[len(words)])
        else:
            wanted = Clear(seat)
        return wanted if wanted in options else Lock(seat)

    def program(self, view: State, seat: int) -> tuple[str, ...]:
        deadline = None if self.seconds is None else self.clock() + self.seconds
        return plan(view, seat, self.rng, self.depth, deadline, self.clock).words


def suggest(view: State, seat: int, budget: Budget | None = None) -> tuple[str, ...]:
    """hard's program for ``seat`` from this programming-phase ``view``, for the client
    to offer a human (its seed fixed, so the same view gives the same hint)."""
    return _hard(0, budget).program(view, seat)


def _hard(seed: int, budget: Budget | None) -> PlanningBot:
    plays = HARD_ITERATIONS if budget is None else budget.iterations
    depth = dataclasses.replace(DEPTHS["hard"], plays=plays)
    seconds = HARD_SECONDS if budget is None or budget.seconds is None else budget.seconds
    return PlanningBot(seed, depth, seconds)


make_bot = by_level("calamitron", lambda seed: PlanningBot(seed, DEPTHS["easy"]),
                    lambda seed: PlanningBot(seed, DEPTHS["normal"]), _hard)
