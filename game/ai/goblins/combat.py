"""Combat choices for the pilot and the tactician: steering and targeting with the
engine budget, the tactics card, every tactics ability, the hit order and the token
to give up when hit.

Each ``rank_*`` scores the legal actions of one decision from the seat's view. The
enemy's coming turn is anticipated from its public robot: it will likely put its best
armed side in front, so the target dial is weighed against that spread of fronts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.goblins.hits import Damage, quick_hit, quick_table
from game.ai.goblins.robotmath import arrows_by_edge, firepower, land
from game.ai.goblins.seat import Seat
from game.ai.goblins.worth import agenda_progress, combat_worth
from game.rules.core.actions import Action
from game.rules.goblins.actions import (
    ChooseToken,
    OrderDice,
    PickTactic,
    Steer,
    UseCrane,
    UseDuctTape,
    UseEmergency,
    UseHoming,
    UseNitro,
    UseSabotage,
)
from game.rules.goblins.controls import SIDE_COST, dice_count
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import HIDDEN

Scored = list[tuple[float, Action]]

ABILITY_DICE = {"sabotage": 1.0, "dynamite": 0.9, "homing": 0.8, "nitro": 0.4,
                "duct_tape": 0.6, "crane": 0.3}
"""A tactics ability's value in dice of the own team's average hit (emergency scales
with the dice rolled, see ``_ability``)."""


def _damage(seat: Seat, fast: bool) -> Damage:
    return Damage(seat.enemy_robot, seat.robot, seat.agendas(), seat.rounds_left(), fast)


def _enemy_fronts(robot: Robot) -> list[tuple[float, int, int]]:
    """Likely (weight, new front, dice) of the enemy's turn: better armed sides likelier."""
    engines = robot.engines()
    arrows = arrows_by_edge(robot)
    moves = []
    for steer in range(4):
        if SIDE_COST[steer] <= engines:
            front = (robot.front + steer) & 3
            moves.append((front, dice_count(arrows[front], steer == 0, False)))
    top = max(d for _, d in moves)
    weights = [math.exp(1.2 * (d - top)) for _, d in moves]
    total = sum(weights)
    return [(w / total, f, d) for w, (f, d) in zip(weights, moves, strict=True)]


def rank_steers(seat: Seat, options: Sequence[Steer], fast: bool) -> Scored:
    robot, foe = seat.robot, seat.enemy_robot
    engines = robot.engines()
    arrows = arrows_by_edge(robot)
    attack = _damage(seat, fast)
    defend = Damage(robot, foe, (), seat.rounds_left(), True)
    foe_per_edge = [attack.per_die(e) for e in range(4)]
    own_per_edge = [defend.per_die(e) for e in range(4)]
    fronts = _enemy_fronts(foe)
    foe_dice = sum(w * d for w, _, d in fronts)
    foe_reach = [t for t in range(4) if SIDE_COST[t] <= max(0, foe.engines() - 1)]
    later = (1.0, 0.7, 0.5)[:max(0, seat.rounds_left() - 1)]
    mean_hit = sum(foe_per_edge) / 4
    futures: dict[int, float] = {}
    scored: Scored = []
    for action in options:
        steer, target = action.steer, action.target
        cost = SIDE_COST[steer] + SIDE_COST[target]
        if cost > engines:
            front, overheat, target, unused = robot.front, True, 0, 0
        else:
            front, overheat, unused = (robot.front + steer) & 3, steer == 0, engines - cost
        dice = dice_count(arrows[front], overheat, False)
        hit = sum(w * foe_per_edge[(f + target) & 3] for w, f, _ in fronts)
        risk = foe_dice * max(own_per_edge[(front + t) & 3] for t in foe_reach)
        future = futures.get(front)
        if future is None:
            future = futures[front] = (firepower(arrows, engines, front, later) * mean_hit
                                       if later else 0.0)
        scored.append((dice * hit - 0.4 * risk + 0.5 * future + 0.08 * unused, action))
    return scored


