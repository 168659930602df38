"""A co-op table of bots playing Calamitron, for the figures in docs/calamitron-ai.md.

``botyard arena`` pits two levels against each other; Calamitron's seats win or lose
together, so this plays whole tables of one level instead and prints the team's win
rate (with its 95% Wilson interval), how long games last, and the planning time per
program (the first edit of a seat's round, where the bot searches), wall beside CPU::

    nice -n 10 .venv/bin/python -m game.ai.calamitron.table --level hard --seats 2 --games 50
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from multiprocessing import Pool

from game.ai.arena import wilson
from game.ai.bots import LEVELS, make_bot
from game.ai.budget import Budget
from game.rules.calamitron import engine
from game.rules.calamitron.state import PROGRAM
from game.rules.core.registry import bundled_catalogue

ROUND_CAP = 60
"""A safety stop; the Calamity deck ends every game well before it."""


@dataclass(frozen=True)
class Game:
    level: str
    seats: int
    seed: int
    budget: int | None


@dataclass
class Outcome:
    won: bool
    rounds: int
    trophies: int
    plan_wall: list[float]
    plan_cpu: list[float]
    other_wall: list[float]


def play(game: Game) -> Outcome:
    state = engine.new_state(bundled_catalogue("calamitron"), game.seats, "standard",
                             game.seed)
    budget = None if game.budget is None else Budget(iterations=game.budget)
    bots = [make_bot("calamitron", game.level, game.seed * 7919 + 31 * s, budget)
            for s in range(game.seats)]
    plan_wall: list[float] = []
    plan_cpu: list[float] = []
    other_wall: list[float] = []
    while not engine.is_over(state) and state.round <= ROUND_CAP:
        seat = engine.to_act(state)[0]
        view = engine.view(state, seat)
        planning = view.phase == PROGRAM and not view.programs[seat] and not view.lost[seat]
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(view, seat)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if planning:
            plan_wall.append(wall)
            plan_cpu.append(cpu)
        else:
            other_wall.append(wall)
        engine.apply(state, action)
    return Outcome(state.result == "won", state.round,
                   sum(len(t) for t in state.trophies), plan_wall, plan_cpu, other_wall)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(level: str, seats: int, outcomes: list[Outcome]) -> list[str]:
    n = len(outcomes)
    wins = sum(o.won for o in outcomes)
    low, high = wilson(wins, n)
    rounds = [o.rounds for o in outcomes]
    walls = [t for o in outcomes for t in o.plan_wall]
    cpus = [t for o in outcomes for t in o.plan_cpu]
    others = [t for o in outcomes for t in o.other_wall]
    return [
        f"{level} x{seats}: {wins}/{n} won ({100 * wins / n:.0f}%, 95% CI "
        f"{100 * low:.0f}-{100 * high:.0f}%), rounds median {statistics.median(rounds):g} "
        f"(range {min(rounds)}-{max(rounds)}), trophies per game "
        f"{statistics.mean(o.trophies for o in outcomes):.1f}",
        f"  planning ({len(walls)} programs): wall p50 {percentile(walls, 0.5):.3f} s "
        f"p95 {percentile(walls, 0.95):.3f} s; CPU p50 {percentile(cpus, 0.5):.3f} s "
        f"p95 {percentile(cpus, 0.95):.3f} s",
        f"  other decisions ({len(others)}): wall p95 {percentile(others, 0.95):.4f} s",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", choices=LEVELS)
    parser.add_argument("--seats", type=int, default=1, choices=(1, 2, 3, 4))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None,
                        help="play-outs per program (default: the level's own)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    games = [Game(args.level, args.seats, args.seed + i, args.budget)
             for i in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            outcomes = pool.map(play, games)
    else:
        outcomes = [play(g) for g in games]
    print("\n".join(report(args.level, args.seats, outcomes)))


if __name__ == "__main__":
    main()
