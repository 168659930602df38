"""Buttons and choosers for menus. Each widget draws itself and reports clicks; the
scene that owns it decides what a click means."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.ui import caches
from game.ui.palette import ACCENT, LINE, PANEL, PANEL_LIGHT, TEXT, TEXT_DIM
from game.ui.text import blit_text


@lru_cache(maxsize=128)
def box(width: int, height: int, fill: tuple[int, int, int], border: tuple[int, int, int],
        thickness: int = 2, radius: int = 12) -> pygame.Surface:
    """A rounded panel, drawn once per size and colours (rounded rects are slow)."""
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, border, image.get_rect(), thickness, border_radius=radius)
    return image.convert_alpha() if pygame.display.get_surface() else image


caches.register(box.cache_clear)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    size: int = 36
    tooltip: str = ""

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.enabled
                and self.rect.collidepoint(event.pos)):
            self.on_click()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        hover = self.enabled and self.rect.collidepoint(mouse)
        surface.blit(box(self.rect.width, self.rect.height, PANEL_LIGHT if hover else PANEL,
                         ACCENT if hover else LINE, 2, 10), self.rect)
        blit_text(surface, self.label, self.rect.center, self.size,
                  TEXT if self.enabled else TEXT_DIM, anchor="center")


@dataclass
class Chooser:
    """A labelled value stepped with arrow buttons: ◀ value ▶."""

    rect: pygame.Rect
    label: str
    options: Sequence[Any]
    index: int = 0
    describe: Callable[[Any], str] = str
    on_change: Callable[[Any], None] | None = None
    arrows: list[pygame.Rect] = field(default_factory=list)

    def __post_init__(self) -> None:
        r = self.rect
        self.arrows = [pygame.Rect(r.right - 300, r.y, 50, r.height),
                       pygame.Rect(r.right - 50, r.y, 50, r.height)]

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for delta, arrow in zip((-1, 1), self.arrows, strict=True):
                if arrow.collidepoint(event.pos):
                    self.step(delta)
                    return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        blit_text(surface, self.label, (self.rect.x, self.rect.centery), 34, TEXT_DIM,
                  anchor="midleft")
        left, right = self.arrows
        for arrow, points in ((left, ((left.right - 14, left.y + 10),
                                      (left.x + 14, left.centery),
                                      (left.right - 14, left.bottom - 10))),
                              (right, ((right.x + 14, right.y + 10),
                                       (right.right - 14, right.centery),
                                       (right.x + 14, right.bottom - 10)))):
            colour = ACCENT if arrow.collidepoint(mouse) else LINE
            pygame.draw.polygon(surface, colour, points)
        middle = pygame.Rect(left.right, self.rect.y, right.x - left.right, self.rect.height)
        blit_text(surface, self.describe(self.value), middle.center, 34, TEXT, anchor="center")
