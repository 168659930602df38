"""The Blastbots figures ``botyard arena`` prints: how often each win route ends games
(Escape, Destruction, Impact), the win rate by seat rank (1 = first player), how many
turns games last, and per level the rockets it ends with in Space and in its Junkyard
(RULES-DECISIONS.md: "The arena reports each ending's share and win rate by seat rank").
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.ai.arena import wilson
from game.rules.blastbots.board import JUNKYARD, SPACE
from game.rules.blastbots.events import Rockets
from game.rules.blastbots.state import State
from game.rules.core.actions import Event

ROUTES = ("escape", "destruction", "impact")
IN_SPACE, IN_JUNKYARD = "space", "junkyard"
COLUMNS = {IN_SPACE: "rockets in Space when the game ended, per game",
           IN_JUNKYARD: "rockets (any colour) in the Junkyard when the game ended, per game"}
"""The arena's per-level columns, each with the line that explains it under the table."""


def rank(seat: int, first: int, players: int) -> int:
    """A seat's place in the turn order: 1 for the first player, then clockwise."""
    return (seat - first) % players + 1


def summarise(state: State) -> dict[str, Any]:
    """One finished match in plain data (it crosses from the arena's workers)."""
    return {"route": state.victory, "players": state.n,
            "rank": rank(state.winner, state.first, state.n), "turns": state.turns}


def seat_figures(events: Sequence[Event], players: int) -> dict[str, list[tuple[float, float]]]:
    """Per seat, (rockets in Space at the end, 1 game) and (rockets in its Junkyard at
    the end, 1 game), counted from the rockets' moves."""
    space = [0] * players
    junk = [0] * players
    for event in events:
        if not isinstance(event, Rockets):
            continue
        if event.dest == SPACE:
            space[event.to] += event.count
        if event.dest == JUNKYARD:
            junk[event.to] += event.count
        if event.source == JUNKYARD:
            junk[event.owner] -= event.count
    return {IN_SPACE: [(float(s), 1.0) for s in space],
            IN_JUNKYARD: [(float(j), 1.0) for j in junk]}


def _share(route: str, count: int, n: int) -> str:
    low, high = wilson(count, n)
    return f"{route} {count} ({100 * count / n:.1f}%, {100 * low:.1f}-{100 * high:.1f}%)"


def report(summaries: Sequence[dict[str, Any]]) -> list[str]:
    """The endings (count, share and its 95% Wilson interval), the winners' seat ranks
    and the game lengths."""
    n = len(summaries)
    routes = Counter(s["route"] for s in summaries)
    players = max(s["players"] for s in summaries)
    lines = [f"game endings at {players} players (the rules' reason for each end): "
             + ", ".join(_share(route, routes[route], n) for route in ROUTES)]
    wins = Counter(s["rank"] for s in summaries)
    lines.append("wins by seat rank (1 = first player): " + ", ".join(
        f"{r}: {100 * wins[r] / n:.1f}%" for r in range(1, players + 1)))
    turns = sorted(s["turns"] for s in summaries)
    lines.append(f"turns per game (all players): median {statistics.median(turns):g}, "
                 f"quartiles {turns[n // 4]}-{turns[(3 * n) // 4]}, range "
                 f"{turns[0]}-{turns[-1]}")
    return lines
