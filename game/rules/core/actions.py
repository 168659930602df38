"""Base types for actions (a seat's choice) and events (what the rules report happened).

A game defines each action as a slots dataclass subclass with a unique ``kind``; the
same objects come from the mouse, the keyboard, bots and controllers, and they round-trip
through plain dicts for save files. Actions are treated as immutable values.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from game.rules.core.errors import DataError


@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class Action:
    """One choice by one seat. Subclasses add fields of ints, strs, bools and tuples."""

    kind: ClassVar[str] = ""
    seat: int

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclasses.dataclass(slots=True)
class Event:
    """Something that happened, for logs, animation and sound. Never drives the rules."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = getattr(self, f.name)
        return out


class ActionCodec:
    """Turns a game's action dicts (from a save file) back into action objects."""

    def __init__(self, classes: list[type[Action]]) -> None:
        self._by_kind = {cls.kind: cls for cls in classes}
        if len(self._by_kind) != len(classes) or "" in self._by_kind:
            raise ValueError("every action class needs a unique, non-empty kind")

    def decode(self, raw: Any, where: str = "action") -> Action:
        """Build an action from a dict, raising DataError with ``where`` on bad input."""
        if not isinstance(raw, dict):
            raise DataError("an action must be a mapping", path=where)
        kind = raw.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise DataError(f"unknown action kind {kind!r}", path=where)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name not in raw:
                raise DataError(f"a {kind} action needs {f.name!r}", path=where)
            values[f.name] = _coerce(raw[f.name], f.type, f"{where}.{f.name}")
        extra = set(raw) - {"kind"} - set(values)
        if extra:
            raise DataError(f"unexpected key {sorted(extra)[0]!r} in a {kind} action", path=where)
        return cls(**values)


def _coerce(value: Any, annotation: Any, where: str) -> Any:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    if text == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError("must be a whole number", path=where)
        return value
    if text == "bool":
        if not isinstance(value, bool):
            raise DataError("must be true or false", path=where)
        return value
    if text == "str":
        if not isinstance(value, str):
            raise DataError("must be text", path=where)
        return value
    if text.startswith("tuple"):
        if not isinstance(value, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise DataError("must be a list of whole numbers", path=where)
        return tuple(value)
    raise DataError(f"cannot read a field of type {text}", path=where)
