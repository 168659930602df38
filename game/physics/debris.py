"""Destroyed tiles tumbling off a robot towards its scrapyard under gravity."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pymunk

STEP = 1 / 120
GRAVITY = 2600.0
LIFETIME = 1.6


@dataclass
class Piece:
    body: pymunk.Body
    key: tuple[int, int]
    size: int
    age: float = 0.0


class Debris:
    """Loose pieces with no floor: they are thrown up a little, spin and fall away."""

    def __init__(self, seed: int) -> None:
        self.space = pymunk.Space()
        self.space.gravity = (0, GRAVITY)
        self.rng = random.Random(seed)
        self.pieces: list[Piece] = []

    def add(self, centre: tuple[float, float], size: int, key: tuple[int, int],
            delay_push: float = 1.0) -> None:
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
        body.position = centre
        body.velocity = ((self.rng.random() - 0.5) * 500 * delay_push,
                         -500 - 400 * self.rng.random())
        body.angular_velocity = (self.rng.random() - 0.5) * 14
        self.space.add(body, pymunk.Poly.create_box(body, (size, size)))
        self.pieces.append(Piece(body, key, size))

    def step(self) -> None:
        self.space.step(STEP)
        for piece in self.pieces:
            piece.age += STEP
        for piece in [p for p in self.pieces if p.age > LIFETIME]:
            self.space.remove(piece.body, *piece.body.shapes)
            self.pieces.remove(piece)

    @property
    def done(self) -> bool:
        return not self.pieces
