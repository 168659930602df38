"""The kills kind: a child plays an autosaved match and is killed with SIGKILL at a
random moment; the newest save must load with every move the child reported saved."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reliab.core import (
    JOBS,
    Outcome,
    Report,
    case_rng,
    configurations,
    describe_config,
    facts_of,
    resume,
)

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
    seat = rng.choice([s for s in session.to_act() if session.may_act(s)])
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
    loaded = facts_of(lambda: resume(found)) if found else None
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
