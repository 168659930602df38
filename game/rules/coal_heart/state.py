"""The whole state of a Coal Heart match: plain lists and small tuples, so it copies
and compares exactly.

Colours are indexed S P C G. Decisions in the middle of something wait on a stack
(``pending``, top last); automatic steps wait in a queue (``queue``, next first); when
both are empty the ``stage`` says what the next decision is (a robot pick, a draft
pick, the Active Player's selection or the current Turn).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.rules.coal_heart.catalogue import Catalogue
from game.rules.core.actions import Event
from game.rules.core.rng import Rng

PICK, DRAFT, SELECT, TURN, OVER = "pick", "draft", "select", "turn", "over"

Item = tuple[Any, ...]


@dataclass(slots=True)
class Seat:
    robot: str
    hp: int
    cubes: list[int]
    built: list[str]
    """Built slots, in slot order."""
    parts: dict[str, str]
    """Per slot, the robot whose part fills it (its own, unless drafted)."""
    gear: list[str]
    """Gear cards held, sorted."""
    plain: bool = False
    """Scenario files only: the designed abilities of this seat are off."""

    @property
    def broken(self) -> bool:
        return self.hp == 0


@dataclass(slots=True)
class Attacking:
    """An attack between steps: its numbers so far and what is still to do."""

    attacker: int
    target: int
    base: int
    add: int
    chainsaws: int
    done: tuple[str, ...]
    """Attack-ability slots already resolved (or declined)."""
    halved: bool = False
    """The target spent a Force Field."""


@dataclass(slots=True)
class State:
    cat: Catalogue
    n: int
    variant: str
    rng: Rng | None
    seats: list[Seat] = field(default_factory=list)
    supply: list[int] = field(default_factory=lambda: [15, 15, 15, 15])
    quarry: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    deck: list[str] = field(default_factory=list)
    """The Gear deck, top first (hidden from every seat)."""
    row: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    heart: int = -1
    first: int = 0
    round: int = 1
    stage: str = PICK
    cursor: int = 0
    """Picks made so far at setup or in the draft."""
    used: list[str] = field(default_factory=list)
    """Hexes selected this round, in order."""
    phase_no: int = 0
    hex: str = ""
    turn_no: int = 0
    took: int = 0
    """Compulsory takes done this Turn (a Quarry cube, a Gear card, a Scavenge cube)."""
    attacked: bool = False
    built_now: list[str] = field(default_factory=list)
    """Parts built this Turn (their Upgrade aids wait for the next Turn)."""
    welded: bool = False
    perk_used: bool = False
    """The Upgrade perk's discount has been spent this phase."""
    gained: list[int] = field(default_factory=list)
    """Cubes each seat gained this phase."""
    dealt: list[int] = field(default_factory=list)
    """Damage each seat dealt this Turn; ``dealt4`` whether its reward fired."""
    dealt4: list[bool] = field(default_factory=list)
    capped: list[list[int]] = field(default_factory=list)
    """``capped[src][dst]``: damage ``src`` dealt ``dst`` while broken this Phase."""
    attack: Attacking | None = None
    last_damage: int = -1
    """What the last attack dealt (after the cap, before the HP floor)."""
    pending: list[Item] = field(default_factory=list)
    queue: list[Item] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    viewer: int | None = None
    log: list[Event] = field(default_factory=list, compare=False, repr=False)

    @property
    def active(self) -> int:
        return (self.first + self.phase_no) % self.n

    @property
    def turn_seat(self) -> int:
        """The seat whose Turn it is (see ``flow.turn_order``)."""
        return (self.active + self.turn_no) % self.n

    def clone(self) -> State:
        log, self.log = self.log, []
        try:
            twin = copy.deepcopy(self, {id(self.cat): self.cat})
        finally:
            self.log = log
        return twin
