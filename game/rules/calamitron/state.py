"""The whole match as plain, comparable data.

Pieces are kept by id (bots and crates alike). The round's remaining work is a list of
small tasks, so the match can stop for a seat's choice anywhere (a Shove's direction, a
Program's target, an Upgrade) and go on after it; nothing runs while a seat decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.calamitron.board import Board
from game.rules.calamitron.catalogue import Catalogue
from game.rules.calamitron.geometry import Square
from game.rules.core.actions import Event
from game.rules.core.rng import Rng

RETRO_KINDS = ("treadbot", "shotbot", "nanobot")
CRATE = "crate"

PICK = "pick"
"""Setup: each seat picks its Retro type."""
PROGRAM = "program"
"""Every seat edits its program and locks it (seats that lost a Retro pick again first)."""
RUN = "run"
"""The round's moves; a seat may be asked a choice (``State.ask``)."""
OVER = "over"


@dataclass(slots=True)
class Piece:
    id: str
    kind: str
    at: Square
    facing: str = ""
    """Empty for a crate."""
    stunned: bool = False
    seat: int = -1
    """The seat running it (Retros only)."""

    @property
    def is_crate(self) -> bool:
        return self.kind == CRATE

    @property
    def is_retro(self) -> bool:
        return self.kind in RETRO_KINDS


@dataclass(slots=True)
class Run:
    """A program being run: whose, its instructions, the next one, the bot driven."""

    seat: int
    words: tuple[str, ...]
    index: int
    driven: str


@dataclass
class State:
    cat: Catalogue
    board: Board
    n: int
    boss: bool
    pieces: dict[str, Piece]
    in_play: tuple[str, ...]
    """The ordinary Rogue types dealt at setup, in seat order."""
    rng: Rng | None
    deck: list[str]
    """The Calamity deck, top first (hidden: the view sorts it)."""
    phase: str = PICK
    round: int = 1
    pry: int = 0
    sides: tuple[str, ...] = ()
    filled: set[Square] = field(default_factory=set)
    retro: list[str] = field(default_factory=list)
    """Each seat's Retro piece id ("" while it has none)."""
    kinds: list[str] = field(default_factory=list)
    """Each seat's Retro type ("" until picked)."""
    lost: list[str] = field(default_factory=list)
    """The type of a seat's lost Retro while it still has to pick a new one ("" if none)."""
    entry: list[Square | None] = field(default_factory=list)
    """Where a seat's replacement waits (set when its Retro is lost)."""
    fresh: list[bool] = field(default_factory=list)
    """A seat whose Retro was lost this round: it does not run again this round."""
    upgrades: list[list[str]] = field(default_factory=list)
    trophies: list[list[str]] = field(default_factory=list)
    """Per seat, the ids of the Rogues it pitted, in order."""
    trophy_kinds: list[list[str]] = field(default_factory=list)
    full_set: list[bool] = field(default_factory=list)
    """Whether the seat has had its Upgrade for a trophy of every type in play."""
    programs: list[tuple[str, ...]] = field(default_factory=list)
    locked: list[bool] = field(default_factory=list)
    deal: list[str] = field(default_factory=list)
    """This round's Rogue card per seat."""
    discards: list[str] = field(default_factory=list)
    catastrophes: int = 0
    effects: dict[str, int] = field(default_factory=dict)
    """A lasting Calamity's effect -> the round it works in."""
    tasks: list[tuple[str, ...]] = field(default_factory=list)
    run: Run | None = None
    ask: tuple[str, int] | None = None
    """A choice waiting: (``shove`` / ``program`` / ``upgrade`` / ``return``, seat)."""
    earned: list[int] = field(default_factory=list)
    """Seats owed an Upgrade pick, in the order they earned them."""
    returning: list[int] = field(default_factory=list)
    """Round step 5: seats still to say whether they return an Upgrade."""
    result: str = "playing"
    surplus: int = 0
    spares: int = 0
    """Replacement Retros made so far (for their ids)."""
    log: list[Event] = field(default_factory=list)

    def at(self, square: Square) -> Piece | None:
        """The piece on a board square (outside positions hold only waiting pieces)."""
        if not self.board.on_board(square):
            return None
        for piece in self.pieces.values():
            if piece.at == square:
                return piece
        return None

    def open_pit(self, square: Square) -> bool:
        return square in self.board.pits and square not in self.filled

    def seat_retro(self, seat: int) -> Piece | None:
        rid = self.retro[seat]
        return self.pieces.get(rid) if rid else None

    def outside(self, piece: Piece) -> bool:
        return not self.board.on_board(piece.at)

    def active(self, effect: str) -> bool:
        return self.effects.get(effect) == self.round
