"""Reading a scenario's position (../shared/calamitron/SCENARIOS.md) into a State.

Every fault of the format is a DataError naming the file, line and key path: an
unknown key, kind, id or square, two pieces on one square, a piece on an open pit, a
crate or Rogue outside, a Retro outside where there is no door. The State is the
engine's own, so the engine's code answers the question.
"""

from __future__ import annotations

import re
from typing import Any

from game.rules.calamitron.board import Board, make_board
from game.rules.calamitron.catalogue import RETROS, ROGUES, Catalogue
from game.rules.calamitron.geometry import FACINGS, Square, ahead, parse_square
from game.rules.calamitron.state import CRATE, RUN, Piece, State
from game.rules.core.data import Checker, PathKey, show
from game.rules.core.rng import Rng

KINDS = (*RETROS, *ROGUES, CRATE)
CARDS = ("catastrophe", "surplus-N", "surplus-E", "surplus-S", "surplus-W", "quiet")
FILE_UPGRADES = ("extra-memory", "spare-loader")
PIECE_KEYS = ("kind", "at", "facing", "stunned", "seat", "upgrades")
QUIET_PADDING = 200
"""Quiet Shifts put under a scenario's deck: draws beyond the listed cards are quiet."""
ID = re.compile(r"^[A-Za-z0-9]+$")


