"""Reading YAML that users may hand us: safe loading, line numbers and plain errors.

``load_yaml`` returns the plain data and a ``Doc`` that knows the line of every key
path, so validators can say "file, line, key path: reason" in one sentence. The text is
parsed once, as a stream of events built into data by a loop (no recursion), so a file
cannot exhaust the stack (deep nesting), memory or time (aliases expanding to billions
of values) or the integer parser (thousands of digits): each ends in one DataError.
Only the safe scalar types are built; duplicate keys are refused rather than merged.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from game.rules.core.errors import DataError

PathKey = tuple[str | int, ...]

MAX_FILE_BYTES = 1 << 20
"""Larger YAML files are refused before parsing (the bundled cards.yaml is ~21 KB)."""
MAX_VALUES = 200_000
"""Values a document may expand to, aliases counted at every use (cards.yaml has ~1 400)."""
MAX_DEPTH = 64
"""Nesting levels of lists and mappings (cards.yaml uses 5)."""
_TOO_DEEP = f"lists and mappings are nested more than {MAX_DEPTH} deep"
"""Said alike whether our builder or the parser (libyaml caps nesting too) finds it."""
MAX_INT = 10**18
"""Whole numbers beyond this are refused: no card or scenario needs one, and printing a
huge one in an error message would itself fail."""

_NOT_PRINTABLE = re.compile(
    "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]")
"""Characters YAML forbids in a file (the same set as PyYAML's reader)."""


def show(value: Any, limit: int = 40) -> str:
    """A value for an error message: repr, on one line, cut to ``limit`` characters."""
    text = repr(value) if not isinstance(value, int) or abs(value) < MAX_INT else "a huge number"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _part(part: str) -> str:
    return part if part.isprintable() and len(part) <= 40 else show(part)


def _tag(tag: str) -> str:
    return _part(tag.replace("tag:yaml.org,2002:", "!!"))


def format_path(path: PathKey) -> str:
    """``("game", "tiles", 3, "metal")`` -> ``game.tiles[3].metal``; keys that are
    long or hold unprintable characters are shown quoted and cut, and a very deep path
    loses its middle, so the path stays short and on one line."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{_part(part)}" if out else _part(part)
    return out if len(out) <= 120 else f"{out[:60]}...{out[-50:]}"


@dataclass
class Doc:
    """A loaded YAML document's name and the line of each key path within it."""

    file: str
    lines: dict[PathKey, int] = field(default_factory=dict)

    def line(self, path: PathKey) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        probe = tuple(path)
        while probe:
            if probe in self.lines:
                return self.lines[probe]
            probe = probe[:-1]
        return self.lines.get((), None)

    def error(self, path: PathKey, reason: str) -> DataError:
        return DataError(reason, self.file, self.line(path), format_path(path))


_UNSET: Any = object()


@dataclass(slots=True)
class _Open:
    """A list or mapping being built: where it is, what it holds so far."""

    path: PathKey
    value: list[Any] | dict[Any, Any]
    anchor: str | None
    size: int = 1
    key: Any = _UNSET


class _Builder:
    """Builds plain data from parser events with explicit stacks and counters.

    An alias reuses the anchored value (shared, as PyYAML does) but counts its full size
    again, so a "billion laughs" file is refused after ``MAX_VALUES`` without expanding
    anything. Paths inside an aliased value take the alias's line."""

    def __init__(self, loader: Any, doc: Doc) -> None:
        self.loader = loader
        self.doc = doc
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.count = 0

    def fail(self, reason: str, event: Any, path: PathKey = ()) -> DataError:
        return DataError(reason, self.doc.file, event.start_mark.line + 1, format_path(path))

    def build(self) -> Any:
        import yaml

        self.loader.get_event()  # stream start
        if self.loader.check_event(yaml.StreamEndEvent):
            raise DataError("the file is empty", self.doc.file, 1)
        self.loader.get_event()  # document start
        data = self._document()
        self.loader.get_event()  # document end
        if not self.loader.check_event(yaml.StreamEndEvent):
            event = self.loader.get_event()
            raise self.fail("the file holds more than one YAML document (---)", event)
        return data

    def _document(self) -> Any:
        import yaml

        stack: list[_Open] = []
        while True:
            event = self.loader.get_event()
            line = event.start_mark.line + 1
            top = stack[-1] if stack else None
            if isinstance(event, yaml.CollectionEndEvent):
                assert top is not None
                stack.pop()
                if top.anchor is not None:
                    self.anchors[top.anchor] = (top.value, top.size)
                value, size = top.value, top.size
            elif top is not None and isinstance(top.value, dict) and top.key is _UNSET:
                self._key(event, top)
                continue
            else:
                path = self._child_path(top)
                self.doc.lines.setdefault(path, line)
                if isinstance(event, yaml.AliasEvent):
                    if event.anchor not in self.anchors:
                        raise self.fail(f"the alias *{_part(event.anchor)} names no anchor "
                                        "defined before it", event, path)
                    value, size = self.anchors[event.anchor]
                elif isinstance(event, yaml.ScalarEvent):
                    value, size = self._scalar(event, path), 1
                    if event.anchor is not None:
                        self.anchors[event.anchor] = (value, size)
                else:
                    self._count(1, event, path)
                    stack.append(self._open(event, path, len(stack)))
                    continue
                self._count(size, event, path)
            if not stack:
                return value
            parent = stack[-1]
            parent.size += size
            if isinstance(parent.value, dict):
                parent.value[parent.key] = value
                parent.key = _UNSET
            else:
                parent.value.append(value)

    @staticmethod
    def _child_path(top: _Open | None) -> PathKey:
        if top is None:
            return ()
        if isinstance(top.value, dict):
            return (*top.path, str(top.key))
        return (*top.path, len(top.value))

    def _count(self, size: int, event: Any, path: PathKey) -> None:
        self.count += size
        if self.count > MAX_VALUES:
            raise self.fail(f"the file expands to more than {MAX_VALUES} values "
                            "(too many or too deeply repeated aliases?)", event, path)

    def _open(self, event: Any, path: PathKey, depth: int) -> _Open:
        import yaml

        if depth >= MAX_DEPTH:
            raise self.fail(_TOO_DEEP, event, path)
        is_map = isinstance(event, yaml.MappingStartEvent)
        tag = event.tag
        if tag in (None, "!"):
            tag = self.loader.resolve(yaml.MappingNode if is_map else yaml.SequenceNode,
                                      None, event.implicit)
        if tag != ("tag:yaml.org,2002:map" if is_map else "tag:yaml.org,2002:seq"):
            raise self.fail(f"the tag {_tag(tag)} is not supported here", event, path)
        return _Open(path, {} if is_map else [], event.anchor)

    def _key(self, event: Any, top: _Open) -> None:
        import yaml

        if isinstance(event, yaml.ScalarEvent):
            key = self._scalar(event, top.path)
            if event.anchor is not None:
                self.anchors[event.anchor] = (key, 1)
        elif isinstance(event, yaml.AliasEvent) and event.anchor in self.anchors:
            key = self.anchors[event.anchor][0]
        else:
            key = _UNSET
        if key is _UNSET or isinstance(key, list | dict):
            raise self.fail("a key must be a single word, name or number, not a list or "
                            "mapping", event, top.path)
        if key in top.value:
            raise self.fail(f"the key {show(key)} appears twice", event, top.path)
        top.key = key
        self.doc.lines[(*top.path, str(key))] = event.start_mark.line + 1

    def _scalar(self, event: Any, path: PathKey) -> Any:
        import yaml

        tag = event.tag
        if tag in (None, "!"):
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == "tag:yaml.org,2002:merge":
            raise self.fail("merge keys (<<) are not supported; write the keys out", event, path)
        constructor = self.loader.yaml_constructors.get(tag)
        if constructor is None or tag in ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq",
                                          "tag:yaml.org,2002:omap", "tag:yaml.org,2002:pairs",
                                          "tag:yaml.org,2002:set"):
            raise self.fail(f"the tag {_tag(str(tag))} is not supported here", event, path)
        if tag == "tag:yaml.org,2002:int" and len(event.value) > 40:
            raise self.fail("the number has too many digits", event, path)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = constructor(self.loader, node)
        except ValueError:
            raise self.fail(f"{show(event.value)} is not a valid {tag.rsplit(':', 1)[-1]}",
                            event, path) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_INT:
            raise self.fail("the number is too large", event, path)
        return value


