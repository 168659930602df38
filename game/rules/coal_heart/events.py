"""What the Coal Heart rules report happened, for logs, animation and sound.

Everything on the table is public; the secrets an event can carry are the new order of
a reshuffled Gear deck (``Reshuffled.order``) and the order of random draws from the
bag (``Cubes`` from ``bag``), which ``secrets.redact`` hides.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Event


@dataclass(slots=True)
class Note(Event):
    """A plain step of the game: ``what`` names it (round, phase, turn, picked, drafted,
    selected, built, gear, heart, overload, mend, won...), ``seat`` who, ``detail`` the
    rest in ids."""

    kind = "note"
    what: str
    seat: int
    detail: str


@dataclass(slots=True)
class Cubes(Event):
    """Cubes moved: ``source`` and ``dest`` are ``supply`` (a colour named), ``bag`` (a
    random draw from the Supply), ``quarry`` or a seat number as text."""

    kind = "cubes"
    source: str
    dest: str
    colours: str


@dataclass(slots=True)
class Hp(Event):
    """A robot's HP changed (``change`` may be 0: a heal while broken or at full)."""

    kind = "hp"
    seat: int
    change: int
    hp: int
    why: str


@dataclass(slots=True)
class Struck(Event):
    """An attack's damage after Chainsaw, Force Field, the chest and the broken cap."""

    kind = "struck"
    seat: int
    target: int
    damage: int


@dataclass(slots=True)
class Reshuffled(Event):
    """The discard pile became the Gear deck; ``order`` is the new deck, top first."""

    kind = "reshuffled"
    cards: int
    order: tuple[str, ...]