class Reader:
    """A Checker with the catalogue and the board being read."""

    def __init__(self, check: Checker, cat: Catalogue) -> None:
        self.check = check
        self.cat = cat
        self.board: Board = cat.board

    def square(self, value: Any, path: PathKey, outside: bool = False) -> Square:
        text = value if isinstance(value, str) else ""
        square = parse_square(text)
        if square is None:
            raise self.check.fail(path, f"expected a square \"r,c\", found {show(value)}")
        if not self.board.on_board(square) and not (outside and square in
                                                     self.board.outsides()):
            raise self.check.fail(path, f"{text} is not a square of the board")
        return square

    def edge(self, value: Any, path: PathKey, rows: int, cols: int) -> tuple[Square, str]:
        text = self.check.text(value, path)
        parts = text.split(" ")
        square = parse_square(parts[0]) if len(parts) == 2 else None
        if (square is None or parts[1] not in FACINGS
                or not (1 <= square[0] <= rows and 1 <= square[1] <= cols)):
            raise self.check.fail(path, f"expected a square and a side (\"r,c N\"), "
                                        f"found {show(text)}")
        return square, parts[1]

    def seat_key(self, value: Any, path: PathKey, seats: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= seats:
            raise self.check.fail(path, f"expected a seat from 1 to {seats}, found {show(value)}")
        return value


def read_board(read: Reader, raw: Any, path: PathKey) -> Board:
    if raw is None or raw == "deadly-spiral":
        return read.cat.board
    check = read.check
    if isinstance(raw, str):
        raise check.fail(path, f"expected deadly-spiral or a custom board, found {show(raw)}")
    raw = check.mapping(raw, path, allowed=("rows", "cols", "pits", "walls", "doors"),
                        required=("rows", "cols"))
    rows = check.integer(raw["rows"], (*path, "rows"), 2, 16)
    cols = check.integer(raw["cols"], (*path, "cols"), 2, 16)
    read.board = make_board(rows, cols, [], [], [])
    pits = [read.square(v, (*path, "pits", i))
            for i, v in enumerate(check.seq(raw.get("pits", []), (*path, "pits")))]
    walls = []
    for i, v in enumerate(check.seq(raw.get("walls", []), (*path, "walls"))):
        square, side = read.edge(v, (*path, "walls", i), rows, cols)
        if not read.board.on_board(ahead(square, side)):
            raise check.fail((*path, "walls", i), "walls lie on inner edges only (the outer "
                                                  "boundary is wall already)")
        walls.append((square, side))
    doors = []
    for i, v in enumerate(check.seq(raw.get("doors", []), (*path, "doors"))):
        square, side = read.edge(v, (*path, "doors", i), rows, cols)
        if read.board.on_board(ahead(square, side)):
            raise check.fail((*path, "doors", i), "a door lies on the board's outer edge")
        doors.append((square, side))
    return make_board(rows, cols, pits, walls, doors)


def _piece(read: Reader, key: str, raw: Any, path: PathKey) -> tuple[Piece, list[str]]:
    check = read.check
    raw = check.mapping(raw, path, allowed=PIECE_KEYS, required=("kind", "at"))
    kind = check.choice(raw["kind"], (*path, "kind"), KINDS)
    retro = kind in RETROS
    at = read.square(raw["at"], (*path, "at"), outside=True)
    if kind == CRATE:
        if "facing" in raw:
            raise check.fail((*path, "facing"), "a crate has no facing")
        facing = ""
    else:
        if "facing" not in raw:
            raise check.fail(path, "a bot needs a facing")
        facing = check.choice(raw["facing"], (*path, "facing"), FACINGS)
    if not read.board.on_board(at):
        if not retro:
            raise check.fail((*path, "at"), "only a Retro may stand outside the board")
        inward = read.board.outsides()[at][1]
        if facing != inward:
            raise check.fail((*path, "facing"), f"a Retro outside faces in through its door "
                                                f"({inward})")
    for key_name in ("seat", "upgrades"):
        if key_name in raw and not retro:
            raise check.fail((*path, key_name), f"only a Retro has a {key_name}")
    if retro and "seat" not in raw:
        raise check.fail(path, "a Retro needs its seat")
    seat = check.integer(raw["seat"], (*path, "seat"), 1, 4) - 1 if retro else -1
    upgrades = [check.choice(u, (*path, "upgrades", i), FILE_UPGRADES)
                for i, u in enumerate(check.seq(raw.get("upgrades", []), (*path, "upgrades")))]
    if len(upgrades) > 2 or len(set(upgrades)) != len(upgrades):
        raise check.fail((*path, "upgrades"), "a Retro holds at most 2 different Upgrades")
    stunned = check.boolean(raw.get("stunned", False), (*path, "stunned"))
    if stunned and kind == CRATE:
        raise check.fail((*path, "stunned"), "a crate cannot be stunned")
    return Piece(key, kind, at, facing, stunned, seat), upgrades


def read_pieces(read: Reader, raw: Any, path: PathKey, filled: set[Square]
                ) -> tuple[dict[str, Piece], dict[int, list[str]]]:
    check = read.check
    raw = check.mapping(raw, path)
    pieces: dict[str, Piece] = {}
    upgrades: dict[int, list[str]] = {}
    taken: dict[Square, str] = {}
    for key, value in raw.items():
        name = str(key) if isinstance(key, int) and not isinstance(key, bool) else key
        if not isinstance(name, str) or not ID.match(name) or name == "self":
            raise check.fail((*path, str(key)), f"{show(key)} is not an id (letters and "
                                                "digits, not self)")
        piece, held = _piece(read, name, value, (*path, str(key)))
        on_board = read.board.on_board(piece.at)
        if on_board and piece.at in taken:
            raise check.fail((*path, str(key), "at"), f"{name} and {taken[piece.at]} share "
                                                      "a square")
        if on_board and piece.at in read.board.pits and piece.at not in filled:
            raise check.fail((*path, str(key), "at"), f"{name} stands on an open pit")
        taken[piece.at] = name
        pieces[name] = piece
        if piece.seat >= 0:
            if piece.seat in upgrades:
                raise check.fail((*path, str(key), "seat"), "two Retros share a seat")
            upgrades[piece.seat] = held
    seats = sorted(upgrades)
    if seats != list(range(len(seats))):
        raise check.fail(path, "the Retros' seats must be exactly 1 to N")
    return pieces, upgrades


def position(read: Reader, data: dict[str, Any]) -> State:
    """The file's position as the engine's State, in the round's running phase."""
    check, cat = read.check, read.cat
    board = read_board(read, data.get("board"), ("board",))
    read.board = board
    filled = set()
    for i, v in enumerate(check.seq(data.get("filled", []), ("filled",))):
        square = read.square(v, ("filled", i))
        if square not in board.pits:
            raise check.fail(("filled", i), f"{v} is not a pit")
        filled.add(square)
    pieces, held = read_pieces(read, data.get("pieces", {}), ("pieces",), filled)
    n = len(held)
    in_play = _in_play(read, data, pieces)
    before: dict[int, list[str]] = {}
    raw_before = check.mapping(data.get("trophies_before", {}), ("trophies_before",))
    for key, kinds in raw_before.items():
        seat = read.seat_key(key, ("trophies_before", str(key)), n) - 1
        before[seat] = [check.choice(k, ("trophies_before", str(key), i), cat.ordinary)
                        for i, k in enumerate(check.seq(kinds, ("trophies_before", str(key))))]
    deck = [check.choice(c, ("deck", i), CARDS)
            for i, c in enumerate(check.seq(data.get("deck", []), ("deck",)))]
    retro = [""] * n
    kinds = [""] * n
    for piece in pieces.values():
        if piece.seat >= 0:
            retro[piece.seat] = piece.id
            kinds[piece.seat] = piece.kind
    trophy_kinds = [before.get(s, []) for s in range(n)]
    return State(
        cat=cat, board=board, n=n,
        boss=any(p.kind in ("bossbot", "minionbot") for p in pieces.values()),
        pieces=pieces, in_play=in_play, rng=Rng(0),
        deck=deck + ["quiet"] * QUIET_PADDING, phase=RUN,
        sides=cat.sides[n] if n else (), filled=filled, retro=retro, kinds=kinds,
        lost=[""] * n, entry=[None] * n, fresh=[False] * n,
        upgrades=[held[s] for s in range(n)], trophies=[[] for _ in range(n)],
        trophy_kinds=trophy_kinds,
        full_set=[bool(in_play) and set(in_play) <= set(k) for k in trophy_kinds],
        programs=[() for _ in range(n)], locked=[True] * n,
        catastrophes=check.integer(data.get("catastrophes", 0), ("catastrophes",), 0, 2))


def _in_play(read: Reader, data: dict[str, Any], pieces: dict[str, Piece]) -> tuple[str, ...]:
    check, cat = read.check, read.cat
    if "in_play" in data:
        kinds = [check.choice(k, ("in_play", i), cat.ordinary)
                 for i, k in enumerate(check.seq(data["in_play"], ("in_play",)))]
        return tuple(dict.fromkeys(kinds))
    spec = data.get("check")
    if isinstance(spec, dict) and isinstance(spec.get("round"), dict):
        deal = spec["round"].get("deal")
        if isinstance(deal, dict):
            return tuple(dict.fromkeys(k for _, k in sorted(
                (s, k) for s, k in deal.items() if isinstance(s, int) and isinstance(k, str))
                if k in cat.ordinary))
    return tuple(k for k in cat.ordinary if any(p.kind == k for p in pieces.values()))
