"""The settings kind: hostile settings.json files loaded by ``load_settings``: the
values must come back in the ranges the Settings screen offers and no bytes be lost."""

from __future__ import annotations

import dataclasses
import math
import os
import stat
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reliab.core import (
    DEEP,
    HUGE_NUMBER,
    RAW,
    Outcome,
    Report,
    Workers,
    case_rng,
    dump_with_raw,
    hang_outcome,
    key_paths,
    one_line,
    sentence_problem,
    with_value,
)


def settings_ranges() -> dict[str, Callable[[Any], bool]]:
    """The values a loaded Settings may hold: those the Settings screen offers."""
    from game.settings import AI_PAUSES, ANIMATION_SPEEDS

    def number(low: float, high: float) -> Callable[[Any], bool]:
        return lambda v: (isinstance(v, int | float) and not isinstance(v, bool)
                          and math.isfinite(v) and low <= v <= high)

    def name(v: Any) -> bool:
        return isinstance(v, str) and bool(v) and v.isprintable()

    def controller(c: Any) -> bool:
        return (isinstance(c, dict) and set(c) == {"url", "serial", "uid", "roles"}
                and name(c["url"]) and all(c[k] is None or name(c[k]) for k in ("serial", "uid"))
                and isinstance(c["roles"], dict)
                and all(name(k) and name(v) for k, v in c["roles"].items()))

    return {
        "window_size": lambda v: (isinstance(v, tuple) and len(v) == 2 and all(
            type(x) is int and 320 <= x <= 10000 for x in v)),
        "fullscreen": lambda v: isinstance(v, bool),
        "sound_volume": number(0.0, 1.0),
        "music_volume": number(0.0, 1.0),
        "animation_speed": number(min(ANIMATION_SPEEDS), max(ANIMATION_SPEEDS)),
        "ai_pause": number(min(AI_PAUSES), max(AI_PAUSES)),
        "last_game": lambda v: isinstance(v, str) and len(v) <= 40,
        "setups": lambda v: isinstance(v, dict),
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
                     "negative volume", "volume 1.9", "speed 0", "role 99"]


def build_settings(folder: Path, index: int, seed: int) -> str:
    from game.settings import Settings

    rng = case_rng(seed, "settings", index)
    good = dataclasses.asdict(Settings())
    good["window_size"] = list(good["window_size"])
    good["controllers"] = [{"url": "socket://127.0.0.1:7001", "serial": None, "uid": "00A1",
                            "roles": {"goblins": "a_pilot"}}]
    path = folder / "settings.json"

    def write(doc: Any, raw: str = "") -> None:
        path.write_bytes(dump_with_raw(doc, raw))

    if index < len(SETTINGS_SPECIALS):
        special = SETTINGS_SPECIALS[index]
        simple: dict[str, Callable[[], None]] = {
            "deep nesting": lambda: write(dict(good, fullscreen=RAW), DEEP),
            "NaN volume": lambda: write(dict(good, sound_volume=RAW), "NaN"),
            "Infinity speed": lambda: write(dict(good, animation_speed=RAW), "Infinity"),
            "1e400 pause": lambda: write(dict(good, ai_pause=RAW), "1e400"),
            "5000-digit width": lambda: write(dict(good, window_size=[RAW, 720]), HUGE_NUMBER),
            "huge int volume": lambda: write(dict(good, music_volume=10**30)),
            "directory at the path": path.mkdir,
            "FIFO at the path": lambda: os.mkfifo(path),
            "not UTF-8": lambda: path.write_bytes(b'{"fullscreen": "\xff\xfe"}'),
            "empty": lambda: path.write_bytes(b""),
            "a list": lambda: write([good]),
            "negative volume": lambda: write(dict(good, sound_volume=-0.5)),
            "volume 1.9": lambda: write(dict(good, music_volume=1.9)),
            "speed 0": lambda: write(dict(good, animation_speed=0)),
            "role 99": lambda: write(dict(good, controllers=[{"url": "x", "roles": {"g": 99}}])),
        }
        if special in simple:
            simple[special]()
        elif special == "directory where the backup goes":
            write(dict(good, fullscreen="yes"))
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
