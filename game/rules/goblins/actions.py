"""Every choice a Goblins, Inc. seat can make, as small immutable values.

Tiles, agendas and cards are named by their index in the catalogue, squares by 0..24
and rotations by quarter turns clockwise, so actions are cheap to enumerate and to
store in a save file.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Action, ActionCodec


@dataclass(slots=True, eq=True, unsafe_hash=True)
class PassTiles(Action):
    """A planner keeps three of the five drawn tiles and passes these two across."""

    kind = "pass"
    tiles: tuple[int, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class PlaceTile(Action):
    """A builder puts a tile from hand on an empty square, turned ``rot`` quarter turns."""

    kind = "place"
    tile: int
    square: int
    rot: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class ChooseAgendas(Action):
    """Keep four hidden agendas (ascending indices); ``bet`` names the betting side or ''."""

    kind = "agendas"
    keep: tuple[int, ...]
    bet: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Steer(Action):
    """The pilot's secret dials: side to put in front, enemy side to target (0..3 =
    front, right, back, left)."""

    kind = "steer"
    steer: int
    target: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class PickTactic(Action):
    """The tactician's secret dial: tactics card slot 0 left, 1 middle, 2 right."""

    kind = "pick"
    slot: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseSabotage(Action):
    kind = "sabotage"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseDuctTape(Action):
    kind = "duct_tape"
    square: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseCrane(Action):
    kind = "crane"
    source: int
    square: int
    rot: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseNitro(Action):
    """Re-roll die ``die`` (index into the team's dice), or every die when -1."""

    kind = "nitro"
    die: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseEmergency(Action):
    kind = "emergency"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseHoming(Action):
    kind = "homing"
    die: int
    face: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class ReadDice(Action):
    """With dice rolled at the table: the faces the table rolled for the dice the rules
    are waiting for, ascending (0 is the blank face)."""

    kind = "read_dice"
    chance = True
    faces: tuple[int, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class EndTactics(Action):
    """Done with the tactics card for this step (before or after the roll)."""

    kind = "end_tactics"


@dataclass(slots=True, eq=True, unsafe_hash=True)
class OrderDice(Action):
    """The numbered faces in hit order (blanks miss and are left out); ``dynamite``
    doubles the first of them."""

    kind = "order"
    order: tuple[int, ...]
    dynamite: bool


@dataclass(slots=True, eq=True, unsafe_hash=True)
class ChooseToken(Action):
    """The defending pilot picks which token on the hit tile absorbs the hit."""

    kind = "token"
    token: int


@dataclass(slots=True, eq=True, unsafe_hash=True)
class VotePlayOff(Action):
    """A player tied for first says whether to play one more round to settle it."""

    kind = "playoff"
    play_on: bool


ACTION_TYPES: list[type[Action]] = [
    PassTiles, PlaceTile, ChooseAgendas, Steer, PickTactic, UseSabotage, UseDuctTape,
    UseCrane, UseNitro, UseEmergency, UseHoming, EndTactics, OrderDice, ChooseToken,
    VotePlayOff, ReadDice,
]
CODEC = ActionCodec(ACTION_TYPES)
