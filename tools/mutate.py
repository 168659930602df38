"""Mutation testing of the rules and session modules: `make mutate` runs this.

mutmut (configured in pyproject.toml, [tool.mutmut]) keeps its verdicts in mutants/
and, on a later run, re-tests only functions whose source changed. A mutant that
survived before may be killed by a test added since, so this script first re-tests the
survivors of the previous run, then lets mutmut test every mutant it has no verdict
for, and prints the kill rate per file and for the whole set, with the survivors.
Delete mutants/ for a run from scratch.

    python tools/mutate.py [--report] [--game NAME] [MUTANT_GLOB ...]

``--report`` only prints the figures of the last run (with ``--game``, that game's).
Mutant globs (such as ``game.rules.goblins.scoring*``; `make mutate MUTANTS=...`) limit
the run to those mutants, and mutmut then re-tests every one of them, cached verdict or
not.
``--game NAME`` narrows the tests to that game's rules tests, its scenario files and
the core rules tests (`game_only`): mutmut's first, instrumented run then plays only
those, not every game's, which on a busy 2-core machine is the difference between
minutes and hours. Use it with globs of that game's mutants only, and delete
mutants/mutmut-stats.json when switching back to the whole set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

MUTANTS = Path("mutants")
MUTMUT = str(Path(sys.executable).with_name("mutmut"))
RULES_TESTS = Path("tests/rules")

KILLED = {1: "killed", 3: "killed", 37: "killed"}
"""mutmut exit codes meaning a test (or pytest itself) failed on the mutant."""
TIMEOUT = {24, -24, 152, 255, 36}
"""SIGXCPU and mutmut's own timeout: the mutant made a test loop forever."""
SURVIVED = 0
NO_TESTS = {5, 33}


def verdicts() -> dict[str, dict[str, int | None]]:
    """Exit code per mutant, per source file, from mutmut's .meta files."""
    found: dict[str, dict[str, int | None]] = {}
    for meta in sorted(MUTANTS.glob("**/*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if codes:
            found[str(meta.relative_to(MUTANTS))[:-len(".meta")]] = codes
    return found


def status(code: int | None) -> str:
    if code is None:
        return "unchecked"
    if code in KILLED:
        return "killed"
    if code in TIMEOUT:
        return "timeout"
    if code == SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    return "other"


def survivors() -> list[str]:
    return [name for codes in verdicts().values() for name, code in codes.items()
            if status(code) in ("survived", "timeout")]


def report(game: str | None = None) -> None:
    """Per file and in all: total, killed, timeouts, survived; then every survivor. With
    ``game``, only that game's rules modules: the others have no verdicts from a run
    narrowed to its tests."""
    table = verdicts()
    if game is not None:
        table = {path: codes for path, codes in table.items()
                 if path.startswith(f"game/rules/{game}/")}
    if not table:
        print("No mutation results yet: run `make mutate`.")
        return
    overall: Counter[str] = Counter()
    lines = []
    for path, codes in table.items():
        counts = Counter(status(c) for c in codes.values())
        overall.update(counts)
        lines.append(_row(path, counts))
    print(f"\n{'file':<34}{'total':>7}{'killed':>8}{'timeout':>9}{'survived':>10}"
          f"{'no tests':>10}{'rate':>8}")
    print("\n".join(lines))
    print(_row("all mutated modules", overall))
    print("\nrate = (killed + timeout) / total; 'no tests' means no selected test runs the "
          "function.")
    print("\nSurvivors (`.venv/bin/mutmut show NAME` prints the change):")
    for codes in table.values():
        names = [n for n, c in codes.items() if status(c) in ("survived", "no tests",
                                                                 "unchecked", "other")]
        for name in sorted(names):
            print(f"  {status(codes[name]):<9} {name}")


def _row(path: str, counts: Counter[str]) -> str:
    total = sum(counts.values())
    caught = counts["killed"] + counts["timeout"]
    rate = f"{100 * caught / total:.1f}%" if total else "-"
    return (f"{path:<34}{total:>7}{counts['killed']:>8}{counts['timeout']:>9}"
            f"{counts['survived']:>10}{counts['no tests']:>10}{rate:>8}")


def game_only(game: str) -> str:
    """pytest options (for PYTEST_ADDOPTS, which mutmut's in-process pytest reads) that
    leave out, from [tool.mutmut]'s selection, the other games' rules tests and scenario
    files and the session tests, none of which run this game's rules."""
    games = sorted(p.name for p in RULES_TESTS.iterdir()
                   if p.is_dir() and p.name not in ("core", "__pycache__"))
    if game not in games:
        raise SystemExit(f"--game: no tests/rules/{game}; the games are {', '.join(games)}")
    options = ["--deselect=tests/test_session.py"]
    for other in games:
        if other != game:
            options += [f"--ignore={RULES_TESTS / other}",
                        "--deselect=tests/rules/test_scenario_files.py::"
                        f"test_scenario_file_passes[{other}/"]
    return " ".join(options)


def main(argv: list[str]) -> int:
    game = None
    if "--game" in argv:
        at = argv.index("--game")
        game = argv[at + 1] if at + 1 < len(argv) else ""
        os.environ["PYTEST_ADDOPTS"] = game_only(game)
        argv = argv[:at] + argv[at + 2:]
    if "--report" in argv:
        report(game)
        return 0
    start = time.monotonic()
    again = survivors()
    if argv:
        again = [name for name in again if any(fnmatch(name, g) for g in argv)]
    if again:
        print(f"Re-testing {len(again)} survivors of the last run against the current tests")
        subprocess.run([MUTMUT, "run", *again], check=True)
    subprocess.run([MUTMUT, "run", *argv], check=True)
    report(game)
    print(f"\nwall time {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
