"""Save files on disk: one guarded reader, checksums, and durable atomic writes.

Anything may sit in the saves folder (a pipe, a folder, a link to nothing, gigabytes,
JSON nested ten thousand deep), so every save is read through ``read_record``: it
opens without blocking, refuses whatever is not a regular file, reads a bounded
number of bytes and parses with bounded numbers and nesting. It never writes: a bad
file ends in one DataError sentence and stays exactly as it was.

A save that cannot be loaded has two wordings: the DataError's own sentence keeps the
technical detail (for stderr and the ``botyard`` command), and ``plain_problem`` gives
the one short sentence the screens show, in words a player can act on.

Writes go to a temporary file that is fsynced, renamed over the target and then the
folder is fsynced, so a crash or power cut leaves the old or the new save, never
half of one. A match keeps ``GENERATIONS`` files: ``name.json`` (newest), then
``name.json.1`` and ``name.json.2``, which the ``*.json`` listing does not show as
games of their own but the loader falls back on.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import stat
from pathlib import Path
from typing import Any

from game.rules.core.data import read_regular_file
from game.rules.core.errors import DataError

MAX_BYTES = 32 * 1024 * 1024
"""Far above any real save (a long match is tens of kilobytes)."""
MAX_DEPTH = 64
"""A save nests four deep; this leaves room without letting a parser recurse away."""
MAX_DIGITS = 30
"""Longer integers are no seed or move field; int() on thousands of digits is refused."""
GENERATIONS = 3
"""Files kept per match: the newest save and the two before it."""
CHECKSUM = "checksum"
_WRITE_FLAGS = (os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))


DAMAGED = "This save is damaged (cut short or edited) and cannot be loaded."
CANNOT_OPEN = "This file cannot be opened as a save."
OTHER_VERSION = "This save is from another version of Botyard and cannot be loaded."
PLAIN_PROBLEMS = (DAMAGED, CANNOT_OPEN, OTHER_VERSION)
"""Every sentence ``plain_problem`` gives: the screens make room for the longest."""
VERSION_KEYS = frozenset({"format", "game", "rules_version", "data_hash"})
"""The record's keys that say which Botyard wrote it (game.rules.core.match checks
them first): a save refused at one of them is not damaged but from another version."""


class Unopenable(DataError):
    """The file could not be read at all (a folder, a pipe, a dangling link, too large,
    no permission), as opposed to a save whose contents are damaged."""


def plain_problem(error: DataError) -> str:
    """The one short sentence a screen shows for a save that cannot be loaded; the
    error's own sentence (str) is the technical detail."""
    if isinstance(error, Unopenable):
        return CANNOT_OPEN
    if error.path in VERSION_KEYS:
        return OTHER_VERSION
    return DAMAGED


class _Refused(ValueError):
    """Raised from inside the JSON parser's hooks to stop at a value no save holds."""


# -- reading ----------------------------------------------------------------------------
def read_record(path: Path) -> Any:
    """The parsed JSON of a save whose checksum (when it has one) matches; DataError
    (one sentence naming the file) for anything else. Saves made before checksums
    have none and are read as they are."""
    raw = read_json(path)
    if isinstance(raw, dict) and CHECKSUM in raw:
        rest = {k: v for k, v in raw.items() if k != CHECKSUM}
        if raw[CHECKSUM] != checksum(rest):
            raise DataError("the save was changed after it was written "
                            "(its checksum does not match)", str(path))
    return raw


def read_json(path: Path) -> Any:
    """Parse a JSON file without ever blocking, recursing without bound or reading
    more than ``MAX_BYTES``."""
    name = str(path)
    text = _read_text(path, name)
    try:
        raw = json.loads(text, parse_int=_whole, parse_float=_finite,
                         parse_constant=_no_constant)
    except _Refused as exc:
        raise DataError(f"the save is damaged ({exc})", name) from None
    except json.JSONDecodeError as exc:
        raise DataError(f"the save is damaged (not valid JSON: {exc.msg})", name,
                        exc.lineno) from None
    except RecursionError:
        raise DataError("the save is damaged (its JSON is nested far too deeply)",
                        name) from None
    if _too_deep(raw):
        raise DataError("the save is damaged (its JSON is nested far too deeply)", name)
    return raw


