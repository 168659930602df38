"""Helpers for a game's entry to set up still positions (screenshots, benches): play a
match forward by seeded random legal moves, with no bot process behind the AI seats."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.session import Session

MOVES = 5000
"""Longest walk to a wanted position before it is declared unreachable."""


class StillBots:
    """The bot host of a still picture: the position is played out by ``advance``, so
    no worker process is started (a SIGTERM mid-start would leave it a traceback)."""

    def submit(self, seat: int, view: object) -> None:
        """The picture is drawn before any bot would answer."""

    def collect(self, wait: float = 0.0) -> None:
        return None

    def close(self) -> None:
        """Nothing was started."""


def advance(session: Session, until: Callable[[], bool], seed: int,
            play: Callable[[object], None]) -> None:
    """Hand ``play`` seeded random legal actions of seats to act until ``until()``."""
    rng = random.Random(seed)
    for _ in range(MOVES):
        if until():
            return
        seats = session.to_act()
        seat = seats[rng.randrange(len(seats))]
        options = session.rules.legal_actions(session.state, seat)
        play(options[rng.randrange(len(options))])
    raise RuntimeError("the match never reached the wanted position")
