"""Hover help on the match screen: what a button does, what a counter is, the
Calamities that matter now, or a square and the piece on it. Words come from the board
and panel modules; this only finds what lies under the pointer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from game.rules.calamitron.state import Piece, State
from game.scenes.calamitron.board import hover_help
from game.scenes.calamitron.layout import (
    LOG,
    PROMPT,
    TOP,
    counter_rect,
    slot_rect,
    square_at,
    square_rect,
)
from game.scenes.calamitron.panels import INSTRUCTION_ORDER, top_help
from game.scenes.calamitron.words import COUNTER_NAMES
from game.ui.tooltip import group_of
from game.ui.widgets import Button


def help_at(pos: tuple[int, int], view: State, pieces: Mapping[str, Piece],
            buttons: Sequence[Button], last_card: str | None,
            names: Sequence[str] = ()) -> tuple[str, pygame.Rect] | None:
    """The hover help under ``pos`` and the rect it is about, if any."""
    for button in buttons:
        if button.tooltip and button.rect.collidepoint(pos):
            return button.tooltip, group_of(button.rect, [b.rect for b in buttons])
    for index, word in enumerate(INSTRUCTION_ORDER):
        rect = counter_rect(index)
        if rect.collidepoint(pos):
            return f"{COUNTER_NAMES[word]} ({view.cat.classes[word]}).", rect
    for seat in range(view.n):
        for slot, word in enumerate(view.programs[seat]):
            rect = slot_rect(seat, slot)
            if rect.collidepoint(pos):
                return f"Counter {slot + 1}: {COUNTER_NAMES[word]}.", rect
    if TOP.collidepoint(pos):
        return top_help(view, last_card), TOP
    if PROMPT.collidepoint(pos) or LOG.collidepoint(pos):
        return None
    square = square_at(pos, view.board.rows, view.board.cols)
    if square is None:
        return None
    text = hover_help(view, pieces, square, names)
    return None if text is None else (text, square_rect(square))
