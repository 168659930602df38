"""What the Two Robots match animates after events: cards flying to where they were
played and wrecked Parts breaking apart, both moved by pymunk. Looks only: the rules'
state has already changed, and no animation holds up a click."""

from __future__ import annotations

import pygame
import pymunk

from game.physics.debris import STEP, Debris
from game.ui.animation import FixedStep
from game.ui.palette import ACCENT, DANGER, PANEL_LIGHT
from game.ui.text import blit_text

FLIGHT_SECONDS = 0.45


class Stepped(FixedStep):
    """A card effect that never holds up play."""

    blocking = False


class CardFlight(Stepped):
    """A card thrown from ``start`` to ``end``: a body launched with the speed that
    lands it there, spinning a little on the way."""

    def __init__(self, label: str, start: tuple[int, int], end: tuple[int, int]) -> None:
        super().__init__()
        self.label = label
        self.space = pymunk.Space()
        self.body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (120, 60)))
        self.body.position = start
        self.body.velocity = ((end[0] - start[0]) / FLIGHT_SECONDS,
                              (end[1] - start[1]) / FLIGHT_SECONDS)
        self.body.angular_velocity = 1.5
        self.space.add(self.body, pymunk.Poly.create_box(self.body, (120, 60)))
        self.left = FLIGHT_SECONDS

    def physics_step(self) -> None:
        self.space.step(STEP)
        self.left -= STEP

    def update(self, dt: float) -> bool:
        self.advance(dt)
        return self.left > 0

    def draw(self, surface: pygame.Surface) -> None:
        card = pygame.Surface((120, 60), pygame.SRCALPHA)
        card.fill((*PANEL_LIGHT, 235))
        pygame.draw.rect(card, ACCENT, card.get_rect(), 3, border_radius=8)
        blit_text(card, self.label, (60, 30), 20, ACCENT, anchor="center")
        turned = pygame.transform.rotate(card, -self.body.angle * 57.2958)
        x, y = self.body.position
        surface.blit(turned, turned.get_rect(center=(int(x), int(y))))


class Wreck(Stepped):
    """A wrecked Part bursting into pieces that tumble away under gravity."""

    def __init__(self, rect: pygame.Rect, seed: int) -> None:
        super().__init__()
        self.debris = Debris(seed)
        for k in range(6):
            centre = (rect.x + (k % 3 + 0.5) * rect.width / 3,
                      rect.y + (k // 3 + 0.5) * rect.height / 2)
            self.debris.add(centre, max(8, rect.height // 2), (k, 0), 1.4)

    def physics_step(self) -> None:
        self.debris.step()

    def update(self, dt: float) -> bool:
        self.advance(dt)
        return not self.debris.done

    def draw(self, surface: pygame.Surface) -> None:
        for piece in self.debris.pieces:
            size = piece.size
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            image.fill((*DANGER, max(0, 255 - int(piece.age * 150))))
            turned = pygame.transform.rotate(image, -piece.body.angle * 57.2958)
            x, y = piece.body.position
            surface.blit(turned, turned.get_rect(center=(int(x), int(y))))
