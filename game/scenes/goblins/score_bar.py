"""The match screen's score bar, top right: each seat's glyph, name and score (a star
once promoted), the viewer's in the accent colour. Typed names can be long: when the
seats do not fit in one row beside the round's heading, they go in two rows of two,
smaller, so every name still shows whole."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.goblins.state import Player
from game.scenes.goblins.narrate import seat_name
from game.ui.palette import ACCENT, TEXT, draw_glyph
from game.ui.seat_names import Names
from game.ui.text import blit_text, fitted, font

BAR = pygame.Rect(900, 4, 980, 56)
"""Where the scores go: right of the longest round heading, above the yards and log."""
ROW_SIZE, GRID_SIZE = 32, 26
"""Text size of the scores in one row, and in two rows of two."""
WIDEST_SCORE = " 88 *"
"""What a score adds to a label at most, so the layout does not change as points come."""
GLYPH = 40
"""Room for the glyph before each label."""
GAP = 24


def label(player: Player, names: Names) -> str:
    """"Ann 12", "Orange 50 *" (promoted)."""
    return f"{seat_name(player.seat, names)} {player.score}" + (" *" if player.promoted else "")


def one_row(players: Sequence[Player], names: Names) -> bool:
    """Whether every seat fits in one row at full size, whatever the scores become."""
    face = font(ROW_SIZE)
    need = sum(face.size(seat_name(p.seat, names) + WIDEST_SCORE)[0] + GLYPH + GAP
               for p in players)
    return need <= BAR.width


def draw_score_bar(surface: pygame.Surface, players: Sequence[Player], names: Names,
                   viewer: int) -> list[pygame.Rect]:
    """Draw the scores; returns where each label went, by seat order."""
    if one_row(players, names):
        return _row(surface, players, names, viewer)
    return _grid(surface, players, names, viewer)


def _row(surface: pygame.Surface, players: Sequence[Player], names: Names,
         viewer: int) -> list[pygame.Rect]:
    """One row ending at the bar's right edge, each label as wide as it is."""
    face = font(ROW_SIZE)
    x = BAR.right
    drawn: list[pygame.Rect] = []
    for player in reversed(players):
        text = label(player, names)
        x -= face.size(text)[0] + GLYPH + GAP
        draw_glyph(surface, player.seat, (x + 16, BAR.y + 36), 28)
        drawn.append(blit_text(surface, text, (x + GLYPH, BAR.y + 22), ROW_SIZE,
                               ACCENT if player.seat == viewer else TEXT))
    return drawn[::-1]


def _grid(surface: pygame.Surface, players: Sequence[Player], names: Names,
          viewer: int) -> list[pygame.Rect]:
    """Two rows of two, each seat in a cell of half the bar."""
    width, height = BAR.width // 2, BAR.height // 2
    drawn: list[pygame.Rect] = []
    for i, player in enumerate(players):
        cell = pygame.Rect(BAR.x + (i % 2) * width, BAR.y + (i // 2) * height, width, height)
        draw_glyph(surface, player.seat, (cell.x + 16, cell.centery), 22)
        text, size = fitted(label(player, names), width - 34 - GAP, GRID_SIZE, 18)
        drawn.append(blit_text(surface, text, (cell.x + 34, cell.centery), size,
                               ACCENT if player.seat == viewer else TEXT, anchor="midleft"))
    return drawn
