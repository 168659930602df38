"""Determinised Monte Carlo over the greedy policy's best few candidates.

Each iteration samples one full state consistent with the view (``determinise``),
then plays every candidate in it followed by a fast rollout to the end of the current
round, where the engine scores it. All candidates share the sample and the dice
(common random numbers), so the comparison is between moves, not luck. The value for
a seat is its own score against the enemy team's mean: partners win combat together
but each keeps its own agendas.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.budget import Budget
from game.ai.goblins.determinise import determinise
from game.ai.goblins.policy import rank
from game.ai.paired import confident_best
from game.rules.core.actions import Action
from game.rules.core.rng import Rng
from game.rules.goblins import engine
from game.rules.goblins.state import State

ROLLOUT_LIMIT = 400
EXPLORE = 0.25
"""In rollouts the enemy sometimes sets its dials at random: the search must not bet
on the enemy always playing the greedy move."""
CONFIDENCE = 1.0
"""Standard errors by which a searched move must beat the greedy one to be played."""
TRUST = 0.7
"""How often a hidden dial is guessed to be the greedy one."""


def value(state: State, seat: int, enemies: Sequence[int]) -> float:
    own = state.players[seat].score
    return own - sum(state.players[e].score for e in enemies) / len(enemies)


def rollout(state: State, round_no: int, friends: Sequence[int], rng: random.Random) -> None:
    """Play fast greedy moves until the round is scored (or the game ends)."""
    for _ in range(ROLLOUT_LIMIT):
        if state.phase == "over" or state.round != round_no:
            return
        seat = engine.to_act(state)[0]
        if state.phase == "choose" and seat not in friends and rng.random() < EXPLORE:
            options = engine.legal_actions(state, seat)
            action = options[rng.randrange(len(options))]
        else:
            action = rank(state, seat, fast=True)[0][1]
        engine.apply(state, action)


class GreedyDials:
    """Guesses another seat's hidden dials as the greedy policy would set them from
    what is public (its agendas unknown), and otherwise any legal setting."""

    def __init__(self, seen: State, trust: float) -> None:
        self.seen = seen
        self.trust = trust
        self.best: dict[tuple[int, str], Action] = {}

    def __call__(self, seat: int, options: list[Action], rng: random.Random) -> Action:
        if rng.random() >= self.trust:
            return options[rng.randrange(len(options))]
        kind = options[0].kind
        key = (seat, kind)
        if key not in self.best:
            self.best[key] = self._greedy(seat, kind) or options[0]
        return self.best[key]

    def _greedy(self, seat: int, kind: str) -> Action | None:
        probe = self.seen.clone()
        player = probe.players[seat]
        if kind == "steer":
            player.steer = None
        else:
            player.pick = None
        for _, action in rank(probe, seat):
            if action.kind == kind:
                return action
        return None


def search(seen: State, seat: int, candidates: Sequence[Action], budget: Budget,
           rng: random.Random, gone: frozenset[int] = frozenset()) -> Action:
    """The candidate with the best mean rollout value (ties: the earlier candidate)."""
    dials = GreedyDials(seen, TRUST)
    team = seen.teams[seen.team_of(seat)]
    enemies = seen.teams[1 - seen.team_of(seat)].seats
    friends = team.seats
    values: list[list[float]] = [[] for _ in candidates]
    samples = max(1, budget.iterations // len(candidates))
    clock = budget.clock()
    for done in range(samples):
        if done and clock.expired():
            break
        world = determinise(seen, rng, dials, gone)
        dice_seed = rng.getrandbits(62)
        policy_seed = rng.getrandbits(62)
        for i, action in enumerate(candidates):
            trial = world.clone()
            trial.rng = Rng(dice_seed)
            engine.apply(trial, action)
            rollout(trial, seen.round, friends, random.Random(policy_seed))
            values[i].append(value(trial, seat, enemies))
    return candidates[confident_best(values, CONFIDENCE)]
