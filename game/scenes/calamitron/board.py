"""The 12x12 board as drawn: floor, pits (open or filled by a crate), the outer wall
with its four doors and the waiting squares outside them, inner walls, and every piece
with its facing; plus the hover help for a square and what stands on it.

It draws whatever pieces it is handed (the playback's picture of the board part-way
through a round, or the view as it stands), so it holds no state and no rule."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pygame

from game.rules.calamitron.board import Board
from game.rules.calamitron.geometry import Square
from game.rules.calamitron.state import Piece, State
from game.scenes.calamitron.layout import CELL, board_rect, square_rect
from game.scenes.calamitron.pieces import piece_image
from game.scenes.calamitron.words import (
    COUNTER_NAMES,
    FACING_WORDS,
    RETRO_HELP,
    piece_name,
    square_words,
    upgrade,
)
from game.ui.palette import ACCENT, BACKGROUND, PANEL, PANEL_LIGHT, TEXT_DIM, YARD
from game.ui.text import blit_text

FLOOR = (58, 62, 76)
FLOOR_DARK = (52, 56, 69)
PIT = (8, 8, 12)
FILLED = (110, 80, 45)
WALL = (200, 204, 214)


def draw_floor(surface: pygame.Surface, board: Board, filled: Iterable[Square]) -> None:
    """Squares, pits, walls, doors and the outside waiting squares (no pieces)."""
    area = board_rect(board.rows, board.cols).inflate(2 * CELL, 2 * CELL)
    pygame.draw.rect(surface, PANEL, area, border_radius=10)
    filled = set(filled)
    for r in range(1, board.rows + 1):
        for c in range(1, board.cols + 1):
            rect = square_rect((r, c))
            pygame.draw.rect(surface, FLOOR if (r + c) % 2 else FLOOR_DARK, rect)
            if (r, c) in board.pits:
                if (r, c) in filled:
                    pygame.draw.rect(surface, FILLED, rect.inflate(-14, -14), border_radius=6)
                    pygame.draw.rect(surface, BACKGROUND, rect.inflate(-14, -14), 2,
                                     border_radius=6)
                else:
                    pygame.draw.circle(surface, YARD, rect.center, CELL // 2 - 5)
                    pygame.draw.circle(surface, PIT, rect.center, CELL // 2 - 10)
    _labels(surface, board)
    whole = board_rect(board.rows, board.cols)
    pygame.draw.rect(surface, WALL, whole.inflate(6, 6), 6)
    for square, side in board.walls:
        _edge(surface, square, side, WALL, 6)
    for (square, side), (outside, _facing) in zip(board.doors, _outsides(board), strict=True):
        _edge(surface, square, side, FLOOR, 10)
        _edge(surface, square, side, ACCENT, 2)
        waiting = square_rect(outside).inflate(-4, -4)
        pygame.draw.rect(surface, PANEL_LIGHT, waiting, border_radius=8)
        pygame.draw.rect(surface, ACCENT, waiting, 2, border_radius=8)


def _outsides(board: Board) -> list[tuple[Square, str]]:
    return [board.outside(door) for door in board.doors]


def _edge(surface: pygame.Surface, square: Square, side: str, colour: tuple[int, int, int],
          width: int) -> None:
    rect = square_rect(square)
    ends = {"N": (rect.topleft, rect.topright), "S": (rect.bottomleft, rect.bottomright),
            "W": (rect.topleft, rect.bottomleft), "E": (rect.topright, rect.bottomright)}
    start, end = ends[side]
    pygame.draw.line(surface, colour, start, end, width)


def _labels(surface: pygame.Surface, board: Board) -> None:
    """Row numbers down the left, column numbers along the top; where a door's waiting
    square takes a number's place, that number goes to the opposite edge instead."""
    taken = {outside for outside, _ in _outsides(board)}
    for r in range(1, board.rows + 1):
        at = (r, 0) if (r, 0) not in taken else (r, board.cols + 1)
        blit_text(surface, str(r), square_rect(at).center, 24, TEXT_DIM, anchor="center")
    for c in range(1, board.cols + 1):
        at = (0, c) if (0, c) not in taken else (board.rows + 1, c)
        blit_text(surface, str(c), square_rect(at).center, 24, TEXT_DIM, anchor="center")


