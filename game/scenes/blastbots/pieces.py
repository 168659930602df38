"""The Blastbots pieces drawn by code: rockets, tokens, reticles, dice, and cards face
up or face down. A seat's things always carry its glyph as well as its colour where
colours mix (tokens on the grid, rockets in a Junkyard), so colour is never the only
signal; a deck's cards and backs always carry the deck's name."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.rules.blastbots.catalogue import Catalogue
from game.scenes.blastbots.words import DECK_NAMES, blocks_words
from game.ui import caches
from game.ui.palette import BACKGROUND, LINE, SEAT_COLOURS, TEXT, TEXT_DIM, draw_glyph
from game.ui.text import blit_text, fitted, font, wrap
from game.ui.widgets import box

DECK_COLOURS = ((140, 46, 40), (92, 60, 140), (36, 86, 132))
"""Battle brick red, Discovery violet, Rocket steel blue: darker than any seat colour."""
DECK_LIGHT = ((214, 120, 110), (178, 150, 226), (120, 172, 222))
"""Each deck's colour for text and lines on the dark table."""
FLAME = (255, 170, 60)
IVORY = (240, 240, 236)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def draw_rocket(surface: pygame.Surface, centre: tuple[int, int], colour: tuple[int, int, int],
                height: int, flame: bool = False) -> None:
    """A rocket standing upright: body, nose cone, fins, and a flame when flying."""
    x, y = centre
    w = max(6, height // 3)
    top, bottom = y - height // 2, y + height // 2
    nose = top + height // 3
    body = pygame.Rect(x - w // 2, nose, w, bottom - nose - height // 8)
    if flame:
        pygame.draw.polygon(surface, FLAME, [(x - w // 3, body.bottom),
                                             (x + w // 3, body.bottom), (x, bottom + height // 5)])
    pygame.draw.polygon(surface, colour, [(x - w // 2, body.bottom), (x - w, bottom),
                                          (x - w // 2, body.bottom - height // 5)])
    pygame.draw.polygon(surface, colour, [(x + w // 2, body.bottom), (x + w, bottom),
                                          (x + w // 2, body.bottom - height // 5)])
    pygame.draw.rect(surface, colour, body)
    pygame.draw.polygon(surface, IVORY, [(x - w // 2, nose), (x + w // 2, nose), (x, top)])
    pygame.draw.circle(surface, BACKGROUND, (x, nose + body.height // 3), max(2, w // 4))


def draw_reticle(surface: pygame.Surface, centre: tuple[int, int], radius: int,
                 seat: int | None) -> None:
    """An empty reticle, or one holding a rocket of ``seat``'s colour (with its glyph)."""
    if seat is None:
        pygame.draw.circle(surface, LINE, centre, radius, 2)
        pygame.draw.line(surface, LINE, (centre[0] - radius // 2, centre[1]),
                         (centre[0] + radius // 2, centre[1]), 1)
        pygame.draw.line(surface, LINE, (centre[0], centre[1] - radius // 2),
                         (centre[0], centre[1] + radius // 2), 1)
        return
    pygame.draw.circle(surface, seat_colour(seat), centre, radius)
    draw_glyph(surface, seat, centre, radius, BACKGROUND)


def draw_token(surface: pygame.Surface, centre: tuple[int, int], seat: int, size: int,
               count: int = 1) -> None:
    """A seat's token: its glyph in its colour; two on one spot stack up."""
    if count > 1:
        draw_glyph(surface, seat, (centre[0] + 3, centre[1] - 4), size)
    draw_glyph(surface, seat, centre, size)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int,
             edge: tuple[int, int, int] = LINE) -> None:
    """A die showing ``face`` as pips (0: blank, not rolled yet)."""
    pygame.draw.rect(surface, IVORY, rect, border_radius=rect.width // 6)
    pygame.draw.rect(surface, edge, rect, 3, border_radius=rect.width // 6)
    r = max(3, rect.width // 10)
    q = rect.width // 4
    cx, cy = rect.center
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(face, [])
    for dx, dy in spots:
        pygame.draw.circle(surface, (30, 30, 30), (cx + dx * q, cy + dy * q), r)


def card_face(cat: Catalogue, card: int, width: int, height: int) -> pygame.Surface:
    """A card face up: its deck's band, its name, and what it blocks (Battle) or its
    deck's nature; the full text is the hover help's."""
    kind = cat.cards[card]
    foot = (f"Blocks: {blocks_words(cat, kind)}" if kind.deck == 0 else
            "Cannot be blocked" if kind.deck == 1 else
            "Brings rockets home" if kind.id == "grim_retriever" else "Builds rockets")
    return _face(kind.name, kind.deck, foot, width, height)


FOOT = 19
"""The size of a card's foot line: still readable when the window is 1280x720."""


@lru_cache(maxsize=256)
def _face(name: str, deck: int, foot: str, width: int, height: int) -> pygame.Surface:
    image = box(width, height, (46, 48, 58), DECK_COLOURS[deck], 3, 10).copy()
    band = pygame.Rect(0, 0, width, 24)
    pygame.draw.rect(image, DECK_COLOURS[deck], band, border_top_left_radius=10,
                     border_top_right_radius=10)
    blit_text(image, DECK_NAMES[deck].upper(), (8, 12), 18 if width >= 110 else 16, TEXT,
              bold=True, anchor="midleft")
    y = 30
    size = next((size for size in range(24 if width >= 110 else 20, 13, -1)
                 if all(font(size, True).size(word)[0] <= width - 10 for word in name.split())),
                14)
    for line in wrap(name, size, width - 10)[:3]:
        blit_text(image, line, (width // 2, y), size, TEXT, bold=True, anchor="midtop")
        y += size - 2
    if height >= 120:
        lines = wrap(foot, FOOT, width - 12)[:3]
        y = height - 8 - (FOOT - 1) * len(lines)
        for line in lines:
            blit_text(image, line, (width // 2, y), FOOT, TEXT_DIM, anchor="midtop")
            y += FOOT - 1
    return image


@lru_cache(maxsize=32)
def card_back(deck: int, width: int, height: int) -> pygame.Surface:
    """A card face down: only its deck shows."""
    image = box(width, height, DECK_COLOURS[deck], LINE, 2, 8).copy()
    inner = image.get_rect().inflate(-10, -10)
    pygame.draw.rect(image, DECK_LIGHT[deck], inner, 2, border_radius=6)
    name = DECK_NAMES[deck].upper() if width >= 40 else DECK_NAMES[deck][0]
    name, size = fitted(name, width - 12, 18, 12, bold=True)
    blit_text(image, name, image.get_rect().center, size, TEXT, bold=True, anchor="center")
    return image


caches.register(_face.cache_clear)
caches.register(card_back.cache_clear)
