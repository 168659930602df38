"""The Calamitron figures ``botyard arena`` prints under its table.

Calamitron's seats win or lose together, so the arena's per-level win rates only say
that both levels shared a table; the line that matters is how often the mixed table
won, and how long its games lasted. ``game.ai.calamitron.table`` plays tables of one
level (and of 1 seat, which the arena does not).
"""

from __future__ import annotations

import statistics
from typing import Any

from game.ai.arena import wilson
from game.rules.calamitron.state import State


def summarise(state: State) -> dict[str, Any]:
    """One finished match in plain data (it crosses from the arena's workers)."""
    return {"won": state.result == "won", "rounds": state.round,
            "trophies": sum(len(t) for t in state.trophies)}


def report(summaries: list[dict[str, Any]]) -> list[str]:
    n = len(summaries)
    wins = sum(s["won"] for s in summaries)
    low, high = wilson(wins, n)
    rounds = [s["rounds"] for s in summaries]
    return [f"the table won {wins} of {n} games ({100 * wins / n:.0f}%, 95% CI "
            f"{100 * low:.0f}-{100 * high:.0f}%); rounds median "
            f"{statistics.median(rounds):g}; trophies per game "
            f"{statistics.mean(s['trophies'] for s in summaries):.1f}"]
