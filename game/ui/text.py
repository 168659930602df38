"""Fonts and cached text rendering: the same label is rasterised once."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import caches
from game.ui.palette import TEXT


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


@lru_cache(maxsize=2048)
def render(text: str, size: int, colour: tuple[int, int, int] = TEXT,
           bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


def blit_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 32,
              colour: tuple[int, int, int] = TEXT, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    image = render(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def fitted(text: str, width: int, size: int, least: int,
           bold: bool = False) -> tuple[str, int]:
    """``text`` and the text size to draw it at in at most ``width`` pixels: the largest
    from ``size`` down to ``least`` (in steps of 2) where it is long, such as a typed
    player name, and cut short with "…" only if even ``least`` is too wide, so it never
    runs into what is beside it."""
    for trial in range(size, least, -2):
        if font(trial, bold).size(text)[0] <= width:
            return text, trial
    face = font(least, bold)
    if face.size(text)[0] <= width:
        return text, least
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…", least


@lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels at ``size`` (cached:
    treat the result as read-only)."""
    f = font(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


caches.register(font.cache_clear)
caches.register(render.cache_clear)
caches.register(wrap.cache_clear)
