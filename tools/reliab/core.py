"""The shared parts of the reliability campaign (tools/reliability.py): outcomes and
reports, forked workers and child commands with time limits, the games' configurations,
and the JSON helpers that build hostile files.

A probe's result crosses a pipe, so probes return plain facts (tuples, dicts) and the
classify_* functions, which the tests hold to hand-made facts, turn them into Outcomes.
"""

from __future__ import annotations

import copy
import itertools
import json
import multiprocessing
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: its game package is the one probed, in this process and in children."""
JOBS = 2
"""Workers and children at once: the machine this was written on has two cores."""
EXAMPLES = 10
MESSAGE_LIMIT = 500
"""A 'plain sentence' longer than this (say, quoting a 48 MB field) is not one."""
SCRATCH: list[str] = []
"""The run's temporary folder, shown as $TMP in the printed lines."""
VERBOSE = False
"""--verbose: print every run's line as it is classified, not only failing examples."""


@dataclass(frozen=True)
class Outcome:
    """One run's class (``name``), whether it keeps the issue's promises, and why not."""

    name: str
    ok: bool
    detail: str = ""


@dataclass
class Report:
    """The counts of one kind and a few failing examples."""

    kind: str
    unit: str
    counts: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    by_class: dict[str, list[str]] = field(default_factory=dict)
    """The first two failing runs of each failing class."""
    notes: list[str] = field(default_factory=list)

    def add(self, outcome: Outcome, short: str) -> None:
        self.counts[outcome.name] += 1
        if VERBOSE:
            print(one_line(f"  {'ok  ' if outcome.ok else 'FAIL'} {short} -> {outcome.name}"
                           + (f": {outcome.detail}" if outcome.detail else "")), flush=True)
        if outcome.ok:
            return
        self.failed[outcome.name] += 1
        kept = self.by_class.setdefault(outcome.name, [])
        if len(kept) < 2:
            kept.append(one_line(f"{short} -> {outcome.name}"
                                 + (f": {outcome.detail}" if outcome.detail else "")))

    @property
    def examples(self) -> list[str]:
        """One example of each failing class first, so a common fault cannot hide the
        rarer ones, then second examples, at most EXAMPLES in all."""
        rounds = itertools.zip_longest(*(self.by_class[name] for name, _ in
                                         self.failed.most_common()))
        return [e for row in rounds for e in row if e is not None][:EXAMPLES]

    @property
    def failures(self) -> int:
        return sum(self.failed.values())

    def summary(self) -> str:
        total = sum(self.counts.values())
        parts = ", ".join(f"{name} {count}" for name, count in self.counts.most_common())
        return (f"{self.kind}: {total} {self.unit}: {parts or 'nothing run'}; "
                f"failures {self.failures}")

    def lines(self) -> list[str]:
        return [self.summary(), *(f"  note: {n}" for n in self.notes),
                *(f"  FAIL {e}" for e in self.examples)]


