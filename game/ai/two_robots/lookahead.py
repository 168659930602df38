"""Normal's judgement: each sensible action played forward in one world sampled from
the view, every other decision on the way made by the rules of thumb, and the result
judged when the seat next decides in its own turn (or the turn has passed).

Rivals' answers are not sampled: an Attack or an Event is judged both as answered
(what was paid is lost, nothing happens) and as resolved, weighted by the chance that
no rival asked holds the answer, counted from the cards the seat cannot see.
"""

from __future__ import annotations

import random

from game.ai.two_robots import thumb
from game.ai.two_robots.determinise import unseen
from game.ai.two_robots.judge import value
from game.rules.core.actions import Action
from game.rules.core.cards import HIDDEN
from game.rules.core.rng import Rng
from game.rules.two_robots import engine
from game.rules.two_robots.actions import Pass
from game.rules.two_robots.state import (
    CHOOSE,
    DISCARD,
    EVENT,
    HOMING,
    PLAY,
    SENTRY,
    State,
)

STEPS = 60
"""Decisions a look-ahead may make before it is judged where it stands."""
OWN = (PLAY, EVENT, DISCARD)
REVEALS = 4
"""Reseeded worlds an Event is judged over."""


def chance_unanswered(seen: State, seat: int, effect: str, asked: list[int]) -> float:
    """The chance that none of ``asked`` holds a card with ``effect`` it may play,
    from the cards ``seat`` cannot see (a seat short of the gold number cannot)."""
    cat = seen.catalogue
    pool = unseen(seen)
    answers = sum(1 for c in pool if cat.cards[c].effect == effect)
    gold = next(c.gold for c in cat.cards if c.effect == effect)
    chance = 1.0
    left, bad = len(pool), answers
    for other in asked:
        p = seen.players[other]
        if seen.ability(other) != "bulwark" and len(p.stacks) < gold:
            continue
        if HIDDEN not in p.hand:
            if any(cat.cards[c].effect == effect for c in p.hand):
                return 0.0
            continue
        for _ in range(len(p.hand)):
            if left <= 0:
                break
            chance *= max(0.0, (left - bad) / left)
            left -= 1
    return chance


def settle(world: State, seat: int, answered: bool = False) -> None:
    """Make every decision until ``seat`` decides in its own phase again, the turn has
    passed or the game is over. Rivals never answer unless ``answered``; then the
    first asked does (when it can), so the cancelled branch can be judged."""
    for _ in range(STEPS):
        if engine.is_over(world):
            return
        actor = engine.to_act(world)[0]
        if world.active != seat or (actor == seat and world.step in OWN):
            return
        options = engine.legal_actions(world, actor)
        if actor != seat and world.step in (HOMING, SENTRY):
            answers = [a for a in options if a.kind == "answer"]
            action = answers[0] if answered and answers else Pass(actor)
            answered = False
        else:
            action = thumb.choose(world, actor, options)
        engine.apply(world, action)


def judge(world: State, seen: State, seat: int, action: Action) -> float:
    """``action`` played forward from ``world`` and judged for ``seat``; an Event is
    judged over a few reveals and draws (the world's RNG reseeded), as one reveal is
    too lucky or unlucky to go by."""
    if world.step == EVENT and action.kind != "pass":
        total = 0.0
        for k in range(REVEALS):
            trial = world.clone()
            trial.rng = Rng(k)
            total += _judge(trial, seen, seat, action)
        return total / REVEALS
    return _judge(world.clone(), seen, seat, action)


def _judge(trial: State, seen: State, seat: int, action: Action) -> float:
    engine.apply(trial, action)
    if trial.step in (HOMING, SENTRY) and trial.window is not None:
        asked = list(trial.window.asked)
        effect = "cancel_attack" if trial.step == HOMING else "cancel_event"
        odds = chance_unanswered(seen, seat, effect, asked)
        spent = value(trial, seat)
        settle(trial, seat)
        return odds * value(trial, seat) + (1 - odds) * spent
    settle(trial, seat)
    return value(trial, seat)


def ranked(seen: State, seat: int, world: State, options: list[Action]
           ) -> list[tuple[float, Action]]:
    """Sensible options judged forward, best first (ties keep the engine's order)."""
    pruned = thumb.prune(world, seat, options)
    scored = [(judge(world, seen, seat, a), i, a) for i, a in enumerate(pruned)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, a) for s, _, a in scored]


def plan(seen: State, seat: int, rng: random.Random, width: int = 3
         ) -> list[tuple[float, Action]]:
    """Normal's ranking. In its own Play Phase the best few plays are looked at one
    play deeper (the best follow-up's worth counts if it is better)."""
    from game.ai.two_robots.determinise import determinise

    options = engine.legal_actions(seen, seat)
    if len(options) == 1:
        return [(0.0, options[0])]
    world = determinise(seen, rng)
    if seen.step not in (PLAY, EVENT, CHOOSE):
        return thumb.best(world, seat, options)
    first = ranked(seen, seat, world, options)
    if seen.step != PLAY or len(first) < 2:
        return first
    deeper = []
    for score, action in first[:width]:
        if action.kind == "pass":
            deeper.append((score, action))
            continue
        trial = world.clone()
        engine.apply(trial, action)
        settle(trial, seat)
        if trial.step == PLAY and trial.active == seat and not engine.is_over(trial):
            follow = ranked(seen, seat, trial, engine.legal_actions(trial, seat))
            score = max(score, follow[0][0])
        deeper.append((score, action))
    deeper.sort(key=lambda t: -t[0])
    return deeper + first[width:]
