"""Bots think in a worker process, so a searching bot never shares the interpreter lock
the window draws with. A seat and its view go in, one action comes out.

One process serves one match and keeps that match's bots alive between decisions (a
bot remembers what it has seen), so the moves are exactly those the same bots would
make in the client's own process. The process is spawned, never forked: the client
holds a window, an audio device and serial threads that a forked child must not touch.
It ignores Ctrl+C (the client ends it) and exits when the client's end of the pipe
closes, so it never outlives the client.
"""

from __future__ import annotations

import multiprocessing
import signal
import traceback
from multiprocessing.connection import Connection
from typing import Any, Protocol

from game.rules.core.actions import Action

BotSpecs = dict[int, tuple[str, int]]
"""Per AI seat: its bot level and its seed."""


class BotHost(Protocol):
    """Where a session's bots run. One decision is asked at a time."""

    def submit(self, seat: int, view: Any) -> None: ...

    def collect(self, wait: float = 0.0) -> Action | None:
        """The answer to the last submission once it is ready (waiting up to ``wait``
        seconds for it), else None."""
        ...

    def close(self) -> None: ...


class BotCrashed(RuntimeError):
    """A bot raised an exception while choosing: a bug, reported with its traceback."""


def bot_seed(match_seed: int, seat: int) -> int:
    """Each seat's bot draws from its own stream: seats must not mirror each other."""
    return match_seed * 7919 + seat


def _serve(conn: Connection, game: str, specs: BotSpecs) -> None:
    """The worker's loop: build the bots once, then answer (seat, view) requests."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from game.ai.bots import make_bot

    bots = {seat: make_bot(game, level, seed) for seat, (level, seed) in specs.items()}
    while True:
        try:
            seat, view = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("move", bots[seat].choose(view, seat))
        except Exception:  # sent back whole and raised in the client as BotCrashed
            reply = ("crash", traceback.format_exc())
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


class BotWorker:
    """A match's bots in their own process (see the module docstring)."""

    def __init__(self, game: str, specs: BotSpecs) -> None:
        from game.ai.bots import LEVELS

        unknown = sorted({level for level, _ in specs.values()} - set(LEVELS))
        if unknown:
            raise ValueError(f"unknown bot level {unknown[0]!r}")
        self.game = game
        self.specs = dict(specs)
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, game, self.specs),
                                        name="botyard-bots", daemon=True)
        self._process.start()
        child.close()
        self._pending = False

    def submit(self, seat: int, view: Any) -> None:
        if self._pending:
            raise RuntimeError("a bot is still choosing; collect its move first")
        self._conn.send((seat, view))
        self._pending = True

    def collect(self, wait: float = 0.0) -> Action | None:
        if not self._pending:
            return None
        try:
            if not self._conn.poll(wait):
                return None
            kind, payload = self._conn.recv()
        except (EOFError, OSError):
            code = self._process.exitcode
            raise BotCrashed(f"the bot process stopped (exit code {code})") from None
        self._pending = False
        if kind == "crash":
            raise BotCrashed(f"a bot failed while choosing:\n{payload}")
        return payload

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    def close(self) -> None:
        self._conn.close()
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=2.0)
