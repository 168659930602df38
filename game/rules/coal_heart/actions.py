"""Every choice a Coal Heart seat can make, as small immutable values.

Colours are ``S P C G``, slots and hexes and Gear by their ids. A choice in the middle
of something (a Force Field, a Rocket Punch, the order of abilities that trigger
together, a cube to give up) is its own pending decision answered by one of these, so
each list of legal moves stays short.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Action, ActionCodec


@dataclass(slots=True, eq=True, unsafe_hash=True)
class PickRobot(Action):
    """Take a robot at setup (seats choose in seat order)."""

    kind = "pick_robot"
    robot: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Draft(Action):
    """Drafting variant: take one part (a robot's part of a slot the seat lacks)."""

    kind = "draft"
    robot: str
    slot: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Select(Action):
    """The Active Player turns a face-up hex face down."""

    kind = "select"
    hex: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class UseGear(Action):
    """Spend an own-Turn Gear card (Repair Kit, Shovel with its colour, Sticky Hands)."""

    kind = "use_gear"
    card: str
    colour: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Take(Action):
    """Take a cube of this colour: from the Quarry when mining, from the Supply when
    scavenging."""

    kind = "take"
    colour: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Build(Action):
    """Build a part. ``pay`` has one token per cube of its cost, in cost order: the
    colour itself, ``-`` (left unpaid by a discount), ``hp`` (paid with HP) or another
    colour (a trade)."""

    kind = "build"
    slot: str
    pay: tuple[str, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Weld(Action):
    """Spend a Welder's Kit to build this part for free (then nothing else this Turn)."""

    kind = "weld"
    slot: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Convert(Action):
    """Use an ``upgrade_action`` part: discard this Gear card for a random cube."""

    kind = "convert"
    card: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Attack(Action):
    """Attack ``target``, spending these Twin Blasters and Chainsaws first (sorted)."""

    kind = "attack"
    target: int
    gear: tuple[str, ...]


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Trigger(Action):
    """Resolve this ability next: one of the attacker's "whenever you attack" ones
    (``choice`` is ``""`` to decline a "you may" one, else ``yes``, the colour returned
    or the Gear card spent), or, ordering abilities that trigger together, any of them
    (``choice`` ``""``)."""

    kind = "trigger"
    slot: str
    choice: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Shield(Action):
    """The robot attacked spends a Force Field (or not)."""

    kind = "shield"
    use: bool


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Punch(Action):
    """After an attack: spend a Rocket Punch for this colour (``""``: keep the card)."""

    kind = "punch"
    colour: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class Give(Action):
    """Hand one cube of this colour to the robot taking one from you."""

    kind = "give"
    colour: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class HeartChoice(Action):
    """The Heart's holder, selecting Capture: ``overload`` or ``mend``."""

    kind = "heart_choice"
    choice: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class TakeGear(Action):
    """Take this card from the face-up Gear row."""

    kind = "take_gear"
    card: str


@dataclass(slots=True, eq=True, unsafe_hash=True)
class End(Action):
    """End the Turn (or decline a "you may" attack)."""

    kind = "end"


CODEC = ActionCodec([PickRobot, Draft, Select, UseGear, Take, Build, Weld, Convert, Attack,
                     Trigger, Shield, Punch, Give, HeartChoice, TakeGear, End])
