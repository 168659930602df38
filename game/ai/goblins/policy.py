"""The greedy policy: every legal action of one decision scored by the module for its
decision family, best first. NormalBot plays its top choice, EasyBot sometimes the
next one, HardBot searches among the top few, and rollouts play its fast grade.
"""

from __future__ import annotations

from game.ai.goblins import agendas, building, combat
from game.ai.goblins.seat import seat_of
from game.rules.core.actions import Action
from game.rules.goblins import engine
from game.rules.goblins.actions import PassTiles, Steer, VotePlayOff
from game.rules.goblins.state import State

Scored = list[tuple[float, Action]]


def rank(state: State, seat: int, fast: bool = False) -> Scored:
    """Legal actions of ``seat`` with scores, best first (ties keep the engine's order,
    so the answer never depends on hashing or timing)."""
    options = engine.legal_actions(state, seat)
    if len(options) <= 1:
        return [(0.0, a) for a in options]
    scored = _score(state, seat, options, fast)
    scored.sort(key=lambda pair: -pair[0])
    return scored


def _score(state: State, seat: int, options: list[Action], fast: bool) -> Scored:
    me = seat_of(state, seat)
    phase = state.phase
    if phase == "build":
        passes = [a for a in options if isinstance(a, PassTiles)]
        if passes:
            return building.rank_passes(me, passes)
        return building.rank_placements(me, options)  # type: ignore[arg-type]
    if phase == "agendas":
        return agendas.rank_agendas(me, options)  # type: ignore[arg-type]
    if phase == "choose":
        steers = [a for a in options if isinstance(a, Steer)]
        if steers:
            return combat.rank_steers(me, steers, fast)
        return combat.rank_picks(me, options, fast)  # type: ignore[arg-type]
    if phase == "pre_roll":
        return combat.rank_pre_roll(me, options, fast)
    if phase == "post_roll":
        return combat.rank_post_roll(me, options, fast)
    if phase == "order":
        return combat.rank_orders(me, options, fast)  # type: ignore[arg-type]
    if phase == "token":
        return combat.rank_tokens(me, options, fast)  # type: ignore[arg-type]
    return [(0.0 if isinstance(a, VotePlayOff) and not a.play_on else -1.0, a)
            for a in options]
