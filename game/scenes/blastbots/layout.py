"""Where everything sits on the 1920x1080 canvas, and the record of where things were
drawn (``Spots``), which the match screen reads to turn a click, a hover or an
animation into a board thing. Geometry only: no rules, no words."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.rules.blastbots.board import TIERS

TOP = pygame.Rect(16, 8, 1888, 48)
PANELS = pygame.Rect(16, 64, 744, 800)
"""Each player's Launch Grid, one above the other."""
PANEL_H = 196
CIRCLE = (1084, 382)
"""The centre of the Resource Grid, ringed by the Doomsday Clock."""
HUB_R = 56
RING_R = (100, 170, 240)
"""The radius of each tier's band, T-1 innermost."""
SPOT_R = 34
CLOCK_R = (284, 318)
"""The Doomsday Clock's band, inner and outer radius."""
CLOCK_STOP_R = 300
DECK_AREA = pygame.Rect(768, 708, 632, 156)
HAND = pygame.Rect(16, 872, 1384, 200)
PROMPT = pygame.Rect(1412, 64, 492, 560)
LOG = pygame.Rect(1412, 632, 492, 440)
OVERLAY = pygame.Rect(782, 96, 604, 572)
"""Choosers (face-down picks, naming a card, a private look, table dice) and the final
scores, drawn over the Resource Grid."""
SECTOR_ANGLE = (210.0, 330.0, 90.0)
"""The middle of each section (Battle, Discovery, Rocket), in degrees clockwise from
the right: Battle upper left, Discovery upper right, Rocket below."""
SPREAD = 30.0
"""A band's two numbers sit this many degrees either side of their section's middle."""
CARD_W, CARD_H = 118, 160
LIFT = 26


def polar(angle: float, radius: float, centre: tuple[int, int] = CIRCLE) -> tuple[int, int]:
    rad = math.radians(angle)
    return (round(centre[0] + radius * math.cos(rad)), round(centre[1] + radius * math.sin(rad)))


def spot_centre(code: int) -> tuple[int, int]:
    """A Resource Grid spot's centre: its tier's ring, the lower number counterclockwise."""
    deck, number = code >> 4, code & 15
    tier = next(t for t, band in enumerate(TIERS) if number in band)
    side = -1 if number == min(TIERS[tier]) else 1
    return polar(SECTOR_ANGLE[deck] + side * SPREAD, RING_R[tier])


def clock_angle(step: int) -> float:
    """Where a clock stop sits: Impact (0) at the top, T-10 just clockwise of it, and
    the meteors travelling clockwise round to Impact."""
    return 270.0 + 360.0 / 11 * (11 - step)


def clock_stop(step: int) -> tuple[int, int]:
    return polar(clock_angle(step), CLOCK_STOP_R)


def totem_point(step: int, place: int) -> tuple[int, int]:
    """Where the ``place``-th meteor (0-3) standing on ``step`` is drawn: beside the
    stop along the clock's band, two on each side."""
    offset = (-7.5, 7.5, -13.5, 13.5)[place]
    return polar(clock_angle(step) + offset, CLOCK_STOP_R)


def panel_rect(seat: int, n: int) -> pygame.Rect:
    gap = (PANELS.height - n * PANEL_H) // max(1, n - 1) if n > 1 else 0
    gap = min(gap, 8)
    return pygame.Rect(PANELS.x, PANELS.y + seat * (PANEL_H + gap), PANELS.width, PANEL_H)


def hand_rects(count: int, left: int) -> list[pygame.Rect]:
    """The viewer's hand in a row from ``left``, overlapping when it is long."""
    if not count:
        return []
    room = HAND.right - left - 8
    step = min(CARD_W + 8, (room - CARD_W) // max(1, count - 1))
    top = HAND.bottom - CARD_H - 6
    return [pygame.Rect(left + i * step, top, CARD_W, CARD_H) for i in range(count)]


COVER = ("cover",)


@dataclass
class Spots:
    """Where board things were drawn, by key (see game.scenes.blastbots.prompt): a key
    may have several rects (two copies of a card), and later ones lie on top."""

    rects: list[tuple[tuple[Any, ...], pygame.Rect]] = field(default_factory=list)
    first: dict[tuple[Any, ...], pygame.Rect] = field(default_factory=dict)

    def add(self, key: tuple[Any, ...], rect: pygame.Rect) -> pygame.Rect:
        self.rects.append((key, rect))
        self.first.setdefault(key, rect)
        return rect

    def cover(self, rect: pygame.Rect) -> None:
        """A box drawn over what was drawn before: nothing under it can be hit."""
        self.add(COVER, rect)

    def hits(self, pos: tuple[int, int]) -> list[tuple[tuple[Any, ...], pygame.Rect]]:
        """Every key drawn under ``pos`` with the rect it was drawn in, topmost first,
        down to the first cover."""
        found = []
        for key, rect in reversed(self.rects):
            if rect.collidepoint(pos):
                if key == COVER:
                    break
                found.append((key, rect))
        return found

    def rect(self, key: tuple[Any, ...]) -> pygame.Rect | None:
        return self.first.get(key)
