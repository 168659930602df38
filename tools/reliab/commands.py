"""The cards and cli kinds: hostile cards.yaml files through ``botyard validate-data``
and bad command lines for every subcommand, each in a child process with a time limit
and a memory cap, ending in one plain line and exit status 2 (or 0 for a valid file)."""

from __future__ import annotations

import contextlib
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reliab.core import (
    BILLION_LAUGHS,
    HUGE_NUMBER,
    JOBS,
    Outcome,
    Report,
    case_rng,
    key_paths,
    one_line,
    sentence_problem,
    with_value,
)

MEMORY_CAP = 2 << 30
"""RLIMIT_AS for command-line children: an alias bomb must fail, not swap the machine."""


@dataclass(frozen=True)
class Ran:
    """What a child process did."""

    returncode: int | None
    stdout: str
    stderr: str
    timed_out: bool = False
    term_ended: bool = True


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


CARD_SPECIALS = ["deep nesting", "NUL byte", "tab indentation", "superscript digit",
                 "5000-digit number", "complex key", "list as a name", "deleted section",
                 "alias to a section", "empty", "not UTF-8", "billion laughs",
                 "huge file (32 MB)"]
"""The issue's named cases, built first; the slow ones (until the memory cap or the time
limit stops them today) last, so a tiny --scale stays quick. Each must be refused (exit 2)
except an alias to a whole section, which is plain YAML; a random mutation may also be
accepted (a deleted optional key, say)."""


def _block_lines(lines: list[str]) -> list[int]:
    """The lines that start outside any flow collection ({...} or [...] spanning lines):
    YAML lets a tab stand as white space inside one, so only these must refuse it."""
    starts, depth = [], 0
    for i, line in enumerate(lines):
        if depth == 0:
            starts.append(i)
        quoted = ""
        for char in line:
            if quoted:
                quoted = "" if char == quoted else quoted
            elif char in "\"'":
                quoted = char
            elif char == "#":
                break
            elif char in "{[":
                depth += 1
            elif char in "}]":
                depth -= 1
    return starts


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
        i = rng.choice([i for i in _block_lines(lines) if lines[i].startswith("  ")])
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
