"""What the Goblins, Inc. rules report after each action, for the log, animation and
sound. Events carry only public facts plus, for ``seat``-private ones, the seat that
may see them; they never feed back into the rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.core.actions import Event


@dataclass(slots=True)
class RoundStarted(Event):
    kind = "round_started"
    round: int
    team_card: int
    blueprint: int
    teams: tuple[tuple[int, ...], ...]
    starter: int


@dataclass(slots=True)
class TilesDrawn(Event):
    """Private to ``seat``: the tiles it drew as planner."""

    kind = "tiles_drawn"
    seat: int
    tiles: tuple[int, ...]


@dataclass(slots=True)
class TilesPassed(Event):
    kind = "tiles_passed"
    seat: int
    to: int


@dataclass(slots=True)
class TilePlaced(Event):
    kind = "tile_placed"
    seat: int
    team: int
    tile: int
    square: int
    rot: int


@dataclass(slots=True)
class BuildStage(Event):
    kind = "build_stage"
    stage: int
    planners: tuple[int, ...]
    builders: tuple[int, ...]


@dataclass(slots=True)
class TilesFell(Event):
    kind = "tiles_fell"
    team: int
    squares: tuple[int, ...]
    tiles: tuple[int, ...] = ()
    rots: tuple[int, ...] = ()


@dataclass(slots=True)
class AgendasChosen(Event):
    kind = "agendas_chosen"
    seat: int


@dataclass(slots=True)
class CombatReady(Event):
    kind = "combat_ready"
    tokens: tuple[tuple[tuple[int, ...], ...], ...]
    pilots: tuple[int, int]


@dataclass(slots=True)
class CombatRound(Event):
    kind = "combat_round"
    number: int
    cards: tuple[int, ...]
    pilots: tuple[int, int]
    tacticians: tuple[int, int]


@dataclass(slots=True)
class Ready(Event):
    """A seat has locked in a secret choice (which one stays hidden)."""

    kind = "ready"
    seat: int


@dataclass(slots=True)
class Revealed(Event):
    """The dials of both teams, turned up together (the state keeps only their effect)."""

    kind = "revealed"
    reveals = True
    team: int
    steer: int
    target: int
    cost: int
    engines: int
    unused: int
    goof: bool
    overheat: bool
    front: int
    pick: int
    card: int
    """The card the team uses this round, or -1 when it lost the squabble for it."""
    picked: int = -1
    """The card its tactician picked, whether the team got it or not."""
    shared: bool = False
    """Both tacticians picked the same card (then more unused engines takes it; with
    as many, both teams use it)."""


@dataclass(slots=True)
class TacticUsed(Event):
    kind = "tactic_used"
    team: int
    ability: str
    detail: tuple[int, ...] = ()
    """Duct Tape: (square,); Crane: (from, to, turn); a dice tactic: every die after it;
    Dynamite: (the face that counts twice,)."""
    before: tuple[int, ...] = ()
    """A dice tactic: every die before it (0 for blank)."""
    dice: tuple[int, ...] = ()
    """A dice tactic: which dice (positions in ``before``) it re-rolled or set."""


@dataclass(slots=True)
class CardUnused(Event):
    """An ability of the card a team won went unused this combat round, and why:
    ``kept`` (the tactician chose not to), ``no_dice``, ``no_blank``, ``no_number``,
    ``five_dice``, ``no_tokens``, ``no_tile`` or ``no_crane_move``."""

    kind = "card_unused"
    team: int
    card: int
    ability: str
    reason: str


@dataclass(slots=True)
class DiceRolled(Event):
    """Faces 1..5, 0 for blank."""

    kind = "dice_rolled"
    team: int
    dice: tuple[int, ...]


@dataclass(slots=True)
class Hit(Event):
    """One die striking the ``team`` robot: outcome miss, token, destroyed, goblin or
    empty_cockpit."""

    kind = "hit"
    team: int
    edge: int
    face: int
    square: int
    outcome: str
    destroyed: tuple[int, ...] = ()
    """The squares whose tiles were lost: the hit one first, then those that came
    loose with it; ``tiles`` and ``rots`` say what stood on each."""
    seat: int = -1
    tiles: tuple[int, ...] = ()
    rots: tuple[int, ...] = ()
    side: int = 0
    """The side of the defending robot that was hit, robot-relative (0 front, 1 right,
    2 back, 3 left): the yard ``edge`` as the robot faces now."""


@dataclass(slots=True)
class CombatEnded(Event):
    kind = "combat_ended"
    disabled: tuple[bool, bool]
    winner: int
    reason: str


@dataclass(slots=True)
class Scored(Event):
    """``lines`` are (label, points, how it was counted), agendas revealed in full."""

    kind = "scored"
    reveals = True
    seat: int
    lines: tuple[tuple[str, int, str], ...] = field(default_factory=tuple)
    total: int = 0


@dataclass(slots=True)
class Promoted(Event):
    """The seat's score reached the end of the 50-space track: its card flips."""

    kind = "promoted"
    seat: int


@dataclass(slots=True)
class GameOver(Event):
    kind = "game_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]
