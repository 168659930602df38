"""hard's search: normal's candidate moves compared by playouts in worlds sampled from
the seat's view (``determinise``), every seat then playing normal's rules of thumb up
to a horizon (the end of the next full round of Phases), where ``worth.position``
judges the table. The same worlds serve every candidate (common random numbers), so
the comparison is between moves, not between lucky draws.
"""

from __future__ import annotations

import random

from game.ai.budget import Budget
from game.ai.coal_heart import thumb
from game.ai.coal_heart.determinise import determinise
from game.ai.coal_heart.worth import position
from game.rules.coal_heart import flow
from game.rules.coal_heart.state import OVER, State
from game.rules.core.actions import Action

HORIZON_PHASES = 6
"""Phases a playout runs past the decision before the table is judged."""
MAX_STEPS = 400
"""A playout's moves at most (a guard; a round of six seats takes about 200)."""


def play(world: State, action: Action) -> None:
    """Carry out a move that came from ``flow.options`` (the engine's own steps,
    without checking the move again)."""
    flow.carry_out(world, action)
    flow.advance(world)
    world.log.clear()


def playout(world: State, seat: int, rng: random.Random) -> float:
    """Everyone plays normal until the horizon; the position then, for ``seat``."""
    start = world.round * world.n + world.phase_no
    for _ in range(MAX_STEPS):
        if world.stage == OVER or world.round * world.n + world.phase_no >= start + HORIZON_PHASES:
            break
        who = flow.deciding(world)
        options = flow.options(world)
        play(world, thumb.choose(world, who, options, rng))
    return position(world, seat)


def search(view: State, seat: int, candidates: list[Action], budget: Budget,
           rng: random.Random) -> Action:
    """The candidate with the best mean playout value; ``budget.iterations`` playouts
    in all, shared evenly (at least one world each); the first candidate on ties."""
    worlds = max(1, budget.iterations // len(candidates))
    clock = budget.clock()
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        seed = rng.getrandbits(62)
        for i, action in enumerate(candidates):
            world_rng = random.Random(seed)
            world = determinise(view, world_rng)
            play(world, action)
            totals[i] += playout(world, seat, world_rng)
        if clock.expired():
            break
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
