"""A tip that points at a control: a box of words placed beside the control (never
over it, and over as few other controls as it can), an arrow from the box to it, and a
row of buttons. What the words say, and what the buttons do, is the caller's."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.display import pointer
from game.ui.palette import ACCENT, BACKGROUND, PANEL_LIGHT, TEXT
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button

WIDTH = 560
GAP = 30
"""Between the box and the control: room for the arrow."""
SIZE, STEP = 28, 32
BUTTON_HEIGHT = 56
SCREEN = pygame.Rect(0, 0, 1920, 1080)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def _candidates(anchor: pygame.Rect, w: int, h: int,
                screen: pygame.Rect) -> list[pygame.Rect]:
    """Boxes beside the anchor: above, right, left and below it, each slid along that
    side (centred first), on screen."""
    xs = [anchor.centerx - w // 2, anchor.x, anchor.right - w,
          *range(screen.x, screen.right - w + 1, 80)]
    ys = [anchor.centery - h // 2, anchor.y, anchor.bottom - h,
          *range(screen.y, screen.bottom - h + 1, 60)]
    boxes = [pygame.Rect(x, anchor.y - GAP - h, w, h) for x in xs]
    boxes += [pygame.Rect(anchor.right + GAP, y, w, h) for y in ys]
    boxes += [pygame.Rect(anchor.x - GAP - w, y, w, h) for y in ys]
    boxes += [pygame.Rect(x, anchor.bottom + GAP, w, h) for x in xs]
    return [box.clamp(screen) for box in boxes]


def _distance(a: pygame.Rect, b: pygame.Rect) -> int:
    dx = max(b.x - a.right, a.x - b.right, 0)
    dy = max(b.y - a.bottom, a.y - b.bottom, 0)
    return dx + dy


def place(anchor: pygame.Rect, size: tuple[int, int], avoid: Sequence[pygame.Rect],
          screen: pygame.Rect = SCREEN) -> pygame.Rect:
    """Where a box of ``size`` goes: beside ``anchor`` (never over it), on screen,
    covering as little of ``avoid`` as it can, and then as near the anchor as it can.
    An anchor too big to stand beside gets the box over its far corner."""
    w, h = size
    clear = anchor.inflate(GAP, GAP)
    best: tuple[int, int, pygame.Rect] | None = None
    for rect in _candidates(anchor, w, h, screen):
        if rect.colliderect(clear):
            continue
        key = (sum(_overlap(rect, other) for other in avoid), _distance(rect, anchor))
        if best is None or key < best[:2]:
            best = (*key, rect)
    if best is not None:
        return best[2]
    corner = pygame.Rect(0, 0, w, h)
    corner.bottomright = anchor.bottomright
    return corner.clamp(screen)


class Callout:
    """A tip box with buttons ``(label, action)``, pointing at ``anchor``."""

    def __init__(self, title: str, text: str, anchor: pygame.Rect,
                 buttons: Sequence[tuple[str, Callable[[], None]]],
                 avoid: Sequence[pygame.Rect] = ()) -> None:
        self.title = title
        self.anchor = anchor
        self.lines = wrap(text, SIZE, WIDTH - 40)
        height = 20 + 34 + STEP * len(self.lines) + 16 + BUTTON_HEIGHT + 20
        self.rect = place(anchor, (WIDTH, height), avoid)
        x, y = self.rect.x + 20, self.rect.bottom - 20 - BUTTON_HEIGHT
        self.buttons = []
        for label, action in buttons:
            width = 60 + 15 * len(label)
            self.buttons.append(Button(pygame.Rect(x, y, width, BUTTON_HEIGHT), label, action,
                                       size=28))
            x += width + 16

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the box are the tip's own; nothing under it sees them."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if not self.rect.collidepoint(event.pos):
            return False
        for button in self.buttons:
            button.handle(event)
        return True

    def tip(self) -> tuple[int, int]:
        """The point of the anchor the arrow reaches: the middle of its nearest edge."""
        box, anchor = self.rect, self.anchor
        if box.bottom <= anchor.top:
            return anchor.centerx, anchor.top
        if box.top >= anchor.bottom:
            return anchor.centerx, anchor.bottom
        if box.right <= anchor.left:
            return anchor.left, anchor.centery
        if box.left >= anchor.right:
            return anchor.right, anchor.centery
        return anchor.center

    def draw(self, surface: pygame.Surface) -> None:
        box = self.rect
        tip = self.tip()
        start = (min(max(tip[0], box.x + 30), box.right - 30),
                 min(max(tip[1], box.y + 30), box.bottom - 30))
        pygame.draw.line(surface, ACCENT, start, tip, 5)
        pygame.draw.circle(surface, ACCENT, tip, 9)
        pygame.draw.rect(surface, ACCENT, self.anchor.inflate(10, 10), 3, border_radius=12)
        shadow = box.move(6, 6)
        pygame.draw.rect(surface, BACKGROUND, shadow, border_radius=14)
        pygame.draw.rect(surface, PANEL_LIGHT, box, border_radius=14)
        pygame.draw.rect(surface, ACCENT, box, 3, border_radius=14)
        blit_text(surface, self.title, (box.x + 20, box.y + 16), 28, ACCENT, bold=True)
        y = box.y + 54
        for line in self.lines:
            blit_text(surface, line, (box.x + 20, y), SIZE, TEXT)
            y += STEP
        mouse = pointer()
        for button in self.buttons:
            button.draw(surface, mouse)
