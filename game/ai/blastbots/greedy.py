"""Normal's judgement: every legal option played forward in a few worlds sampled from
the view, the decisions that follow made by the rules of thumb, and the position judged
(``judge``) when a main decision is due again (the roller's next action, a roll, a
placement) or the game is over. All options share the same worlds and dice, so they
are compared on the same luck.

Rivals' answers are not sampled: an attack is judged both as let through and as
blocked, weighted by the chance that the target holds a blocker, counted from the
cards the seat cannot see (``defence``). A draw by choice is judged over every card the
deck may give, each as likely as the seat can tell; a face-down pick has nothing to
tell its slots apart.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.ai.blastbots import thumb
from game.ai.blastbots.defence import chance_blocked, give_answer
from game.ai.blastbots.determinise import determinise, unseen
from game.ai.blastbots.judge import value
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Choose, Pass
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.state import State
from game.rules.core.actions import Action
from game.rules.core.rng import Rng

MAIN = frozenset({"act", "roll", "first", "place"})
"""Decisions at which normal's look-ahead stops and judges."""
TURN_END = frozenset({"roll", "first", "place"})
"""Where hard's look-ahead stops instead: the roller's further actions are played by
the rules of thumb, so every option, ending the turn included, is judged at the same
point (the next roll). Judged at the next action, a move is read mid-turn, where the
judge counts the roller's coming cards as a threat to the next seat's rockets before
its launch (they cannot be played before it), while ending the turn is read at the
next seat's roll, where they are not: any move looked better than ending the turn by
about a point, so trades and buybacks that cost material were played for nothing."""
STEPS = 80
"""Decisions a look-ahead may make before it is judged where it stands."""
WORLDS = 3
"""Worlds each option is played in where hidden cards matter."""
HIDDEN = frozenset({"act", "defend", "mod", "aim", "market", "name", "pile"})
"""Decisions whose options play out differently by what the seat cannot see."""

Scored = list[tuple[float, Action]]


class Lookahead:
    """One decision's look-ahead: the view, the seat, and the odds worked out so far."""

    def __init__(self, seen: State, seat: int, stop: frozenset[str] = MAIN) -> None:
        self.seen = seen
        self.seat = seat
        self.stop = stop
        self.odds: dict[tuple[int, int], float] = {}

    def blocked(self, target: int, attack: int) -> float:
        key = (target, attack)
        if key not in self.odds:
            self.odds[key] = chance_blocked(self.seen, self.seat, target, attack)
        return self.odds[key]

    def play_on(self, world: State, steps: int = STEPS) -> float:
        """Rules-of-thumb moves until a decision in ``stop`` or the end, then the
        judgement; an attack on a rival branches on whether it is blocked."""
        seat = self.seat
        for _ in range(steps):
            if engine.is_over(world):
                break
            top = world.stack[-1]
            if top[0] in self.stop:
                break
            actor = top[1]
            if top[0] == "defend" and actor != seat:
                return self.answer(world, top, steps)
            options = engine.legal_actions(world, actor)
            engine.apply(world, thumb.choose(world, actor, options))
        return value(world, seat)

    def answer(self, world: State, top: tuple, steps: int) -> float:
        target, attack = top[1], top[3]
        odds = self.blocked(target, attack)
        through = world.clone()
        engine.apply(through, Pass(target))
        worth = self.play_on(through, steps - 1)
        if odds <= 0.0:
            return worth
        blocked = world.clone()
        if not give_answer(blocked, target, attack):
            return worth
        options = engine.legal_actions(blocked, target)
        engine.apply(blocked, thumb.choose(blocked, target, options))
        return odds * self.play_on(blocked, steps - 1) + (1 - odds) * worth

    def outcome(self, world: State, seed: int, action: Action) -> float:
        trial = world.clone()
        trial.rng = Rng(seed)
        engine.apply(trial, action)
        return self.play_on(trial)


def draw_worth(seen: State, seat: int, world: State, deck: int, best: bool = False
               ) -> float:
    """The judged worth of drawing one card of ``deck`` (each unseen card as likely;
    ``best``: the best of them, for a Quantum Fabricator's look)."""
    pool = Counter(unseen(seen, seat)[deck])
    if not pool:
        return value(world, seat)
    total = 0.0
    top = float("-inf")
    for card, count in pool.items():
        trial = world.clone()
        trial.hands[seat].append(card)
        worth = value(trial, seat)
        total += count * worth
        top = max(top, worth)
    return top if best else total / sum(pool.values())


def rank(seen: State, seat: int, rng: random.Random,
         options: Sequence[Action] | None = None, stop: frozenset[str] = MAIN) -> Scored:
    """Normal's ranking of ``seat``'s options, best first (ties keep the engine's
    order); ``stop``: the decisions at which each look-ahead is judged."""
    options = list(engine.legal_actions(seen, seat) if options is None else options)
    if len(options) == 1:
        return [(0.0, options[0])]
    if options[0].chance:
        return [(0.0, options[rng.randrange(len(options))])]
    kind = seen.stack[-1][0]
    if kind == "pick":
        return [(0.0, a) for a in options]
    count = WORLDS if kind in HIDDEN else 1
    worlds = [determinise(seen, seat, rng) for _ in range(count)]
    seeds = [rng.getrandbits(62) for _ in worlds]
    look = Lookahead(seen, seat, stop)
    scored = []
    for i, action in enumerate(options):
        if kind in ("deck", "look") and isinstance(action, Choose):
            worth = draw_worth(seen, seat, worlds[0], DECKS.index(action.deck),
                               best=kind == "look")
        else:
            worth = sum(look.outcome(w, s, action) for w, s in zip(worlds, seeds,
                                                                    strict=True)) / count
        scored.append((worth, i, action))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(worth, action) for worth, _, action in scored]
