"""Hover help goes beside what is hovered, never over it or its neighbours in the same
row, and always on screen."""

from __future__ import annotations

import pygame
import pytest

from game.ui.palette import ACCENT
from game.ui.tooltip import GAP, HOVER, WIDTH, draw_tooltip, place

SCREEN = pygame.Rect(0, 0, 1920, 1080)
SIZE = (WIDTH, 120)


def _row(y: int, count: int = 8, width: int = 150, height: int = 200) -> list[pygame.Rect]:
    """A row of items side by side, like a hand of cards."""
    return [pygame.Rect(200 + i * (width + 10), y, width, height) for i in range(count)]


def test_the_box_goes_centred_below_the_hovered_rect_clear_of_its_row():
    row = _row(300)
    box = place(SIZE, row[3].center, SCREEN, row[3])
    assert box.top == row[3].bottom + GAP and box.centerx == row[3].centerx
    assert SCREEN.contains(box)
    assert box.collidelist(row) == -1, "no item of the row is covered"


def test_a_group_passed_as_the_anchor_is_kept_clear_whole():
    yard = pygame.Rect(100, 150, 420, 420)
    square = pygame.Rect(184, 234, 84, 84)
    box = place(SIZE, square.center, SCREEN, yard)
    assert not box.colliderect(yard) and SCREEN.contains(box)


def test_at_the_bottom_of_the_screen_it_goes_above():
    row = _row(SCREEN.bottom - 220)
    box = place(SIZE, row[0].center, SCREEN, row[0])
    assert box.bottom == row[0].top - GAP
    assert SCREEN.contains(box) and box.collidelist(row) == -1


def test_near_a_side_it_slides_along_without_covering_the_rect():
    edge = pygame.Rect(SCREEN.right - 60, 400, 60, 60)
    box = place(SIZE, edge.center, SCREEN, edge)
    assert box.right == SCREEN.right and box.top > edge.bottom
    assert SCREEN.contains(box) and not box.colliderect(edge)
    corner = pygame.Rect(0, 0, 40, 40)
    box = place(SIZE, corner.center, SCREEN, corner)
    assert box.topleft == (0, corner.bottom + GAP)


def test_a_rect_as_tall_as_the_screen_gets_the_box_beside_it():
    column = pygame.Rect(300, 0, 400, SCREEN.height)
    box = place(SIZE, (500, 900), SCREEN, column)
    assert box.left == column.right + GAP and SCREEN.contains(box)
    on_the_right = pygame.Rect(SCREEN.right - 400, 0, 400, SCREEN.height)
    box = place(SIZE, (1700, 900), SCREEN, on_the_right)
    assert box.right == on_the_right.left - GAP and SCREEN.contains(box)


def test_a_box_that_fits_on_no_side_is_still_kept_on_screen():
    everything = SCREEN.inflate(-20, -20)
    box = place(SIZE, (960, 540), SCREEN, everything)
    assert SCREEN.contains(box)


@pytest.mark.parametrize("pos", [(960, 540), (5, 5), (1915, 1075), (1915, 5), (5, 1075)])
def test_without_a_rect_the_pointers_neighbourhood_stays_clear(pos):
    box = place(SIZE, pos, SCREEN)
    around = pygame.Rect(0, 0, HOVER, HOVER)
    around.center = pos
    assert SCREEN.contains(box) and not box.colliderect(around)


def test_the_drawn_box_is_the_placed_one(make_app):
    make_app()
    surface = pygame.Surface(SCREEN.size)
    hovered = pygame.Rect(800, 100, 120, 160)
    box = draw_tooltip(surface, "A line of help that wraps onto a second line when it is "
                       "long enough to need one.", hovered.center, hovered)
    assert box.width == WIDTH and box.top == hovered.bottom + GAP
    assert surface.get_at(box.midtop)[:3] == ACCENT, "its border is drawn where it was placed"
    assert surface.get_at(hovered.center)[:3] == (0, 0, 0), "the hovered thing is not covered"