def _own_dice(seat: Seat) -> int:
    """Dice the own team will roll this round, from the pilot's dial if this seat can
    see it, otherwise the best the engines allow."""
    robot = seat.robot
    arrows = arrows_by_edge(robot)
    steer = seat.state.players[seat.team.pilot].steer
    if steer is not None and HIDDEN not in steer:
        cost = SIDE_COST[steer[0]] + SIDE_COST[steer[1]]
        if cost > robot.engines():
            return dice_count(arrows[robot.front], True, False)
        return dice_count(arrows[(robot.front + steer[0]) & 3], steer[0] == 0, False)
    return max(dice_count(arrows[(robot.front + s) & 3], s == 0, False)
               for s in range(4) if SIDE_COST[s] <= robot.engines())


def _ability(name: str, dice: int) -> float:
    """An ability's worth in dice, given the dice the own team expects to roll."""
    if name == "emergency":
        return dice / 6 * 1.2
    if name == "sabotage":
        return 1.0 if dice < 5 else 0.0
    if name in ("dynamite", "homing", "nitro") and dice == 0:
        return 0.0
    if name == "dynamite" and dice >= 5:
        return 0.0
    return ABILITY_DICE[name]


def rank_picks(seat: Seat, options: Sequence[PickTactic], fast: bool) -> Scored:
    state = seat.state
    attack = _damage(seat, True)
    per_die = max(attack.per_die(e) for e in range(4))
    dice = _own_dice(seat)
    scored: Scored = []
    for action in options:
        card = state.catalogue.tactics[state.face_up[action.slot]]
        value = sum(_ability(a, dice) for a in card.abilities)
        scored.append((value * per_die, action))
    return scored


def _edges(seat: Seat) -> tuple[int, int]:
    """The enemy edge the own dice will hit, and the own edge the enemy's dice will."""
    return ((seat.enemy_robot.front + seat.team.target) & 3,
            (seat.robot.front + seat.enemy.target) & 3)


def _team_dice(robot: Robot, overheat: bool, sabotage: bool) -> int:
    return dice_count(arrows_by_edge(robot)[robot.front], overheat, sabotage)


def _incoming(robot: Robot, edge: int, dice: int) -> float:
    return dice * sum(quick_table(robot)[edge]) / 6


def rank_pre_roll(seat: Seat, options: Sequence[Action], fast: bool) -> Scored:
    team, enemy = seat.team, seat.enemy
    robot = seat.robot
    out_edge, in_edge = _edges(seat)
    per_die = _damage(seat, True).per_die(out_edge)
    dice = _team_dice(robot, team.overheat, team.sabotage)
    foe_dice = _team_dice(seat.enemy_robot, enemy.overheat, enemy.sabotage)
    incoming = _incoming(robot, in_edge, foe_dice)
    scored: Scored = []
    for action in options:
        value = 0.0
        if isinstance(action, UseSabotage):
            value = (_team_dice(robot, team.overheat, True) - dice) * per_die
        elif isinstance(action, UseDuctTape):
            faces = sum(1 for f in range(1, 6) if robot.target(in_edge, f) == action.square)
            value = 0.2 + foe_dice * faces / 6 * quick_hit(robot, in_edge,
                                                          _face_to(robot, in_edge, action.square))
        elif isinstance(action, UseCrane):
            value = -1.0 if fast else _crane_gain(robot, action, in_edge, foe_dice, dice,
                                                   per_die, team.overheat, team.sabotage,
                                                   incoming)
        scored.append((value, action))
    return scored


def _face_to(robot: Robot, edge: int, sq: int) -> int:
    for face in range(1, 6):
        if robot.target(edge, face) == sq:
            return face
    return 1


def _crane_gain(robot: Robot, action: UseCrane, in_edge: int, foe_dice: int, dice: int,
                per_die: float, overheat: bool, sabotage: bool, incoming: float) -> float:
    moved = robot.clone()
    tile = moved.lift(action.source)
    moved.place(action.square, tile, action.rot)
    gain = (_team_dice(moved, overheat, sabotage) - dice) * per_die
    return gain + incoming - _incoming(moved, in_edge, foe_dice) - 0.05


