"""What the Blastbots rules report happened, for logs, animation and sound.

Events never drive the rules. Card faces a seat may not see are in ``Drew``,
``Stolen``, ``Looked`` and ``Kept``; ``secrets.redact`` hides them per seat (a card
shown as its back, ``-1 - deck``). Rockets always move by ``Rockets``: ``count``
rockets of ``colour`` from ``source`` section of seat ``owner`` to ``dest`` section
of seat ``to``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Event


@dataclass(slots=True)
class FirstRoll(Event):
    """A roll for first player."""

    kind = "first_roll"
    seat: int
    dice: tuple[int, int]


@dataclass(slots=True)
class FirstPlayer(Event):
    kind = "first_player"
    seat: int


@dataclass(slots=True)
class Placed(Event):
    """A seat's tokens of one tier now stand on these spots."""

    kind = "placed"
    seat: int
    spots: tuple[str, ...]


@dataclass(slots=True)
class TurnBegan(Event):
    kind = "turn_began"
    seat: int
    turn: int


@dataclass(slots=True)
class Rolled(Event):
    kind = "rolled"
    seat: int
    dice: tuple[int, int]
    total: int


@dataclass(slots=True)
class TotemMoved(Event):
    """A meteor totem now stands on ``totem`` (0: Impact); ``why`` is surge, turn
    (Stage 5), magnet or switch."""

    kind = "totem_moved"
    seat: int
    totem: int
    why: str


@dataclass(slots=True)
class Drew(Event):
    """Cards drawn from a deck (faces hidden from other seats)."""

    kind = "drew"
    seat: int
    deck: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class DrawLost(Event):
    """Draws that could not be made: the deck (or every deck allowed) was empty."""

    kind = "draw_lost"
    seat: int
    deck: int
    """The deck, or -1 when no deck could be chosen."""
    count: int


@dataclass(slots=True)
class Rockets(Event):
    kind = "rockets"
    colour: int
    owner: int
    source: str
    to: int
    dest: str
    count: int


@dataclass(slots=True)
class Allowance(Event):
    """Stage 3 begins: the roller's actions, after the cuts that were pending."""

    kind = "allowance"
    seat: int
    actions: int
    cuts: int


@dataclass(slots=True)
class Played(Event):
    """A card played (announced, for an attack): option and target as in ``Play``."""

    kind = "played"
    seat: int
    card: int
    option: str
    target: int


@dataclass(slots=True)
class Defended(Event):
    """An attack blocked by the target's Battle card."""

    kind = "defended"
    seat: int
    card: int
    attack: int


@dataclass(slots=True)
class Declined(Event):
    """The target let the attack through."""

    kind = "declined"
    seat: int
    attack: int


@dataclass(slots=True)
class Fizzled(Event):
    """An attack of a Magic Missile Mod found nothing left to act on."""

    kind = "fizzled"
    seat: int
    card: int
    option: str
    target: int


@dataclass(slots=True)
class Picked(Event):
    """Face-down picks from ``victim``'s hand, by slot (from 0)."""

    kind = "picked"
    seat: int
    victim: int
    slots: tuple[int, ...]


@dataclass(slots=True)
class Stolen(Event):
    """Cards taken from ``victim``'s hand into ``seat``'s (faces seen by those two
    only; ``decks``, their backs, by all)."""

    kind = "stolen"
    seat: int
    victim: int
    cards: tuple[int, ...]
    decks: tuple[int, ...]


@dataclass(slots=True)
class Discarded(Event):
    """Cards from ``seat``'s hand to the discard piles; ``why``: shred, trash, trade,
    reallocate, market or limit."""

    kind = "discarded"
    seat: int
    cards: tuple[int, ...]
    why: str


@dataclass(slots=True)
class TokenMoved(Event):
    kind = "token_moved"
    seat: int
    source: str
    to: str


@dataclass(slots=True)
class Cut(Event):
    """``seat`` now has ``total`` cuts pending."""

    kind = "cut"
    seat: int
    total: int


@dataclass(slots=True)
class Named(Event):
    kind = "named"
    seat: int
    target: int
    card: int


@dataclass(slots=True)
class Handed(Event):
    """Every copy of the named card, from ``target``'s hand to ``seat``'s, shown to all."""

    kind = "handed"
    reveals = True
    seat: int
    target: int
    card: int
    count: int


@dataclass(slots=True)
class Looked(Event):
    """A Quantum Fabricator's private look through a deck (sorted faces)."""

    kind = "looked"
    seat: int
    deck: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class Kept(Event):
    kind = "kept"
    seat: int
    deck: int
    card: int


@dataclass(slots=True)
class Shuffled(Event):
    kind = "shuffled"
    deck: int


@dataclass(slots=True)
class Revived(Event):
    """Cards a Zombitron Collider drew from a discard pile, shown to all."""

    kind = "revived"
    seat: int
    deck: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class Switched(Event):
    kind = "switched"
    seat: int
    target: int


@dataclass(slots=True)
class Assembled(Event):
    """``seat`` now also draws on ``target``'s paying tokens until its next turn."""

    kind = "assembled"
    seat: int
    target: int


@dataclass(slots=True)
class GameOver(Event):
    """The winner and how: escape, destruction or impact (with each seat's points)."""

    kind = "game_over"
    winner: int
    victory: str
    points: tuple[tuple[int, ...], ...]
