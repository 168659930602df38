"""The whole state of a Two Robots match, as plain data that can be cloned cheaply.

The same type serves as a seat's view: ``engine.view`` returns a copy with other hands
and the deck order replaced by ``HIDDEN`` and no RNG, so code reading a view cannot peek.
Seats are numbered in turn order (the fixed Salvager order), so seat 0 starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.core.actions import Event
from game.rules.core.cards import Window
from game.rules.core.rng import Rng
from game.rules.two_robots.catalogue import Catalogue

UNFLIPPED, FLIPPED, GONE = 0, 1, 2
"""What became of each of a Salvager's three Power cards."""

PLAY, HOMING, COUNTER, EVENT, CHOOSE, SENTRY, MELTDOWN, HEALTH, DISCARD, OVER = (
    "play", "homing", "counter", "event", "choose", "sentry", "meltdown", "health",
    "discard", "over")
"""The steps: who decides what. Only PLAY, EVENT and DISCARD belong to the active
seat's own phases; the others are pending decisions opened by a play or an Event."""


@dataclass(slots=True)
class Player:
    seat: int
    salvager: int
    """Rank in the catalogue's Salvager list (the fixed turn order)."""
    hand: list[int] = field(default_factory=list)
    stacks: list[list[int]] = field(default_factory=list)
    """Part cards per Stack, bottom first."""
    ice: list[int] = field(default_factory=list)
    """Per Stack: the Ice Blast lying on it, or -1 when it is not frozen."""
    powers: list[int] = field(default_factory=lambda: [UNFLIPPED] * 3)
    reserve: int = 2
    out: bool = False
    truce: bool = False
    turns: int = 0

    @property
    def health(self) -> int:
        return sum(1 for p in self.powers if p != GONE) + self.reserve

    def parts(self) -> list[int]:
        return [c for stack in self.stacks for c in stack]

    def clone(self) -> Player:
        return Player(self.seat, self.salvager, self.hand[:], [s[:] for s in self.stacks],
                      self.ice[:], self.powers[:], self.reserve, self.out, self.truce,
                      self.turns)


@dataclass(slots=True)
class Attack:
    """An Attack card in the Homing window: what it will do if nobody stops it."""

    card: int
    parts: tuple[int, ...] = ()
    owner: int = -1
    stack: int = -1


@dataclass(slots=True)
class Flight:
    """The Event being carried out: its kind, what was turned up, the choices so far."""

    power: str
    """A Power's id, or "deploy"."""
    revealed: tuple[int, ...] = ()
    """Indices into the catalogue's robot cards, in the order turned up."""
    choices: tuple[int, ...] = ()


@dataclass(slots=True)
class State:
    catalogue: Catalogue
    players: list[Player]
    rng: Rng | None
    pile: tuple[int, ...]
    """The Active Robot pile's contents (public; which card comes up is random)."""
    viewer: int | None = None
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    table: list[int] = field(default_factory=list)
    """Attack and Homing Missiles cards played and not yet resolved or cancelled."""
    active: int = 0
    step: str = PLAY
    plays: int = 0
    attack: Attack | None = None
    flight: Flight | None = None
    window: Window | None = None
    hurt: list[list[int]] = field(default_factory=list)
    """Damage still to be taken: [seat, points] in turn order; the first one chooses."""
    event_damage: list[int] = field(default_factory=list)
    """Damage each seat suffered in this Event Phase (Sanctuary)."""
    reshuffles: int = 0
    forced: tuple[int, ...] = ()
    """Robot cards the next reveals must turn up (read from a real table, or set by a
    scenario); empty: the match RNG picks."""
    winners: tuple[int, ...] = ()
    log: list[Event] = field(default_factory=list, compare=False, repr=False)
    """Events of the action being applied; ``engine.apply`` hands them out and empties
    it. Not part of the game's state: not compared, cloned or shown in views."""

    def clone(self) -> State:
        return State(
            self.catalogue, [p.clone() for p in self.players],
            self.rng.clone() if self.rng is not None else None, self.pile, self.viewer,
            self.deck[:], self.discard[:], self.table[:], self.active, self.step,
            self.plays,
            None if self.attack is None else Attack(self.attack.card, self.attack.parts,
                                                    self.attack.owner, self.attack.stack),
            None if self.flight is None else Flight(self.flight.power, self.flight.revealed,
                                                    self.flight.choices),
            None if self.window is None else self.window.clone(),
            [h[:] for h in self.hurt], self.event_damage[:], self.reshuffles, self.forced,
            self.winners)

    @property
    def n(self) -> int:
        return len(self.players)

    def out(self) -> list[bool]:
        return [p.out for p in self.players]

    def ability(self, seat: int) -> str:
        return self.catalogue.salvagers[self.players[seat].salvager].ability
