"""Where everything sits on the 1920x1080 canvas: the board with its ring of outside
waiting squares on the left, the seats' program rails, the counter tray, the buttons,
the prompt and the log on the right. Geometry only: no rules, no words."""

from __future__ import annotations

import pygame

CELL = 66
"""A board square's side: 44 pixels in a 1280x720 window, room for a bot and its facing."""
RING = 1
"""Squares of room round the 12x12 board for the Retros waiting outside the doors."""
BOARD_AT = (24, 78)
"""The top left corner of the outside ring (row 0, column 0)."""
TOP = pygame.Rect(16, 8, 1888, 60)
RIGHT = 968
"""Left edge of everything right of the board."""
WIDTH = 1920 - 16 - RIGHT
RAIL_H = 112
RAILS_TOP = 76
SLOT = (66, 54)
SLOT_GAP = 6
SLOTS_X = RIGHT + 330
"""Where a rail's first slot sits: the seat's name, Retro and card are on its left."""
TRAY = pygame.Rect(RIGHT, 536, WIDTH, 74)
COUNTER = (76, 54)
BUTTONS_Y = 620
BUTTON_H = 52
PROMPT = pygame.Rect(RIGHT, 684, 500, 388)
LOG = pygame.Rect(RIGHT + 512, 684, WIDTH - 512, 388)


def square_rect(square: tuple[int, int]) -> pygame.Rect:
    """The rect of board square ``r,c`` (row 0 and 13 and column 0 and 13 are outside)."""
    r, c = square
    return pygame.Rect(BOARD_AT[0] + c * CELL, BOARD_AT[1] + r * CELL, CELL, CELL)


def board_rect(rows: int, cols: int) -> pygame.Rect:
    """The playing area proper, squares 1,1 to rows,cols."""
    return pygame.Rect(BOARD_AT[0] + CELL, BOARD_AT[1] + CELL, cols * CELL, rows * CELL)


def square_at(pos: tuple[int, int], rows: int, cols: int) -> tuple[int, int] | None:
    """The square (outside ring included) under ``pos``, if any."""
    c = (pos[0] - BOARD_AT[0]) // CELL
    r = (pos[1] - BOARD_AT[1]) // CELL
    if 0 <= r <= rows + 1 and 0 <= c <= cols + 1:
        return r, c
    return None


def rail_rect(seat: int) -> pygame.Rect:
    return pygame.Rect(RIGHT, RAILS_TOP + seat * (RAIL_H + 4), WIDTH, RAIL_H)


def slot_rect(seat: int, slot: int) -> pygame.Rect:
    rail = rail_rect(seat)
    return pygame.Rect(SLOTS_X + slot * (SLOT[0] + SLOT_GAP), rail.y + 48, *SLOT)


def slots_area(seat: int, slots: int) -> pygame.Rect:
    """The strip a counter is dropped on to land in this rail (a little beyond its
    slots, so a drop just past the last one still counts)."""
    first = slot_rect(seat, 0)
    width = slots * (SLOT[0] + SLOT_GAP) + SLOT[0] // 2
    return pygame.Rect(first.x - SLOT_GAP, first.y - 8, width, first.height + 16)


def slot_index(seat: int, pos: tuple[int, int], slots: int) -> int | None:
    """The slot a drop at ``pos`` lands on in this seat's rail (None: off the rail)."""
    if not slots_area(seat, slots).collidepoint(pos):
        return None
    return max(0, min(slots - 1, (pos[0] - SLOTS_X) // (SLOT[0] + SLOT_GAP)))


def counter_rect(index: int) -> pygame.Rect:
    """The ``index``-th face in the tray of counters."""
    x = TRAY.x + 8 + index * (COUNTER[0] + 8)
    return pygame.Rect(x, TRAY.y + (TRAY.height - COUNTER[1]) // 2, *COUNTER)


def button_row(count: int, index: int) -> pygame.Rect:
    """The ``index``-th of ``count`` buttons sharing the row under the tray."""
    gap = 8
    width = (WIDTH - gap * (count - 1)) // count
    return pygame.Rect(RIGHT + index * (width + gap), BUTTONS_Y, width, BUTTON_H)


def prompt_button(index: int, columns: int = 2) -> pygame.Rect:
    """The ``index``-th choice button of the prompt, in ``columns`` under its heading."""
    gap = 8
    width = (PROMPT.width - 24 - gap * (columns - 1)) // columns
    row, col = divmod(index, columns)
    return pygame.Rect(PROMPT.x + 12 + col * (width + gap), PROMPT.y + 122 + row * 50, width, 44)
