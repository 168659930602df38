"""Programs: which are legal for a Retro, and running one instruction by instruction.

A Shove's direction and a Program's target are chosen when they run (``choices``);
every other instruction runs by itself. Instructions after a Program drive the chosen
bot as a Retro; a driven Rogue pushes like a Treadbot and never auto-turns.
"""

from __future__ import annotations

from game.rules.calamitron.catalogue import Catalogue
from game.rules.calamitron.geometry import turn
from game.rules.calamitron.motion import (
    face,
    holds,
    just_ahead,
    line,
    push_one,
    reverse,
    stand,
    walk,
)
from game.rules.calamitron.state import Piece, Run, State

MOVES = {"M1": 1, "M2": 2, "M3": 3}
ENTERING = ("M1", "M2", "M3")
SHOVES = ("L", "R", "F")
FAULTS = ("too-long", "loader", "shooter", "hacker", "enter")
RECLASS = {"nimble": "U", "reverse": "B2"}
"""Upgrade effects that make an instruction basic for their holder."""


def length_limit(cat: Catalogue, effects: set[str], up: int = 0, down: int = 0) -> int:
    return max(cat.program + ("memory" in effects) + up - 2 * down, 0)


def faults(cat: Catalogue, kind: str, effects: set[str], words: tuple[str, ...],
           outside: bool, up: int = 0, down: int = 0) -> list[str]:
    """Why this program is not legal for a Retro of ``kind`` holding Upgrades with these
    ``effects`` (empty: it is legal)."""
    found = []
    if len(words) > length_limit(cat, effects, up, down):
        found.append("too-long")
    basic = {RECLASS[e] for e in effects if e in RECLASS}
    for cls in ("loader", "shooter", "hacker"):
        used = sum(1 for w in words if cat.classes[w] == cls and w not in basic)
        if used > cat.limits[kind][cls] + (cls in effects):
            found.append(cls)
    if outside and words and words[0] not in ENTERING:
        found.append("enter")
    return found


def seat_effects(state: State, seat: int) -> set[str]:
    return {state.cat.upgrade_effect(card) for card in state.upgrades[seat]}


def seat_faults(state: State, seat: int, words: tuple[str, ...]) -> list[str]:
    retro = state.seat_retro(seat)
    if retro is None:
        return ["no-retro"]
    return faults(state.cat, retro.kind, seat_effects(state, seat), words,
                  state.outside(retro), state.active("program-up"),
                  state.active("program-down"))


def start(state: State, seat: int) -> None:
    """A seat's Retro begins its program; a stunned one stands up and runs only the
    first few instructions."""
    retro = state.seat_retro(seat)
    if retro is None or state.fresh[seat]:
        return
    words = state.programs[seat]
    if retro.stunned:
        stand(state, retro)
        words = words[:state.cat.stunned_runs + holds(state, seat, "steady")]
    if words:
        state.run = Run(seat, words, 0, retro.id)


def driven(state: State) -> Piece | None:
    run = state.run
    return None if run is None else state.pieces.get(run.driven)


def choices(state: State) -> tuple[str, ...]:
    """What the running program's next instruction asks its seat (none: it just runs)."""
    run = state.run
    if run is None:
        return ()
    word = run.words[run.index]
    if word == "shove":
        bot = driven(state)
        return SHOVES if bot is not None and just_ahead(state, bot) is not None else ()
    if word == "program":
        return ("self", *targets(state, run.seat))
    return ()


def targets(state: State, seat: int) -> list[str]:
    """Bots a seat's Retro can Program: beside it (two squares with Long Link), never a
    Bossbot."""
    me = state.seat_retro(seat)
    if me is None or state.outside(me):
        return []
    reach = 2 if holds(state, seat, "long-link") else 1
    found = []
    for piece in state.pieces.values():
        if piece is me or piece.is_crate or piece.kind == "bossbot":
            continue
        if not state.board.on_board(piece.at):
            continue
        if abs(piece.at[0] - me.at[0]) + abs(piece.at[1] - me.at[1]) <= reach:
            found.append(piece.id)
    return sorted(found)


def execute(state: State, option: str) -> None:
    """Run the next instruction (with its choice, if it asked one) and move on."""
    run = state.run
    assert run is not None
    word = run.words[run.index]
    run.index += 1
    seat = run.seat
    bot = driven(state)
    if word == "program":
        run.driven = state.retro[seat] if option == "self" else option
    elif bot is not None:
        _instruction(state, bot, word, option, seat)
    if state.run is not None and state.run.index >= len(state.run.words):
        state.run = None


def _instruction(state: State, bot: Piece, word: str, option: str, seat: int) -> None:
    on_board = state.board.on_board(bot.at)
    if word in ("L", "R", "U"):
        if on_board:
            face(state, bot, turn(bot.facing, word))
    elif word in MOVES:
        walk(state, bot, bot.facing, MOVES[word], seat)
    elif word == "B2":
        walk(state, bot, reverse(bot.facing), 2, seat)
    elif word == "shove":
        target = just_ahead(state, bot)
        if target is not None:
            way = bot.facing if option == "F" else turn(bot.facing, option)
            push_one(state, target, way, seat, "shoved")
    else:
        shoot(state, bot, word, seat)


def shoot(state: State, bot: Piece, word: str, seat: int) -> None:
    """Tractor pulls the first piece ahead towards the shooter, up to the square before
    it; Forcer pushes it away, stopping with a hit when blocked."""
    seen = line(state, bot)
    if seen is None:
        return
    target, d = seen
    k = 6 + holds(state, seat, "range") - d
    if k <= 0:
        return
    if word == "tractor":
        toward = reverse(bot.facing)
        for _ in range(min(k, d - 1)):
            if target.id not in state.pieces:
                return
            push_one(state, target, toward, seat, "pulled")
    else:
        for _ in range(k):
            if target.id not in state.pieces:
                return
            if not push_one(state, target, bot.facing, seat, "forced"):
                return
