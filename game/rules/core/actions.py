"""Base types for actions (a seat's choice) and events (what the rules report happened).

A game defines each action as a slots dataclass subclass with a unique ``kind``; the
same objects come from the mouse, the keyboard, bots and controllers, and they round-trip
through plain dicts for save files. Actions are treated as immutable values.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from game.rules.core.errors import DataError, RuleError


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


@dataclasses.dataclass(frozen=True, slots=True)
class FieldType:
    """One type an action field may declare, described once for both directions: a
    save's JSON value is read with ``from_json`` and then held to ``accepts``, the same
    test a live action's field must pass before any game code sees it.

    Types are exact (``type(v) is int``): True is no whole number here, and 1.0 would
    pass a range check and then fail to index a list halfway through a move."""

    what: str
    """How a player reads the requirement: ``must be <what>``."""
    python: type
    items: type | None = None
    """For a tuple, the exact type of every item."""

    def accepts(self, value: Any) -> bool:
        return type(value) is self.python and (
            self.items is None or all(type(item) is self.items for item in value))

    def from_json(self, value: Any) -> Any:
        """JSON has no tuples: a list is read as one."""
        return tuple(value) if self.python is tuple and type(value) is list else value


FIELD_TYPES: dict[str, FieldType] = {
    "int": FieldType("a whole number", int),
    "bool": FieldType("true or false", bool),
    "str": FieldType("text", str),
    "tuple[int, ...]": FieldType("a list of whole numbers", tuple, int),
}
"""Every field annotation an action class may use, by its text."""


def _annotation_text(annotation: Any) -> str:
    """``int`` and ``"int"`` alike (modules with and without postponed annotations)."""
    if isinstance(annotation, str):
        return annotation.replace(" ", "").replace(",", ", ")
    if isinstance(annotation, type):
        return annotation.__name__
    return _annotation_text(str(annotation))


class ActionCodec:
    """A game's action schema: turns action dicts (from a save file) back into action
    objects, and checks live action objects against the same field types."""

    def __init__(self, classes: list[type[Action]]) -> None:
        self._by_kind = {cls.kind: cls for cls in classes}
        if len(self._by_kind) != len(classes) or "" in self._by_kind:
            raise ValueError("every action class needs a unique, non-empty kind")
        self._fields: dict[type[Action], tuple[tuple[str, FieldType], ...]] = {}
        for cls in classes:
            schema = []
            for f in dataclasses.fields(cls):
                text = _annotation_text(f.type)
                if text not in FIELD_TYPES:
                    raise ValueError(f"{cls.__name__}.{f.name}: an action field cannot be "
                                     f"{text} (only {', '.join(FIELD_TYPES)})")
                schema.append((f.name, FIELD_TYPES[text]))
            self._fields[cls] = tuple(schema)

    @property
    def classes(self) -> tuple[type[Action], ...]:
        return tuple(self._fields)

    def fields(self, cls: type[Action]) -> tuple[tuple[str, FieldType], ...]:
        """Each field of ``cls`` (``seat`` first) with its declared type."""
        return self._fields[cls]

    def decode(self, raw: Any, where: str = "action") -> Action:
        """Build an action from a dict, raising DataError with ``where`` on bad input."""
        if not isinstance(raw, dict):
            raise DataError("an action must be a mapping", path=where)
        kind = raw.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise DataError(f"unknown action kind {kind!r}", path=where)
        values: dict[str, Any] = {}
        for name, field_type in self._fields[cls]:
            if name not in raw:
                raise DataError(f"a {kind} action needs {name!r}", path=where)
            value = field_type.from_json(raw[name])
            if not field_type.accepts(value):
                raise DataError(f"must be {field_type.what}", path=f"{where}.{name}")
            values[name] = value
        extra = set(raw) - {"kind"} - set(values)
        if extra:
            raise DataError(f"unexpected key {sorted(extra)[0]!r} in a {kind} action", path=where)
        return cls(**values)

    def check(self, action: Any, players: int) -> None:
        """Refuse with RuleError anything but exactly one of this game's action classes
        with every field of its declared type and a seat at a table of ``players``. Run
        before the game's own code, so that code only ever checks ranges and legality,
        and every action it accepts can be saved and decoded back to an equal one."""
        cls = type(action)
        schema = self._fields.get(cls)
        if schema is None:
            raise RuleError("that is not a move of this game")
        for name, field_type in schema:
            # FieldType.accepts inlined: engines run this on every move of a search.
            value = getattr(action, name, None)
            if type(value) is not field_type.python or (
                    field_type.items is not None
                    and not all(type(item) is field_type.items for item in value)):
                raise RuleError(f"the {name} of this {cls.kind} move must be {field_type.what}")
        if not 0 <= action.seat < players:
            raise RuleError(f"a move must name a seat from 0 to {players - 1}")
