"""Where a program will take its Retro, found by running the round with the rules' own
code on a copy of the match, never by a second copy of a rule.

The copy is the seat's view with the hidden deck order drawn at random (the rules'
``vary_secrets``: a preview must not give away the Calamity to come); every seat's
program is locked as it stands now, and the choices asked on the way (a Shove's
direction, a Program's target, Upgrades) take the first answer offered. The earlier
seats' Rogues and programs run first, as they will, so the path starts where the Retro
will stand when its turn comes."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from game.rules.calamitron import engine
from game.rules.calamitron import events as ev
from game.rules.calamitron.actions import Lock
from game.rules.calamitron.geometry import Square, parse_square
from game.rules.calamitron.state import PROGRAM, RUN, Piece, State
from game.rules.core.errors import RuleError

MOST_MOVES = 400
"""Choices answered at most while playing a preview out (a round needs far fewer)."""


@dataclass(frozen=True)
class Path:
    """The squares a Retro passes in its own run, where it ends and whether it is lost."""

    seat: int
    points: tuple[Square, ...]
    end: Piece | None
    lost: bool


def preview(view: State, seat: int) -> Path | None:
    """The path of ``seat``'s Retro when this round runs with the programs as they stand;
    None when it has no Retro or nothing to run, or outside programming."""
    if view.phase != PROGRAM or not view.retro[seat] or view.fresh[seat]:
        return None
    if not view.programs[seat]:
        return None
    sim = engine.vary_secrets(view, seat, random.Random(view.round * 7919 + seat))
    events: list[ev.Event] = []
    try:
        for other in range(sim.n):
            while sim.lost[other]:
                events += engine.apply(sim, engine.legal_actions(sim, other)[0])
        waiting = [s for s in range(sim.n) if not sim.locked[s]]
        for other in waiting:
            events += engine.apply(sim, Lock(other))
        for _ in range(MOST_MOVES):
            if sim.phase != RUN:
                break
            asked = engine.to_act(sim)
            if not asked:
                break
            events += engine.apply(sim, engine.legal_actions(sim, asked[0])[0])
    except RuleError:
        return None
    return _trace(view, seat, events)


def _trace(view: State, seat: int, events: list[ev.Event]) -> Path | None:
    """Follow the seat's Retro through the events; keep the squares of its own run."""
    retro = copy.copy(view.pieces[view.retro[seat]])
    running = False
    points: list[Square] = []
    for event in events:
        if isinstance(event, ev.Began):
            if running:
                break
            running = event.seat == seat and event.what == "program"
            if running:
                points = [retro.at]
        elif isinstance(event, ev.Moved) and event.piece == retro.id:
            square = parse_square(event.at)
            if square is not None:
                retro.at, retro.facing = square, event.facing
                if running and square != points[-1]:
                    points.append(square)
        elif isinstance(event, ev.Removed) and event.piece == retro.id:
            return Path(seat, tuple(points), None, True) if running else None
        elif isinstance(event, ev.Ended) and running:
            break
    if not running:
        return None
    return Path(seat, tuple(points), retro, False)
