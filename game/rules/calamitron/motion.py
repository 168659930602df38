"""How pieces move, get hurt and leave: one-square steps, pushes and grinds, Nanobot
slips, damage and stun, pits, crates, rescue, trophies, lost Retros and the win.

Every mover shares these (a Retro's program, a driven bot, a Rogue's own step, a
herded bot, a shot), so each rule is written once. A win or a loss raises ``Finished``
at once: nothing after it resolves (RULES-DECISIONS.md, Round).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.calamitron.board import DOOR, OPEN
from game.rules.calamitron.events import Damaged, Ended, Moved, Removed, Stood, Stunned, Trophy
from game.rules.calamitron.geometry import FACINGS, Square, ahead, show, turn
from game.rules.calamitron.state import Piece, State


class Finished(Exception):
    """The game was won or lost in the middle of something; stop everything."""


def move_to(state: State, piece: Piece, square: Square, how: str) -> None:
    piece.at = square
    state.log.append(Moved(piece.id, show(square), piece.facing, how))


def face(state: State, piece: Piece, facing: str) -> None:
    piece.facing = facing
    state.log.append(Moved(piece.id, show(piece.at), facing, "turn"))


def stand(state: State, piece: Piece) -> None:
    piece.stunned = False
    state.log.append(Stood(piece.id))


def stun(state: State, piece: Piece) -> None:
    """Only a flag: the bot keeps its square and facing. A Retro stunned while its
    program runs loses the rest of it."""
    if not piece.stunned:
        piece.stunned = True
        state.log.append(Stunned(piece.id))
    if state.run is not None and state.retro[state.run.seat] == piece.id:
        state.run = None


def holds(state: State, seat: int, effect: str) -> bool:
    return any(state.cat.upgrade_effect(card) == effect for card in state.upgrades[seat])


def earn(state: State, seat: int) -> None:
    """An Upgrade owed to ``seat``; its pick is asked once the current step is done."""
    if state.retro[seat]:
        state.earned.append(seat)


def check_won(state: State) -> None:
    """Won when no Rogue of any kind is on the board: the ordinary ones and the Bossbot
    pitted, the Minionbot pitted or rescued (each is removed as it goes; only a Retro
    ever waits off the board)."""
    if not any(piece.kind in state.cat.rogues and state.board.on_board(piece.at)
               for piece in state.pieces.values()):
        finish(state, "won")


def finish(state: State, result: str) -> None:
    state.result = result
    state.log.append(Ended(result))
    raise Finished


def remove(state: State, piece: Piece, why: str) -> None:
    del state.pieces[piece.id]
    state.log.append(Removed(piece.id, why))


DRAW: list[Callable[[State], None]] = []
"""The Calamity draw, installed by game.rules.calamitron.calamity when it loads. A draw
can bring a Surplus Rogue whose move uses this module, so this module cannot import
that one; a draw before it is installed fails loudly (IndexError)."""


def draw_calamity(state: State) -> None:
    DRAW[0](state)


def nearest_door(state: State, square: Square) -> Square:
    """The outside position of the door whose inside square is nearest (ties N E S W)."""
    doors = state.board.doors
    best = min(doors, key=lambda d: (abs(d[0][0] - square[0]) + abs(d[0][1] - square[1]),
                                     FACINGS.index(d[1]), d[0]))
    return ahead(*best)


def lose_retro(state: State, piece: Piece, why: str) -> None:
    """A Retro in a pit or wrecked: gone with its Upgrades; its seat will pick another
    type, waiting by the nearest door; then a Calamity."""
    seat = piece.seat
    remove(state, piece, why)
    if state.retro[seat] == piece.id:
        state.retro[seat] = ""
        state.lost[seat] = piece.kind
        state.upgrades[seat] = []
        state.entry[seat] = nearest_door(state, piece.at)
        state.fresh[seat] = True
        if state.run is not None and state.run.seat == seat:
            state.run = None
    draw_calamity(state)


def trophy(state: State, piece: Piece, cause: int | None) -> None:
    if cause is None:
        return
    state.trophies[cause].append(piece.id)
    state.log.append(Trophy(cause, piece.id))
    if piece.kind == "bossbot":
        earn(state, cause)
        return
    state.trophy_kinds[cause].append(piece.kind)
    if not state.full_set[cause] and set(state.in_play) <= set(state.trophy_kinds[cause]):
        state.full_set[cause] = True
        earn(state, cause)


def fall(state: State, piece: Piece, cause: int | None) -> None:
    """``piece`` has entered an open pit. ``cause``: the seat whose program did it."""
    if piece.is_crate:
        state.filled.add(piece.at)
        remove(state, piece, "filled")
        draw_calamity(state)
    elif piece.is_retro:
        lose_retro(state, piece, "pit")
    else:
        remove(state, piece, "pit")
        if piece.kind != "minionbot":
            trophy(state, piece, cause)
        check_won(state)


def rescue(state: State, piece: Piece, cause: int | None) -> None:
    """The Minionbot driven, pushed or herded out through a door."""
    remove(state, piece, "rescued")
    if cause is not None:
        earn(state, cause)
    check_won(state)


def damage(state: State, piece: Piece) -> None:
    """One hit: the Bossbot shrugs it off, a crate opens, a Nanobot breaks, any other
    bot is stunned."""
    if piece.kind == "bossbot":
        return
    state.log.append(Damaged(piece.id))
    if piece.is_crate:
        remove(state, piece, "opened")
        for seat in range(state.n):
            retro = state.seat_retro(seat)
            if retro is not None and _adjacent(retro.at, piece.at):
                earn(state, seat)
        draw_calamity(state)
    elif piece.kind == "nanobot" and not holds(state, piece.seat, "hardened"):
        lose_retro(state, piece, "wrecked")
    else:
        stun(state, piece)


def _adjacent(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def push_one(state: State, piece: Piece, facing: str, cause: int | None, how: str) -> bool:
    """Move a piece one square (a push, shove, forcer or pull step). Blocked by a wall,
    edge, door or piece, it takes 1 damage and nothing moves (False). A pit takes it; a
    Minionbot leaves by a door."""
    edge = state.board.edge(piece.at, facing)
    if edge == DOOR and piece.kind == "minionbot":
        rescue(state, piece, cause)
        return True
    target = ahead(piece.at, facing)
    if edge != OPEN or state.at(target) is not None:
        damage(state, piece)
        return False
    move_to(state, piece, target, how)
    if state.open_pit(target):
        fall(state, piece, cause)
    return True


def step(state: State, mover: Piece, facing: str, cause: int | None) -> None:
    """One Retro-like step (a Retro's, a driven bot's, a Visebot's): a wall, edge or door
    stops it; a piece ahead is pushed, or ground if it cannot move; a pit takes it."""
    if not state.board.on_board(mover.at):
        inside = state.board.outsides().get(mover.at)
        if inside is None or facing != inside[1]:
            return
        target = inside[0]
    else:
        edge = state.board.edge(mover.at, facing)
        if edge == DOOR and mover.kind == "minionbot":
            rescue(state, mover, cause)
            return
        if edge != OPEN:
            return
        target = ahead(mover.at, facing)
    occupant = state.at(target)
    if occupant is not None and not push_one(state, occupant, facing, cause, "pushed"):
        return
    if mover.id not in state.pieces:
        return
    move_to(state, mover, target, "step")
    if state.open_pit(target):
        fall(state, mover, cause)


def slip(state: State, mover: Piece, facing: str, n: int, cause: int | None) -> None:
    """A Nanobot's move: through bots, stopped by a crate, wall, edge or door; it ends on
    the last bot-free square of its path."""
    pos = mover.at
    last_free = pos
    outsides = state.board.outsides()
    for _ in range(n):
        if not state.board.on_board(pos):
            inside = outsides.get(pos)
            if inside is None or facing != inside[1]:
                break
            nxt = inside[0]
        elif state.board.edge(pos, facing) != OPEN:
            break
        else:
            nxt = ahead(pos, facing)
        occupant = state.at(nxt)
        if occupant is not None and occupant.is_crate:
            break
        if state.open_pit(nxt):
            move_to(state, mover, nxt, "step")
            fall(state, mover, cause)
            return
        pos = nxt
        if occupant is None:
            last_free = pos
    if last_free != mover.at:
        move_to(state, mover, last_free, "step")


def walk(state: State, mover: Piece, facing: str, n: int, cause: int | None) -> None:
    """``n`` single steps the same way (Move n, Back up 2), for a program's bot."""
    if mover.kind == "nanobot":
        slip(state, mover, facing, n, cause)
        return
    for _ in range(n):
        if mover.id not in state.pieces or state.run is None:
            return
        step(state, mover, facing, cause)


def line(state: State, piece: Piece) -> tuple[Piece, int] | None:
    """The first piece straight ahead and its distance (adjacent = 1); the line stops at
    walls, doors and the edge, not at pits."""
    if not state.board.on_board(piece.at):
        return None
    pos, d = piece.at, 0
    while state.board.edge(pos, piece.facing) == OPEN:
        pos = ahead(pos, piece.facing)
        d += 1
        found = state.at(pos)
        if found is not None:
            return found, d
    return None


def just_ahead(state: State, piece: Piece) -> Piece | None:
    """The piece on the square ahead with no wall between, if any."""
    if not state.board.on_board(piece.at) or state.board.edge(piece.at, piece.facing) != OPEN:
        return None
    return state.at(ahead(piece.at, piece.facing))


def reverse(facing: str) -> str:
    return turn(facing, "U")

