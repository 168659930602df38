"""How much thinking a searching bot may do for one decision.

The arena and the tests count iterations (rollouts), which keeps choices reproducible;
the client may add a wall-clock cap, which trades reproducibility for a steady pace.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

DEFAULT_ITERATIONS = 64
"""Rollouts per decision in the client: hard's 95th-percentile decision stays under a
second on a two-core laptop (see ``botyard arena`` for the figures)."""


@dataclass(frozen=True, slots=True)
class Budget:
    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None

    def clock(self) -> Clock:
        return Clock(self.seconds)


class Clock:
    """Tells a search when its wall-clock allowance (if any) is spent."""

    __slots__ = ("deadline",)

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline
