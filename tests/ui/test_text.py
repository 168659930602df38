"""Text fitted to a width: long words (typed names) are drawn smaller, down to a least
size, and cut short with "…" only when even that is too wide."""

from __future__ import annotations

import pygame
import pytest

from game.ui import caches
from game.ui.text import fitted, font


@pytest.fixture(autouse=True)
def fonts():
    """Fonts of a fresh pygame session: one cached by an earlier test's app, whose
    pygame has since quit, cannot be used."""
    pygame.font.init()
    caches.forget_all()


def test_text_that_fits_keeps_its_size_and_words():
    assert fitted("Orange & Blue", 800, 32, 20) == ("Orange & Blue", 32)


def test_long_text_shrinks_to_the_largest_size_that_fits():
    text = "W" * 16 + " & " + "W" * 16
    width = font(24).size(text)[0]
    shown, size = fitted(text, width, 32, 18)
    assert shown == text and size == 24, "24 fits, 26 does not"
    assert font(26).size(text)[0] > width


def test_text_too_long_even_at_the_least_size_is_cut_short_within_the_width():
    text = "W" * 40
    shown, size = fitted(text, 300, 32, 20, bold=True)
    assert size == 20 and shown.endswith("…") and text.startswith(shown[:-1])
    assert font(20, True).size(shown)[0] <= 300 < font(20, True).size(shown[:-1] + "W…")[0]
