"""Hover help: a small box of text near the pointer, kept on screen. What the text
says is each game's own."""

from __future__ import annotations

import pygame

from game.ui.palette import ACCENT, PANEL_LIGHT, TEXT
from game.ui.text import blit_text, wrap

WIDTH = 460


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    lines = wrap(text, 26, WIDTH - 24)
    height = 16 + 28 * len(lines)
    box = pygame.Rect(pos[0] + 18, pos[1] + 18, WIDTH, height)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, PANEL_LIGHT, box, border_radius=10)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=10)
    for i, line in enumerate(lines):
        blit_text(surface, line, (box.x + 12, box.y + 8 + 28 * i), 26, TEXT)
