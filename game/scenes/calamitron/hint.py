"""A suggested program worked out beside the frame: the AI's ``suggest`` on a thread of
its own, over the screen's copy of the view (which nothing changes), so the window keeps
drawing and the playback keeps running while it plans. The screen takes the answer once
it is there, and only if the rail is still as it was when asked."""

from __future__ import annotations

import threading

from game.ai.budget import Budget
from game.ai.calamitron.levels import suggest
from game.rules.calamitron.state import State


class Hint:
    """One suggestion being planned for ``seat`` at move ``moves`` of the match."""

    def __init__(self, view: State, seat: int, moves: int, budget: Budget) -> None:
        self.seat = seat
        self.moves = moves
        self._found: list[tuple[str, ...]] = []
        self._thread = threading.Thread(
            target=lambda: self._found.append(suggest(view, seat, budget)),
            name="calamitron-suggest", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    @property
    def words(self) -> tuple[str, ...] | None:
        """The program found (None until done, or if planning failed)."""
        return self._found[0] if self._found else None

    def wait(self, seconds: float) -> None:
        """Block until the plan is ready (for headless runs and tests, never a frame)."""
        self._thread.join(seconds)
