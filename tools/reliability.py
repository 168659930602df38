"""The reliability campaign of issue 12, rerun reproducibly from the public interfaces.

Each kind builds hostile inputs from a seed, feeds them to botyard the way a player's
machine would, and sorts every run into an outcome class; the classes that break a
promise of the issue are failures. One summary line per kind, then a few failing
examples (the input in short and the outcome), and exit status 1 if anything failed.

    python tools/reliability.py [KIND ...] [--scale F] [--seed N] [--verbose]

Kinds: games, actions, saves, kills, settings, cards, cli (all by default). The sizes are
those of the original run (10 000 games, 100 000 actions, ...) times ``--scale``. The
same seed and scale build the same inputs, so counts from before and after a fix compare
(a kill's moment and a hang's time limit depend on the machine's speed, so those counts
can move a little). ``--verbose`` prints every run, not only the failing examples.
In-process probes run in forked workers with a time limit (a FIFO can hang a reader);
command lines run as child processes with a time limit and a 2 GiB address-space cap.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the checkout's game package, not an installed one

SIZES = {"games": 10_000, "actions": 100_000, "saves": 8_000, "kills": 150,
         "settings": 50, "cards": 51, "cli": 82}
"""The original run's sizes (issue 12), scaled by --scale."""
JOBS = 2
MEMORY_CAP = 2 << 30
"""RLIMIT_AS for command-line children: an alias bomb must fail, not swap the machine."""
MUTATIONS_PER_GAME = 10
MAX_STEPS = 20_000
"""A random game longer than this is reported as one that never ends."""
EXAMPLES = 10
MESSAGE_LIMIT = 500
"""A 'plain sentence' longer than this (say, quoting a 48 MB field) is not one."""
SCRATCH: list[str] = []
"""The run's temporary folder, shown as $TMP in the printed lines."""
VERBOSE = False
"""--verbose: print every run's line as it is classified, not only failing examples."""


# -- outcomes and reports -------------------------------------------------------------------
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


# -- forked workers with a time limit ---------------------------------------------------------
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


# -- command-line children --------------------------------------------------------------------
@dataclass(frozen=True)
class Ran:
    """What a child process did."""

    returncode: int | None
    stdout: str
    stderr: str
    timed_out: bool = False
    term_ended: bool = True


