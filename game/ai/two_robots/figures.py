"""The Two Robots figures ``botyard arena`` prints after its win rates: how each
Salvager fares, which win route decides games and how long games last, the balance
checks RULES-DECISIONS.md sets (each Salvager wins 35-65% of its 2-player games, each
win route decides at least 20% of games, the median game lasts 8-16 turns per player;
a game with no winner after 50 turns per player is a draw).
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from game.rules.two_robots import factory
from game.rules.two_robots.state import State

ROBOTS, LAST, DRAW = "two robots", "last one standing", "draw"


def summarise(state: State) -> dict[str, Any]:
    """One finished match in plain data (it crosses from the arena's workers)."""
    cat = state.catalogue
    names = [cat.salvagers[p.salvager].name for p in state.players]
    if not state.winners:
        route, winner = DRAW, ""
    else:
        seat = state.winners[0]
        winner = names[seat]
        route = ROBOTS if factory.robots(cat, state.players[seat]) >= 2 else LAST
    return {"salvagers": names, "winner": winner, "route": route,
            "turns": max(p.turns for p in state.players)}


def report(summaries: list[dict[str, Any]]) -> list[str]:
    n = len(summaries)
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    drawn: Counter[str] = Counter()
    for s in summaries:
        played.update(s["salvagers"])
        if s["winner"]:
            won[s["winner"]] += 1
        else:
            drawn.update(s["salvagers"])
    lines = [f"{'Salvager':<12}{'games':>7}{'wins':>7}{'draws':>7}{'win rate':>10}"
             "  (target 35-65%)"]
    for name in sorted(played, key=lambda k: (-won[k] / played[k], k)):
        lines.append(f"{name:<12}{played[name]:>7}{won[name]:>7}{drawn[name]:>7}"
                     f"{100 * won[name] / played[name]:>9.1f}%")
    routes = Counter(s["route"] for s in summaries)
    lines.append("win routes (target: each decides at least 20% of games): " + ", ".join(
        f"{route} {100 * routes[route] / n:.1f}%" for route in (ROBOTS, LAST, DRAW)))
    turns = sorted(s["turns"] for s in summaries)
    lines.append(f"turns per player: median {statistics.median(turns):g} (target 8-16), "
                 f"quartiles {turns[n // 4]}-{turns[(3 * n) // 4]}, range "
                 f"{turns[0]}-{turns[-1]}")
    return lines
