"""``botyard arena``: bots play each other and the figures are printed.

Duels are played in pairs on the same match seed with the sides swapped, so each level
plays each seat equally often. 3- and 4-player games cycle, on one seed, through every
way of seating the two levels with each present: in 3-player games the six layouts with
two seats of one level and one of the other (aab, aba, baa, bba, bab, abb), so each
level holds each seat in half the games, and a seat with a role of its own (a solo
player, say) faces two of the other level in a third of those and a mixed pair in the
rest; 4-player games rotate the six layouts with two of each. Win rates carry 95%
Wilson intervals; a tied game counts half a win for each side. Latency is measured per
decision, wall time beside CPU time, and reported per level. A game's figures module
(its registry entry's ``figures_module``) may add per-level columns computed from each
match's events (``seat_figures``) and lines of its own (``summarise`` and ``report``).
The games run in worker processes (``--jobs``); the results do not depend on the
number of jobs.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from itertools import permutations
from multiprocessing import Pool
from typing import Any

from game.arguments import MAX_GAMES, seed, whole
from game.progress import progress
from game.rules.core.errors import RuleError
from game.rules.core.registry import GAMES, GameSpec, bundled_catalogue, default_game, get_game

MAX_JOBS = 64
"""Worker processes; more only queue for the same cores."""
MAX_BUDGET = 1_000_000
"""hard's iterations per decision: about ten thousand times the client's."""


@dataclass(frozen=True)
class Match:
    number: int
    seed: int
    levels: tuple[str, ...]
    budget: int | None
    game: str
    variant: str
    options: tuple[tuple[str, str], ...] = ()


@dataclass
class Result:
    levels: tuple[str, ...]
    scores: list[int]
    latency: dict[str, list[float]]
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """Per level, the CPU time of each decision (beside ``latency``, the wall time: on
    a busy machine the wall time also counts waiting for a core)."""
    capped: bool = False
    """Stopped unfinished at the game's turn cap: scored as a draw."""
    summary: Any = None
    """The game's own account of the match (its registry entry's ``figures``), if any."""
    columns: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    """The game's per-seat figures: per column, an (amount, weight) pair for each seat."""


def add_parser(sub: Any) -> None:
    arena = sub.add_parser("arena", help="bots play each other; prints win rates and latency")
    arena.add_argument("--game", default=default_game().id, choices=sorted(GAMES))
    arena.add_argument("--seats", default="hard,normal",
                       help="two bot levels, e.g. hard,normal")
    arena.add_argument("--players", type=whole(2, 4), default=2, choices=(2, 3, 4))
    arena.add_argument("--games", type=whole(1, MAX_GAMES), default=400)
    arena.add_argument("--seed", type=seed(), default=1)
    arena.add_argument("--jobs", type=whole(1, MAX_JOBS), default=1)
    arena.add_argument("--budget", type=whole(1, MAX_BUDGET), default=None,
                       help="hard's iterations per decision (default: the client's)")
    arena.add_argument("--variant", default=None, help="default: the game's first variant")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a table option of the game, e.g. salvagers=random")


def schedule(levels: tuple[str, str], players: int, games: int, seed: int,
             budget: int | None, game: str, variant: str) -> list[Match]:
    """Duels in side-swapped pairs on one seed; 3- and 4-player games cycle through
    every way of seating the levels with both present (see the module docstring)."""
    layouts = ([levels, levels[::-1]] if players == 2
               else sorted(set(permutations(levels * 2, players))))
    return [Match(n, seed + n // len(layouts), layouts[n % len(layouts)], budget, game,
                  variant) for n in range(games)]