def _dice_worth(attack: Damage, edge: int, dice: Sequence[int]) -> float:
    return attack.greedy(edge, dice)[0]


_NITRO_FACES = (0, 1, 2, 3, 4, 5)
_EMERGENCY_FACES = (1, 2, 3, 4, 5)


def rank_post_roll(seat: Seat, options: Sequence[Action], fast: bool) -> Scored:
    dice = list(seat.team.dice)
    out_edge = _edges(seat)[0]
    if fast:
        return _quick_post_roll(seat.enemy_robot, out_edge, dice, options)
    attack = _damage(seat, fast)
    base = _dice_worth(attack, out_edge, dice)
    scored: Scored = []
    for action in options:
        if isinstance(action, UseHoming):
            changed = dice[:]
            changed[action.die] = action.face
            value = _dice_worth(attack, out_edge, changed) - base
        elif isinstance(action, UseEmergency):
            value = _expected(attack, out_edge, dice, [i for i, d in enumerate(dice) if d == 0],
                              _EMERGENCY_FACES) - base
        elif isinstance(action, UseNitro):
            which = list(range(len(dice))) if action.die < 0 else [action.die]
            value = _expected(attack, out_edge, dice, which, _NITRO_FACES) - base
        else:
            value = 0.0
        scored.append((value, action))
    return scored


def _quick_post_roll(foe: Robot, edge: int, dice: list[int],
                     options: Sequence[Action]) -> Scored:
    """Rollout grade: each die judged alone by the first square on its line."""
    value = quick_table(foe)[edge]
    mean = sum(value) / 6
    scored: Scored = []
    for action in options:
        if isinstance(action, UseHoming):
            gain = value[action.face] - value[dice[action.die]]
        elif isinstance(action, UseEmergency):
            gain = dice.count(0) * (sum(value) / 5)
        elif isinstance(action, UseNitro):
            which = range(len(dice)) if action.die < 0 else (action.die,)
            gain = sum(mean - value[dice[i]] for i in which)
        else:
            gain = 0.0
        scored.append((gain, action))
    return scored


def _expected(attack: Damage, edge: int, dice: list[int], which: list[int],
              faces: tuple[int, ...]) -> float:
    """Mean worth over re-rolls of the dice at ``which``: each die takes every face once
    across the rows, so the estimate is the same every time for the same position."""
    total = 0.0
    for row in range(len(faces)):
        changed = dice[:]
        for k, i in enumerate(which):
            changed[i] = faces[(row + 2 * k) % len(faces)]
        total += _dice_worth(attack, edge, changed)
    return total / len(faces)


def rank_orders(seat: Seat, options: Sequence[OrderDice], fast: bool) -> Scored:
    out_edge = _edges(seat)[0]
    attack = _damage(seat, fast)
    if fast:
        faces = tuple(d for d in seat.team.dice if d)
        order = attack.greedy(out_edge, faces)[1]
        boom = any(o.dynamite for o in options)
        return [(1.0 if (o.order == order and o.dynamite == boom) else 0.0, o)
                for o in options]
    scored: Scored = []
    for action in options:
        faces = (action.order[:1] + action.order) if action.dynamite else action.order
        scored.append((attack.sequence(out_edge, faces), action))
    return scored


def rank_tokens(seat: Seat, options: Sequence[ChooseToken], fast: bool) -> Scored:
    """Give up the token whose loss leaves the robot best off after the rest of the
    enemy's hits land."""
    state = seat.state
    later = [(edge, face) for team, edge, face in state.hits[1:] if team == seat.mine]
    defensive = [a for a in seat.agendas() if a.type == "defensive"]
    scored: Scored = []
    for action in options:
        robot = seat.robot.clone()
        robot.remove_token(action.token)
        for edge, face in later:
            land(robot, edge, face)
        value = combat_worth(robot, seat.rounds_left() - 1)
        value += agenda_progress(defensive, robot, seat.enemy_robot)
        scored.append((value, action))
    return scored
