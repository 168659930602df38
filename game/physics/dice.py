"""Dice thrown into a tray: pymunk moves them, the rules decide their faces.

Each die is a box thrown from one side with a spin; walls keep it in the tray and
friction-like damping settles it. While it moves it flickers through faces; once
it rests (or the throw is cut short) it shows the face the rules rolled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pymunk

STEP = 1 / 120
DIE = 56.0
SETTLE_SECONDS = 1.4


@dataclass
class ThrownDie:
    body: pymunk.Body
    face: int
    colour: tuple[int, int, int]


class DiceTray:
    """A rectangle of table with walls; ``throw`` adds dice, ``step`` runs physics."""

    def __init__(self, rect: tuple[int, int, int, int], seed: int) -> None:
        self.rect = rect
        self.space = pymunk.Space()
        self.space.damping = 0.45
        self.rng = random.Random(seed)
        self.dice: list[ThrownDie] = []
        self.time = 0.0
        x, y, w, h = rect
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            wall = pymunk.Segment(self.space.static_body, a, b, 6)
            wall.elasticity = 0.7
            wall.friction = 0.8
            self.space.add(wall)

    def throw(self, faces: list[int], colour: tuple[int, int, int], from_left: bool) -> None:
        x, y, w, h = self.rect
        for k, face in enumerate(faces):
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (DIE, DIE)))
            start_x = x + 60 + k * 12 if from_left else x + w - 60 - k * 12
            body.position = (start_x, y + h * (0.25 + 0.5 * self.rng.random()))
            speed = 900 + 500 * self.rng.random()
            body.velocity = (speed if from_left else -speed, (self.rng.random() - 0.5) * 700)
            body.angular_velocity = (self.rng.random() - 0.5) * 30
            shape = pymunk.Poly.create_box(body, (DIE, DIE), radius=4)
            shape.elasticity = 0.6
            shape.friction = 0.9
            self.space.add(body, shape)
            self.dice.append(ThrownDie(body, face, colour))

    def step(self) -> None:
        self.space.step(STEP)
        self.time += STEP

    @property
    def settled(self) -> bool:
        return self.time >= SETTLE_SECONDS or (self.time > 0.4 and all(
            d.body.velocity.length < 25 and abs(d.body.angular_velocity) < 0.5
            for d in self.dice))

    def shown_face(self, die: ThrownDie) -> int:
        """While tumbling, a face that changes with the turning; at rest, the real one."""
        if self.settled:
            return die.face
        return int(abs(die.body.angle) * 2.2) % 6