def child_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BOTYARD_HOME=str(home), PYTHONPATH=os.pathsep.join(
                   [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_commands(cases: list[tuple[Any, list[str]]], env: dict[str, str], timeout: float,
                 scratch: Path, jobs: int = JOBS) -> Iterator[tuple[Any, Ran]]:
    """Run each (case, argv) with at most ``jobs`` at once, all from this thread (so the
    memory cap's preexec_fn is safe), output to files (so a chatty child never blocks).
    Past ``timeout``: SIGTERM to the child, then SIGKILL to its whole process group."""
    queue = list(enumerate(cases))
    running: list[tuple[int, Any, subprocess.Popen[bytes], float, Any, Any]] = []
    while queue or running:
        while queue and len(running) < jobs:
            index, (case, argv) = queue.pop(0)
            out = (scratch / f"out-{index}").open("w+b")
            err = (scratch / f"err-{index}").open("w+b")
            process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                       env=env, cwd=scratch, start_new_session=True,
                                       preexec_fn=_cap_memory)
            running.append((index, case, process, time.monotonic() + timeout, out, err))
        time.sleep(0.02)
        for item in list(running):
            index, case, process, deadline, out, err = item
            timed_out, term_ended = False, True
            if process.poll() is None:
                if time.monotonic() < deadline:
                    continue
                timed_out = True
                process.terminate()
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    term_ended = False
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            else:
                with contextlib.suppress(ProcessLookupError):  # helpers it left behind
                    os.killpg(process.pid, signal.SIGKILL)
            running.remove(item)
            texts = []
            for handle in (out, err):
                handle.seek(0)
                texts.append(handle.read().decode("utf-8", "replace"))
                handle.close()
            yield case, Ran(None if timed_out else process.returncode, texts[0], texts[1],
                            timed_out, term_ended)


def classify_command(ran: Ran, ok_codes: frozenset[int], lines: int = 1,
                     stream: str = "stderr") -> Outcome:
    """A command on bad input: ends in time, without a traceback, with an allowed exit
    status and, when it refuses, exactly ``lines`` plain lines, all on ``stream``
    (``scenario`` reports an unreadable file on stdout: its ERROR line and the tally)."""
    if ran.timed_out:
        how = "SIGTERM ended it" if ran.term_ended else "SIGTERM did not end it"
        return Outcome("hang", False, how)
    both = ran.stdout + ran.stderr
    if "Traceback (most recent call last)" in both:
        last = [line for line in both.strip().splitlines() if line.strip()][-1:]
        return Outcome("traceback", False, last[0] if last else "")
    code = ran.returncode
    if code is None or code not in ok_codes:
        if code is not None and code < 0:
            return Outcome(f"killed by {signal.Signals(-code).name}", False, one_line(both))
        return Outcome(f"exit {code}", False, one_line(both))
    if code != 0:
        found = [line for line in both.splitlines() if line.strip()]
        if ran.stderr.startswith("usage:") and len(found) > 1:
            return Outcome("usage and error, not one line", False, one_line(found[-1]))
        if len(found) != lines:
            return Outcome(f"{len(found)} lines of output", False, one_line(both))
        wanted, other = ((ran.stderr, ran.stdout) if stream == "stderr"
                         else (ran.stdout, ran.stderr))
        if other.strip():
            return Outcome(f"refusal not on {stream}", False, one_line(other))
        problem = next(filter(None, map(sentence_problem, wanted.strip().splitlines())), None)
        if problem:
            return Outcome("not one plain line", False, problem)
    return Outcome("accepted" if code == 0 else f"refused, exit {code}", True)


# -- games and actions ------------------------------------------------------------------------
@cache
def configurations() -> list[tuple[str, int, str, tuple[tuple[str, str], ...]]]:
    """Every registered, playable game at every table size, variant and option setting."""
    from game.rules.core.registry import GAMES

    out = []
    for spec in GAMES.values():
        if not spec.playable:
            continue
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


def classify_play(raised: BaseException | None, changed: bool,
                  replay_problem: str | None) -> Outcome:
    """A mutated action fed to ``Match.play``: refused cleanly, accepted into a record that
    replays to the same state, or one of the failures."""
    if raised is None:
        if replay_problem is None:
            return Outcome("accepted, replayable", True)
        return Outcome("accepted, not replayable", False, replay_problem)
    if changed:
        return Outcome("changed the state, then raised", False,
                       f"{type(raised).__name__}: {raised}")
    from game.rules.core.errors import RuleError

    if isinstance(raised, RuleError):
        problem = sentence_problem(str(raised))
        if problem:
            return Outcome("refused, but not in one sentence", False, problem)
        return Outcome("refused", True)
    return Outcome(f"raised {type(raised).__name__}", False, str(raised))


def _field_type(action: Any, name: str) -> str:
    for f in dataclasses.fields(action):
        if f.name == name:
            return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
    return ""


def bad_values(annotation: str, current: Any) -> list[Any]:
    """Wrong types, out-of-range numbers, None, floats, bools, text, lists, huge ints."""
    common: list[Any] = [None, 1.5, float("nan"), float("inf"), "abc", [], {}, [1],
                         10**30, -(10**30)]
    if annotation == "int":
        return [*common, True, False, -1, 25, 99, -(2**63), float(current), str(current),
                [current], (current,)]
    if annotation == "bool":
        return [*common, 0, 1, 2, "true", "false", "", [current]]
    if annotation == "str":
        return [*common, 0, 1, True, "", "nonsense", [current], current + "x", (current,)]
    if annotation.startswith("tuple"):
        items = tuple(current)
        return [*common, list(items), (*items, *items), items[:-1], (None,), (True,),
                ("1",), (1.5,), (10**30,), (-1,), items[::-1],
                tuple(float(x) for x in items), tuple(str(x) for x in items), (items,)]
    return common


def mutate(base: Any, seats: int, to_act: tuple[int, ...], seen: dict[str, Any],
           legal_kinds: set[str], rng: random.Random) -> tuple[Any, str]:
    """A malformed or illegal variant of the legal action ``base``, and its kind of
    damage: not an action, wrong seat, foreign kind, wrong type or wrong value."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice([None, base.to_dict(), base.kind, 3, base.seat]), "not an action"
    if roll < 0.20:
        idle = [s for s in range(seats) if s not in to_act]
        wrong = rng.choice([*idle, *idle, -1, seats, 99, 10**30, "0", float(base.seat), True,
                            None])
        how = "wrong seat" if type(wrong) is int else "wrong seat type"
        return dataclasses.replace(base, seat=wrong), how
    foreign = [a for kind, a in seen.items() if kind not in legal_kinds]
    if roll < 0.35 and foreign:
        return dataclasses.replace(rng.choice(foreign), seat=base.seat), "foreign kind"
    names = [f.name for f in dataclasses.fields(base) if f.name != "seat"] or ["seat"]
    name = rng.choice(names)
    current = getattr(base, name)
    if roll < 0.45 and isinstance(current, int) and not isinstance(current, bool):
        values: list[Any] = [current + 1, current - 1, rng.randrange(-3, 30)]
    else:
        values = bad_values(_field_type(base, name), current)
    value = rng.choice([v for v in values if type(v) is not type(current) or v != current])
    same = type(value) is type(current) and (
        not isinstance(value, tuple) or all(type(v) is int for v in value))
    return (dataclasses.replace(base, **{name: value}),
            "wrong value" if same else "wrong type")


def _replay_problem(match: Any) -> str | None:
    """Why the match's record (as the autosave writes it) does not reload to its state."""
    from game.rules.core.errors import DataError
    from game.rules.core.match import from_record

    try:
        text = json.dumps(match.to_record(), separators=(",", ":"))
        again = from_record(json.loads(text))
    except DataError as exc:
        return f"DataError: {exc}"
    except (TypeError, ValueError, RecursionError, AttributeError, KeyError, IndexError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None if again.state == match.state else "the reloaded state differs"


def _attempt(match: Any, mutant: Any) -> Outcome:
    """Play one mutated action and classify it; a state it damaged is put back."""
    from game.rules.core.registry import bundled_catalogue

    catalogue = bundled_catalogue(match.game)
    state = copy.deepcopy(match.state, {id(catalogue): catalogue})
    record = match.to_record()
    actions = list(match.actions)
    raised: BaseException | None = None
    try:
        match.play(mutant)
    except Exception as exc:  # the probe's purpose: every exception is classified below
        raised = exc
    if raised is not None:
        changed = match.state != state or match.to_record() != record
        outcome = classify_play(raised, changed, None)
    else:
        outcome = classify_play(None, False, _replay_problem(match))
    if not outcome.ok:
        # Go on from the state before: one bad record must not fail every later action.
        match.state, match.actions = state, actions
    return outcome


def play_game(task: tuple[int, int, int]) -> dict[str, Any]:
    """One random legal game (``task`` = configuration index, seed, mutations to try on
    the way); returns its outcome, length and the mutated actions' outcomes. Should the
    game break before all its mutations were tried, they go on in fresh games."""
    index, seed, mutations = task
    config = configurations()[index]
    tried: list[tuple[Outcome, str, str]] = []
    result = _play_one(config, seed, mutations, tried)
    for extra in range(1, 4):
        if len(tried) >= mutations:
            break
        _play_one(config, seed + extra, mutations, tried)
    return result


def _play_one(config: tuple[str, int, str, tuple[tuple[str, str], ...]], seed: int,
              mutations: int, tried: list[tuple[Outcome, str, str]]) -> dict[str, Any]:
    from game.rules.core.errors import RuleError
    from game.rules.core.match import new_match

    game, players, variant, options = config
    label = describe_config(config, seed)
    rng = random.Random(seed)
    rate = 1 / 10
    seen: dict[str, Any] = {}
    steps = 0
    try:
        match = new_match(game, players, variant, seed, dict(options))
        rules = match.spec.rules
        while not rules.is_over(match.state):
            to_act = tuple(rules.to_act(match.state))
            if not to_act:
                return _game(Outcome("stuck", False, "no seat to act"), label, steps, tried)
            seat = rng.choice(to_act)
            legal = rules.legal_actions(match.state, seat)
            if not legal:
                return _game(Outcome("stuck", False, f"seat {seat} has no legal action"),
                             label, steps, tried)
            for action in legal:
                seen.setdefault(action.kind, action)
            if len(tried) < mutations and rng.random() < rate:
                base = rng.choice(legal)
                mutant, how = mutate(base, players, to_act, seen, {a.kind for a in legal}, rng)
                tried.append((_attempt(match, mutant), f"{label} move {steps}: {mutant!r}",
                              how))
                continue
            try:
                match.play(rng.choice(legal))
            except RuleError as exc:
                return _game(Outcome("legal action refused", True, str(exc)), label, steps,
                             tried)
            steps += 1
            if steps > MAX_STEPS:
                return _game(Outcome("never ends", False, f"{steps} actions"), label, steps,
                             tried)
        while len(tried) < mutations and seen:  # the game is over: everything is refused
            base = rng.choice(list(seen.values()))
            mutant, how = mutate(base, players, (), seen, set(), rng)
            tried.append((_attempt(match, mutant), f"{label} after the end: {mutant!r}", how))
    except Exception as exc:  # the probe's purpose: any non-RuleError is a failure to count
        return _game(Outcome(f"raised {type(exc).__name__}", False, f"{exc}"), label, steps,
                     tried)
    return _game(Outcome("played to the end", True), label, steps, tried)


def _game(outcome: Outcome, label: str, steps: int,
          tried: list[tuple[Outcome, str, str]]) -> dict[str, Any]:
    return {"outcome": outcome, "label": f"{label} after {steps} actions", "steps": steps,
            "tried": tried}


def games_tasks(kind: str, count: int, seed: int) -> list[tuple[int, int, int]]:
    """(configuration, game seed, mutations) per game, configurations in turn."""
    configs = len(configurations())
    if kind == "games":
        return [(i % configs, case_rng(seed, kind, i).randrange(2**31), 0) for i in range(count)]
    games = math.ceil(count / MUTATIONS_PER_GAME)
    return [(i % configs, case_rng(seed, kind, i).randrange(2**31),
             min(MUTATIONS_PER_GAME, count - i * MUTATIONS_PER_GAME)) for i in range(games)]


def run_games(kind: str, count: int, seed: int, scratch: Path) -> Report:
    from game.progress import progress

    tasks = games_tasks(kind, count, seed)
    report = Report(kind, "games" if kind == "games" else "mutated actions")
    actions = 0
    later = Counter[str]()
    damage, damage_failed = Counter[str](), Counter[str]()
    with progress(len(tasks), kind, "game") as bar:
        for _, result in Workers(play_game, timeout=120).map(tasks):
            bar.update()
            if not isinstance(result, dict):
                outcome = hang_outcome(result)
                if kind == "games":
                    report.add(outcome, "a game")
                else:
                    later[outcome.name] += 1
                continue
            actions += result["steps"]
            if kind == "games":
                report.add(result["outcome"], result["label"])
                continue
            for outcome, short, how in result["tried"]:
                report.add(outcome, short)
                damage[how] += 1
                damage_failed[how] += not outcome.ok
            if not result["outcome"].ok:
                later[result["outcome"].name] += 1
                if len(report.notes) < 3:
                    report.notes.append(one_line(
                        f"{result['label']}: a later legal move -> {result['outcome'].name}: "
                        f"{result['outcome'].detail}"))
    configs = len(configurations())
    report.notes.insert(0, f"{len(tasks)} games over {configs} configurations, "
                           f"{actions} legal actions applied")
    if damage:
        report.notes.insert(1, "failures by damage: " + ", ".join(
            f"{how} {damage_failed[how]} of {n}" for how, n in damage.most_common()))
    if kind == "actions" and later:
        report.notes.insert(1, "games that broke later (after an accepted mutant, or a hang): "
                            + ", ".join(f"{k} {v}" for k, v in later.items()))
    return report


# -- saves ------------------------------------------------------------------------------------
class NoBots:
    """A BotHost that never thinks, so loading a save starts no worker process."""

    def submit(self, seat: int, view: Any) -> None:
        return None

    def collect(self, wait: float = 0.0) -> Any:
        return None

    def close(self) -> None:
        return None


def fingerprint(path: Path) -> tuple[Any, ...]:
    """What must not change: type, mtime and content (read without following links)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return ("missing",)
    if stat.S_ISREG(st.st_mode):
        return ("file", st.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
    if stat.S_ISLNK(st.st_mode):
        return ("link", st.st_mtime_ns, os.readlink(path))
    if stat.S_ISDIR(st.st_mode):
        return ("dir", st.st_mtime_ns, tuple(sorted(os.listdir(path))))
    return ("special", stat.S_IFMT(st.st_mode), st.st_mtime_ns)


def _facts(call: Callable[[], Any]) -> tuple[str, str, str]:
    """("ok", repr, "") / ("DataError", "", message) / ("raised", type, message)."""
    from game.rules.core.errors import DataError

    try:
        value = call()
    except DataError as exc:
        return ("DataError", "", str(exc))
    except Exception as exc:  # the probe's purpose: every other exception is a finding
        return ("raised", type(exc).__name__, str(exc)[:300])
    return ("ok", one_line(repr(value), 120), "")


def _load(path: Path) -> int:
    """Resume a save as the client does; the number of actions it holds."""
    from game.session import Session

    session = Session.load(path, bots=NoBots())
    return len(session.match.actions)


@cache
def describe_probe() -> Callable[[Path], str] | None:
    """LoadScene.describe, if it can still be called without a window."""
    import inspect

    try:
        from game.scenes.load import LoadScene
    except ImportError:
        return None
    if not isinstance(inspect.getattr_static(LoadScene, "describe", None), staticmethod):
        return None
    return LoadScene.describe


def probe_save(case: tuple[str, str, tuple[Any, ...]]) -> dict[str, tuple[str, str, str]]:
    """Load one damaged save (``case`` = path, how it was damaged, its fingerprint) as the
    client does, and describe it as the Load screen does."""
    path = Path(case[0])
    out = {"load": _facts(lambda: _load(path))}
    describe = describe_probe()
    if describe is not None:
        out["describe"] = _facts(lambda: describe(path))
    return out


def probe_folder(name: str) -> dict[str, tuple[str, str, str]]:
    """What Continue does: the newest save of the folder, loaded."""
    from game.session import latest_save

    found: list[Path | None] = []
    out = {"latest_save": _facts(lambda: found.append(latest_save(Path(name))) or found[-1])}
    if found and found[0] is not None:
        out["load"] = _facts(lambda: _load(found[0]))
    return out


def classify_load(facts: tuple[str, str, str], modified: bool) -> Outcome:
    """Loading a (damaged) save: a Session or one plain DataError, the file untouched."""
    kind, what, message = facts
    if modified:
        return Outcome("file changed", False, "bytes, type or mtime differ after loading")
    if kind == "ok":
        return Outcome("loaded", True)
    if kind == "DataError":
        problem = sentence_problem(message)
        if problem:
            return Outcome("DataError, not one plain sentence", False, problem)
        return Outcome("damaged (DataError)", True)
    return Outcome(f"raised {what}", False, message)


def classify_describe(facts: tuple[str, str, str]) -> Outcome:
    kind, what, message = facts
    if kind == "ok":
        return Outcome("listed", True)
    return Outcome(f"describe raised {what or 'DataError'}", False, message)


RAW = "@@raw@@"
DEEP = "[" * 100_000 + "]" * 100_000
HUGE_NUMBER = "9" * 5000


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


def mutate_record(record: dict[str, Any], rng: random.Random) -> tuple[bytes, str]:
    """A JSON-structure mutation of a save record: the bytes and a short description."""
    paths = key_paths(record)
    path = rng.choice(paths)
    where = ".".join(map(str, path))
    value = record
    for key in path:
        value = value[key]
    op = rng.choice(["swap", "swap", "swap", "delete", "deep", "digits", "nan", "list",
                     "level"])
    if op == "delete" and isinstance(record, dict):
        return dump_with_raw(with_value(record, path, None, delete=True), ""), f"no {where}"
    if op == "deep":
        return dump_with_raw(with_value(record, path, RAW), DEEP), f"deep nesting at {where}"
    if op == "digits":
        return (dump_with_raw(with_value(record, path, RAW), HUGE_NUMBER),
                f"5000 digits at {where}")
    if op == "nan":
        raw = rng.choice(["NaN", "Infinity", "-Infinity", "1e400"])
        return dump_with_raw(with_value(record, path, RAW), raw), f"{raw} at {where}"
    if op == "list":
        return dump_with_raw(with_value(record, path, [value]), ""), f"[...] at {where}"
    if op == "level":
        seats = record.get("client", {}).get("seats", [])
        if seats:
            i = rng.randrange(len(seats))
            level = rng.choice(["grandmaster", "", "EASY", None, 3, ["hard"]])
            doc = with_value(record, ("client", "seats", i, "level"), level)
            return dump_with_raw(doc, ""), f"bot level {level!r} at client.seats[{i}]"
    swap = rng.choice([None, True, 0, -1, 1.5, "x", "", [], {}, [1, 2], {"a": 1}, 10**30,
                       -(10**30), "goblins", 2**63])
    return (dump_with_raw(with_value(record, path, swap), ""),
            f"{one_line(repr(swap), 20)} at {where}")


def base_saves(folder: Path, seed: int, count: int = 6) -> list[bytes]:
    """Real autosaves: random seats, random lengths, some finished, of every config."""
    from game.ai.bots import LEVELS
    from game.session import AI, HUMAN, Seat, Session

    out = []
    configs = configurations()
    for i in range(count):
        rng = case_rng(seed, "base-saves", i)
        game, players, variant, options = configs[rng.randrange(len(configs))]
        seats = [Seat(rng.choice([HUMAN, AI]), rng.choice(LEVELS)) for _ in range(players)]
        (folder / str(i)).mkdir(parents=True)  # Session.new does not make its folder
        session = Session.new(game, seats, variant, rng.randrange(10**6), folder / str(i),
                              dict(options), bots=NoBots())
        moves = rng.choice([0, 5, 60, 200, 10**6])
        while not session.is_over() and len(session.match.actions) < moves:
            seat = rng.choice(session.to_act())
            session.play(rng.choice(session.rules.legal_actions(session.state, seat)))
        assert session.path is not None
        out.append(session.path.read_bytes())
    return out


SAVE_SPECIALS = ["dangling symlink", "symlink loop", "FIFO", "directory", "empty",
                 "huge (48 MB)", "deep nesting", "deep nesting at game", "5000-digit seed",
                 "list as the game id", "unknown bot level", "no actions key", "not UTF-8",
                 "NaN seed"]


def build_save(path: Path, index: int, seed: int, bases: list[bytes]) -> str:
    """Write case ``index`` at ``path``; the specials first, then random damage."""
    rng = case_rng(seed, "saves", index)
    base = rng.choice(bases)
    record = json.loads(base)
    if index < len(SAVE_SPECIALS):
        special = SAVE_SPECIALS[index]
        if special == "dangling symlink":
            path.symlink_to(path.with_name("nowhere.json"))
        elif special == "symlink loop":
            path.symlink_to(path.name)
        elif special == "FIFO":
            os.mkfifo(path)
        elif special == "directory":
            path.mkdir()
        elif special == "huge (48 MB)":
            path.write_bytes(b'{"format":1,"game":"' + b"x" * (48 << 20) + b'"}')
        else:
            path.write_bytes({
                "empty": b"",
                "deep nesting": DEEP.encode(),
                "deep nesting at game": dump_with_raw(dict(record, game=RAW), DEEP),
                "5000-digit seed": dump_with_raw(dict(record, seed=RAW), HUGE_NUMBER),
                "list as the game id": dump_with_raw(dict(record, game=[record["game"]]), ""),
                "unknown bot level": dump_with_raw(with_value(
                    record, ("client", "seats", 0, "level"), "grandmaster"), ""),
                "no actions key": dump_with_raw(with_value(record, ("actions",), None, True), ""),
                "not UTF-8": base[:40] + b"\xff\xfe" + base[40:],
                "NaN seed": dump_with_raw(dict(record, seed=RAW), "NaN"),
            }[special])
        return special
    roll = rng.random()
    data = bytearray(base)
    if roll < 0.25:
        flips = rng.choice([1, 1, 2, 8])
        for _ in range(flips):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        return f"{flips} bit flip(s)"
    if roll < 0.40:
        cut = rng.randrange(len(data))
        path.write_bytes(bytes(data[:cut]))
        return f"truncated to {cut} of {len(data)} bytes"
    damaged, how = mutate_record(record, rng)
    path.write_bytes(damaged)
    return how


def run_saves(count: int, seed: int, scratch: Path) -> Report:
    from game.progress import progress

    report = Report("saves", f"runs ({count} damaged saves loaded, latest_save, "
                             f"{len(AUTOSAVE_PROBES)} autosave probes)")
    bases = base_saves(scratch / "base", seed)
    folder = scratch / "saves"
    folder.mkdir()
    cases = []
    for i in range(count):
        path = folder / f"{i:05d}.json"
        how = build_save(path, i, seed, bases)
        cases.append((str(path), how, fingerprint(path)))
    if describe_probe() is None:
        report.notes.append("LoadScene.describe is not a staticmethod any more: not probed")
    described = Report("describe", "")
    with progress(count, "saves", "file") as bar:
        for (name, how, before), result in Workers(probe_save, timeout=10).map(cases):
            bar.update()
            short = f"{Path(name).name} ({how})"
            if not isinstance(result, dict):
                report.add(hang_outcome(result), short)
                continue
            modified = fingerprint(Path(name)) != before
            report.add(classify_load(result["load"], modified), short)
            if "describe" in result:
                described.add(classify_describe(result["describe"]), short)
    if described.failures:
        report.notes.append("LoadScene.describe (the Load screen's line per save): "
                            + ", ".join(f"{k} {v}" for k, v in described.failed.items())
                            + f" of {sum(described.counts.values())}")
        report.notes.extend(f"describe: {e}" for e in described.examples[:2])
    for _, result in Workers(probe_folder, timeout=30, jobs=1).map([str(folder)]):
        short = f"latest_save() over the {count} hostile files"
        if not isinstance(result, dict):
            report.add(hang_outcome(result), short)
        elif result["latest_save"][0] != "ok":
            report.add(Outcome(f"latest_save raised {result['latest_save'][1]}", False,
                               result["latest_save"][2]), short)
        elif "load" in result:
            report.add(classify_load(result["load"], False), short + " then loaded")
        else:
            report.add(Outcome("latest_save found none", True), short)
    cases = [(name, str(scratch / f"autosave-{i}")) for i, name in enumerate(AUTOSAVE_PROBES)]
    for (name, _), result in Workers(probe_autosave, timeout=30, jobs=1).map(cases):
        report.add(classify_autosave(result) if isinstance(result, tuple)
                   else hang_outcome(result), name)
    return report


AUTOSAVE_PROBES = ("two games of one seed started in one second", "autosave, folder removed",
                   "autosave, disk full")
"""The issue's other save promises: unique file names, and an autosave I/O error that is
a message and a retry, not a traceback (disk full is a file-size limit here)."""


def probe_autosave(case: tuple[str, str]) -> tuple[str, str, str]:
    """Facts for one AUTOSAVE_PROBES case, for ``classify_autosave``. With the saves
    failing, two moves are played; then the folder or the space comes back and one more
    move must be saved whole (the retry)."""
    name, where = case
    from game.session import Seat, Session

    folder = Path(where)
    folder.mkdir()
    game, players, variant, options = configurations()[0]

    def start() -> Session:
        return Session.new(game, [Seat() for _ in range(players)], variant, 7, folder=folder,
                           options=dict(options), bots=NoBots())

    def move(session: Session) -> None:
        seat = session.to_act()[0]
        session.play(session.rules.legal_actions(session.state, seat)[0])

    first = start()
    assert first.path is not None
    if name == AUTOSAVE_PROBES[0]:
        move(first)
        kept = first.path.read_bytes()
        second = start()
        if second.path == first.path or first.path.read_bytes() != kept:
            return ("overwrote", "", f"both games save to {first.path.name}")
        return ("ok", "", "")
    if name == AUTOSAVE_PROBES[1]:
        shutil.rmtree(folder)
        failing = _facts(lambda: (move(first), move(first)))
        folder.mkdir()
    else:
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, hard))
        try:
            failing = _facts(lambda: (move(first), move(first)))
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            signal.signal(signal.SIGXFSZ, previous)
    retry = _facts(lambda: move(first))
    if retry[0] != "ok":
        return ("retry " + retry[0], retry[1], retry[2])
    saved = _facts(lambda: _load(max(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)))
    if saved[0] != "ok" or int(saved[1]) != len(first.match.actions):
        return ("retry lost moves", "",
                f"{len(first.match.actions)} moves played, the save: {saved[1] or saved[2]}")
    if failing[0] == "raised" and failing[1] in OS_ERRORS:
        return failing
    return ("ok", failing[1], failing[2])


OS_ERRORS = frozenset(cls.__name__ for cls in (
    OSError, FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError,
    FileExistsError, BlockingIOError, InterruptedError))
"""A raw I/O error escaping ``Session.play`` is the traceback the issue means; an
exception of the game's own (which the client may show as a notice) is not judged here."""


def classify_autosave(facts: tuple[str, str, str]) -> Outcome:
    """Play goes on through a failing autosave and the next save holds every move; a new
    game never takes another's file."""
    kind, what, message = facts
    if kind == "ok":
        return Outcome("kept playing, retry saved" + (f" (after {what})" if what else ""),
                       True)
    if kind == "overwrote":
        return Outcome("save overwritten", False, message)
    if kind.startswith("retry"):
        return Outcome(kind if kind == "retry lost moves" else f"retry raised {what or kind}",
                       False, message)
    return Outcome(f"raised {what or kind}", False, message)


# -- kill -9 ----------------------------------------------------------------------------------
KILL_CHILD = """
import json, random, sys
from pathlib import Path
from game.session import Seat, Session
game, players, variant, seed, folder, options = sys.argv[1:7]
seed = int(seed)
session = Session.new(game, [Seat() for _ in range(int(players))], variant, seed,
                      folder=Path(folder), options=json.loads(options))
print(0, flush=True)
rng = random.Random(seed)
while not session.is_over():
    seat = rng.choice(session.to_act())
    session.play(rng.choice(session.rules.legal_actions(session.state, seat)))
    print(len(session.match.actions), flush=True)
print("over", flush=True)
"""


def classify_kill(reported: int | None, loaded: tuple[str, str, str] | None) -> Outcome:
    """After kill -9: the newest save loads with at least the moves reported saved.
    ``reported`` is None when the child was killed before its first save; ``loaded`` is
    the load's facts (kind, detail, message), None when no save was found."""
    if loaded is not None and loaded[0] != "ok":
        return Outcome("load failed", False, f"{loaded[1] or loaded[0]}: {loaded[2]}")
    if reported is None:
        return Outcome("killed before the first save", True)
    if loaded is None:
        return Outcome("no save found", False, f"{reported} moves were reported saved")
    moves = int(loaded[1])
    if moves < reported:
        return Outcome("moves lost", False, f"{reported} reported saved, {moves} in the save")
    return Outcome("resumed, nothing lost", True)


def one_kill(index: int, seed: int, scratch: Path,
             env: dict[str, str]) -> tuple[Outcome, str, int | None, bool]:
    """Kill -9 one autosaving child at a random moment; (outcome, input in short, moves
    the child reported saved, whether its game had ended first)."""
    from game.session import latest_save

    rng = case_rng(seed, "kills", index)
    config = configurations()[rng.randrange(len(configurations()))]
    game, players, variant, options = config
    game_seed = rng.randrange(2**31)
    folder = scratch / f"kill-{index}"
    folder.mkdir()
    after = rng.choice([-1, *range(0, 250)])  # -1: during start-up
    jitter = rng.random() * 0.004
    argv = [sys.executable, "-c", KILL_CHILD, game, str(players), variant, str(game_seed),
            str(folder), json.dumps(dict(options))]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, text=True)
    assert process.stdout is not None
    lines = []
    if after >= 0:
        for line in process.stdout:
            lines.append(line.strip())
            if line.strip() == "over" or len(lines) > after:
                break
    time.sleep(jitter if after >= 0 else rng.random() * 0.5)
    process.kill()
    rest, errors = process.communicate()
    lines += rest.split()
    counts = [int(x) for x in lines if x.isdigit()]
    reported = max(counts) if counts else None
    short = (f"{describe_config(config, game_seed)}, killed after "
             f"{'start-up' if reported is None else f'{reported} saved moves'}")
    if process.returncode != -signal.SIGKILL and "over" not in lines:
        # It stopped on its own before the end of its game: the harness or the game broke.
        last = errors.strip().splitlines()[-1:] or [f"exit {process.returncode}"]
        return Outcome("child failed", False, last[0]), short, reported, False
    found = latest_save(folder)
    loaded = _facts(lambda: _load(found)) if found else None
    return classify_kill(reported, loaded), short, reported, "over" in lines


def run_kills(count: int, seed: int, scratch: Path, env: dict[str, str]) -> Report:
    from game.progress import progress

    report = Report("kills", "kill -9 during autosaved play")
    moves, over = [], 0
    with progress(count, "kills", "kill") as bar, ThreadPoolExecutor(JOBS) as pool:
        for outcome, short, reported, ended in pool.map(
                lambda i: one_kill(i, seed, scratch, env), range(count)):
            bar.update()
            report.add(outcome, short)
            moves.append(reported or 0)
            over += ended
    report.notes.append(f"killed after a median of {sorted(moves)[len(moves) // 2]} saved "
                        f"moves (max {max(moves)}); {over} games had ended before the kill")
    return report


# -- settings ---------------------------------------------------------------------------------
def settings_ranges() -> dict[str, Callable[[Any], bool]]:
    """The values a loaded Settings may hold: those the Settings screen offers."""
    from game.rules.core.registry import GAMES
    from game.settings import AI_PAUSES, ANIMATION_SPEEDS

    seats = max(n for spec in GAMES.values() for n in spec.player_counts)

    def number(low: float, high: float) -> Callable[[Any], bool]:
        return lambda v: (isinstance(v, int | float) and not isinstance(v, bool)
                          and math.isfinite(v) and low <= v <= high)

    def controller(c: Any) -> bool:
        return (isinstance(c, dict) and isinstance(c.get("url"), str)
                and (c.get("seat") is None or (type(c.get("seat")) is int
                                               and 0 <= c["seat"] < seats)))

    return {
        "window_size": lambda v: (isinstance(v, tuple) and len(v) == 2 and all(
            type(x) is int and 320 <= x <= 10000 for x in v)),
        "fullscreen": lambda v: isinstance(v, bool),
        "sound_volume": number(0.0, 1.0),
        "music_volume": number(0.0, 1.0),
        "animation_speed": number(min(ANIMATION_SPEEDS), max(ANIMATION_SPEEDS)),
        "ai_pause": number(min(AI_PAUSES), max(AI_PAUSES)),
        "glyphs": lambda v: isinstance(v, bool),
        "controllers": lambda v: isinstance(v, list) and all(map(controller, v)),
    }


def out_of_range(values: dict[str, Any]) -> list[str]:
    checks = settings_ranges()
    return [f"{name}={one_line(repr(values.get(name)), 40)}" for name, ok in checks.items()
            if not ok(values.get(name))]


def folder_contents(folder: Path) -> tuple[list[bytes], Counter[str]]:
    """Every regular file's bytes under ``folder`` and a count of the other entry types."""
    blobs, others = [], Counter[str]()
    for path in sorted(folder.rglob("*")):
        mode = os.lstat(path).st_mode
        if stat.S_ISREG(mode):
            blobs.append(path.read_bytes())
        elif stat.S_ISFIFO(mode):
            others["fifo"] += 1
        elif stat.S_ISDIR(mode):
            others["dir"] += 1
    return blobs, others


def probe_settings(name: str) -> tuple[str | None, str | None, dict[str, Any]]:
    """(exception type or None, the one-line report or exception text, the values)."""
    from game.settings import load_settings

    try:
        settings, message = load_settings(Path(name) / "settings.json")
    except Exception as exc:  # the probe's purpose: any exception is a finding
        return type(exc).__name__, str(exc)[:300], {}
    return None, message, {f.name: getattr(settings, f.name)
                           for f in dataclasses.fields(settings)}


def classify_settings(facts: tuple[str | None, str | None, dict[str, Any]],
                      lost: list[str]) -> Outcome:
    """Loading a hostile settings.json: in-range values, nothing lost, one-line report."""
    raised, report, values = facts
    if raised is not None:
        return Outcome(f"raised {raised}", False, report or "")
    if lost:
        return Outcome("file lost", False, "; ".join(lost))
    bad = out_of_range(values)
    if bad:
        return Outcome("setting out of range", False, ", ".join(bad))
    if report is not None:
        problem = sentence_problem(report)
        if problem:
            return Outcome("report not one line", False, problem)
        return Outcome("reset, reported", True)
    return Outcome("loaded", True)


SETTINGS_SPECIALS = ["deep nesting", "NaN volume", "Infinity speed", "1e400 pause",
                     "5000-digit width", "huge int volume", "directory at the path",
                     "FIFO at the path", "directory where the backup goes",
                     "an older backup present", "not UTF-8", "empty", "a list",
                     "negative volume", "volume 1.9", "speed 0", "seat 99"]


def build_settings(folder: Path, index: int, seed: int) -> str:
    from game.settings import Settings

    rng = case_rng(seed, "settings", index)
    good = dataclasses.asdict(Settings())
    good["window_size"] = list(good["window_size"])
    good["controllers"] = [{"url": "socket://127.0.0.1:7001", "seat": 1}]
    path = folder / "settings.json"

    def write(doc: Any, raw: str = "") -> None:
        path.write_bytes(dump_with_raw(doc, raw))

    if index < len(SETTINGS_SPECIALS):
        special = SETTINGS_SPECIALS[index]
        simple: dict[str, Callable[[], None]] = {
            "deep nesting": lambda: write(dict(good, glyphs=RAW), DEEP),
            "NaN volume": lambda: write(dict(good, sound_volume=RAW), "NaN"),
            "Infinity speed": lambda: write(dict(good, animation_speed=RAW), "Infinity"),
            "1e400 pause": lambda: write(dict(good, ai_pause=RAW), "1e400"),
            "5000-digit width": lambda: write(dict(good, window_size=[RAW, 720]), HUGE_NUMBER),
            "huge int volume": lambda: write(dict(good, music_volume=10**30)),
            "directory at the path": path.mkdir,
            "FIFO at the path": lambda: os.mkfifo(path),
            "not UTF-8": lambda: path.write_bytes(b'{"glyphs": "\xff\xfe"}'),
            "empty": lambda: path.write_bytes(b""),
            "a list": lambda: write([good]),
            "negative volume": lambda: write(dict(good, sound_volume=-0.5)),
            "volume 1.9": lambda: write(dict(good, music_volume=1.9)),
            "speed 0": lambda: write(dict(good, animation_speed=0)),
            "seat 99": lambda: write(dict(good, controllers=[{"url": "x", "seat": 99}])),
        }
        if special in simple:
            simple[special]()
        elif special == "directory where the backup goes":
            write(dict(good, glyphs="yes"))
            (folder / "settings.bad.json").mkdir()
            (folder / "settings.bad.json" / "keep.txt").write_text("keep")
        else:  # an older backup present: a second bad file must not overwrite it
            write(dict(good, fullscreen="no"))
            (folder / "settings.bad.json").write_text('{"older": "backup"}')
        return special
    paths = key_paths(good)
    where = rng.choice(paths)
    value = rng.choice([None, True, "x", [], {}, -1, 0, 2.5, 10**30, [1, 2, 3], {"a": [1]},
                        "1280x720", -(10**30), 1e308, [good]])
    raw = rng.choice(["", "", "", "NaN", "Infinity", "-Infinity", "1e400", HUGE_NUMBER])
    if raw:
        write(with_value(good, where, RAW), raw)
        return (f"{'5000 digits' if raw == HUGE_NUMBER else raw} at "
                f"{'.'.join(map(str, where))}")
    write(with_value(good, where, value))
    return f"{one_line(repr(value), 20)} at {'.'.join(map(str, where))}"


def run_settings(count: int, seed: int, scratch: Path) -> Report:
    report = Report("settings", "hostile settings.json loaded")
    cases = []
    for i in range(count):
        folder = scratch / f"settings-{i}"
        folder.mkdir()
        how = build_settings(folder, i, seed)
        cases.append((str(folder), how, folder_contents(folder)))
    by_folder = {c[0]: c for c in cases}
    for name, result in Workers(probe_settings, timeout=10).map([c[0] for c in cases]):
        _, how, (blobs, others) = by_folder[name]
        short = f"settings.json ({how})"
        if not isinstance(result, tuple):
            report.add(hang_outcome(result), short)
            continue
        after, after_others = folder_contents(Path(name))
        lost = [f"{len(b)} bytes ({one_line(b[:30], 40)})" for b in blobs if b not in after]
        lost += [f"a {k}" for k, v in others.items() if after_others[k] < v]
        report.add(classify_settings(result, lost), short)
    return report


# -- cards ------------------------------------------------------------------------------------
BILLION_LAUGHS = """lol0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
""" + "".join(f"lol{i}: &a{i} [{','.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))


CARD_SPECIALS = ["deep nesting", "NUL byte", "tab indentation", "superscript digit",
                 "5000-digit number", "complex key", "list as a name", "deleted section",
                 "alias to a section", "empty", "not UTF-8", "billion laughs",
                 "huge file (32 MB)"]
"""The issue's named cases, built first; the slow ones (until the memory cap or the time
limit stops them today) last, so a tiny --scale stays quick. Each must be refused (exit 2)
except an alias to a whole section, which is plain YAML; a random mutation may also be
accepted (a deleted optional key, say)."""


def build_cards(path: Path, index: int, seed: int, bundled: str) -> tuple[str, bool]:
    """Write case ``index`` at ``path``: the specials first, then random damage. Returns
    the case in short and whether only a refusal is right for it."""
    import yaml

    rng = case_rng(seed, "cards", index)
    lines = bundled.splitlines(keepends=True)
    data = yaml.safe_load(bundled)
    special = CARD_SPECIALS[index] if index < len(CARD_SPECIALS) else rng.choice(
        ["text", "data", "data", "data"])
    refuse = special in CARD_SPECIALS and special != "alias to a section"
    numbers = [m.span() for m in re.finditer(r"(?<=: )\d+(?=[ ,}\]]*$)|(?<=\")\d(?=,\d\")",
                                              bundled, re.M)]
    named = [i for i, line in enumerate(lines) if "name:" in line]
    text = bundled
    if special == "billion laughs":
        text = BILLION_LAUGHS + bundled
    elif special == "deep nesting" and named:
        i = rng.choice(named)
        key, _, _ = lines[i].partition("name:")
        lines[i] = f"{key}name: {'[' * 50_000}{']' * 50_000}\n"
        text = "".join(lines)
    elif special == "NUL byte":
        i = rng.randrange(len(bundled))
        text = bundled[:i] + "\0" + bundled[i:]
    elif special == "tab indentation":
        i = rng.choice([i for i, line in enumerate(lines) if line.startswith("  ")])
        lines[i] = "\t" + lines[i][2:]
        text = "".join(lines)
    elif special in ("superscript digit", "5000-digit number"):
        # A whole-number value or a square's row ("3,3"); the line is in the description.
        start, end = rng.choice(numbers)
        value = "²" if special == "superscript digit" else HUGE_NUMBER
        text = bundled[:start] + value + bundled[end:]
        special += f" at line {bundled.count(chr(10), 0, start) + 1}"
    elif special == "complex key":
        text = re.sub("^goblins:\n", "goblins:\n  ? [a, b]\n  : 1\n", bundled, count=1,
                      flags=re.M)
    elif special == "list as a name" and named:
        i = rng.choice(named)
        key, _, value = lines[i].partition("name:")
        lines[i] = f"{key}name: [{value.strip()}]\n"
        text = "".join(lines)
    elif special == "huge file (32 MB)":
        text = bundled + ("# padding " + "x" * 90 + "\n") * ((32 << 20) // 100)
    elif special == "deleted section":
        text = yaml.safe_dump({k: v for k, v in data.items() if k != "goblins"} or {"x": 1})
    elif special == "alias to a section":
        section = next(iter(data))
        text = re.sub(f"^{section}:", f"{section}: &sec", bundled, count=1, flags=re.M) + (
            "copy: *sec\n")
    elif special == "empty":
        text = ""
    elif special == "not UTF-8":
        path.write_bytes(bundled.encode()[:100] + b"\xff" + bundled.encode()[100:])
        return special, refuse
    elif special == "text":
        i = rng.randrange(len(lines))
        op = rng.choice(["delete line", "duplicate line", "indent", "truncate"])
        if op == "delete line":
            del lines[i]
        elif op == "duplicate line":
            lines.insert(i, lines[i])
        elif op == "indent":
            lines[i] = "   " + lines[i]
        else:
            lines = lines[:i]
        text = "".join(lines)
        special = f"{op} {i + 1}"
    else:
        text, special = _mutate_cards(data, rng)
    path.write_text(text, encoding="utf-8")
    return special, refuse


def _mutate_cards(data: Any, rng: random.Random) -> tuple[str, str]:
    """A key deleted or a value's type swapped somewhere in the card data."""
    import yaml

    path = rng.choice(key_paths(data))
    where = ".".join(map(str, path))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and rng.random() < 0.4:
        return yaml.safe_dump(with_value(data, path, None, delete=True), sort_keys=False), (
            f"deleted {where}")
    current = parent[path[-1]]
    value = rng.choice([None, True, "x", "", [], {}, -1, 0, 1.5, 10**30, [current],
                        {"a": current}, "3²", "١٢"])
    return yaml.safe_dump(with_value(data, path, value), sort_keys=False,
                          allow_unicode=True), f"{one_line(repr(value), 20)} at {where}"


def run_cards(count: int, seed: int, scratch: Path, env: dict[str, str]) -> Report:
    from game.rules.core.data import bundled_cards_path

    report = Report("cards", "hostile cards.yaml validated")
    bundled = bundled_cards_path().read_text(encoding="utf-8")
    cases = []
    for i in range(count):
        path = scratch / f"cards-{i}.yaml"
        how, refuse = build_cards(path, i, seed, bundled)
        cases.append(((path, how, refuse),
                      [sys.executable, "-m", "game", "validate-data", str(path)]))
    for (path, how, refuse), ran in run_commands(cases, env, timeout=30, scratch=scratch):
        report.add(classify_command(ran, frozenset({2} if refuse else {0, 2})),
                   f"{path.name} ({how})")
    return report


# -- command lines ----------------------------------------------------------------------------
BAD_NUMBERS = ["0", "-1", str(10**12), "abc", "1e3"]


def cli_cases(scratch: Path) -> list[list[str]]:
    """Bad command lines for every subcommand; files they name are made in ``scratch``.
    Excluded on purpose: ``arena --jobs 10**12`` (it would fork without bound on a shared
    machine) and ``play`` with good arguments (it opens the client and waits)."""
    deep = scratch / "deep.yaml"
    deep.write_text("a: " + "[" * 50_000 + "]" * 50_000 + "\n")
    bomb = scratch / "bomb.yaml"
    bomb.write_text(BILLION_LAUGHS)
    empty = scratch / "empty.yaml"
    empty.write_text("")
    binary = scratch / "binary.yaml"
    binary.write_bytes(bytes(range(256)) * 4)
    folder = scratch / "a-folder"
    folder.mkdir(exist_ok=True)
    missing = str(scratch / "missing.yaml")
    cases: list[list[str]] = []
    for number in BAD_NUMBERS:
        cases += [["simulate", "--players", number], ["simulate", "--games", number],
                  ["arena", "--players", number], ["arena", "--games", number],
                  ["arena", "--budget", number], ["bench", "render", "--frames", number]]
        if number != str(10**12):  # arena --jobs 10**12 would fork without bound here
            cases.append(["arena", "--jobs", number])
    cases += [["simulate", "--seed", "abc"], ["simulate", "--seed", "1e3"],
              ["simulate", "--variant", "nonsense"], ["simulate", "--game", "nonsense"],
              ["simulate", "--bogus"], ["simulate", "extra"],
              ["arena", "--seats", ""], ["arena", "--seats", "hard"],
              ["arena", "--seats", "hard,grandmaster"], ["arena", "--seats", "a,b,c"],
              ["arena", "--variant", "nonsense", "--games", "1", "--seats", "easy,normal"],
              ["arena", "--seed", "abc"], ["arena", "--bogus"],
              ["bench", "nonsense"], ["bench", "render", "--with-bot", "grandmaster"],
              ["bench", "--bogus"],
              ["screenshot", "--scene", "title", str(folder)],
              ["screenshot", "--scene", "combat", str(folder)],
              ["screenshot", "--scene", "title", "/dev/null/out.png"],
              ["screenshot", "--scene", "title", "/proc/botyard-out.png"],
              ["screenshot", "--scene", "title", str(empty / "out.png")],
              ["screenshot", "--scene", "nonsense", "out.png"],
              ["screenshot", "--game", "nonsense", "out.png"],
              ["screenshot", "--seed", "abc", "out.png"],
              ["screenshot", "--seed", "1e3", "out.png"], ["screenshot"],
              ["screenshot", "--bogus", "out.png"],
              ["scenario", str(deep)], ["scenario", str(bomb)], ["scenario", missing],
              ["scenario", str(folder)], ["scenario", str(empty)], ["scenario", str(binary)],
              ["scenario"], ["scenario", "--bogus"],
              ["validate-data", str(deep)], ["validate-data", str(bomb)],
              ["validate-data", missing], ["validate-data", str(folder)],
              ["validate-data", str(empty)], ["validate-data", str(binary)],
              ["validate-data", str(empty), str(empty)], ["validate-data", "--bogus"],
              ["controller-sim"], ["controller-sim", "--role", "nonsense"],
              ["controller-sim", "--role", "pilot", "--listen", "nonsense"],
              ["controller-sim", "--role", "pilot", "--listen", "127.0.0.1:99999"],
              ["controller-sim", "--role", "pilot", "--script", missing],
              ["controller-sim", "--role", "pilot", "--uid", "zz"],
              ["controller-sim", "--role", "pilot", "--bogus"],
              ["play", "--bogus"], ["play", "extra"], ["--bogus"], ["frobnicate"]]
    return cases


def run_cli(count: int, seed: int, scratch: Path, env: dict[str, str]) -> Report:
    report = Report("cli", "bad command lines")
    every = cli_cases(scratch)
    rng = case_rng(seed, "cli", 0)
    chosen = (rng.sample(every, count) if count <= len(every)
              else every + [rng.choice(every) for _ in range(count - len(every))])
    cases = [(argv, [sys.executable, "-m", "game", *argv]) for argv in chosen]
    for argv, ran in run_commands(cases, env, timeout=20, scratch=scratch):
        files = argv[0] == "scenario" and len(argv) > 1 and not argv[1].startswith("-")
        outcome = (classify_command(ran, frozenset({2}), lines=2, stream="stdout") if files
                   else classify_command(ran, frozenset({2})))
        report.add(outcome, one_line("botyard " + " ".join(a if a else "''" for a in argv), 90))
    return report


# -- the command ------------------------------------------------------------------------------
def size(kind: str, scale: float) -> int:
    return max(1, round(SIZES[kind] * scale))


def run_kind(kind: str, scale: float, seed: int, scratch: Path) -> Report:
    count = size(kind, scale)
    env = child_env(scratch / "home")
    if kind in ("games", "actions"):
        return run_games(kind, count, seed, scratch)
    if kind == "saves":
        return run_saves(count, seed, scratch)
    if kind == "kills":
        return run_kills(count, seed, scratch, env)
    if kind == "settings":
        return run_settings(count, seed, scratch)
    if kind == "cards":
        return run_cards(count, seed, scratch, env)
    return run_cli(count, seed, scratch, env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", metavar="KIND", help=", ".join(SIZES))
    parser.add_argument("--scale", type=float, default=1.0,
                        help="fraction of the original run's sizes (default 1)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every run (input and outcome), not only failing examples")
    args = parser.parse_args(argv)
    global VERBOSE
    VERBOSE = args.verbose
    unknown = [k for k in args.kinds if k not in SIZES]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r} (one of {', '.join(SIZES)})")
    if not (math.isfinite(args.scale) and 0 < args.scale <= 100):
        parser.error("--scale must be above 0 and at most 100")
    kinds = args.kinds or list(SIZES)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="botyard-reliability-") as tmp:
        SCRATCH[:] = [tmp]
        home = Path(tmp) / "home"
        home.mkdir()
        # In-process probes must not touch the real user directory or open a window.
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                          BOTYARD_HOME=str(home))
        print(f"reliability run: seed {args.seed}, scale {args.scale:g}", flush=True)
        for kind in kinds:
            scratch = Path(tmp) / kind
            scratch.mkdir()
            start = time.perf_counter()
            report = run_kind(kind, args.scale, args.seed, scratch)
            report.notes.append(f"{time.perf_counter() - start:.1f} s")
            print("\n".join(report.lines()), flush=True)
            failures += report.failures
            shutil.rmtree(scratch, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