def _read_text(path: Path, name: str) -> str:
    try:
        data = read_regular_file(path, MAX_BYTES, "save file")
    except DataError as exc:
        raise Unopenable(exc.reason, exc.file, exc.line, exc.path) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError("the save is damaged (it is not UTF-8 text)", name) from None


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"it holds a number of more than {MAX_DIGITS} digits")
    return int(digits)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("it holds a number too large for a save")
    return value


def _no_constant(name: str) -> Any:
    raise _Refused(f"it holds {name}, which no save does")


def _too_deep(raw: Any) -> bool:
    """Whether containers nest deeper than ``MAX_DEPTH`` (walked without recursion)."""
    stack = [(raw, 1)] if isinstance(raw, (dict, list)) else []
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        children = value.values() if isinstance(value, dict) else value
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


def checksum(record: dict[str, Any]) -> str:
    """sha256 of the record's canonical JSON (sorted keys, no spaces), checksum aside."""
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(canonical.encode("ascii")).hexdigest()


def encode(record: dict[str, Any]) -> str:
    """The file text of a record, checksum added."""
    rest = {k: v for k, v in record.items() if k != CHECKSUM}
    return json.dumps({**rest, CHECKSUM: checksum(rest)}, separators=(",", ":"))


# -- listing ----------------------------------------------------------------------------
def newest_first(folder: Path) -> list[Path]:
    """The ``*.json`` entries of ``folder``, most recently written first. Sorting
    never fails: a link to nothing or a link loop sorts by the link itself."""
    return sorted(folder.glob("*.json"), key=lambda p: (modified(p), p.name), reverse=True)


def modified(path: Path) -> float:
    for look in (os.stat, os.lstat):
        try:
            return look(path).st_mtime
        except OSError:
            continue
    return 0.0


def generations(path: Path) -> list[Path]:
    """The files of one match, newest first: ``x.json``, ``x.json.1``, ``x.json.2``."""
    return [path, *(path.with_name(f"{path.name}.{n}") for n in range(1, GENERATIONS))]


# -- writing ----------------------------------------------------------------------------
def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves one whole version."""
    temp = _write_temp(path, text)
    try:
        os.replace(temp, path)
    except OSError:
        _discard(temp)
        raise
    _sync_folder(path.parent)


def write_generation(path: Path, text: str) -> None:
    """Write ``text`` as the newest save at ``path``; the one it replaces becomes
    ``path.1`` (and that ``path.2``). ``path`` exists throughout, so the listing
    never misses the match."""
    temp = _write_temp(path, text)
    try:
        older = generations(path)
        for n in range(len(older) - 1, 1, -1):
            if os.path.lexists(older[n - 1]):
                os.replace(older[n - 1], older[n])
        if _is_regular(path):
            _keep_copy(path, older[1])
        os.replace(temp, path)
    except OSError:
        _discard(temp)
        raise
    _sync_folder(path.parent)


def create_exclusive(folder: Path, stem: str, text: str) -> Path:
    """Write a new save ``stem.json`` (or ``stem-2.json``...) that no other file has:
    creation is exclusive, so no match ever overwrites another's save."""
    for n in range(1, 1000):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            _write_new(path, text)
        except FileExistsError:
            continue
        _sync_folder(folder)
        return path
    raise FileExistsError(f"no free name for {stem} in {folder}")


def _write_temp(path: Path, text: str) -> Path:
    temp = path.with_name(path.name + ".tmp")
    _discard(temp)  # a temp file left by a crash, or a link planted there
    _write_new(temp, text)
    return temp


def _write_new(path: Path, text: str) -> None:
    """Create ``path`` (FileExistsError if anything has the name) holding ``text``,
    fsynced; a failed write leaves no part of it."""
    fd = os.open(path, _WRITE_FLAGS | os.O_EXCL, 0o644)
    try:
        _write_all(fd, text.encode("utf-8"))
    except OSError:
        os.close(fd)
        _discard(path)
        raise
    os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False


def _keep_copy(path: Path, target: Path) -> None:
    """``target`` becomes the current ``path`` file: a hard link (no copying) where
    the filesystem has them, a copy elsewhere."""
    try:
        os.link(path, target)
    except OSError:
        shutil.copyfile(path, target)


def _discard(path: Path) -> None:
    """Remove a file of our own that a failed write left; a second failure (the
    folder is gone, say) leaves nothing to remove."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        return


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable. Windows cannot open a folder; there NTFS
    journals the rename."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
