"""What happened, for the log, playback and sound. Nothing is hidden between seats, so
every event is public; the draws of hidden cards say so (``reveals``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Event


@dataclass(slots=True)
class Picked(Event):
    kind = "picked"
    seat: int
    retro: str
    piece: str
    at: str


@dataclass(slots=True)
class Dealt(Event):
    """This round's Rogue cards, one per seat (a shuffle the seats could not see)."""

    kind = "dealt"
    reveals = True
    cards: tuple[str, ...]


@dataclass(slots=True)
class Edited(Event):
    kind = "edited"
    seat: int
    program: tuple[str, ...]


@dataclass(slots=True)
class Locked(Event):
    kind = "locked"
    seat: int


@dataclass(slots=True)
class Moved(Event):
    """A bot or crate now stands at ``at`` facing ``facing`` (a step, push or turn)."""

    kind = "moved"
    piece: str
    at: str
    facing: str
    how: str


@dataclass(slots=True)
class Acting(Event):
    """A Rogue's turn in its seat's phase begins (removed ones are skipped)."""

    kind = "acting"
    piece: str


@dataclass(slots=True)
class Damaged(Event):
    kind = "damaged"
    piece: str


@dataclass(slots=True)
class Stood(Event):
    kind = "stood"
    piece: str


@dataclass(slots=True)
class Stunned(Event):
    kind = "stunned"
    piece: str


@dataclass(slots=True)
class Removed(Event):
    """``why``: pit, rescued, wrecked, opened, filled or stranded."""

    kind = "removed"
    piece: str
    why: str


@dataclass(slots=True)
class Trophy(Event):
    kind = "trophy"
    seat: int
    piece: str


@dataclass(slots=True)
class Drew(Event):
    """A Calamity card turned up from the hidden deck."""

    kind = "drew"
    reveals = True
    card: str


@dataclass(slots=True)
class Entered(Event):
    """A Surplus Rogue placed outside a door, about to roll in."""

    kind = "entered"
    piece: str
    rogue: str
    at: str
    facing: str


@dataclass(slots=True)
class Upgraded(Event):
    kind = "upgraded"
    seat: int
    took: str
    gave: str


@dataclass(slots=True)
class Returned(Event):
    kind = "returned"
    seat: int
    card: str


@dataclass(slots=True)
class Began(Event):
    """A seat's turn in the round: ``what`` is a Rogue type moving or ``program``."""

    kind = "began"
    seat: int
    what: str


@dataclass(slots=True)
class Ended(Event):
    kind = "ended"
    result: str
