"""Every choice a Calamitron seat makes, as small immutable values.

A program is built counter by counter, as at the table: ``Put`` places a face at a slot
(the later ones shift right), ``Take`` removes one, ``Clear`` empties the rail and
``Lock`` (the ready switch, or the clock running out) makes it final. Each edit must
leave a legal program, so ``legal_actions`` lists at most (slots+1) x faces puts and a
locked program never needs checking again. Choices made while a program runs (a
Shove's direction, a Program's target) and Upgrade decisions are answered one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Action, ActionCodec


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Pick(Action):
    """The Retro type this seat runs (at setup, and after losing one)."""

    kind = "pick"
    retro: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Put(Action):
    """Place an instruction face at ``slot`` (0 = first; the ones from there shift on)."""

    kind = "put"
    slot: int
    word: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Take(Action):
    """Remove the instruction at ``slot`` (the later ones shift back)."""

    kind = "take"
    slot: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Clear(Action):
    kind = "clear"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Lock(Action):
    """The program as it stands is final."""

    kind = "lock"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Choose(Action):
    """A running program's choice: ``L``/``R``/``F`` for a Shove, a bot id or ``self``
    for a Program."""

    kind = "choose"
    option: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Upgrade(Action):
    """Take an Upgrade from the supply (``give``: one held card handed back for it, or
    ``""``); with two held, ``take`` may be ``""`` to keep them."""

    kind = "upgrade"
    take: str
    give: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Return(Action):
    """Round step 5: hand back an Upgrade to put a face-up Catastrophe under the deck."""

    kind = "return"
    card: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Keep(Action):
    """Round step 5: return no (more) Upgrades."""

    kind = "keep"


CODEC = ActionCodec([Pick, Put, Take, Clear, Lock, Choose, Upgrade, Return, Keep])
