"""The Rogues' own moves: the order a seat moves them in, auto-turning, the Visebot's
push and grind, herding (Progbot, Bossbot) and the end actions (ram, laser, flame).

The order is worked out in exact arithmetic: bearings compare as (quadrant, tangent)
fractions in doubled coordinates, so squares on one ray from the centre tie exactly.
"""

from __future__ import annotations

from fractions import Fraction

from game.rules.calamitron.board import DOOR, OPEN
from game.rules.calamitron.geometry import FACINGS, Square, ahead, turn
from game.rules.calamitron.motion import (
    damage,
    face,
    fall,
    just_ahead,
    line,
    move_to,
    push_one,
    remove,
    rescue,
    stand,
)
from game.rules.calamitron.state import Piece, State

BearingKey = tuple[int, Fraction]


def bearing(state: State, square: Square) -> BearingKey:
    """The compass bearing of a square from the board centre, as a sortable key (the
    centre itself is 0)."""
    rows2, cols2 = state.board.centre()
    x = 2 * square[1] - cols2
    y = rows2 - 2 * square[0]
    if x == 0 and y == 0:
        return 0, Fraction(0)
    if x >= 0 and y > 0:
        return 0, Fraction(x, y)
    if x > 0 and y <= 0:
        return 1, Fraction(-y, x)
    if x <= 0 and y < 0:
        return 2, Fraction(-x, -y)
    return 3, Fraction(y, -x)


def _clockwise(base: BearingKey, key: BearingKey) -> tuple[int, BearingKey]:
    """Sorts keys by clockwise angle from ``base`` in [0, 360)."""
    return (0 if key >= base else 1), key


def _to_edge(state: State, square: Square, side: str) -> int:
    r, c = square
    return {"N": r - 1, "S": state.board.rows - r, "W": c - 1,
            "E": state.board.cols - c}[side]


def _from_centre(state: State, square: Square) -> int:
    rows2, cols2 = state.board.centre()
    return (2 * square[0] - rows2) ** 2 + (2 * square[1] - cols2) ** 2


def order(state: State, ids: list[str], side: str) -> list[str]:
    """The nearest Rogue to the seat's edge first (ties: smaller clockwise angle from the
    side's bearing), then the rest clockwise by bearing from it, nearer the centre first
    on one bearing."""
    if not ids:
        return []
    at = {i: state.pieces[i].at for i in ids}
    side_key: BearingKey = (FACINGS.index(side), Fraction(0))
    first = min(ids, key=lambda i: (_to_edge(state, at[i], side),
                                    _clockwise(side_key, bearing(state, at[i])),
                                    _from_centre(state, at[i])))
    base = bearing(state, at[first])
    rest = sorted((i for i in ids if i != first),
                  key=lambda i: (_clockwise(base, bearing(state, at[i])),
                                 _from_centre(state, at[i])))
    return [first, *rest]


def _ahead_free(state: State, rogue: Piece) -> Square | None:
    """The square of the Rogue's next step, or None if it must turn: a wall, door, edge,
    pit, crate or bot is in the way (a Visebot pushes bots instead)."""
    if not state.board.on_board(rogue.at):
        inside = state.board.outsides().get(rogue.at)
        if inside is None or rogue.facing != inside[1]:
            return None
        target = inside[0]
    elif state.board.edge(rogue.at, rogue.facing) != OPEN:
        return None
    else:
        target = ahead(rogue.at, rogue.facing)
    if state.open_pit(target):
        return None
    occupant = state.at(target)
    if occupant is not None and (occupant.is_crate or state.cat.rogues[rogue.kind].special
                                 != "vise"):
        return None
    return target


def steps_of(state: State, kind: str) -> int:
    steps = state.cat.rogues[kind].steps
    steps += state.active("rogue-steps-up") - state.active("rogue-steps-down")
    return max(steps, 0)


def move(state: State, rogue: Piece) -> None:
    """One Rogue's whole move; a stunned one only stands up."""
    if rogue.stunned:
        stand(state, rogue)
        return
    kind = state.cat.rogues[rogue.kind]
    for _ in range(steps_of(state, rogue.kind)):
        turns = 0
        target = _ahead_free(state, rogue)
        while target is None and turns < 4:
            face(state, rogue, turn(rogue.facing, kind.turns))
            turns += 1
            target = _ahead_free(state, rogue)
        if target is None:
            break
        occupant = state.at(target)
        if occupant is not None and not push_one(state, occupant, rogue.facing, None,
                                                  "pushed"):
            face(state, rogue, turn(rogue.facing, kind.turns))
            continue
        move_to(state, rogue, target, "step")
        if kind.special == "ram":
            hit = just_ahead(state, rogue)
            if hit is not None:
                damage(state, hit)
        elif kind.special == "herd":
            herd(state, rogue)
        if rogue.id not in state.pieces:
            return
    if not state.board.on_board(rogue.at):
        remove(state, rogue, "stranded")
        return
    if kind.special == "laser":
        target_seen = line(state, rogue)
        if target_seen is not None:
            damage(state, target_seen[0])
    elif kind.special == "flame":
        front = ahead(rogue.at, rogue.facing)
        for square in (front, ahead(front, turn(rogue.facing, "L")),
                       ahead(front, turn(rogue.facing, "R"))):
            hit = state.at(square)
            if hit is not None:
                damage(state, hit)


def herd(state: State, herder: Piece) -> None:
    """Each bot beside the herder (front, right, back, left) steps once along its own
    facing; only a wall, edge, door or piece stops it, and a pit takes it."""
    squares = [ahead(herder.at, turn(herder.facing, way)) for way in ("", "R", "U", "L")]
    bots = [state.at(sq) for sq in squares]
    for bot in bots:
        if bot is None or bot.is_crate or bot.id not in state.pieces:
            continue
        edge = state.board.edge(bot.at, bot.facing)
        if edge == DOOR and bot.kind == "minionbot":
            rescue(state, bot, None)
            continue
        target = ahead(bot.at, bot.facing)
        if edge != OPEN or state.at(target) is not None:
            continue
        move_to(state, bot, target, "herded")
        if state.open_pit(target):
            fall(state, bot, None)
