"""The hand fan: every card of any hand stays on the canvas (so on screen at every window
size, the canvas being scaled whole), a hand of seven lies side by side, and the card
under the pointer rises whole above the fan."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

import game.scenes.two_robots.match as match_module
from game.scenes.two_robots.board import (
    CARD_W,
    FACTORY_AREA,
    LIFT,
    PILE_H,
    PILES_TOP,
    hand_rects,
)
from game.scenes.two_robots.entry import screenshot
from game.scenes.two_robots.match import LOG, PROMPT
from game.ui.display import LOGICAL

CANVAS = pygame.Rect((0, 0), LOGICAL)


@pytest.mark.parametrize("count", range(1, 21))
def test_every_card_lifted_or_not_stays_on_the_canvas_and_clear_of_the_rest(count):
    piles_bottom = PILES_TOP + PILE_H
    assert piles_bottom > FACTORY_AREA.bottom
    for rect in hand_rects(count):
        for shown in (rect, rect.move(0, -LIFT)):
            assert CANVAS.contains(shown), (count, shown)
            assert shown.top > piles_bottom
            assert not shown.colliderect(PROMPT) and not shown.colliderect(LOG)


@pytest.mark.parametrize("count", range(1, 8))
def test_a_hand_of_up_to_seven_lies_side_by_side(count):
    rects = hand_rects(count)
    assert all(a.right <= b.left for a, b in pairwise(rects))


def test_a_long_hand_still_shows_each_card_s_name_strip():
    rects = hand_rects(14)
    assert min(b.left - a.left for a, b in pairwise(rects)) >= 90
    assert rects[-1].right - rects[0].left > 8 * CARD_W


def test_the_card_under_the_pointer_rises_whole_and_keeps_its_place(make_app, monkeypatch):
    app = make_app()
    match = screenshot(app, "play", 3)
    app.frame()
    assert match.hover is None
    hand = list(match.spots.hand)
    assert len(hand) >= 8
    card = hand[len(hand) // 2]
    rest = match.spots.hand[card]
    # The left edge, which the next card of the fan never covers.
    monkeypatch.setattr(match_module, "pointer", lambda: (rest.x + 6, rest.bottom - 6))
    app.frame()
    assert match.hover == card
    lifted = match.spots.hand[card]
    assert lifted == rest.move(0, -LIFT) and CANVAS.contains(lifted)
    assert list(match.spots.hand)[-1] == card, "the lifted card is drawn on top"
    assert match.tooltip((rest.x + 6, rest.bottom - 6))
    # The pointer now rests in the strip the card rose from: it stays lifted.
    app.frame()
    assert match.hover == card and match.spots.hand[card] == lifted
    # The lifted card is the one a click there takes.
    assert match.hand_card_at((lifted.centerx, lifted.top + 4)) == card
    monkeypatch.setattr(match_module, "pointer", lambda: (5, 5))
    app.frame()
    assert match.hover is None and match.spots.hand[card] == rest
