"""Hover help: a small box of text placed beside what is hovered, never over it, and
kept on screen. What the text says is each game's own.

The box goes below the hovered thing, else above it, else to its right or left, so
it covers neither the thing being read about nor its neighbours in the same row (a
hand of cards, a line of buttons). A caller that knows the hovered rect passes it as
``anchor``, or the rect of the group it sits in (a whole yard of tiles) to keep every
neighbour clear; otherwise a square of ``HOVER`` pixels around the pointer stands in
for it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.palette import ACCENT, PANEL_LIGHT, TEXT
from game.ui.text import blit_text, wrap

WIDTH = 460
SIZE, LINE_HEIGHT, PAD = 26, 28, 8
GAP = 10
"""Space between the box and what it is about."""
HOVER = 88
"""Side of the square taken as the hovered thing when the caller names none: about a
yard square or a card, so the box clears what the pointer is on."""

Hover = tuple[str, pygame.Rect]
"""Hover help and the rect it is about, the ``anchor`` the box keeps clear of."""


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int],
                 anchor: pygame.Rect | None = None) -> pygame.Rect:
    """Draw ``text`` as hover help for ``anchor`` (the hovered thing; by default the
    pointer at ``pos``); returns where the box went."""
    lines = wrap(text, SIZE, WIDTH - 24)
    size = (WIDTH, 2 * PAD + LINE_HEIGHT * len(lines))
    box = place(size, pos, surface.get_rect(), anchor)
    pygame.draw.rect(surface, PANEL_LIGHT, box, border_radius=10)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=10)
    for i, line in enumerate(lines):
        blit_text(surface, line, (box.x + 12, box.y + PAD + LINE_HEIGHT * i), SIZE, TEXT)
    return box


def group_of(hovered: pygame.Rect, rects: Sequence[pygame.Rect],
             reach: int = GAP) -> pygame.Rect:
    """The block of buttons ``hovered`` sits in: the union of the ``rects`` joined to it
    by gaps narrower than ``reach``. Passed as the anchor, it keeps a button's help clear
    of its neighbours in a column or grid, not only of the button itself."""
    block = [hovered]
    rest = [r for r in rects if r != hovered]
    grown = True
    while grown:
        near = [r for r in rest
                if any(r.inflate(2 * reach, 2 * reach).colliderect(b) for b in block)]
        grown = bool(near)
        block += near
        rest = [r for r in rest if r not in near]
    return hovered.unionall(block)


def place(size: tuple[int, int], pos: tuple[int, int], screen: pygame.Rect,
          anchor: pygame.Rect | None = None) -> pygame.Rect:
    """Where a box of ``size`` goes: centred below the hovered rect, else above it,
    else beside it (right, then left), slid along that side to stay on ``screen``.
    Only a box that fits on no side is clamped onto the screen over the rect."""
    target = anchor if anchor is not None else pygame.Rect(0, 0, HOVER, HOVER)
    if anchor is None:
        target.center = pos
    w, h = size
    below = pygame.Rect(target.centerx - w // 2, target.bottom + GAP, w, h)
    above = pygame.Rect(target.centerx - w // 2, target.top - GAP - h, w, h)
    right = pygame.Rect(target.right + GAP, target.centery - h // 2, w, h)
    left = pygame.Rect(target.left - GAP - w, target.centery - h // 2, w, h)
    for box in (below, above):
        box.x = min(max(box.x, screen.left), screen.right - w)
    for box in (right, left):
        box.y = min(max(box.y, screen.top), screen.bottom - h)
    for box in (below, above, right, left):
        if screen.contains(box):
            return box
    return below.clamp(screen)
