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
The parts live in tools/reliab/, one module per kind of run.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent, HERE):  # the checkout's game package, and tools/reliab
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

if TYPE_CHECKING:
    from reliab.core import Report

SIZES = {"games": 10_000, "actions": 100_000, "saves": 8_000, "kills": 150,
         "settings": 50, "cards": 51, "cli": 82}
"""The original run's sizes (issue 12), scaled by --scale."""


def size(kind: str, scale: float) -> int:
    return max(1, round(SIZES[kind] * scale))


def run_kind(kind: str, scale: float, seed: int, scratch: Path) -> Report:
    from reliab import commands, kills, play, saves, settings_files
    from reliab.core import child_env

    count = size(kind, scale)
    env = child_env(scratch / "home")
    if kind in ("games", "actions"):
        return play.run_games(kind, count, seed, scratch)
    if kind == "saves":
        return saves.run_saves(count, seed, scratch)
    if kind == "kills":
        return kills.run_kills(count, seed, scratch, env)
    if kind == "settings":
        return settings_files.run_settings(count, seed, scratch)
    if kind == "cards":
        return commands.run_cards(count, seed, scratch, env)
    return commands.run_cli(count, seed, scratch, env)


def main(argv: list[str] | None = None) -> int:
    from reliab import core

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", metavar="KIND", help=", ".join(SIZES))
    parser.add_argument("--scale", type=float, default=1.0,
                        help="fraction of the original run's sizes (default 1)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every run (input and outcome), not only failing examples")
    args = parser.parse_args(argv)
    core.VERBOSE = args.verbose
    unknown = [k for k in args.kinds if k not in SIZES]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r} (one of {', '.join(SIZES)})")
    if not (math.isfinite(args.scale) and 0 < args.scale <= 100):
        parser.error("--scale must be above 0 and at most 100")
    kinds = args.kinds or list(SIZES)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="botyard-reliability-") as tmp:
        core.SCRATCH[:] = [tmp]
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
