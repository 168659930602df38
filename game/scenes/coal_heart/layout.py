"""Where everything sits on the 1920x1080 canvas (a 1280x720 window shows it at two
thirds), and the record of where things were drawn (``Spots``), which the match
screen reads to turn a click, a hover or an animation into a table thing. Geometry
only: no rules, no words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

TOP = pygame.Rect(16, 8, 1384, 48)
MATS = pygame.Rect(16, 62, 1384, 628)
"""Up to six robot mats, three to a row (two with four robots, filling both rows)."""
MAT_H, MAT_GAP = 310, 8
HEX_ROW = pygame.Rect(16, 698, 900, 150)
TABLE = pygame.Rect(924, 698, 476, 150)
"""The Quarry, the Supply, the Gear deck and the Coal Heart."""
ROW = pygame.Rect(16, 856, 1384, 216)
"""The face-up Gear row."""
PROMPT = pygame.Rect(1412, 8, 492, 600)
LOG = pygame.Rect(1412, 616, 492, 456)
CARD_W, CARD_H = 150, 196

MAT_HEAD = 40
"""The mat's name line."""
MAT_INFO = 36
"""HP, attack and cubes."""
MAT_GEAR = 28
SLOT_H, SLOT_GAP = 46, 4
BODY = (("l_shoulder", "head", "r_shoulder"), ("l_arm", "chest", "r_arm"),
        ("l_leg", "core", "r_leg"), ("l_foot", None, "r_foot"))
"""The eleven slots as a robot stands: shoulders by the head, arms by the chest, the
core between the legs, a foot under each leg."""


def mat_rect(seat: int, robots: int) -> pygame.Rect:
    """Seat ``seat``'s mat among ``robots`` (3 to 6)."""
    per_row = 2 if robots == 4 else 3
    width = (MATS.width - (per_row - 1) * MAT_GAP) // per_row
    row, col = divmod(seat, per_row)
    return pygame.Rect(MATS.x + col * (width + MAT_GAP), MATS.y + row * (MAT_H + MAT_GAP),
                       width, MAT_H)


def slot_rects(mat: pygame.Rect) -> dict[str, pygame.Rect]:
    top = mat.y + MAT_HEAD + MAT_INFO + MAT_GEAR + 4
    width = (mat.width - 16 - 2 * SLOT_GAP) // 3
    out = {}
    for r, row in enumerate(BODY):
        for c, slot in enumerate(row):
            if slot is not None:
                out[slot] = pygame.Rect(mat.x + 8 + c * (width + SLOT_GAP),
                                        top + r * (SLOT_H + SLOT_GAP), width, SLOT_H)
    return out


def cube_spot(mat: pygame.Rect, colour: int) -> pygame.Rect:
    """Where a mat shows its cubes of one colour (a cube and its count)."""
    return pygame.Rect(mat.x + 184 + colour * 66, mat.y + MAT_HEAD + 2, 62, 32)


def hex_step(count: int) -> int:
    """The distance between hex centres: six hexes, or seven with two Scavenge."""
    return HEX_ROW.width // count


def hex_centre(index: int, count: int) -> tuple[int, int]:
    step = hex_step(count)
    return HEX_ROW.x + step // 2 + index * step, HEX_ROW.y + 58


def hex_radius(count: int) -> int:
    return min(52, hex_step(count) * 3 // 8)


def card_rect(index: int, count: int) -> pygame.Rect:
    room = ROW.width - 200
    step = min(CARD_W + 12, (room - CARD_W) // max(1, count - 1)) if count > 1 else 0
    return pygame.Rect(ROW.x + 190 + index * step, ROW.y + 12, CARD_W, CARD_H)


DECK = pygame.Rect(ROW.x + 12, ROW.y + 12, 160, CARD_H)
QUARRY_TOP = TABLE.y + 44


def quarry_spot(colour: int) -> pygame.Rect:
    return pygame.Rect(TABLE.x + 14 + colour * 72, QUARRY_TOP, 64, 40)


def supply_spot(colour: int) -> pygame.Rect:
    return pygame.Rect(TABLE.x + 14 + colour * 72, QUARRY_TOP + 62, 64, 40)


HEART = pygame.Rect(TABLE.right - 170, TABLE.y + 36, 156, 104)
BAG = pygame.Rect(TABLE.x + 300, QUARRY_TOP + 62, 0, 40)


@dataclass
class Spots:
    """Where table things were drawn, by key: later ones lie on top."""

    rects: list[tuple[tuple[Any, ...], pygame.Rect]] = field(default_factory=list)
    first: dict[tuple[Any, ...], pygame.Rect] = field(default_factory=dict)

    def add(self, key: tuple[Any, ...], rect: pygame.Rect) -> pygame.Rect:
        self.rects.append((key, rect))
        self.first.setdefault(key, rect)
        return rect

    def hits(self, pos: tuple[int, int]) -> list[tuple[tuple[Any, ...], pygame.Rect]]:
        """Every key drawn under ``pos``, topmost first."""
        return [(key, rect) for key, rect in reversed(self.rects) if rect.collidepoint(pos)]

    def rect(self, key: tuple[Any, ...]) -> pygame.Rect | None:
        return self.first.get(key)