def draw_pieces(surface: pygame.Surface, pieces: Mapping[str, Piece],
                hidden: Iterable[str] = ()) -> None:
    """Every piece at its square (those in ``hidden`` are being animated elsewhere)."""
    skip = set(hidden)
    for piece in sorted(pieces.values(), key=lambda p: (p.at, p.id)):
        if piece.id in skip:
            continue
        image = piece_image(piece.kind, piece.seat, piece.facing, piece.stunned, CELL)
        surface.blit(image, square_rect(piece.at))


def draw_path(surface: pygame.Surface, points: Sequence[Square], end: Piece | None,
              lost: bool, colour: tuple[int, int, int]) -> None:
    """A program's preview: a line through the squares its Retro passes, a faint Retro
    where it ends (facing as it will), a cross if it will be lost on the way."""
    centres = [square_rect(p).center for p in points]
    if len(centres) > 1:
        pygame.draw.lines(surface, colour, False, centres, 5)
    for centre in centres[1:]:
        pygame.draw.circle(surface, colour, centre, 7)
    if not centres:
        return
    last = square_rect(points[-1])
    if lost:
        d = CELL // 3
        for sign in (1, -1):
            pygame.draw.line(surface, colour, (last.centerx - d, last.centery - sign * d),
                             (last.centerx + d, last.centery + sign * d), 6)
    elif end is not None:
        ghost = piece_image(end.kind, end.seat, end.facing, False, CELL).copy()
        ghost.set_alpha(120)
        surface.blit(ghost, last)


def draw_lit(surface: pygame.Surface, squares: Iterable[Square]) -> None:
    """Squares a choice may pick (a Program's targets), ringed."""
    for square in squares:
        pygame.draw.rect(surface, ACCENT, square_rect(square).inflate(-2, -2), 4,
                         border_radius=8)


def hover_help(view: State, pieces: Mapping[str, Piece], square: Square,
               names: Sequence[str] = ()) -> str | None:
    """What a square is and what stands on it, for the tooltip."""
    board = view.board
    found = next((p for p in pieces.values() if p.at == square), None)
    if board.on_board(square):
        if square in board.pits:
            ground = ("A pit filled by a crate: floor now." if square in view.filled else
                      "A pit: anything that enters it falls in.")
        else:
            ground = "Floor."
    else:
        doors = {outside: door for door in board.doors for outside in [board.outside(door)[0]]}
        if square not in doors:
            return None
        ground = ("Outside a door: Retros wait here and roll in with a Move as their first "
                  "counter.")
    where = f"{square_words(square).capitalize()}. {ground}"
    if found is None:
        return where
    return f"{_piece_words(view, found, names)}\n{where}"


def _piece_words(view: State, piece: Piece, names: Sequence[str]) -> str:
    name = piece_name(view, piece.id, names)
    name = name[0].upper() + name[1:]
    if piece.is_crate:
        return f"{name}: a hit breaks it open (an Upgrade for each Retro beside it)."
    state = "lying stunned, " if piece.stunned else ""
    facing = f"{state}facing {FACING_WORDS[piece.facing]}"
    if piece.is_retro:
        seat = piece.seat
        held = ", ".join(upgrade(view, u)[0] for u in view.upgrades[seat]) or "none"
        words = view.programs[seat] if seat < len(view.programs) else ()
        program = ", ".join(COUNTER_NAMES[w] for w in words) or "empty"
        return (f"{name}, {facing}. {RETRO_HELP[piece.kind]} Upgrades: {held}. "
                f"Program: {program}.")
    text = view.cat.rogues[piece.kind].text
    return f"{name}, {facing}. {text}"

