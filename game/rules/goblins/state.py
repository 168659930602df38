"""The whole state of a Goblins, Inc. match, as plain data that can be cloned cheaply.

The same type serves as a player's view: ``view.py`` returns a copy with hidden parts
replaced by -1 placeholders and no RNG, so code that reads a view cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.core.rng import Rng
from game.rules.goblins.catalogue import Catalogue
from game.rules.goblins.robot import Robot

HIDDEN = -1
TRACK = 50
"""Spaces on the score track; reaching the end flips the promotion card."""


@dataclass(slots=True)
class Player:
    seat: int
    score: int = 0
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    agendas: list[int] = field(default_factory=list)
    bet: str = ""
    chose_agendas: bool = False
    drawn: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)
    passed: tuple[int, ...] | None = None
    steer: tuple[int, int] | None = None
    pick: int | None = None

    @property
    def promoted(self) -> bool:
        return self.score >= TRACK

    @property
    def track(self) -> int:
        """Where the score figure stands on the track (it restarts after a promotion)."""
        return self.score - TRACK if self.promoted else self.score

    def clone(self) -> Player:
        return Player(self.seat, self.score, self.deck[:], self.hand[:], self.agendas[:],
                      self.bet, self.chose_agendas, self.drawn[:], self.tiles[:], self.passed,
                      self.steer, self.pick)


@dataclass(slots=True)
class Team:
    """A side of the table for one round: its crew, robot and this combat round's dials."""

    seats: tuple[int, ...]
    robot: Robot
    plan_order: tuple[int, ...]
    pilot: int
    tactician: int
    card: int = -1
    abilities: list[str] = field(default_factory=list)
    engines: int = 0
    unused: int = 0
    target: int = 0
    overheat: bool = False
    sabotage: bool = False
    dice: list[int] = field(default_factory=list)
    ordered: bool = False
    done_tactics: bool = False
    reading: tuple[int, ...] = ()
    """With table dice: indices into ``dice`` waiting for faces read from the table."""
    read_for: str = ""
    """Why they are waiting: "roll", "nitro" or "emergency" (which rerolls blanks only)."""

    def clone(self) -> Team:
        return Team(self.seats, self.robot.clone(), self.plan_order, self.pilot,
                    self.tactician, self.card, self.abilities[:], self.engines, self.unused,
                    self.target, self.overheat, self.sabotage, self.dice[:], self.ordered,
                    self.done_tactics, self.reading, self.read_for)

    def partner(self, seat: int) -> int:
        """The other crew member, or ``seat`` itself for a solo crew."""
        for other in self.seats:
            if other != seat:
                return other
        return seat


@dataclass(slots=True)
class State:
    """``phase`` is one of build, agendas, choose, pre_roll, roll (table dice only),
    post_roll, order, token, playoff (seats decide) or over; hits is only passed through
    while dice land."""

    catalogue: Catalogue
    players: list[Player]
    variant: str
    rounds: int
    rng: Rng | None
    viewer: int | None = None
    round: int = 0
    phase: str = "build"
    team_cards: list[int] = field(default_factory=list)
    blueprints: list[int] = field(default_factory=list)
    blueprint: int = -1
    team_card: int = -1
    starter: int = 0
    shared_deck: list[int] = field(default_factory=list)
    shared_agendas: list[int] = field(default_factory=list)
    teams: list[Team] = field(default_factory=list)
    bag: list[int] = field(default_factory=list)
    stages: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    stage: int = 0
    token_supply: int = 0
    tactics_deck: list[int] = field(default_factory=list)
    tactics_pile: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)
    combat_round: int = 0
    pre_roll_queue: list[int] = field(default_factory=list)
    hits: list[tuple[int, int, int]] = field(default_factory=list)
    hit_team: int = -1
    pending_square: int = -1
    winners: tuple[int, ...] = ()
    votes: dict[int, bool] = field(default_factory=dict)
    table_dice: bool = False
    """Dice are rolled at the real table and read in (ReadDice), not drawn from the RNG."""

    def clone(self) -> State:
        return State(
            self.catalogue, [p.clone() for p in self.players], self.variant, self.rounds,
            self.rng.clone() if self.rng is not None else None, self.viewer, self.round,
            self.phase, self.team_cards[:], self.blueprints[:], self.blueprint,
            self.team_card, self.starter, self.shared_deck[:], self.shared_agendas[:],
            [t.clone() for t in self.teams], self.bag[:], self.stages[:], self.stage,
            self.token_supply, self.tactics_deck[:], self.tactics_pile[:], self.face_up[:],
            self.combat_round, self.pre_roll_queue[:], self.hits[:], self.hit_team,
            self.pending_square, self.winners, dict(self.votes), self.table_dice,
        )

    @property
    def n(self) -> int:
        return len(self.players)

    def team_of(self, seat: int) -> int:
        """Index of the team ``seat`` is on this round."""
        return 0 if seat in self.teams[0].seats else 1
