"""Base types for actions (a seat's choice) and events (what the rules report happened).

A game defines each action as a slots dataclass subclass with a unique ``kind``; the
same objects come from the mouse, the keyboard, bots and controllers, and they round-trip
through plain dicts for save files. Actions are treated as immutable values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar

from game.rules.core.errors import DataError, RuleError


@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class Action:
    """One choice by one seat. Subclasses add fields of the types ``field_type`` reads."""

    kind: ClassVar[str] = ""
    chance: ClassVar[bool] = False
    """True for a table reading: what dice or a shuffle at the real table gave. The
    session hands these to the people at the table; bots never choose them."""
    seat: int

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    """A field value as JSON holds it: tuples, at any depth, as lists."""
    return [_plain(v) for v in value] if type(value) is tuple else value


@dataclasses.dataclass(slots=True)
class Event:
    """Something that happened, for logs, animation and sound. Never drives the rules."""

    kind: ClassVar[str] = ""
    reveals: ClassVar[bool] = False
    """True for an event that turns up, for everyone, what was hidden until then (dials
    shown together, agendas scored) and that the state need not keep: it may tell a
    seat what its view hid. Any other event tells a seat nothing its view hides."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = getattr(self, f.name)
        return out


_MISSING: Any = object()
"""What ``_misfit`` reads from a slot never filled: no field type accepts it."""


@dataclasses.dataclass(frozen=True, slots=True)
class FieldType:
    """One type an action field may declare, for both directions: a save's JSON value
    is read with ``from_json``, and then it and every live action's field are held to
    the same exact type (``fits``) before any game code sees them. Built from the
    annotation by ``field_type``: int, bool, str, ``X | None``, ``tuple[X, ...]`` and
    ``tuple[X, Y]``, nested."""

    text: str
    """The annotation, spelled canonically (``tuple[int | None, ...]``)."""
    what: str
    """How a player reads the requirement: ``must be <what>``."""
    plural: str
    """Several of them, for a list's ``what``."""
    shape: str
    """``int``, ``bool`` or ``str`` (a leaf), ``optional``, ``list`` or ``fixed``."""
    parts: tuple[FieldType, ...] = ()
    """The inner type of ``optional`` and ``list``; one per position of ``fixed``."""
    exact: type | None = None
    """For a leaf, the one type a value must have (the fast path of ``_misfit``)."""
    fits: Callable[[Any], bool] = dataclasses.field(
        default=lambda value: False, compare=False, repr=False)
    """Whether a value has exactly this type (never True for 1.0 as int, or True as int)."""

    def from_json(self, value: Any) -> Any:
        """JSON has no tuples: lists are read as tuples wherever the type has one."""
        shape = self.shape
        if shape == "optional":
            return None if value is None else self.parts[0].from_json(value)
        if type(value) is not list:
            return value
        if shape == "list":
            item = self.parts[0]
            return tuple(item.from_json(v) for v in value)
        if shape == "fixed" and len(value) == len(self.parts):
            return tuple(p.from_json(v) for p, v in zip(self.parts, value, strict=True))
        return value


def _leaf(name: str, python: type, what: str, plural: str) -> FieldType:
    return FieldType(name, what, plural, name, exact=python,
                     fits=lambda value: type(value) is python)


FIELD_TYPES: dict[str, FieldType] = {
    "int": _leaf("int", int, "a whole number", "whole numbers"),
    "bool": _leaf("bool", bool, "true or false", "true-or-false values"),
    "str": _leaf("str", str, "text", "texts"),
}
"""The leaves of the grammar ``field_type`` reads."""
GRAMMAR = "int, bool, str, X | None, tuple[X, ...] and tuple[X, Y] of these"


def _optional(inner: FieldType) -> FieldType:
    inner_fits = inner.fits
    comma = "" if inner.exact is not None else ","
    return FieldType(f"{inner.text} | None", f"{inner.what}{comma} or nothing",
                     f"{inner.plural} or nothings", "optional", (inner,),
                     fits=lambda value: value is None or inner_fits(value))


def _list(item: FieldType) -> FieldType:
    what = (f"a list of {item.plural}" if item.exact is not None
            else f"a list, each item {item.what}")
    if item.exact is not None:
        python = item.exact

        def fits(value: Any) -> bool:
            return type(value) is tuple and all(type(v) is python for v in value)
    else:
        item_fits = item.fits

        def fits(value: Any) -> bool:
            return type(value) is tuple and all(item_fits(v) for v in value)
    return FieldType(f"tuple[{item.text}, ...]", what, what.replace("a list", "lists", 1),
                     "list", (item,), fits=fits)


def _fixed(parts: tuple[FieldType, ...]) -> FieldType:
    checks = tuple(p.fits for p in parts)
    size = len(parts)

    def fits(value: Any) -> bool:
        return (type(value) is tuple and len(value) == size
                and all(check(v) for check, v in zip(checks, value, strict=True)))
    inside = "; ".join(p.what for p in parts)
    return FieldType(f"tuple[{', '.join(p.text for p in parts)}]",
                     f"a list of exactly {size} ({inside})",
                     f"lists of exactly {size} ({inside})", "fixed", parts, fits=fits)


def _split(text: str, sep: str) -> list[str]:
    """``text`` cut at each ``sep`` outside brackets."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += (char == "[") - (char == "]")
        if char == sep and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return out


@cache
def field_type(text: str) -> FieldType:
    """The field type an annotation spells; ValueError naming the grammar otherwise."""
    compact = text.replace(" ", "")
    alternatives = _split(compact, "|")
    if len(alternatives) == 2 and alternatives.count("None") == 1:
        inner = field_type(alternatives[0] if alternatives[1] == "None" else alternatives[1])
        if inner.shape != "optional":
            return _optional(inner)
    elif len(alternatives) == 1:
        if compact in FIELD_TYPES:
            return FIELD_TYPES[compact]
        if compact.startswith("tuple[") and compact.endswith("]"):
            args = _split(compact[6:-1], ",")
            if len(args) == 2 and args[1] == "...":
                return _list(field_type(args[0]))
            if "..." not in args and "" not in args:
                return _fixed(tuple(field_type(arg) for arg in args))
    raise ValueError(f"an action field cannot be {text} (only {GRAMMAR})")


Schema = tuple[tuple[str, FieldType], ...]


def _misfit(schema: Schema, action: Action) -> tuple[str, FieldType] | None:
    """The first field whose value is not exactly its declared type. Exact, so True is
    no whole number and 1.0 cannot pass a range check and then fail to index a list
    halfway through a move. Runs on every move of a search, so it is kept lean: a leaf
    is one type comparison, anything else one call of its ``fits``."""
    for entry in schema:
        value = getattr(action, entry[0], _MISSING)
        field_type = entry[1]
        exact = field_type.exact
        if exact is not None:
            if type(value) is not exact:
                return entry
        elif not field_type.fits(value):
            return entry
    return None


def _annotation_text(annotation: Any) -> str:
    """``int`` and ``"int"`` alike (modules with and without postponed annotations)."""
    if isinstance(annotation, str):
        return annotation.replace(" ", "").replace(",", ", ").replace("|", " | ")
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
                try:
                    schema.append((f.name, field_type(_annotation_text(f.type))))
                except ValueError as exc:
                    raise ValueError(f"{cls.__name__}.{f.name}: {exc}") from None
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