def load_yaml(text: str, file: str) -> tuple[Any, Doc]:
    """Parse ``text`` safely; raise DataError naming the file and line on any fault.
    PyYAML is imported here, not with the module: the title screen needs no YAML."""
    import yaml

    bad = _NOT_PRINTABLE.search(text)
    if bad:
        raise DataError(f"the character U+{ord(bad.group()):04X} is not allowed in a YAML "
                        "file", file, text.count("\n", 0, bad.start()) + 1)
    doc = Doc(file)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        data = _Builder(loader, doc).build()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = " ".join((exc.problem or exc.context or "not valid YAML").split())
        if line is not None and "\t" in _indent(text, line):
            reason = "a tab indents this line; YAML indents with spaces only"
        elif "nesting depth" in reason:
            reason = _TOO_DEEP
        raise DataError(reason if reason == _TOO_DEEP else f"not valid YAML ({reason})",
                        file, line) from None
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML ({' '.join(str(exc).split())})", file) from None
    finally:
        loader.dispose()
    return data, doc


def _indent(text: str, line: int) -> str:
    """The leading blanks of line ``line`` (1-based) of ``text``."""
    lines = text.split("\n", line)
    row = lines[line - 1] if len(lines) >= line else ""
    return row[:len(row) - len(row.lstrip(" \t"))]


