"""Buttons, choosers and text fields for menus. Each widget draws itself and reports clicks; the
scene that owns it decides what a click means."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.ui import caches
from game.ui.display import fast, pointer
from game.ui.palette import ACCENT, LINE, PANEL, PANEL_LIGHT, TEXT, TEXT_DIM
from game.ui.text import blit_text, font, wrap


def confirms(event: pygame.event.Event) -> bool:
    """Enter or Space: the keyboard's way to press a screen's one main button."""
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)


@lru_cache(maxsize=128)
def box(width: int, height: int, fill: tuple[int, int, int], border: tuple[int, int, int],
        thickness: int = 2, radius: int = 12) -> pygame.Surface:
    """A rounded panel, drawn once per size and colours (rounded rects are slow)."""
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, border, image.get_rect(), thickness, border_radius=radius)
    return fast(image)


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


VALUE_SIZES = (34, 30, 27, 24)
"""Text sizes a chooser's value may take, largest first: a long value shrinks, and
past the smallest wraps onto a second line, rather than run under the arrows."""
ARROW = 50


@dataclass
class Chooser:
    """A labelled value stepped with arrow buttons: ◀ value ▶. The arrows and the
    value between them take the row's right ``value_width`` pixels."""

    rect: pygame.Rect
    label: str
    options: Sequence[Any]
    index: int = 0
    describe: Callable[[Any], str] = str
    on_change: Callable[[Any], None] | None = None
    arrows: list[pygame.Rect] = field(default_factory=list)
    value_width: int = 300

    def __post_init__(self) -> None:
        r = self.rect
        self.arrows = [pygame.Rect(r.right - self.value_width, r.y, ARROW, r.height),
                       pygame.Rect(r.right - ARROW, r.y, ARROW, r.height)]

    @property
    def middle(self) -> pygame.Rect:
        """Where the value is written, between the arrows."""
        left, right = self.arrows
        return pygame.Rect(left.right, self.rect.y, right.x - left.right, self.rect.height)

    def fit(self, text: str) -> tuple[int, list[str]]:
        """A value's words as drawn: the largest size at which they fit between the
        arrows on one line, else wrapped at the smallest size."""
        width = self.middle.width - 12
        for size in VALUE_SIZES:
            if font(size).size(text)[0] <= width:
                return size, [text]
        return VALUE_SIZES[-1], wrap(text, VALUE_SIZES[-1], width)

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
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pointer()):
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
        middle = self.middle
        size, lines = self.fit(self.describe(self.value))
        step = font(size).get_linesize()
        top = middle.centery - step * (len(lines) - 1) // 2
        for i, line in enumerate(lines):
            blit_text(surface, line, (middle.centerx, top + i * step), size, TEXT,
                      anchor="center")


@dataclass
class TextField:
    """One line of text, edited after a click on it; ``allowed`` says which typed
    characters it takes, and text that would pass ``max_length`` is not taken. Enter runs
    ``on_enter``; Enter, Escape or Tab stop editing."""

    rect: pygame.Rect
    text: str = ""
    allowed: Callable[[str], bool] = str.isprintable
    max_length: int = 80
    placeholder: str = ""
    on_enter: Callable[[], None] | None = None
    size: int = 30
    centred: bool = False
    editing: bool = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.editing = self.rect.collidepoint(event.pos)
            return self.editing
        if not self.editing or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB):
            self.editing = False
            if event.key == pygame.K_RETURN and self.on_enter:
                self.on_enter()
        elif (event.unicode and all(map(self.allowed, event.unicode))
              and len(self.text) + len(event.unicode) <= self.max_length):
            # All or nothing, character by character: a key may carry several.
            self.text += event.unicode
        return True

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        pygame.draw.rect(surface, PANEL, self.rect, border_radius=8)
        pygame.draw.rect(surface, ACCENT if self.editing else LINE, self.rect, 2,
                         border_radius=8)
        cursor = "_" if self.editing and pygame.time.get_ticks() // 500 % 2 else ""
        shown = self.text or ("" if self.editing and not self.centred else self.placeholder)
        colour = TEXT if self.text or self.centred else TEXT_DIM
        if self.centred:
            blit_text(surface, shown + cursor, self.rect.center, self.size, colour,
                      anchor="center")
        else:
            blit_text(surface, shown + cursor, (self.rect.x + 16, self.rect.centery), self.size,
                      colour, anchor="midleft")