def play(match: Match) -> Result:
    from game.ai.bots import make_bot

    spec = get_game(match.game)
    rules = spec.rules
    catalogue = bundled_catalogue(match.game)
    state = rules.new_state(catalogue, len(match.levels), match.variant, match.seed,
                            **dict(match.options))
    bots = [make_bot(match.game, level, match.seed * 7919 + 31 * seat + match.number % 2,
                     match.budget) for seat, level in enumerate(match.levels)]
    latency: dict[str, list[float]] = {level: [] for level in match.levels}
    cpu: dict[str, list[float]] = {level: [] for level in match.levels}
    events: list[Any] = []
    while not rules.is_over(state) and not spec.capped(state):
        seat = rules.to_act(state)[0]
        seen = rules.view(state, seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(seen, seat)
        latency[match.levels[seat]].append(time.perf_counter() - start)
        cpu[match.levels[seat]].append(time.process_time() - start_cpu)
        events += rules.apply(state, action)
    figures = spec.figures
    summarise = getattr(figures, "summarise", None)
    summary = summarise(state) if summarise else None
    per_seat = getattr(figures, "seat_figures", None)
    columns = per_seat(events, len(match.levels)) if per_seat else {}
    if spec.capped(state):
        return Result(match.levels, [0] * len(match.levels), latency, cpu, capped=True,
                      summary=summary, columns=columns)
    return Result(match.levels, rules.scores(state), latency, cpu, summary=summary,
                  columns=columns)


def table_options(spec: GameSpec, pairs: list[str]) -> tuple[tuple[str, str], ...]:
    """``--option KEY=VALUE`` arguments checked against the game's table options."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise RuleError(f"--option takes KEY=VALUE, not {pair!r}")
        options[key] = value
    problem = spec.check_options(options)
    if problem:
        raise RuleError(problem)
    return tuple(options.items())


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _p95(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


KINDS = {2: "duels (pairs on one seed, sides swapped)",
         3: "3-player games (six seatings of the levels on each seed, two of one and one "
            "of the other)",
         4: "4-player team games (levels rotated over the seats, two seats each)"}


def report(levels: tuple[str, str], results: list[Result], seconds: float,
           players: int, budget_note: str, notes: dict[str, str] | None = None) -> list[str]:
    """The table: per level its wins, win rate and interval, then any per-level
    columns of the game (``notes`` explains each), then latency (wall and CPU)."""
    wins = dict.fromkeys(levels, 0.0)
    diffs: list[float] = []
    latency: dict[str, list[float]] = {level: [] for level in levels}
    cpu: dict[str, list[float]] = {level: [] for level in levels}
    columns: dict[str, dict[str, list[float]]] = {}
    for result in results:
        by_level = {lv: [s for s, sl in zip(result.scores, result.levels, strict=True)
                         if sl == lv] for lv in levels}
        best = max(result.scores)
        top = [lv for s, lv in zip(result.scores, result.levels, strict=True) if s == best]
        for lv in top:
            wins[lv] += 1 / len(top)
        diffs.append(statistics.mean(by_level[levels[0]]) - statistics.mean(by_level[levels[1]]))
        for lv, times in result.latency.items():
            latency[lv] += times
        for lv, times in result.cpu.items():
            cpu[lv] += times
        for name, pairs in result.columns.items():
            sums = columns.setdefault(name, {lv: [0.0, 0.0] for lv in levels})
            for lv, (amount, weight) in zip(result.levels, pairs, strict=True):
                sums[lv][0] += amount
                sums[lv][1] += weight
    n = len(results)
    lines = [f"{n} {KINDS[players]}: {levels[0]} vs {levels[1]}, {budget_note}, "
             f"{seconds:.0f} s wall", "ties count half a win for each side",
             f"{'level':<8}{'wins':>8}{'win rate':>10}{'95% interval':>18}"
             + "".join(f"{name:>14}" for name in columns)]
    for lv in levels:
        low, high = wilson(wins[lv], n)
        lines.append(f"{lv:<8}{wins[lv]:>8.1f}{100 * wins[lv] / n:>9.1f}%"
                     f"{f'{100 * low:.1f}%-{100 * high:.1f}%':>18}"
                     + "".join(f"{sums[lv][0] / sums[lv][1]:>14.2f}" if sums[lv][1]
                               else f"{'-':>14}" for sums in columns.values()))
    for name in columns:
        if notes and name in notes:
            lines.append(f"{name}: {notes[name]}")
    lines.append(f"mean score difference ({levels[0]} - {levels[1]}): "
                 f"{statistics.mean(diffs):+.2f} (sd {statistics.pstdev(diffs):.1f})")
    lines.append(f"{'level':<8}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}"
                 f"{'CPU median':>12}{'CPU p95':>9}")
    for lv in levels:
        times = sorted(latency[lv])
        if not times:
            continue
        spent = sorted(cpu[lv]) or [0.0]
        lines.append(f"{lv:<8}{len(times):>10}{1000 * statistics.median(times):>11.1f}"
                     f"{1000 * _p95(times):>9.1f}{1000 * times[-1]:>9.0f}"
                     f"{1000 * statistics.median(spent):>12.1f}{1000 * _p95(spent):>9.1f}")
    capped = sum(result.capped for result in results)
    if capped:
        lines.append(f"{capped} games stopped unfinished at the turn cap, scored as draws")
    return lines


def run(args: argparse.Namespace) -> int:
    from game.ai.bots import LEVELS, default_iterations

    levels = tuple(args.seats.split(","))
    if len(levels) != 2 or any(lv not in LEVELS for lv in levels) or levels[0] == levels[1]:
        raise RuleError(f"--seats names two different levels of {', '.join(LEVELS)}")
    spec = GAMES[args.game]
    if args.players not in spec.player_counts:
        raise RuleError(f"{spec.title} is for {', '.join(map(str, spec.player_counts))} players")
    variant = args.variant or spec.variants[0]
    if variant not in spec.variants:
        raise RuleError(f"{spec.title} variants are {', '.join(spec.variants)}")
    matches = schedule(levels, args.players, args.games, args.seed, args.budget,  # type: ignore[arg-type]
                       args.game, variant)
    options = table_options(spec, args.option)
    matches = [replace(m, options=options) for m in matches]
    start = time.perf_counter()
    with (progress(len(matches), f"arena {args.seats}", "game") as bar,
          Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool):
        results = []
        for result in (pool.imap(play, matches, chunksize=1) if pool else map(play, matches)):
            results.append(result)
            bar.update()
    seconds = time.perf_counter() - start
    budget = args.budget or default_iterations(args.game)
    note = (f"hard budget {budget} iterations/decision"
            + ("" if args.budget else " (the client's default)")) if "hard" in levels else (
        f"seed {args.seed}")
    figures = spec.figures
    print("\n".join(report(levels, results, seconds, args.players, note,  # type: ignore[arg-type]
                            getattr(figures, "COLUMNS", None))))
    if hasattr(figures, "report"):
        print("\n".join(figures.report([r.summary for r in results])))
    return 0
