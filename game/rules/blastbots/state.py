"""The whole state of a Blastbots match, as flat lists of ints so it clones cheaply.

Seats are numbered in seat order (colours blue, orange, purple, red); the turn order
runs clockwise from ``first``. Cards are catalogue indices; a deck's top is its last
item. A discard pile is two lists: cards discarded before this turn (``piles``) and
this turn (``fresh``); Junk-R-Bots used for a cut are only counted (``marked``), as no
card can ever bring them back.

What is still to be decided is a stack of small tuples (``stack``, top last): each names
its kind and the seat deciding first, then what the decision needs; a few kinds are
steps the engine carries out itself (``flow.AUTOMATIC``). The same type serves as a
seat's view: ``secrets.view`` returns a copy with what the seat may not see hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.blastbots.catalogue import Catalogue
from game.rules.core.actions import Event
from game.rules.core.rng import Rng

FIRST, PLACE, STAGE1, ACT, END, OVER = "first", "place", "stage1", "act", "end", "over"
"""The phases: the roll for first player, token placement, Stage 1 (while players
choose decks on a 7 or a surge), Stage 3, Stages 4-5, the end."""

Item = tuple[Any, ...]


@dataclass(slots=True)
class State:
    cat: Catalogue
    n: int
    rng: Rng | None
    table_dice: bool = False
    """Dice are rolled at the real table and read in (the ``dice: table`` option)."""
    shuffle_slots: bool = True
    """Face-down picks shuffle the hand first (scenario files turn this off)."""
    viewer: int | None = None
    first: int = 0
    totem: list[int] = field(default_factory=list)
    factory: list[int] = field(default_factory=list)
    pad: list[int] = field(default_factory=list)
    atmo: list[int] = field(default_factory=list)
    space: list[int] = field(default_factory=list)
    junk: list[list[int]] = field(default_factory=list)
    """``junk[seat][colour]``: rockets of each colour in a seat's Junkyard."""
    tokens: list[list[int]] = field(default_factory=list)
    """Per seat, the spot of each of its five tokens (-1 before placement)."""
    hands: list[list[int]] = field(default_factory=list)
    cuts: list[int] = field(default_factory=list)
    assembly: list[list[int]] = field(default_factory=list)
    """Per seat, the targets of its Some Assembly Required cards in play."""
    decks: list[list[int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)
    fresh: list[list[int]] = field(default_factory=list)
    marked: int = 0
    phase: str = FIRST
    stack: list[Item] = field(default_factory=list)
    roller: int = 0
    turns: int = 0
    """Turns begun so far, all players together."""
    actions_left: int = 0
    turn_start_totem: int = 0
    dice: tuple[int, int] | None = None
    """The last roll."""
    contest: tuple[int, ...] = ()
    """The roll for first player: the seats rolling in this round, in seat order."""
    contest_rolls: tuple[int, ...] = ()
    """The sums rolled so far in this round."""
    winner: int = -1
    victory: str = ""
    points: tuple[tuple[int, ...], ...] = ()
    """At Impact, per seat: space, atmosphere, junkyard, slipspace, flyswatter,
    harebrained and total points."""
    log: list[Event] = field(default_factory=list, compare=False, repr=False)
    """Events of the action being applied; ``engine.apply`` hands them out."""
    legal: tuple[int, list[Any]] | None = field(default=None, compare=False, repr=False)
    """The last legal list worked out (seat, actions), so ``apply`` can find the
    action it is given among them by identity; never copied, dropped on any change."""

    def clone(self) -> State:
        return State(
            self.cat, self.n, None if self.rng is None else self.rng.clone(),
            self.table_dice, self.shuffle_slots, self.viewer, self.first, self.totem[:],
            self.factory[:], self.pad[:], self.atmo[:], self.space[:],
            [j[:] for j in self.junk], [t[:] for t in self.tokens],
            [h[:] for h in self.hands], self.cuts[:], [a[:] for a in self.assembly],
            [d[:] for d in self.decks], [p[:] for p in self.piles],
            [f[:] for f in self.fresh], self.marked, self.phase, self.stack[:],
            self.roller, self.turns, self.actions_left, self.turn_start_totem, self.dice,
            self.contest, self.contest_rolls, self.winner, self.victory, self.points)
