"""Drawing one piece or counter: a bot as a disc with a nose on its facing side and its
type's letters (a Retro in its seat's colour with the seat's glyph), a stunned bot
lying dim with a cross, a crate as a braced box, an instruction counter as a tile.
Colour is never the only sign: every bot carries letters or a glyph."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import caches
from game.ui.palette import ACCENT, BACKGROUND, LINE, METAL, SEAT_COLOURS, TEXT, draw_glyph
from game.ui.text import render

ROGUE_COLOURS = {
    "servobot": (120, 120, 140), "rambot": (170, 70, 60), "laserbot": (180, 60, 120),
    "flamebot": (200, 110, 30), "visebot": (100, 110, 60), "progbot": (70, 90, 160),
    "bossbot": (90, 20, 30), "minionbot": (150, 140, 90),
}
ROGUE_LETTERS = {"servobot": "Sv", "rambot": "Ra", "laserbot": "La", "flamebot": "Fl",
                 "visebot": "Vi", "progbot": "Pg", "bossbot": "B", "minionbot": "Mi"}
RETRO_LETTERS = {"treadbot": "T", "shotbot": "S", "nanobot": "N"}
CRATE_COLOUR = (150, 105, 55)
ANGLE = {"N": 90, "E": 0, "S": 270, "W": 180}
"""Degrees anticlockwise from east, as pygame rotates."""
CLASS_COLOURS = {"basic": (70, 76, 92), "loader": (0, 114, 178), "shooter": (213, 94, 0),
                 "hacker": (0, 158, 115)}


@lru_cache(maxsize=256)
def bot_image(kind: str, seat: int, facing: str, stunned: bool, size: int) -> pygame.Surface:
    """A bot seen from above, ``size`` pixels square, nose towards ``facing``."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    radius = size // 2 - 10 if kind != "minionbot" else size // 2 - 15
    fill = SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else ROGUE_COLOURS.get(kind, METAL)
    if stunned:
        fill = tuple(c // 2 for c in fill)
    nose = _nose(centre, radius, facing)
    pygame.draw.polygon(image, ACCENT if not stunned else LINE, nose)
    pygame.draw.circle(image, fill, centre, radius)
    pygame.draw.circle(image, BACKGROUND, centre, radius, 3)
    if kind == "bossbot":
        pygame.draw.circle(image, ACCENT, centre, radius - 5, 2)
    if seat >= 0:
        draw_glyph(image, seat, (centre[0], centre[1] - radius // 3), radius // 2 + 4, TEXT)
        letter = render(RETRO_LETTERS.get(kind, "?"), max(14, radius), BACKGROUND, True)
        image.blit(letter, letter.get_rect(center=(centre[0], centre[1] + radius // 3)))
    else:
        letter = render(ROGUE_LETTERS.get(kind, "?"), max(14, radius + 2), TEXT, True)
        image.blit(letter, letter.get_rect(center=centre))
    if stunned:
        d = radius * 0.6
        for sign in (1, -1):
            pygame.draw.line(image, ACCENT, (centre[0] - d, centre[1] - sign * d),
                             (centre[0] + d, centre[1] + sign * d), 3)
    return image


def _nose(centre: tuple[int, int], radius: int, facing: str) -> list[tuple[float, float]]:
    """A triangle sticking out of the disc on the side it faces."""
    angle = math.radians(ANGLE.get(facing, 90))
    cx, cy = centre
    tip = (cx + (radius + 10) * math.cos(angle), cy - (radius + 10) * math.sin(angle))
    side = math.radians(40)
    left = (cx + radius * math.cos(angle + side), cy - radius * math.sin(angle + side))
    right = (cx + radius * math.cos(angle - side), cy - radius * math.sin(angle - side))
    return [tip, left, right]


@lru_cache(maxsize=8)
def crate_image(size: int) -> pygame.Surface:
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    box = image.get_rect().inflate(-12, -12)
    pygame.draw.rect(image, CRATE_COLOUR, box, border_radius=4)
    pygame.draw.rect(image, BACKGROUND, box, 3, border_radius=4)
    pygame.draw.line(image, BACKGROUND, box.topleft, box.bottomright, 3)
    pygame.draw.line(image, BACKGROUND, box.topright, box.bottomleft, 3)
    return image


def piece_image(kind: str, seat: int, facing: str, stunned: bool, size: int) -> pygame.Surface:
    return crate_image(size) if kind == "crate" else bot_image(kind, seat, facing, stunned, size)


@lru_cache(maxsize=64)
def counter_image(label: str, cls: str, size: tuple[int, int], dim: bool) -> pygame.Surface:
    """An instruction counter: its class's colour, its short label."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    fill = CLASS_COLOURS.get(cls, LINE)
    if dim:
        fill = tuple(c // 2 for c in fill)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=8)
    pygame.draw.rect(image, TEXT if not dim else LINE, image.get_rect(), 2, border_radius=8)
    text = render(label, 30, TEXT if not dim else METAL, True)
    image.blit(text, text.get_rect(center=image.get_rect().center))
    return image


caches.register(bot_image.cache_clear)
caches.register(crate_image.cache_clear)
caches.register(counter_image.cache_clear)
