"""A four-position dial like the pilot's controller: click a position to point the
needle there. Positions are front, right, back, left, drawn up, right, down, left."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.palette import ACCENT, DANGER, LINE, PANEL_LIGHT, TEXT, TEXT_DIM
from game.ui.text import blit_text

_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass
class Dial:
    centre: tuple[int, int]
    radius: int
    title: str
    labels: tuple[str, str, str, str]
    value: int = 0
    on_change: Callable[[int], None] | None = None
    ring: bool = False
    """Draw as a ring around a target robot instead of a knob."""

    def point(self, position: int) -> tuple[int, int]:
        """Screen position of a dial position's marker."""
        dx, dy = _DIRS[position]
        return (self.centre[0] + dx * self.radius, self.centre[1] + dy * self.radius)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        for position in range(4):
            x, y = self.point(position)
            if math.hypot(event.pos[0] - x, event.pos[1] - y) <= 34:
                self.value = position
                if self.on_change:
                    self.on_change(position)
                return True
        return False

    def draw(self, surface: pygame.Surface, warn: bool = False) -> None:
        cx, cy = self.centre
        r = self.radius
        blit_text(surface, self.title, (cx, cy - r - 70), 28, TEXT_DIM, anchor="midbottom")
        if self.ring:
            pygame.draw.circle(surface, LINE, self.centre, r, 10)
            body = pygame.Rect(0, 0, r, r)
            body.center = self.centre
            pygame.draw.rect(surface, PANEL_LIGHT, body, border_radius=8)
            blit_text(surface, "enemy", body.center, 24, TEXT_DIM, anchor="center")
            tx, ty = self.point(self.value)
            pygame.draw.circle(surface, DANGER if warn else ACCENT, (tx, ty), 20)
        else:
            pygame.draw.circle(surface, PANEL_LIGHT, self.centre, r - 8)
            pygame.draw.circle(surface, LINE, self.centre, r - 8, 3)
            tx, ty = self.point(self.value)
            tip = (cx + (tx - cx) * 0.8, cy + (ty - cy) * 0.8)
            pygame.draw.line(surface, DANGER if warn else ACCENT, self.centre, tip, 10)
            pygame.draw.circle(surface, DANGER if warn else ACCENT, self.centre, 16)
        for position, label in enumerate(self.labels):
            x, y = self.point(position)
            dx, dy = _DIRS[position]
            chosen = position == self.value
            pygame.draw.circle(surface, ACCENT if chosen else LINE, (x, y), 30, 0 if chosen else 3)
            blit_text(surface, label.split()[-1], (x, y), 30,
                      (30, 30, 30) if chosen else TEXT, bold=True, anchor="center")
            name = label.rsplit(" ", 1)[0]
            blit_text(surface, name, (x + dx * 40, y + dy * 40), 24,
                      TEXT_DIM, anchor={(0, -1): "midbottom", (1, 0): "midleft",
                                        (0, 1): "midtop", (-1, 0): "midright"}[(dx, dy)])
