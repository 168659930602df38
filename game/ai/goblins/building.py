"""Build-phase choices: where and how to place a tile, and which two drawn tiles to
pass to the enemy planner.

A placement is judged by ``build_worth`` of the robot it makes. Placements that attach
to the robot are preferred to ones that would fall off; only if no tile can attach
are loose placements weighed at all. Passing keeps the tiles worth most to the own
robot and hands over the ones worth least to the enemy's visible robot.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.goblins.frontier import outlook
from game.ai.goblins.seat import Seat, seat_of
from game.ai.goblins.worth import build_worth
from game.rules.core.actions import Action
from game.rules.goblins.actions import PassTiles, PlaceTile
from game.rules.goblins.catalogue import Agenda, TileDef
from game.rules.goblins.geometry import COCKPIT, NEIGHBOUR
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import State

Scored = list[tuple[float, Action]]


def free_squares(state: State, robot: Robot) -> int:
    """A bit per square of ``robot`` still open to building under this blueprint."""
    forbidden = state.catalogue.blueprints[state.blueprint].forbidden
    mask = 0
    for sq in range(25):
        if sq != COCKPIT and sq not in forbidden and robot.tiles[sq] is None:
            mask |= 1 << sq
    return mask


def _attaches(robot: Robot, attached: int, sq: int, metal: int) -> bool:
    for edge in range(4):
        nb = NEIGHBOUR[sq][edge]
        if (nb >= 0 and metal >> edge & 1 and attached >> nb & 1
                and robot.metal[nb] >> ((edge + 2) & 3) & 1):
            return True
    return False


def _value_of(robot: Robot, tile: TileDef, sq: int, rot: int, buildable: int,
              agendas: Sequence[tuple[Agenda, float]]) -> float:
    robot.place(sq, tile, rot)
    value = build_worth(robot, buildable & ~(1 << sq), agendas)
    robot.lift(sq)
    return value


def rank_placements(seat: Seat, options: Sequence[PlaceTile]) -> Scored:
    """Every attaching placement scored (or every placement, if none attaches)."""
    return score_placements(seat.state, seat.robot, seat.weighted_agendas(), options)


def score_placements(state: State, robot: Robot, agendas: Sequence[tuple[Agenda, float]],
                     options: Sequence[PlaceTile]) -> Scored:
    robot = robot.clone()
    tiles = state.catalogue.tiles
    attached = robot.attached_mask()
    buildable = free_squares(state, robot)
    dead = outlook(robot, buildable).dead
    joining = [a for a in options
               if dead >> a.square & 1
               or _attaches(robot, attached, a.square, tiles[a.tile].rot_metal[a.rot])]
    pool = joining or list(options)
    cache: dict[tuple, float] = {}
    scored: Scored = []
    for action in pool:
        tile = tiles[action.tile]
        key = (tile.kind, tile.metal, tile.arrows, tile.plates, tile.engines, tile.premium,
               action.square, action.rot)
        value = cache.get(key)
        if value is None:
            value = cache[key] = _value_of(robot, tile, action.square, action.rot,
                                           buildable, agendas)
        scored.append((value, action))
    return scored


def best_gain(robot: Robot, tile: TileDef, buildable: int,
              agendas: Sequence[tuple[Agenda, float]]) -> float:
    """How much the best placement of ``tile`` would add to ``robot``."""
    base = build_worth(robot, buildable, agendas)
    attached = robot.attached_mask()
    best = None
    for sq in range(25):
        if not buildable >> sq & 1:
            continue
        for rot in range(4):
            if not _attaches(robot, attached, sq, tile.rot_metal[rot]):
                continue
            value = _value_of(robot, tile, sq, rot, buildable, agendas)
            if best is None or value > best:
                best = value
    if best is None:
        return -2.0
    return best - base


def rank_passes(seat: Seat, options: Sequence[PassTiles]) -> Scored:
    """Pass the pair that is worth least to us and to the enemy's robot together."""
    state = seat.state
    tiles = state.catalogue.tiles
    drawn = sorted(state.players[seat.seat].drawn)
    own = seat.robot.clone()
    enemy = seat.enemy_robot.clone()
    own_free = free_squares(state, own)
    enemy_free = free_squares(state, enemy)
    agendas = seat.weighted_agendas()
    cost = {}
    for t in drawn:
        cost[t] = (best_gain(own, tiles[t], own_free, agendas)
                   + best_gain(enemy, tiles[t], enemy_free, ()))
    return [(-sum(cost[t] for t in a.tiles), a) for a in options]



def place_greedily(state: State, robot: Robot, hand: Sequence[int],
                   agendas: Sequence[tuple[Agenda, float]]) -> Robot:
    """A copy of ``robot`` with every tile of ``hand`` placed, each in turn where it
    adds most (the seat number in the moves is irrelevant here)."""
    robot = robot.clone()
    left = list(hand)
    while left:
        free = free_squares(state, robot)
        options = [PlaceTile(0, t, sq, rot) for t in sorted(set(left))
                   for sq in range(25) if free >> sq & 1 for rot in range(4)]
        if not options:
            break
        scored = score_placements(state, robot, agendas, options)
        move = max(scored, key=lambda pair: pair[0])[1]
        robot.place(move.square, state.catalogue.tiles[move.tile], move.rot)
        left.remove(move.tile)
    return robot


def hand_worth(state: State, robot: Robot, hand: Sequence[int],
               agendas: Sequence[tuple[Agenda, float]]) -> float:
    built = place_greedily(state, robot, hand, agendas)
    return build_worth(built, free_squares(state, built), agendas)


def finish_hand(state: State, seat: int, first: PlaceTile) -> float:
    """Worth of the robot after ``first`` and then the rest of the hand placed greedily:
    a placement is judged by what the whole hand can make around it."""
    me = seat_of(state, seat)
    robot = me.robot.clone()
    robot.place(first.square, state.catalogue.tiles[first.tile], first.rot)
    hand = list(state.players[seat].tiles)
    hand.remove(first.tile)
    return hand_worth(state, robot, hand, me.weighted_agendas())


def plan_passes(seat: Seat, options: Sequence[PassTiles]) -> Scored:
    """Pass the pair whose loss hurts the own build least and helps the enemy's least,
    each judged by placing the tiles greedily on the robot they will go to."""
    state = seat.state
    drawn = state.players[seat.seat].drawn
    agendas = seat.weighted_agendas()
    enemy_base = build_worth(seat.enemy_robot, free_squares(state, seat.enemy_robot), ())
    scored: Scored = []
    for action in options:
        kept = [t for t in drawn if t not in action.tiles]
        own = hand_worth(state, seat.robot, kept, agendas)
        gift = hand_worth(state, seat.enemy_robot, action.tiles, ()) - enemy_base
        scored.append((own - gift, action))
    return scored
