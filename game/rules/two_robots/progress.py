"""Where a Two Robots match stands, in a few words, for the Load list."""

from __future__ import annotations

from game.rules.two_robots.state import OVER, State


def progress(state: State) -> str:
    """``turn 7``: the most turns any seat has begun, the number its own turn shows."""
    return f"turn {max(p.turns for p in state.players)}"


def winners(state: State) -> tuple[int, ...]:
    """The seat that won a finished match; none before the end or after a draw."""
    return tuple(state.winners) if state.step == OVER else ()
