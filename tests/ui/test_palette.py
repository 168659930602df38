"""Seat colours and glyphs: every seat of the largest table is told apart by colour,
name and shape, so colour is never the only signal."""

from __future__ import annotations

import pygame
import pytest

from game.rules.core.registry import games
from game.ui.palette import BACKGROUND, SEAT_COLOURS, SEAT_GLYPHS, SEAT_NAMES, draw_glyph


def test_the_largest_table_has_a_distinct_colour_name_and_glyph_per_seat():
    most = max(max(spec.player_counts) for spec in games())
    assert len(SEAT_COLOURS) == len(SEAT_NAMES) == len(SEAT_GLYPHS) >= most
    for values in (SEAT_COLOURS, SEAT_NAMES, SEAT_GLYPHS):
        assert len(set(values)) == len(values)


def _mask(seat: int) -> frozenset[tuple[int, int]]:
    surface = pygame.Surface((40, 40))
    surface.fill(BACKGROUND)
    draw_glyph(surface, seat, (20, 20), 30, colour=(255, 255, 255))
    return frozenset((x, y) for x in range(40) for y in range(40)
                     if surface.get_at((x, y))[:3] == (255, 255, 255))


@pytest.mark.parametrize("seat", range(len(SEAT_GLYPHS)))
def test_each_glyph_is_drawn_in_its_own_shape(seat):
    shapes = [_mask(other) for other in range(len(SEAT_GLYPHS))]
    assert len(shapes[seat]) > 100, "the glyph is drawn, not a speck"
    assert all(shapes[seat] != shape for other, shape in enumerate(shapes) if other != seat)
