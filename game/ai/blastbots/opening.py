"""Hard's token placement: all its tokens planned together, against the replies of the
seats that place after it, and the plans compared by playing games out.

Placed one tier at a time and judged at once, as normal places, a seat sees only the
tokens already down: the first player sees no Battle income against its rockets, so
Rocket tokens look safe, and the rival then places knowing them. The judge cannot put
this right by itself: read at the opening it foresees far more rockets reaching Space
than games see (19 to 22 a side by Impact, where Escape, at 15, ends a tenth of the
duels between normal bots), one reason being that it counts only the Battle cards
tokens pay, not those 7s and surges bring; so it favours Rocket tokens for whoever
places first (between two normal bots the first player won 36 of 200 duels, seed 1).

So hard plans its remaining tiers as one placement. Within a tier only the sections
matter (6 and 8 pay alike, and so on), so each split among the sections is one option.
The judge ranks plans that stake alike well enough, but not the stake itself, so the
candidates are its best plan for each number of Battle tokens (nought to five). The
seats placing after hard answer each: in a duel the rival's answer is its judge's best
plan for each Battle stake in turn (six answers); with more rivals, each places tier by
tier as normal would (the split its judge rates best). Every pairing of a candidate and
an answer is played to the end of the game, the rules of thumb moving every seat, in
the same worlds dealt from the view with the same dice (the opening deal included);
a candidate counts the games it wins against its worst answer, and the one that wins
most is placed (ties to the judge's order). In a duel this stakes all five tokens on
Battle, first player or second: played out, more Battle does better against every
answer, and the rival's best answer is all Battle too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product

from game.ai.blastbots import thumb
from game.ai.blastbots.determinise import worlds
from game.ai.blastbots.judge import BATTLE, value
from game.ai.budget import Budget
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Place
from game.rules.blastbots.board import SPOTS, TIER_TOKENS, turn_order
from game.rules.blastbots.grid import placements
from game.rules.blastbots.secrets import back
from game.rules.blastbots.state import State
from game.rules.core.rng import Rng

Plan = tuple[Place, ...]
"""A seat's placements of its remaining tiers, in the order it places them."""
SHARE = 6
"""A placement plays each pairing of a plan and an answer out in the bot's iterations
over this many worlds (16 at hard's 96): in a duel 36 pairings, about a second of CPU
once a game, which the paired worlds make enough to tell the stakes apart."""
GAME_LIMIT = 3000
"""Decisions a playout may make before it is judged where it stands."""


def splits(seat: int, tier: int) -> list[Place]:
    """One placement of ``tier`` per way of sharing its tokens among the sections:
    the first with its tokens on different numbers where there is one."""
    chosen: dict[tuple[int, ...], Place] = {}
    for place in placements(seat, tier):
        codes = [SPOTS[name] for name in place.spots]
        key = tuple(sorted(code >> 4 for code in codes))
        if key not in chosen or _numbers(place) > _numbers(chosen[key]):
            chosen[key] = place
    return list(chosen.values())


def _numbers(place: Place) -> int:
    return len({SPOTS[name] & 15 for name in place.spots})


def _put(state: State, place: Place, tier: int) -> None:
    tokens = state.tokens[place.seat]
    for index, name in zip(TIER_TOKENS[tier], place.spots, strict=True):
        tokens[index] = SPOTS[name]


def unplaced(state: State, seat: int) -> list[int]:
    """The tiers ``seat`` has still to place, in the order it places them."""
    return [tier for tier in range(len(TIER_TOKENS))
            if state.tokens[seat][TIER_TOKENS[tier][0]] < 0]


def _deal(state: State) -> None:
    """The opening deal as backs: one card of each token's deck."""
    for seat in range(state.n):
        state.hands[seat] += [back(code >> 4) for code in state.tokens[seat]]


def answer(state: State, rival: int) -> Plan:
    """``rival`` places tier by tier, each time the split its judge rates best (with
    the deal in hand once it places the last tier of all); returns its placements."""
    tiers = unplaced(state, rival)
    made = []
    for k, tier in enumerate(tiers):
        last = k == len(tiers) - 1 and all(
            not unplaced(state, s) for s in range(state.n) if s != rival)
        best, best_value = None, float("-inf")
        for place in splits(rival, tier):
            trial = state.clone()
            _put(trial, place, tier)
            if last:
                _deal(trial)
            worth = value(trial, rival)
            if worth > best_value:
                best, best_value = place, worth
        assert best is not None
        _put(state, best, tier)
        made.append(best)
    return tuple(made)


