"""The saves kind: damaged copies of real autosaves (bit flips, truncation, JSON shape
changes, symlinks, a FIFO, a folder, huge and empty files) loaded as the client does,
``latest_save`` over the lot, and the autosave promises (unique names, I/O errors)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import resource
import shutil
import signal
import stat
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from reliab.core import (
    DEEP,
    HUGE_NUMBER,
    RAW,
    NoBots,
    Outcome,
    Report,
    Workers,
    case_rng,
    configurations,
    dump_with_raw,
    facts_of,
    hang_outcome,
    key_paths,
    one_line,
    resume,
    sentence_problem,
    with_value,
)


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
    out = {"load": facts_of(lambda: resume(path))}
    describe = describe_probe()
    if describe is not None:
        out["describe"] = facts_of(lambda: describe(path))
    return out


def probe_folder(name: str) -> dict[str, tuple[str, str, str]]:
    """What Continue does: the newest save of the folder, loaded."""
    from game.session import latest_save

    found: list[Path | None] = []
    out = {"latest_save": facts_of(lambda: found.append(latest_save(Path(name))) or found[-1])}
    if found and found[0] is not None:
        out["load"] = facts_of(lambda: resume(found[0]))
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
            seat = rng.choice([s for s in session.to_act() if session.may_act(s)])
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
        seat = next(s for s in session.to_act() if session.may_act(s))
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
        failing = facts_of(lambda: (move(first), move(first)))
        folder.mkdir()
    else:
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, hard))
        try:
            failing = facts_of(lambda: (move(first), move(first)))
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            signal.signal(signal.SIGXFSZ, previous)
    retry = facts_of(lambda: move(first))
    if retry[0] != "ok":
        return ("retry " + retry[0], retry[1], retry[2])
    saved = facts_of(lambda: resume(max(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)))
    if saved[0] != "ok" or int(saved[1]) != len(first.match.actions):
        return ("retry lost moves", "",
                f"{len(first.match.actions)} moves played, the save: {saved[1] or saved[2]}")
    if failing[0] == "raised" and failing[1] in OS_ERRORS:
        return failing
    return ("ok", "" if failing[0] == "ok" else failing[1], "")


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