def one_line(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    for folder in SCRATCH:
        text = text.replace(folder, "$TMP")
    return text if len(text) <= limit else text[:limit - 3] + "..."


def case_rng(seed: int, kind: str, index: int) -> random.Random:
    """Each case draws from its own stream, so the order the workers finish in and the
    scale of the run do not change what case ``index`` is."""
    return random.Random(f"{seed}/{kind}/{index}")


def sentence_problem(message: str) -> str | None:
    """Why a user-facing message is not one plain sentence, or None when it is."""
    if not message.strip():
        return "an empty message"
    if "\n" in message.strip():
        return f"{len(message.strip().splitlines())} lines"
    if len(message) > MESSAGE_LIMIT:
        return f"a message of {len(message)} characters"
    if "Traceback" in message:
        return "a traceback"
    return None


@dataclass(frozen=True)
class Hang:
    """A case that outlived its time limit; whether SIGTERM alone ended its worker."""

    seconds: float
    term_ended: bool


@dataclass(frozen=True)
class Died:
    """The worker died under the case (a crash in C, the kernel, os._exit)."""

    exitcode: int | None


STOP = "stop: no more cases"
"""Sent to end a worker: forked siblings hold copies of its pipe, so it never sees EOF."""


def _serve(conn: Connection, func: Callable[[Any], Any]) -> None:
    while True:
        try:
            case = conn.recv()
        except (EOFError, OSError):
            return
        if isinstance(case, str) and case == STOP:
            return
        conn.send(func(case))


class Workers:
    """Forked processes that each run ``func`` on one case at a time. A case past its
    time limit gets SIGTERM (we note whether that ended it), then SIGKILL, and a fresh
    worker takes the slot. ``func`` must return picklable facts and catch what it probes."""

    def __init__(self, func: Callable[[Any], Any], timeout: float, jobs: int = JOBS) -> None:
        self.func = func
        self.timeout = timeout
        self.jobs = jobs
        self.context = multiprocessing.get_context("fork")

    def _start(self) -> tuple[Any, Connection]:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(child, self.func), daemon=True)
        process.start()
        child.close()
        return process, parent

    def map(self, cases: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        """(case, result) in completion order; result is func's value, a Hang or a Died."""
        pending = iter(cases)
        slots: dict[Connection, list[Any]] = {}  # conn -> [process, case, deadline]
        try:
            for _ in range(self.jobs):
                self._feed(slots, pending, None)
            while slots:
                now = time.monotonic()
                soonest = min(slot[2] for slot in slots.values())
                for conn in wait(list(slots), timeout=max(0.0, soonest - now)):
                    process, case, _ = slots.pop(conn)
                    try:
                        result = conn.recv()
                    except (EOFError, OSError):
                        process.join(1)
                        result = Died(process.exitcode)
                        conn.close()
                        conn = None
                    yield case, result
                    self._feed(slots, pending, (process, conn) if conn else None)
                now = time.monotonic()
                for conn, (process, case, deadline) in list(slots.items()):
                    if now >= deadline:
                        del slots[conn]
                        yield case, self._stop(process, conn, now - deadline + self.timeout)
                        self._feed(slots, pending, None)
        finally:
            for conn, (process, _, _) in slots.items():
                self._stop(process, conn, 0.0)

    def _feed(self, slots: dict[Connection, list[Any]], pending: Iterator[Any],
              worker: tuple[Any, Connection] | None) -> None:
        case = next(pending, _DONE)
        if case is _DONE:
            if worker is not None:
                worker[1].send(STOP)
                worker[1].close()
                worker[0].join(2)
            return
        process, conn = worker or self._start()
        conn.send(case)
        slots[conn] = [process, case, time.monotonic() + self.timeout]

    @staticmethod
    def _stop(process: Any, conn: Connection, seconds: float) -> Hang:
        process.terminate()
        process.join(3)
        term_ended = not process.is_alive()
        if not term_ended:
            process.kill()
            process.join(3)
        conn.close()
        return Hang(seconds, term_ended)


_DONE = object()


def hang_outcome(result: Hang | Died) -> Outcome:
    if isinstance(result, Hang):
        how = "SIGTERM ended it" if result.term_ended else "SIGTERM did not end it, SIGKILL did"
        return Outcome("hang", False, f"no answer in {result.seconds:.0f} s; {how}")
    return Outcome("worker died", False, f"exit code {result.exitcode}")


def child_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BOTYARD_HOME=str(home), PYTHONPATH=os.pathsep.join(
                   [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


@cache
def configurations() -> list[tuple[str, int, str, tuple[tuple[str, str], ...]]]:
    """Every registered game at every table size, variant and option setting."""
    from game.rules.core.registry import GAMES

    out = []
    for spec in GAMES.values():
        names = [name for name, _ in spec.options]
        settings = list(itertools.product(*(values for _, values in spec.options)))
        for players, variant, values in itertools.product(
                spec.player_counts, spec.variants, settings):
            out.append((spec.id, players, variant, tuple(zip(names, values, strict=True))))
    return out


def describe_config(config: tuple[str, int, str, tuple[tuple[str, str], ...]], seed: int) -> str:
    game, players, variant, options = config
    extra = "".join(f" {k}={v}" for k, v in options)
    return f"{game} {players}p {variant}{extra} seed {seed}"


class NoBots:
    """A BotHost that never thinks, so loading a save starts no worker process."""

    def submit(self, seat: int, view: Any) -> None:
        return None

    def collect(self, wait: float = 0.0) -> Any:
        return None

    def close(self) -> None:
        return None


def facts_of(call: Callable[[], Any]) -> tuple[str, str, str]:
    """("ok", repr, "") / ("DataError", "", message) / ("raised", type, message)."""
    from game.rules.core.errors import DataError

    try:
        value = call()
    except DataError as exc:
        return ("DataError", "", str(exc))
    except Exception as exc:  # the probe's purpose: every other exception is a finding
        return ("raised", type(exc).__name__, str(exc)[:300])
    return ("ok", one_line(repr(value), 120), "")


def resume(path: Path) -> int:
    """Resume a save as the client does; the number of actions it holds."""
    from game.session import Session

    session = Session.load(path, bots=NoBots())
    return len(session.match.actions)


RAW = "@@raw@@"
"""A marker value that ``dump_with_raw`` swaps for text JSON cannot write."""
DEEP = "[" * 100_000 + "]" * 100_000
HUGE_NUMBER = "9" * 5000
"""Past Python's 4300-digit limit for int() of a string."""


def key_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a JSON-like value (the root excluded)."""
    out = []
    if isinstance(value, dict):
        items: Iterable[tuple[Any, Any]] = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return out
    for key, child in items:
        out.append((*path, key))
        out.extend(key_paths(child, (*path, key)))
    return out


def with_value(doc: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def dump_with_raw(doc: Any, raw: str) -> bytes:
    """JSON text with the marker value replaced by ``raw`` (text json cannot write)."""
    return json.dumps(doc, separators=(",", ":")).replace(json.dumps(RAW), raw, 1).encode()


# A YAML alias bomb: nine levels of nine aliases each, a billion strings expanded.
BILLION_LAUGHS = """lol0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
""" + "".join(f"lol{i}: &a{i} [{','.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))
