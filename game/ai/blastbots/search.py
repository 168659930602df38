"""Hard's search: determinised Monte Carlo over normal's best few candidates.

Each iteration samples one world consistent with the view (the other hands by their
backs, the deck order) and plays every candidate in it, then fast rules-of-thumb moves
for every seat until the searching seat's turn has come round ``AHEAD`` times, where
the position is judged. All candidates share the sample and its dice (common random
numbers), so the comparison is between moves, not luck; a candidate other than
normal's first must beat it by a margin the paired samples make credible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.blastbots import thumb
from game.ai.blastbots.determinise import determinise, worlds
from game.ai.blastbots.judge import value
from game.ai.budget import Budget
from game.ai.paired import confident_best
from game.rules.blastbots import engine
from game.rules.blastbots.state import State
from game.rules.core.actions import Action
from game.rules.core.rng import Rng

SEARCHED = {"act": 4, "defend": 2, "mod": 3, "aim": 3}
"""Decisions hard searches, and how many of normal's top candidates it compares."""
AHEAD = 2
"""Playouts run until the searching seat's turn has begun this many more times: two,
so a move is judged after the rivals have answered it and the seat has had one more
turn to follow it up (100 duels against normal, seed 1001: 67% with 2, 59% with 1)."""
ROLLOUT_LIMIT = 600
"""Decisions a playout may make before it is judged where it stands."""
CONFIDENCE = 1.0
"""Standard errors by which a searched move must beat normal's choice to be played."""
ENDED = 15.0
"""A playout that reaches the end of the game scores this for a win (its negative for a
loss): a little above the judge's sure win short of the end (``CHANCES`` plus the lead),
so a few playouts that happen to end cannot outweigh the judged rest (at the judge's
100 and 384 iterations, hard beat normal in 57% of 100 duels; at 15 and 96, 59%)."""


def rollout(state: State, seat: int, rng: random.Random) -> None:
    """Rules-of-thumb moves for everyone until ``seat``'s turn has begun ``AHEAD``
    more times (or the game ends)."""
    begun = 0
    turns = state.turns
    for _ in range(ROLLOUT_LIMIT):
        if engine.is_over(state):
            return
        if state.turns != turns:
            turns = state.turns
            if state.roller == seat:
                begun += 1
                if begun >= AHEAD:
                    return
        actor = engine.to_act(state)[0]
        engine.apply(state, thumb.choose(state, actor, engine.legal_actions(state, actor),
                                         rng))


def judged(state: State, seat: int) -> float:
    """The judge's value, a finished game scored as ``ENDED``."""
    if engine.is_over(state):
        return ENDED if state.winner == seat else -ENDED
    return value(state, seat)


def winning_now(seen: State, seat: int, options: Sequence[Action]) -> Action | None:
    """An option that ends the game at once with ``seat`` the winner, if there is one.
    Judged at the next roll, a move that wins now and a move after which the rules of
    thumb win later in the turn look alike (both won), so hard would play, say, an
    attack before the Teleporter that escapes; a win on offer is taken first. Whether
    an option wins at once turns on public facts only (its attack would still wait for
    a defence), so any one world dealt from the view tells: it is dealt by a fixed
    generator, leaving the bot's own draws (and so its other choices) as they were."""
    world = determinise(seen, seat, random.Random(0))
    for action in options:
        trial = world.clone()
        engine.apply(trial, action)
        if engine.is_over(trial) and trial.winner == seat:
            return action
    return None


def search(seen: State, seat: int, candidates: Sequence[Action], budget: Budget,
           rng: random.Random) -> Action:
    """The candidate with the best mean value after playouts (normal's first unless
    another is credibly better)."""
    values: list[list[float]] = [[] for _ in candidates]
    samples = max(1, budget.iterations // len(candidates))
    for world, seed in worlds(seen, seat, rng, samples, budget):
        for i, action in enumerate(candidates):
            trial = world.clone()
            trial.rng = Rng(seed)
            engine.apply(trial, action)
            rollout(trial, seat, random.Random(seed))
            values[i].append(judged(trial, seat))
    return candidates[confident_best(values, CONFIDENCE)]
