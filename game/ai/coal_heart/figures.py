"""The Coal Heart figures ``botyard arena`` prints, and the balance table of
RULES-DECISIONS.md ("each robot wins 12-30%, each win condition ends >= 20% of games,
median <= 25 rounds"): per robot its share of the wins, per win route its share of the
games, and the rounds games last.

A game's route is ``build`` when a winner built its eleventh part, ``break`` when the
others all broke (one left standing, or all at once and the tie-break), ``draw`` when
the tools stopped it unfinished at the round cap. A shared win splits between its
winners.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from game.ai.arena import wilson
from game.rules.coal_heart.catalogue import ROBOTS
from game.rules.coal_heart.state import State
from game.rules.coal_heart.vocabulary import SLOTS

ROUTES = ("build", "break")
DRAW = "draw"
WIN_SHARE = (0.12, 0.30)
ROUTE_SHARE = 0.20
MEDIAN_ROUNDS = 25


def route(state: State) -> str:
    if not state.winners:
        return DRAW
    built = any(len(state.seats[w].built) == len(SLOTS) for w in state.winners)
    return "build" if built else "break"


def summarise(state: State) -> dict[str, Any]:
    """One match in plain data (it crosses from the arena's workers)."""
    return {"robots": [s.robot for s in state.seats], "winners": list(state.winners),
            "route": route(state), "rounds": state.round}


def _share(count: float, n: int) -> str:
    low, high = wilson(count, n)
    return f"{100 * count / n:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def robot_wins(summaries: Sequence[dict[str, Any]]) -> dict[str, tuple[float, int]]:
    """Per robot: wins (shared wins split) and games it played."""
    wins = dict.fromkeys(ROBOTS, 0.0)
    played = dict.fromkeys(ROBOTS, 0)
    for s in summaries:
        for robot in s["robots"]:
            played[robot] += 1
        for seat in s["winners"]:
            wins[s["robots"][seat]] += 1 / len(s["winners"])
    return {r: (wins[r], played[r]) for r in ROBOTS}


def report(summaries: Sequence[dict[str, Any]]) -> list[str]:
    """Each robot's share of all wins and its win rate when seated, each route's share
    of the games (95% Wilson intervals) and the rounds per game: what ``botyard arena``
    adds for any table."""
    n = len(summaries)
    lines = [f"{n} games; robot: share of all wins (95% interval), games played, win rate "
             "when seated"]
    for robot, (wins, played) in robot_wins(summaries).items():
        rate = f"{100 * wins / played:.1f}%" if played else "-"
        lines.append(f"  {robot:<18} {_share(wins, n):>22} {played:>5} {rate:>7}")
    routes = _routes(summaries)
    lines.append("routes: " + ", ".join(f"{r} {routes[r]} ({_share(routes[r], n)})"
                                        for r in (*ROUTES, DRAW)))
    rounds = sorted(s["rounds"] for s in summaries)
    lines.append(f"rounds per game: median {statistics.median(rounds):g}, quartiles "
                 f"{rounds[n // 4]}-{rounds[(3 * n) // 4]}, range {rounds[0]}-{rounds[-1]}")
    return lines


def acceptance(summaries: Sequence[dict[str, Any]]) -> str:
    """Whether the balance targets are met. They are about a table of one level (the
    balance run's normal seats), so only the balance run prints this, not the arena,
    whose tables mix levels."""
    n = len(summaries)
    shares_ok = all(WIN_SHARE[0] <= wins / n <= WIN_SHARE[1]
                    for wins, _ in robot_wins(summaries).values())
    routes = _routes(summaries)
    routes_ok = all(routes[r] / n >= ROUTE_SHARE for r in ROUTES)
    median = statistics.median(s["rounds"] for s in summaries)
    return ("acceptance (RULES-DECISIONS.md): robot shares "
            f"{'met' if shares_ok else 'MISSED'}, routes "
            f"{'met' if routes_ok else 'MISSED'}, median rounds "
            f"{'met' if median <= MEDIAN_ROUNDS else 'MISSED'}")


def _routes(summaries: Sequence[dict[str, Any]]) -> dict[str, int]:
    return {r: sum(s["route"] == r for s in summaries) for r in (*ROUTES, DRAW)}
