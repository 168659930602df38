"""Every choice a Two Robots seat can make, as small immutable values.

Cards are named by their catalogue index, Stacks by their position in the Factory
(``NEW`` starts a Stack), seats by number. Choices of several steps (an Event's targets,
Salvage's picks, damage) are a sequence of pending decisions, each a ``Choose`` or a
``LoseHealth`` with a handful of options, so ``legal_actions`` stays short; only an
Attack card names all its targets at once, because the Homing window that follows must
see them all.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Action, ActionCodec

NEW = -1
"""A Stack number meaning "start a new Stack"."""
STOP = -1
"""A ``Choose`` value meaning "no more picks" (Salvage, Rebuild, Armory) or, answering
Meltdown, "suffer the damage instead of discarding"."""
RESERVE = 3
"""``LoseHealth.card`` for a Reserve card; 0-2 name a Power (flipped or not)."""


@dataclass(slots=True, eq=True, unsafe_hash=True)
class PlayPart(Action):
    """Build a Part from hand onto one of your unfrozen Stacks, or a new one (``NEW``)."""

    kind = "part"
    card: int
    stack: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Destroy(Action):
    """An Energy-wrecking Attack card and every Part it picks."""

    kind = "destroy"
    card: int
    parts: tuple[int, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Steal(Action):
    """Space Pod: take ``part`` from a rival's Factory onto your ``stack`` (or ``NEW``)."""

    kind = "steal"
    card: int
    part: int
    stack: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Freeze(Action):
    """Ice Blast on Stack ``stack`` of the rival at seat ``owner``."""

    kind = "freeze"
    card: int
    owner: int
    stack: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Thaw(Action):
    """Rescue Drill on one of your frozen Stacks."""

    kind = "thaw"
    card: int
    stack: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Resupply(Action):
    """Supply Drop: draw two cards."""

    kind = "resupply"
    card: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Answer(Action):
    """Play a Homing Missiles or Sentry Gunship from hand in the window that asks you."""

    kind = "answer"
    card: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Pass(Action):
    """Decline what is asked now: end the Play Phase, skip the Event, let an Attack or an
    Event through, or leave a Homing Missiles uncountered."""

    kind = "pass"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UsePower(Action):
    """Flip Power ``power`` (0-2) and sacrifice two Parts from unfrozen Stacks."""

    kind = "power"
    power: int
    sacrifice: tuple[int, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Deploy(Action):
    """Sacrifice one Part from an unfrozen Stack to reveal from the Active Robot pile."""

    kind = "deploy"
    sacrifice: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Choose(Action):
    """One step of a pending choice: a seat, a card, a revealed card or a Stack."""

    kind = "choose"
    value: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class LoseHealth(Action):
    """For one point of damage, give up Power ``card`` (0-2) or a Reserve (``RESERVE``)."""

    kind = "lose"
    card: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Discard(Action):
    """Cleanup: discard a card from a hand over the hand limit (7; Scrounge: 9)."""

    kind = "discard"
    card: int


CODEC = ActionCodec([PlayPart, Destroy, Steal, Freeze, Thaw, Resupply, Answer, Pass,
                     UsePower, Deploy, Choose, LoseHealth, Discard])