def read_regular_file(path: str | Path, limit: int, noun: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else DataError naming
    it as a ``noun`` ("file", "save file").

    Opened without blocking and checked before reading, so a FIFO or device named as
    the file cannot hang us and a folder or a huge file is refused without reading."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise DataError("this is a link to a file that does not exist"
                        if os.path.islink(path) else f"no such {noun}", name) from None
    except IsADirectoryError:
        raise DataError(f"this is a folder, not a {noun}", name) from None
    except OSError as exc:
        raise DataError(f"the {noun} cannot be opened ({exc.strerror or exc})",
                        name) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DataError(f"this is a folder, not a {noun}", name)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"this is a pipe or a device, not a {noun}", name)
        if info.st_size > limit:
            raise DataError(f"the {noun} is {info.st_size} bytes; the limit is {limit}", name)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise DataError(f"the {noun} cannot be read ({exc.strerror or exc})", name) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise DataError(f"the {noun} grew past the limit of {limit} bytes while read", name)
    return raw


def read_yaml_file(path: str | Path) -> tuple[Any, Doc]:
    """Read and parse a YAML file a user named, with errors as DataError."""
    name = str(path)
    raw = read_regular_file(path, MAX_FILE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError("the file is not UTF-8 text", name,
                        raw.count(b"\n", 0, exc.start) + 1) from None
    return load_yaml(text, name)


def bundled_cards_path() -> Path:
    """The cards.yaml shipped with botyard, wherever it was installed."""
    return Path(str(files("game.data") / "cards.yaml"))


def data_hash(value: Any) -> str:
    """A short hash of parsed data, blind to comments, formatting and key order: saves
    record their game's section's, so nothing else in cards.yaml invalidates them."""
    return hashlib.sha256(_canonical(value).encode("utf-8")).hexdigest()[:16]


def _canonical(value: Any) -> str:
    """One text per value: mappings sorted, and a type of its own for each scalar."""
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}"
                                     for k, v in value.items())) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    if value is None or isinstance(value, bool | int | float | str):
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(f"{type(value).__name__}:{value!r}", ensure_ascii=False)


class Checker:
    """Small typed accessors that raise a located DataError on the first fault."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc

    def fail(self, path: PathKey, reason: str) -> DataError:
        return self.doc.error(path, reason)

    def mapping(self, value: Any, path: PathKey, allowed: Iterable[str] | None = None,
                required: Iterable[str] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, "expected a mapping of keys to values")
        for key in required:
            if key not in value:
                raise self.fail(path, f"the key {key!r} is missing")
        if allowed is not None:
            allowed_set = set(allowed) | set(required)
            for key in value:
                if key not in allowed_set:
                    options = ", ".join(sorted(allowed_set))
                    raise self.fail((*path, str(key)),
                                    f"unknown key {show(key)} (expected one of: {options})")
        return value

    def seq(self, value: Any, path: PathKey, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, "expected a list")
        if length is not None and len(value) != length:
            raise self.fail(path, f"expected {length} entries, found {len(value)}")
        return value

    def text(self, value: Any, path: PathKey, allow_empty: bool = False) -> str:
        """Text a screen can draw: control characters (but line breaks and tabs) and lone
        surrogates, which YAML escapes such as "\\0" can make, are refused."""
        if not isinstance(value, str) or (not value and not allow_empty):
            raise self.fail(path, "expected some text")
        for ch in value:
            if ch not in "\n\t" and unicodedata.category(ch) in ("Cc", "Cs"):
                raise self.fail(path, f"the text holds the unprintable character "
                                      f"U+{ord(ch):04X}")
        return value

    def integer(self, value: Any, path: PathKey, low: int | None = None,
                high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, "expected a whole number")
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(path, f"expected a number {span}, found {value}")
        return value

    def boolean(self, value: Any, path: PathKey) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, "expected true or false")
        return value

    def choice(self, value: Any, path: PathKey, options: Iterable[str]) -> str:
        options = list(options)
        if not isinstance(value, str) or value not in options:
            raise self.fail(path, f"expected one of {', '.join(options)}, found {show(value)}")
        return value
