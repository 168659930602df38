"""The program planner: a beam search over the programs a seat's Retro may run.

Programs grow one instruction at a time, in the order the seat would place them. Every
candidate is checked by the rules (``program.seat_faults``) and played forward on a
copy of the state (``playout``); its worth after the round is its score, so a short
program is a finished answer too and the best one seen is always ready. Each depth keeps
the ``width`` best candidates, dropping ones whose round ends in the same position as a
better one (``L R`` and nothing, say). The search stops at the deepest legal length, after
``plays`` play-outs, or when the caller's CPU deadline passes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.calamitron.playout import play_out, rogues_next
from game.ai.calamitron.worth import RETRO_LOST, gone, worth
from game.rules.calamitron import engine, program
from game.rules.calamitron.catalogue import INSTRUCTIONS
from game.rules.calamitron.state import State

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Depth:
    """How hard a level looks: candidates kept per length, longest program tried,
    play-outs allowed, whether its own choices are tried each way in play-outs, whether
    the next round's Rogue moves are played too (``judge``), and how roughly it judges
    a play-out (``blur``: the spread of a seeded error added to each score, so a
    newcomer sometimes prefers a weaker program; a won or lost game still shows). The
    blur is given per seat count, 1 to 4, since every Retro beyond the second is more
    for a newcomer to keep in mind; none for a level that judges exactly."""

    width: int
    longest: int
    plays: int
    greedy: bool
    ahead: bool = False
    blur: tuple[float, ...] = ()

    def spread(self, seats: int) -> float:
        """The blur at a table of ``seats`` Retros (0 for a level without blur)."""
        return self.blur[min(seats, len(self.blur)) - 1] if self.blur else 0.0


@dataclass(slots=True)
class Plan:
    words: tuple[str, ...]
    score: float
    plays: int
    """Play-outs the search made."""
    finished: bool
    """False when the budget (play-outs or deadline) cut the search short."""


def world(view: State, seat: int, rng: random.Random) -> State:
    """The match as the seat may imagine it: the hidden deck order and seed drawn."""
    return engine.vary_secrets(view, seat, rng)


def plan(view: State, seat: int, rng: random.Random, depth: Depth,
         deadline: float | None = None, clock: Clock = time.process_time) -> Plan:
    """The best program found for ``seat`` from a programming-phase ``view``."""
    state = world(view, seat, rng)
    blur = depth.spread(state.n)
    best = Plan((), rough(judge(play_out(state, seat, (), depth.greedy), seat, depth.ahead),
                          blur, rng), 1, True)
    beam: list[tuple[str, ...]] = [()]
    plays = 1
    for _ in range(depth.longest):
        scored: list[tuple[float, int, tuple[str, ...]]] = []
        seen: set[tuple] = set()
        for stem in beam:
            for word in INSTRUCTIONS:
                words = (*stem, word)
                if program.seat_faults(state, seat, words):
                    continue
                if plays >= depth.plays or (deadline is not None and clock() >= deadline):
                    best.finished = False
                    best.plays = plays
                    return best
                after = play_out(state, seat, words, depth.greedy)
                plays += 1
                key = position(after)
                if key in seen:
                    continue
                seen.add(key)
                score = rough(judge(after, seat, depth.ahead), blur, rng)
                scored.append((score, len(scored), words))
                if score > best.score:
                    best = Plan(words, score, plays, True)
        if not scored:
            break
        scored.sort(key=lambda item: (-item[0], item[1]))
        beam = [words for _, _, words in scored[:depth.width]]
    best.plays = plays
    return best


def rough(score: float, blur: float, rng: random.Random) -> float:
    """``score`` as a level that judges by eye sees it: with a seeded error of spread
    ``blur`` (none when it is 0, which draws no number)."""
    return score + rng.gauss(0.0, blur) if blur else score


def judge(after: State, seat: int, ahead: bool) -> float:
    """A play-out's worth; with ``ahead``, less a lost Retro's cost for each Retro the
    next round's Rogues would remove before anyone can answer (a Retro left in a
    Progbot's path or beside a pit). Only the losses count: the Rogues walking off a
    pit's edge is for next round's program to prevent, not a reason to skip a set-up."""
    now = worth(after, seat)
    if not ahead:
        return now
    later = rogues_next(after, seat)
    return now - RETRO_LOST * sum(gone(later, s) and not gone(after, s)
                                  for s in range(after.n))


def position(state: State) -> tuple:
    """What a round left behind, to spot candidates that come to the same thing."""
    return (state.phase, state.result, state.catastrophes,
            tuple(sorted((p.id, p.at, p.facing, p.stunned) for p in state.pieces.values())),
            tuple(tuple(u) for u in state.upgrades))
