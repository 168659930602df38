"""Colours and seat glyphs. Seat colours are Okabe-Ito, which stay distinct for the
common kinds of colour blindness, and every seat also has a glyph, so colour is
never the only signal."""

from __future__ import annotations

import math

import pygame

BACKGROUND = (24, 26, 33)
PANEL = (38, 41, 52)
PANEL_LIGHT = (54, 58, 72)
LINE = (86, 92, 110)
TEXT = (236, 236, 240)
TEXT_DIM = (160, 164, 178)
ACCENT = (240, 228, 66)        # Okabe-Ito yellow
DANGER = (213, 94, 0)          # vermillion
GOOD = (0, 158, 115)           # bluish green
METAL = (150, 156, 170)
YARD = (46, 50, 62)
FORBIDDEN = (70, 40, 40)

SEAT_COLOURS = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),   # yellow
    (213, 94, 0),     # vermillion
)
"""Six seats, for the games that seat six; the first four are the four-player games'."""
SEAT_NAMES = ("Orange", "Blue", "Green", "Purple", "Yellow", "Red")
SEAT_GLYPHS = ("circle", "triangle", "square", "diamond", "star", "cross")

KIND_COLOURS = {
    "weapon": (213, 94, 0),
    "armor": (0, 114, 178),
    "engine": (240, 228, 66),
    "decoration": (204, 121, 167),
    "cockpit": (200, 200, 210),
}


def draw_glyph(surface: pygame.Surface, seat: int, centre: tuple[int, int], size: int,
               colour: tuple[int, int, int] | None = None) -> None:
    """The seat's glyph in its colour (or ``colour``), with a dark outline."""
    fill = colour or SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    x, y = centre
    r = size // 2
    shape = SEAT_GLYPHS[seat % len(SEAT_GLYPHS)]
    if shape == "circle":
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, BACKGROUND, centre, r, 2)
        return
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "diamond":
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    elif shape == "star":
        points = [(x + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                   y - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5))
                  for k in range(10)]
    elif shape == "cross":
        t = r / 3
        points = [(x - t, y - r), (x + t, y - r), (x + t, y - t), (x + r, y - t),
                  (x + r, y + t), (x + t, y + t), (x + t, y + r), (x - t, y + r),
                  (x - t, y + t), (x - r, y + t), (x - r, y - t), (x - t, y - t)]
    else:
        h = r * math.sqrt(3) / 2
        points = [(x, y - r), (x + r, y + h), (x - r, y + h)]
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, BACKGROUND, points, 2)
