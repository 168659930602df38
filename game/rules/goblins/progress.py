"""Where a Goblins match stands, in a few words, for the Load list."""

from __future__ import annotations

from game.rules.goblins.state import State

PHASES = {"build": "building", "playoff": "play-off"}
"""Phase words; every other phase is a step of combat."""


def progress(state: State) -> str:
    """``round 2 of 3, combat``: the round (counted from 1) and what it is doing;
    only the round once the match is over."""
    where = f"round {state.round} of {state.rounds}"
    if state.phase == "over":
        return where
    return f"{where}, {PHASES.get(state.phase, 'combat')}"


def winners(state: State) -> tuple[int, ...]:
    """The seats that won a finished match (several after a tie); none before the end."""
    return tuple(state.winners) if state.phase == "over" else ()
