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


@dataclass(slots=True)
class TacticUsed(Event):
    kind = "tactic_used"
    team: int
    ability: str
    detail: tuple[int, ...] = ()


@dataclass(slots=True)
class DiceRolled(Event):
    """Faces 1..5, 0 for blank."""

    kind = "dice_rolled"
    team: int
    dice: tuple[int, ...]


@dataclass(slots=True)
class Hit(Event):
    """One die striking the ``team`` robot: outcome miss, token, destroyed, goblin or
    empty_cockpit. ``token`` is the index (in the robot's token list just before the
    hit) of the defense token a "token" hit used up, so the board can be shown hit by
    hit."""

    kind = "hit"
    team: int
    edge: int
    face: int
    square: int
    outcome: str
    destroyed: tuple[int, ...] = ()
    seat: int = -1
    tiles: tuple[int, ...] = ()
    rots: tuple[int, ...] = ()
    token: int = -1


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