def battle_tokens(plan: Plan) -> int:
    return sum(SPOTS[name] >> 4 == BATTLE for place in plan for name in place.spots)


def by_stake(state: State, seat: int, deal: bool) -> list[Plan]:
    """Per number of Battle tokens, the plan of ``seat``'s remaining tiers its judge
    rates best with the tokens down so far (``deal``: the opening deal counted, when
    ``seat`` places last of all); the judge's best of all first."""
    tiers = unplaced(state, seat)
    best: dict[int, tuple[float, Plan]] = {}
    for combo in product(*(splits(seat, tier) for tier in tiers)):
        trial = state.clone()
        for place, tier in zip(combo, tiers, strict=True):
            _put(trial, place, tier)
        if deal:
            _deal(trial)
        worth = value(trial, seat)
        stake = battle_tokens(combo)
        if stake not in best or worth > best[stake][0]:
            best[stake] = (worth, combo)
    return [combo for _, combo in sorted(best.values(), key=lambda entry: -entry[0])]


def replies(state: State, later: Sequence[int]) -> list[list[Place]]:
    """The answers the seats still to place may give, one per Battle stake: each seat
    in turn, its judge's best plan with that many Battle tokens."""
    out = []
    for stake in range(sum(map(len, TIER_TOKENS)) + 1):
        trial = state.clone()
        moves: list[Place] = []
        for k, rival in enumerate(later):
            plans = by_stake(trial, rival, deal=k == len(later) - 1)
            chosen = next((p for p in plans if battle_tokens(p) == stake), plans[0])
            for place, tier in zip(chosen, unplaced(trial, rival), strict=True):
                _put(trial, place, tier)
            moves += chosen
        out.append(moves)
    return out


def played_out(world: State, seat: int, moves: Sequence[Place], seed: int) -> float:
    """The placements made in ``world``, then rules-of-thumb moves for everyone to the
    end: 1 if ``seat`` wins, -1 if it loses (the judge's sign if the limit comes)."""
    trial = world.clone()
    trial.rng = Rng(seed)
    for move in moves:
        engine.apply(trial, move)
    rng = random.Random(seed)
    for _ in range(GAME_LIMIT):
        if engine.is_over(trial):
            return 1.0 if trial.winner == seat else -1.0
        actor = engine.to_act(trial)[0]
        engine.apply(trial, thumb.choose(trial, actor, engine.legal_actions(trial, actor),
                                         rng))
    return 1.0 if value(trial, seat) > 0 else -1.0


def plan(seen: State, seat: int, rng: random.Random, budget: Budget) -> Plan:
    """Hard's placement of its remaining tiers (module docstring): worlds are played
    one at a time, every pairing in each, until the budget's share or its clock is
    spent (at least one world)."""
    later = [s for s in turn_order(seen.first, seen.n, seat)[1:] if unplaced(seen, s)]
    base = seen.clone()
    base.roller = seen.first
    mine = by_stake(base, seat, deal=not later)
    playouts = budget.iterations // SHARE
    if len(mine) == 1 or playouts <= 0:
        return mine[0]
    answers = []
    for combo in mine:
        trial = base.clone()
        for place, tier in zip(combo, unplaced(base, seat), strict=True):
            _put(trial, place, tier)
        if seen.n == 2 and later:
            answers.append(replies(trial, later))
        else:
            answers.append([[place for rival in later for place in answer(trial, rival)]])
    wins = [[0.0] * len(theirs) for theirs in answers]
    for world, seed in worlds(seen, seat, rng, playouts, budget):
        for combo, theirs, row in zip(mine, answers, wins, strict=True):
            for i, reply in enumerate(theirs):
                row[i] += played_out(world, seat, (*combo, *reply), seed)
    values = [min(row) for row in wins]
    return mine[max(range(len(mine)), key=lambda i: (values[i], -i))]
