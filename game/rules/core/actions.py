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
    """One type an action field may declare, for both directions: a save's JSON value
    is read with ``from_json``, and then it and every live action's field are held to
    the same exact type (see ``_misfit``) before any game code sees them."""

    what: str
    """How a player reads the requirement: ``must be <what>``."""
    python: type
    items: type | None = None
    """For a tuple, the exact type of every item."""

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

Schema = tuple[tuple[str, FieldType], ...]


def _misfit(schema: Schema, action: Action) -> tuple[str, FieldType] | None:
    """The first field whose value is not exactly its declared type. Exact, so True is
    no whole number and 1.0 cannot pass a range check and then fail to index a list
    halfway through a move. Runs on every move of a search, so it is kept lean."""
    for name, field_type in schema:
        value = getattr(action, name, None)
        if type(value) is not field_type.python or (
                field_type.items is not None
                and not all(type(item) is field_type.items for item in value)):
            return name, field_type
    return None


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
        self._fields: dict[type[Action], Schema] = {}
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

    def fields(self, cls: type[Action]) -> Schema:
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
        schema = self._fields[cls]
        values: dict[str, Any] = {}
        for name, field_type in schema:
            if name not in raw:
                raise DataError(f"a {kind} action needs {name!r}", path=where)
            values[name] = field_type.from_json(raw[name])
        extra = set(raw) - {"kind"} - set(values)
        if extra:
            raise DataError(f"unexpected key {sorted(extra)[0]!r} in a {kind} action", path=where)
        action = cls(**values)
        misfit = _misfit(schema, action)
        if misfit is not None:
            raise DataError(f"must be {misfit[1].what}", path=f"{where}.{misfit[0]}")
        return action

    def check(self, action: Any, players: int) -> None:
        """Refuse with RuleError anything but exactly one of this game's action classes
        with every field of its declared type and a seat at a table of ``players``. Run
        before the game's own code, so that code only ever checks ranges and legality,
        and every action it accepts can be saved and decoded back to an equal one."""
        cls = type(action)
        schema = self._fields.get(cls)
        if schema is None:
            raise RuleError("that is not a move of this game")
        misfit = _misfit(schema, action)
        if misfit is not None:
            name, field_type = misfit
            raise RuleError(f"the {name} of this {cls.kind} move must be {field_type.what}")
        if not 0 <= action.seat < players:
            raise RuleError(f"a move must name a seat from 0 to {players - 1}")
