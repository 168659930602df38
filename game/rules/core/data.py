"""Reading YAML that users may hand us: safe loading, line numbers and plain errors.

``load_yaml`` returns the plain data and a ``Doc`` that knows the line of every key
path, so validators can say "file, line, key path: reason" in one sentence. Only
``yaml.SafeLoader`` is used; duplicate keys are refused rather than silently merged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules.core.errors import DataError

if TYPE_CHECKING:
    import yaml

PathKey = tuple[str | int, ...]


def format_path(path: PathKey) -> str:
    """``("goblins", "tiles", 3, "metal")`` -> ``goblins.tiles[3].metal``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


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


def _walk(node: yaml.Node, path: PathKey, doc: Doc) -> None:
    doc.lines.setdefault(path, node.start_mark.line + 1)
    if node.id == "mapping":
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            if key in seen:
                raise DataError(f"the key {key!r} appears twice", doc.file,
                                key_node.start_mark.line + 1, format_path(path))
            seen.add(key)
            child = (*path, str(key))
            doc.lines[child] = key_node.start_mark.line + 1
            _walk(value_node, child, doc)
    elif node.id == "sequence":
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), doc)


def load_yaml(text: str, file: str) -> tuple[Any, Doc]:
    """Parse ``text`` safely; raise DataError naming the file and line on any fault.
    PyYAML is imported here, not with the module: the title screen needs no YAML."""
    import yaml

    doc = Doc(file)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is None:
            raise DataError("the file is empty", file, 1)
        _walk(node, (), doc)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = (exc.problem or exc.context or "not valid YAML").strip()
        raise DataError(f"not valid YAML ({reason})", file, line) from None
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML ({exc})", file) from None
    return data, doc


def read_yaml_file(path: str | Path) -> tuple[Any, Doc]:
    """Read and parse a YAML file a user named, with errors as DataError."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError("no such file", name) from None
    except IsADirectoryError:
        raise DataError("this is a folder, not a file", name) from None
    except UnicodeDecodeError:
        raise DataError("the file is not UTF-8 text", name) from None
    except OSError as exc:
        raise DataError(f"cannot read the file ({exc.strerror})", name) from None
    return load_yaml(text, name)


def bundled_cards_path() -> Path:
    """The cards.yaml shipped with botyard, wherever it was installed."""
    return Path(str(files("game.data") / "cards.yaml"))


def file_hash(path: str | Path) -> str:
    """A short content hash, recorded in save files to spot changed card data."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


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
                                    f"unknown key {key!r} (expected one of: {options})")
        return value

    def seq(self, value: Any, path: PathKey, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, "expected a list")
        if length is not None and len(value) != length:
            raise self.fail(path, f"expected {length} entries, found {len(value)}")
        return value

    def text(self, value: Any, path: PathKey, allow_empty: bool = False) -> str:
        if not isinstance(value, str) or (not value and not allow_empty):
            raise self.fail(path, "expected some text")
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
            raise self.fail(path, f"expected one of {', '.join(options)}, found {value!r}")
        return value
