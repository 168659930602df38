"""What the Coal Heart match animates after events: cubes thrown from the bag, the
Quarry or another robot onto a mat and bouncing to rest (pymunk), a built part
springing onto its slot (a pymunk damped spring), an attack's strike from one mat to
another, and damage and healing as numbers floating up from a robot's HP.

Looks only: the rules' state has already changed, nothing here holds up a decision,
and any click skips them all. Cubes whose colour the viewer was not told fly grey."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
import pymunk

from game.rules.coal_heart.events import Cubes, Hp, Note, Struck
from game.rules.coal_heart.table import BAG as BAG_SOURCE
from game.rules.coal_heart.vocabulary import COLOURS
from game.rules.core.actions import Event
from game.scenes.coal_heart.board import draw_cube, robot_tint
from game.scenes.coal_heart.layout import BAG, HEART, Spots, quarry_spot, supply_spot
from game.scenes.coal_heart.words import SLOT_NAMES
from game.ui.animation import Animation, FixedStep
from game.ui.palette import ACCENT, DANGER, GOOD, TEXT, TEXT_DIM
from game.ui.text import blit_text

Place = Callable[[tuple[object, ...]], tuple[int, int]]
"""Where a thing with this key was drawn (its centre)."""
GRAVITY = 2200.0
STAGGER = 0.1
MOST = 6
"""Cubes thrown for one event at most."""


class CubeThrow(FixedStep):
    """Cubes thrown in an arc onto a mat's floor, bouncing and rolling to rest, then
    fading: each is a pymunk box under gravity. The floor (a static segment under the
    landing point) is laid once every cube is falling above it, so a cube thrown up
    from below never hits it from underneath."""

    blocking = False
    LIFE = 1.6
    APEX = 70
    """How far above the higher of its two ends a cube's arc peaks."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int], colours: str,
                 delay: float = 0.0) -> None:
        super().__init__()
        self.space = pymunk.Space()
        self.space.gravity = (0, GRAVITY)
        self.floor: pymunk.Segment | None = None
        self.cubes: list[tuple[pymunk.Body, str]] = []
        self.colours = colours[:MOST]
        self.start_at, self.end_at = start, end
        self.delay, self.time = delay, 0.0

    def start(self) -> None:
        """The cubes leave on ballistic arcs that peak above both ends and come down on
        the landing point."""
        apex = min(self.start_at[1], self.end_at[1]) - self.APEX
        rise, fall = self.start_at[1] - apex, self.end_at[1] - apex
        flight = math.sqrt(2 * rise / GRAVITY) + math.sqrt(2 * fall / GRAVITY)
        for k, colour in enumerate(self.colours):
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (20, 20)))
            body.position = (self.start_at[0] + 6 * k, self.start_at[1])
            dx = self.end_at[0] + 14 * (k - len(self.colours) / 2) - body.position.x
            body.velocity = (dx / flight, -math.sqrt(2 * GRAVITY * rise))
            body.angular_velocity = 6.0 * (1 if k % 2 else -1)
            shape = pymunk.Poly.create_box(body, (20, 20))
            shape.elasticity, shape.friction = 0.4, 0.8
            self.space.add(body, shape)
            self.cubes.append((body, colour))

    def lay_floor(self) -> None:
        x, y = self.end_at[0], self.end_at[1] + 12
        if all(body.velocity.y > 0 and body.position.y < y - 10 for body, _ in self.cubes):
            self.floor = pymunk.Segment(self.space.static_body, (x - 90, y), (x + 90, y), 2)
            self.floor.elasticity, self.floor.friction = 0.45, 0.8
            self.space.add(self.floor)

    def physics_step(self) -> None:
        if self.floor is None:
            self.lay_floor()
        self.space.step(self.STEP)

    def update(self, dt: float) -> bool:
        self.time += dt
        if self.time < self.delay:
            return True
        if not self.cubes:
            self.start()
        self.advance(dt)
        return self.time < self.delay + self.LIFE

    def draw(self, surface: pygame.Surface) -> None:
        for body, colour in self.cubes:
            image = pygame.Surface((24, 24), pygame.SRCALPHA)
            draw_cube(image, (12, 12), colour, 20)
            turned = pygame.transform.rotate(image, -math.degrees(body.angle))
            surface.blit(turned, turned.get_rect(center=(round(body.position.x),
                                                         round(body.position.y))))


