"""A timeline of short animations that never hold up the model: the rules state has
already changed; these only show how it got there. Any click skips them all.

While they play, the timeline can also hold a picture of the model as the animations
have shown it so far (``hold``), so that a screen draws that rather than the model's
end state; the picture is let go when the timeline is done or skipped."""

from __future__ import annotations

import pygame


class Animation:
    """Override ``update`` (return False when finished) and ``draw``."""

    blocking = True
    """Later animations wait for a blocking one to finish before they start."""

    def start(self) -> None:
        """Called when its turn on the timeline comes."""

    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current frame."""


class FixedStep(Animation):
    """An animation whose world (pymunk) advances in even ``STEP`` ticks whatever the
    frame rate: call ``advance`` from ``update`` and override ``physics_step``."""

    STEP = 1 / 120

    def __init__(self) -> None:
        self.lag = 0.0

    def advance(self, dt: float) -> None:
        self.lag += dt
        while self.lag >= self.STEP:
            self.physics_step()
            self.lag -= self.STEP

    def physics_step(self) -> None:
        raise NotImplementedError


class Animator:
    def __init__(self) -> None:
        self.queue: list[Animation] = []
        self.running: list[Animation] = []
        self.held: object | None = None
        """What the screen shows in place of the model while this timeline plays."""

    @property
    def busy(self) -> bool:
        return bool(self.queue or self.running)

    @property
    def holding(self) -> bool:
        """An informative animation is playing or waiting (a click skips it and is
        used up); purely decorative ones are cleared by a click that still counts."""
        return any(a.blocking for a in (*self.queue, *self.running))

    def add(self, animation: Animation) -> None:
        self.queue.append(animation)

    def hold(self, picture: object) -> None:
        """Show ``picture`` instead of the model until the timeline is done."""
        self.held = picture

    def skip(self) -> None:
        self.queue.clear()
        self.running.clear()
        self.held = None

    def update(self, dt: float) -> None:
        while self.queue and not any(a.blocking for a in self.running):
            animation = self.queue.pop(0)
            animation.start()
            self.running.append(animation)
        self.running = [a for a in self.running if a.update(dt)]
        if not self.busy:
            self.held = None

    def draw(self, surface: pygame.Surface) -> None:
        for animation in self.running:
            animation.draw(surface)
