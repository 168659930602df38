"""Hover help goes beside what is hovered, never over it or its neighbours in the same
row, and always on screen."""

from __future__ import annotations

import pygame
import pytest

from game.ui.palette import ACCENT
from game.ui.tooltip import GAP, HOVER, WIDTH, draw_tooltip, group_of, place

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


def _grid(x: int, y: int, rows: int, columns: int = 2) -> list[pygame.Rect]:
    """Prompt buttons: ``rows`` of ``columns``, 8 pixels apart."""
    return [pygame.Rect(x + c * 228, y + r * 52, 220, 44)
            for r in range(rows) for c in range(columns)]


def test_a_buttons_group_is_every_button_joined_to_it_by_small_gaps():
    grid = _grid(1400, 100, 4)
    row = [pygame.Rect(1400 + i * 92, 700, 84, 40) for i in range(5)]
    assert group_of(grid[5], grid + row) == grid[0].unionall(grid)
    assert group_of(row[0], grid + row) == row[0].unionall(row)
    assert group_of(row[0], [row[0]]) == row[0], "a button alone is its own group"


def test_a_buttons_help_covers_no_button_of_its_column():
    column = _grid(1400, 60, 6, columns=1)
    for button in column:
        box = place(SIZE, button.center, SCREEN, group_of(button, column))
        assert box.collidelist(column) == -1 and SCREEN.contains(box)


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