class PartSnap(FixedStep):
    """A built part dropping onto its slot on a damped spring: it overshoots, wobbles
    and settles (pymunk), its slot's name on it."""

    blocking = False
    LIFE = 0.9

    def __init__(self, rect: pygame.Rect, colour: tuple[int, int, int], label: str,
                 delay: float = 0.0) -> None:
        super().__init__()
        self.rect, self.colour, self.label = rect, colour, label
        self.space = pymunk.Space()
        self.body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, rect.size))
        self.body.position = (rect.centerx, rect.centery - 90)
        self.body.angle = 0.3
        spring = pymunk.DampedSpring(self.body, self.space.static_body, (0, 0),
                                     rect.center, 0, 320.0, 9.0)
        turn = pymunk.DampedRotarySpring(self.body, self.space.static_body, 0, 900.0, 30.0)
        self.space.add(self.body, spring, turn)
        self.delay, self.time = delay, 0.0

    def physics_step(self) -> None:
        self.space.step(self.STEP)

    def update(self, dt: float) -> bool:
        self.time += dt
        if self.time >= self.delay:
            self.advance(dt)
        return self.time < self.delay + self.LIFE

    @property
    def offset(self) -> float:
        """How far the part still is from its slot, in pixels."""
        x, y = self.body.position
        return math.hypot(x - self.rect.centerx, y - self.rect.centery)

    def draw(self, surface: pygame.Surface) -> None:
        if self.time < self.delay:
            return
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(image, self.colour, image.get_rect(), border_radius=6)
        pygame.draw.rect(image, ACCENT, image.get_rect(), 3, border_radius=6)
        blit_text(image, self.label, image.get_rect().center, 20, TEXT, bold=True,
                  anchor="center")
        turned = pygame.transform.rotate(image, -math.degrees(self.body.angle))
        surface.blit(turned, turned.get_rect(center=(round(self.body.position.x),
                                                     round(self.body.position.y))))


class Strike(Animation):
    """An attack: a spark flying from the attacker's mat to the target's."""

    blocking = False

    def __init__(self, start: tuple[int, int], end: tuple[int, int], delay: float) -> None:
        self.start_at, self.end_at, self.delay, self.time = start, end, delay, 0.0

    def update(self, dt: float) -> bool:
        self.time += dt
        return self.time < self.delay + 0.35

    def draw(self, surface: pygame.Surface) -> None:
        t = (self.time - self.delay) / 0.35
        if not 0 <= t <= 1:
            return
        (x0, y0), (x1, y1) = self.start_at, self.end_at
        at = (round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t - 80 * math.sin(math.pi * t)))
        pygame.draw.circle(surface, ACCENT, at, 16)
        pygame.draw.circle(surface, DANGER, at, 9)


class FloatText(Animation):
    """A number rising from a robot and fading: damage in red, healing in green."""

    blocking = False
    LIFE = 1.2

    def __init__(self, at: tuple[int, int], text: str, colour: tuple[int, int, int],
                 delay: float) -> None:
        self.at, self.text, self.colour = at, text, colour
        self.delay, self.time = delay, 0.0

    def update(self, dt: float) -> bool:
        self.time += dt
        return self.time < self.delay + self.LIFE

    def draw(self, surface: pygame.Surface) -> None:
        t = (self.time - self.delay) / self.LIFE
        if not 0 <= t <= 1:
            return
        y = self.at[1] - round(60 * t)
        blit_text(surface, self.text, (self.at[0] + 2, y + 2), 44, (0, 0, 0), bold=True,
                  anchor="center")
        blit_text(surface, self.text, (self.at[0], y), 44, self.colour, bold=True,
                  anchor="center")


def effects_for(events: list[Event], spots: Spots, part_colours: dict[tuple[int, str], str],
                delay: float = 0.0) -> list[Animation]:
    """The animations of one burst of events, where ``spots`` says things are drawn;
    ``part_colours`` names the robot whose part each (seat, slot) holds."""
    out: list[Animation] = []

    def centre(key: tuple[object, ...], default: tuple[int, int] = HEART.center
               ) -> tuple[int, int]:
        rect = spots.rect(key)
        return rect.center if rect is not None else default

    for event in events:
        if isinstance(event, Cubes):
            out.append(CubeThrow(_source(event, centre), _landing(event, centre),
                                 event.colours, delay))
            delay += STAGGER
        elif isinstance(event, Note) and event.what == "built":
            rect = spots.rect(("slot", event.seat, event.detail))
            if rect is not None:
                owner = part_colours.get((event.seat, event.detail), "")
                out.append(PartSnap(rect, robot_tint(owner), SLOT_NAMES[event.detail], delay))
                delay += STAGGER
        elif isinstance(event, Struck):
            out.append(Strike(centre(("mat", event.seat)), centre(("hp", event.target)), delay))
            delay += 0.3
        elif isinstance(event, Hp) and event.why != "paid":
            text = f"{event.change:+d}" if event.change else "0"
            colour = DANGER if event.change < 0 else GOOD if event.change else TEXT_DIM
            out.append(FloatText(centre(("hp", event.seat)), text, colour, delay))
            delay += STAGGER
    return out


def _source(event: Cubes, centre: Place) -> tuple[int, int]:
    colour = COLOURS.index(event.colours[0]) if event.colours[:1] in COLOURS else 0
    if event.source == BAG_SOURCE:
        return BAG.center
    if event.source == "quarry":
        return quarry_spot(colour).center
    if event.source == "supply":
        return supply_spot(colour).center
    return centre(("cubes", int(event.source), colour))


def _landing(event: Cubes, centre: Place) -> tuple[int, int]:
    colours = [c for c in event.colours if c in COLOURS]
    colour = COLOURS.index(colours[0]) if colours else 1
    return centre(("cubes", int(event.dest), colour))

