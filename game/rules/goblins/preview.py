"""What a combat choice would do, worked out before it is made: the dice a setting of
the pilot's dials gives, the square each line of a yard edge strikes first, and the
hits a tactician's dice order would land one by one.

Everything is computed by the rules' own functions (``resolve_controls``,
``dice_count``, ``Robot.target``, ``order``, ``queue_hits``, ``resolve_hits``) on
copies, so a preview can never disagree with what then happens. Pure: it reads a
view and changes nothing.
"""

from __future__ import annotations

from game.rules.goblins import combat
from game.rules.goblins.actions import OrderDice
from game.rules.goblins.controls import dice_count, resolve_controls
from game.rules.goblins.events import Hit
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import State

LINE_NUMBERS = range(1, 6)
"""The lines of a yard edge, as a die face names them."""


def dials_dice(robot: Robot, steer: int, target: int, sabotage: bool = False) -> int:
    """The dice ``robot`` would roll with these dials: forward arrows after the turn
    (none if the pilot goofs), plus Sabotage, capped, less one if it overheats."""
    controls = resolve_controls(robot.front, steer, target, robot.engines())
    return dice_count(robot.arrows(controls.front), controls.overheat, sabotage)


def first_struck(robot: Robot, edge: int) -> tuple[int, ...]:
    """For lines 1-5 of yard edge ``edge``, the square a hit would strike first right
    now (-1 where the line is empty)."""
    return tuple(robot.target(edge, face) for face in LINE_NUMBERS)


def order_hits(view: State, seat: int, faces: tuple[int, ...], dynamite: bool) -> list[Hit]:
    """The hits ``seat``'s team would land on the enemy with its numbered dice in this
    order (Dynamite doubling the first), each tile's fall-off included, on a copy of
    the view. Where the defending pilot would choose a token, the rules' default is
    taken (a token covering that tile alone first). RuleError if the order is not one
    the seat may give now."""
    state = view.clone()
    own = state.team_of(seat)
    state.teams[1 - own].dice = []  # the enemy's dice land on us: not this preview
    combat.order(state, OrderDice(seat, tuple(faces), dynamite), [])
    combat.queue_hits(state)
    state.phase = "hits"
    events: list = []
    while True:
        combat.resolve_hits(state, events)
        if state.phase != "token":
            break
        robot = state.teams[state.hit_team].robot
        state.phase = "hits"
        combat.land_token(state, robot.token_options(state.pending_square)[0], events)
    return [event for event in events if isinstance(event, Hit)]
