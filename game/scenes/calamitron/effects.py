"""How the playback's current step looks: a bot sliding to its new square (a push with
a jolt), a bot tumbling into a pit (pymunk: it spins and is drawn in towards the pit's
middle as it shrinks away), a flash where something is hit. Looks only: the step's
event has already said where everything ends."""

from __future__ import annotations

import math
import random

import pygame
import pymunk

from game.rules.calamitron import events as ev
from game.rules.calamitron.geometry import DELTA, parse_square
from game.rules.calamitron.state import Piece
from game.scenes.calamitron.layout import CELL, square_rect
from game.scenes.calamitron.pieces import piece_image
from game.scenes.calamitron.playback import Playback
from game.ui.palette import ACCENT, DANGER

STEP = 1 / 120
PULL = 900.0
"""Spring stiffness drawing a falling bot to the pit's middle."""


class Tumble:
    """A piece falling into a pit: a pymunk body thrown on along its way in, spinning,
    pulled to the pit's centre by a damped spring while it shrinks."""

    def __init__(self, piece: Piece, start: tuple[int, int], pit: tuple[int, int],
                 seed: int) -> None:
        rng = random.Random(seed)
        self.piece = piece
        self.space = pymunk.Space()
        self.body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, CELL / 2))
        self.body.position = start
        self.body.velocity = ((pit[0] - start[0]) * 3.0, (pit[1] - start[1]) * 3.0)
        self.body.angular_velocity = (rng.random() + 0.6) * (8 if rng.random() < 0.5 else -8)
        anchor = pymunk.Body(body_type=pymunk.Body.STATIC)
        anchor.position = pit
        spring = pymunk.DampedSpring(self.body, anchor, (0, 0), (0, 0), 0, PULL, 12)
        self.space.add(self.body, anchor, spring)
        self.lag = 0.0

    def update(self, dt: float) -> None:
        self.lag += dt
        while self.lag >= STEP:
            self.space.step(STEP)
            self.lag -= STEP

    def draw(self, surface: pygame.Surface, progress: float) -> None:
        size = max(4, round(CELL * (1.0 - 0.85 * progress)))
        image = piece_image(self.piece.kind, self.piece.seat, self.piece.facing,
                            self.piece.stunned, CELL)
        image = pygame.transform.rotozoom(image, -math.degrees(self.body.angle), size / CELL)
        x, y = self.body.position
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


def moving_piece(playback: Playback) -> str | None:
    """The piece the current step draws itself (so the board leaves it out)."""
    step = playback.step
    if step is None:
        return None
    event = step.event
    if isinstance(event, ev.Moved) and event.how != "turn":
        return event.piece
    if isinstance(event, ev.Removed) and event.why in ("pit", "filled"):
        return event.piece
    return None


def draw_step(surface: pygame.Surface, playback: Playback, tumble: Tumble | None) -> None:
    """The current step on top of the board."""
    step = playback.step
    if step is None:
        return
    event, t = step.event, step.progress
    if isinstance(event, ev.Moved) and event.how != "turn" and step.start is not None:
        piece = playback.pieces.get(event.piece)
        end = parse_square(event.at)
        if piece is None or end is None:
            return
        a, b = square_rect(step.start[0]).center, square_rect(end).center
        eased = t * t * (3 - 2 * t)
        jolt = 4 * math.sin(t * math.pi * 4) if event.how != "step" else 0
        at = (round(a[0] + (b[0] - a[0]) * eased + jolt), round(a[1] + (b[1] - a[1]) * eased))
        image = piece_image(piece.kind, piece.seat, piece.facing, piece.stunned, CELL)
        surface.blit(image, image.get_rect(center=at))
    elif isinstance(event, ev.Removed) and tumble is not None:
        tumble.draw(surface, t)
    elif isinstance(event, ev.Damaged):
        piece = playback.pieces.get(event.piece)
        if piece is not None:
            rect = square_rect(piece.at)
            pygame.draw.circle(surface, DANGER, rect.center, round(CELL * (0.3 + 0.4 * t)), 5)
    elif isinstance(event, ev.Trophy | ev.Entered):
        piece = playback.pieces.get(event.piece)
        if piece is not None:
            pygame.draw.rect(surface, ACCENT, square_rect(piece.at).inflate(4, 4), 4,
                             border_radius=8)


def tumble_for(playback: Playback, seed: int) -> Tumble | None:
    """A fall into a pit begins: its tumble, from where the piece stands."""
    step = playback.step
    if step is None or not isinstance(step.event, ev.Removed):
        return None
    if step.event.why not in ("pit", "filled"):
        return None
    piece = playback.pieces.get(step.event.piece)
    if piece is None:
        return None
    centre = square_rect(piece.at).center
    dr, dc = DELTA.get(piece.facing, (0, 0))
    start = (centre[0] - dc * CELL // 4, centre[1] - dr * CELL // 4)
    return Tumble(piece, start, centre, seed)
