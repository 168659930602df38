"""Every choice a Blastbots seat can make, as small immutable values.

Cards are named by catalogue index, seats (and so rocket colours) by number, decks by
name (``battle``, ``discovery``, ``rocket``) and Resource Grid spots as ``deck:number``.
A card or turn action with several choices in it (an attack's defence, face-down picks,
a reallocation, a trade's discards) is a sequence of pending decisions, each answered
by one of these with a handful of options, so ``legal_actions`` stays short.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Action, ActionCodec

NONE = -1
"""``Play.target`` of a card played at no player."""


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Roll(Action):
    """Roll the two dice (with the ``rules`` dice the engine has rolled them: the one
    legal Roll carries their faces)."""

    kind = "roll"
    dice: tuple[int, int]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class TableRoll(Roll):
    """The two faces rolled at the real table (the ``table`` dice): a table reading."""

    kind = "table_roll"
    chance = True


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Place(Action):
    """Put the tokens of one tier on these spots (sorted spot names)."""

    kind = "place"
    spots: tuple[str, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Play(Action):
    """Play a card from hand: its option keyword (``""`` for a card without options),
    its target seat (``NONE`` when it has none) and, for a Sacrificial Ram's attack, the
    section of the sacrificed rocket (``launchpad`` or ``atmosphere``; else ``""``).
    With a Magic Missile Mod played, also the Battle card it goes with and its first
    attack."""

    kind = "play"
    card: int
    option: str
    target: int
    sacrifice: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Aim(Action):
    """The next attack of a Magic Missile Mod's Battle card: option and target."""

    kind = "aim"
    option: str
    target: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Defend(Action):
    """Answer an attack on you with a Battle card that blocks it (a Sacrificial Ram
    names the section of the rocket it sacrifices)."""

    kind = "defend"
    card: int
    sacrifice: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Pass(Action):
    """Decline what is asked: let an attack through, or take no more (discards for a
    Black Market, token moves for a Hackerbot, players for a Grim Retriever)."""

    kind = "pass"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Pick(Action):
    """A face-down pick: slot ``slot`` (from 0) of the target's hand."""

    kind = "pick"
    slot: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Take(Action):
    """Burglebot ``junk``: the colour of the rocket taken from the Junkyard."""

    kind = "take"
    colour: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Home(Action):
    """Of the rockets of your own colour just handed to you, how many go to your Factory
    (the rest stay in your Junkyard)."""

    kind = "home"
    factory: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Move(Action):
    """Hackerbot ``tokens``: move one of the target's tokens between spots of its tier."""

    kind = "move"
    source: str
    to: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Name(Action):
    """Go-Phish-Bot: the card named."""

    kind = "name"
    card: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Choose(Action):
    """A deck: to draw from, to look through (Quantum Fabricator) or whose discard pile
    to collide (Zombitron Collider)."""

    kind = "deck"
    deck: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Keep(Action):
    """Quantum Fabricator: the card taken from the deck looked through."""

    kind = "keep"
    card: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Discard(Action):
    """Discard one card from hand (for a trade, a reallocation, a Black Market or the
    seven-card limit)."""

    kind = "discard"
    card: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Trade(Action):
    """Discard three cards, then draw one from a deck of your choice."""

    kind = "trade"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Reallocate(Action):
    """Discard three cards, then place all your tokens again, each in its tier."""

    kind = "reallocate"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Buyback(Action):
    """Take back up to two of your rockets from ``target``'s Junkyard and give three."""

    kind = "buyback"
    target: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Retrieve(Action):
    """Grim Retriever: the next player to swap one rocket with."""

    kind = "retrieve"
    target: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Give(Action):
    """The colours of the rockets given from your Junkyard (sorted)."""

    kind = "give"
    colours: tuple[int, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class EndTurn(Action):
    """End Stage 3: discard down to seven, then the meteor moves closer."""

    kind = "end_turn"


CODEC = ActionCodec([Roll, TableRoll, Place, Play, Aim, Defend, Pass, Pick, Take, Home,
                     Move, Name, Choose, Keep, Discard, Trade, Reallocate, Buyback,
                     Retrieve, Give, EndTurn])
