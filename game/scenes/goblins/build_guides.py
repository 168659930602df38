"""The builder's guides on the yard: for the tile in hand, each free square is marked by
whether the tile joins the robot there as turned, joins if turned another way, could
join only once later tiles link it, or can never join (it would fall off). Each mark
has its own colour and glyph, so colour is never the only signal; the legend under the
yards explains them with the loose-tile hatching and the front marker.

The verdicts come from ``game.rules.goblins.joining``; nothing here decides a join."""

from __future__ import annotations

import math

import pygame

from game.rules.goblins.joining import JOINS, LATER, NEVER, TURN
from game.scenes.goblins.tiles import square_rect
from game.ui.palette import ACCENT, BACKGROUND, DANGER, GOOD, LINE, TEXT, TEXT_DIM
from game.ui.text import blit_text

AMBER = (230, 159, 0)
GUIDE_COLOURS = {JOINS: GOOD, TURN: AMBER, LATER: LINE, NEVER: DANGER}
GUIDE_WORDS = {JOINS: "joins here as turned", TURN: "joins if you turn it",
               LATER: "joins only if later tiles link it",
               NEVER: "can never join: it would fall off"}
LEGEND_TOP = 600
"""The legend's first row, under the yards (no captions are drawn there while building)."""


def draw_guides(surface: pygame.Surface, yard: pygame.Rect, verdicts: dict[int, str]) -> None:
    """Outline each free square in its verdict's colour and put its glyph in a corner."""
    for sq, verdict in verdicts.items():
        rect = square_rect(yard, sq).inflate(-6, -6)
        pygame.draw.rect(surface, GUIDE_COLOURS[verdict], rect, 2 if verdict == LATER else 3,
                         border_radius=8)
        draw_glyph(surface, verdict, (rect.x + 16, rect.y + 16))


def draw_glyph(surface: pygame.Surface, verdict: str, centre: tuple[int, int]) -> None:
    """A check (joins), a turning arrow (turn it), three dots (later) or a barred
    circle (never), about 20 pixels across."""
    x, y = centre
    colour = GUIDE_COLOURS[verdict]
    if verdict == JOINS:
        pygame.draw.lines(surface, colour, False, [(x - 8, y), (x - 2, y + 6), (x + 9, y - 7)], 4)
    elif verdict == TURN:
        pygame.draw.arc(surface, colour, pygame.Rect(x - 9, y - 9, 18, 18), -0.6, 3.6, 3)
        tip = (x + 9 * math.cos(-0.6), y - 9 * math.sin(-0.6))
        pygame.draw.polygon(surface, colour, [(tip[0] - 6, tip[1] - 2), (tip[0] + 6, tip[1] - 2),
                                              (tip[0], tip[1] + 6)])
    elif verdict == LATER:
        for dx in (-7, 0, 7):
            pygame.draw.circle(surface, TEXT_DIM, (x + dx, y), 3)
    else:
        pygame.draw.circle(surface, colour, centre, 10, 3)
        pygame.draw.line(surface, colour, (x - 7, y + 7), (x + 7, y - 7), 3)


def status(verdict: str, chances: tuple[str, ...], rot: int,
           where: str) -> tuple[str, tuple[int, int, int]]:
    """The line that explains the hovered square, and its colour."""
    if verdict == JOINS:
        return f"{where}: the tile joins the robot here, turned as shown.", GOOD
    if verdict == NEVER:
        return (f"{where}: it can never join here, at any turn: it would fall off when "
                "combat starts.", DANGER)
    this_way = " (turned as shown it never can)" if chances[rot] == NEVER else ""
    if verdict == TURN:
        return f"{where}: turn it (R) and it joins here{this_way}.", AMBER
    return (f"{where}: not joined yet{this_way}: it falls off unless tiles placed later "
            "link it to the cockpit.", TEXT_DIM)


def draw_legend(surface: pygame.Surface, x: int, with_guides: bool) -> None:
    """What the marks on the yard mean, in two rows under the yards."""
    items: list[tuple[str, str]] = []
    if with_guides:
        items += [(v, GUIDE_WORDS[v]) for v in (JOINS, TURN, LATER, NEVER)]
    items += [("loose", "loose tiles fall off when combat starts"),
              ("front", "the robot's front when combat starts")]
    for k, (mark, words) in enumerate(items):
        left = x + (k % 3) * 360
        y = LEGEND_TOP + (k // 3) * 26
        _legend_mark(surface, mark, (left + 12, y + 10))
        blit_text(surface, words, (left + 30, y), 24, TEXT)


def _legend_mark(surface: pygame.Surface, mark: str, centre: tuple[int, int]) -> None:
    if mark == "loose":
        rect = pygame.Rect(0, 0, 22, 22)
        rect.center = centre
        pygame.draw.rect(surface, LINE, rect, border_radius=4)
        clip = surface.get_clip()
        surface.set_clip(rect)
        for k in range(-rect.width, rect.width, 7):
            pygame.draw.line(surface, BACKGROUND, (rect.x + k, rect.bottom),
                             (rect.x + k + rect.width, rect.y), 2)
        surface.set_clip(clip)
        pygame.draw.rect(surface, DANGER, rect, 2, border_radius=4)
    elif mark == "front":
        x, y = centre
        pygame.draw.line(surface, ACCENT, (x - 11, y + 7), (x + 11, y + 7), 4)
        pygame.draw.polygon(surface, ACCENT, [(x, y - 9), (x - 9, y + 4), (x + 9, y + 4)])
    else:
        draw_glyph(surface, mark, centre)
