"""What the Blastbots match animates after events: the two dice tumbling in a tray
(pymunk; the faces they settle on are the rules' roll), rockets launching from section
to section and exploding into a Junkyard (pymunk debris), cards flying from a deck to a
hand or onto a discard pile, and meteors stepping round the Doomsday Clock.

Looks only: the rules' state has already changed, nothing here holds up a decision or a
move, and any click skips them all. Only the dice hold the animations after them until
they settle, so a roll's draws fly once the faces show."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.physics.debris import Debris
from game.physics.dice import DiceTray
from game.rules.blastbots.board import ATMOSPHERE, JUNKYARD, LAUNCHPAD
from game.rules.core.actions import Event
from game.scenes.blastbots.layout import HAND, Spots, totem_point
from game.scenes.blastbots.pieces import card_back, draw_die, draw_rocket, seat_colour
from game.ui import caches
from game.ui.animation import Animation, FixedStep
from game.ui.palette import ACCENT, PANEL, draw_glyph

TRAY = (812, 230, 544, 300)
"""The dice tray, over the Resource Grid."""
FLIGHT = 0.55
STAGGER = 0.12
"""Seconds between the starts of several things moving in one step."""
MOST = 4
"""Flights shown for one event at most (a big draw shows four cards flying)."""


class DiceRoll(FixedStep):
    """Two dice thrown into the tray; they settle on ``faces``. The one animation that
    holds the ones after it (the payouts) until it is over."""

    def __init__(self, faces: tuple[int, int], colour: tuple[int, int, int], seed: int) -> None:
        super().__init__()
        self.tray = DiceTray(TRAY, seed)
        self.tray.throw(list(faces), colour, from_left=seed % 2 == 0)
        self.after = 0.45

    def physics_step(self) -> None:
        self.tray.step()

    def update(self, dt: float) -> bool:
        self.advance(dt)
        if self.tray.settled:
            self.after -= dt
        return self.after > 0

    def draw(self, surface: pygame.Surface) -> None:
        x, y, w, h = TRAY
        surface.blit(_shade(w, h), (x, y))
        pygame.draw.rect(surface, ACCENT, (x, y, w, h), 3, border_radius=12)
        for die in self.tray.dice:
            face = die.face if self.tray.settled else self.tray.shown_face(die) + 1
            image = _die(face, die.colour)
            turned = pygame.transform.rotate(image, -math.degrees(die.body.angle))
            surface.blit(turned, turned.get_rect(center=(round(die.body.position.x),
                                                         round(die.body.position.y))))


@lru_cache(maxsize=4)
def _shade(width: int, height: int) -> pygame.Surface:
    shade = pygame.Surface((width, height), pygame.SRCALPHA)
    shade.fill((*PANEL, 215))
    return shade


@lru_cache(maxsize=32)
def _die(face: int, colour: tuple[int, int, int]) -> pygame.Surface:
    image = pygame.Surface((56, 56), pygame.SRCALPHA)
    draw_die(image, image.get_rect(), face, colour)
    return image


caches.register(_shade.cache_clear)
caches.register(_die.cache_clear)


class Tween(Animation):
    """Something moving from ``start`` to ``end`` over ``seconds`` after ``delay``;
    never holds up what comes after it."""

    blocking = False

    def __init__(self, start: tuple[int, int], end: tuple[int, int], seconds: float = FLIGHT,
                 delay: float = 0.0) -> None:
        self.start_at, self.end_at = start, end
        self.seconds, self.delay = seconds, delay
        self.time = 0.0

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.time - self.delay) / self.seconds))

    def point(self, lift: float = 0.0) -> tuple[int, int]:
        """Where it is now: eased along the line, bowed up by ``lift`` pixels."""
        t = self.progress
        eased = t * t * (3 - 2 * t)
        (x0, y0), (x1, y1) = self.start_at, self.end_at
        bow = lift * math.sin(math.pi * t)
        return round(x0 + (x1 - x0) * eased), round(y0 + (y1 - y0) * eased - bow)

    def update(self, dt: float) -> bool:
        self.time += dt
        return self.time < self.delay + self.seconds

    def draw(self, surface: pygame.Surface) -> None:
        if self.time >= self.delay:
            self.paint(surface)

    def paint(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class RocketFlight(Tween):
    """A rocket rising from one section to the next (flame lit), or carried off."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int],
                 colour: tuple[int, int, int], flame: bool, delay: float = 0.0) -> None:
        super().__init__(start, end, FLIGHT, delay)
        self.colour, self.flame = colour, flame

    def paint(self, surface: pygame.Surface) -> None:
        draw_rocket(surface, self.point(40), self.colour, 40, self.flame)


class CardFlight(Tween):
    """A card, face down, flying from a deck to a hand or from a hand to a pile."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int], deck: int,
                 delay: float = 0.0) -> None:
        super().__init__(start, end, FLIGHT, delay)
        self.deck = deck

    def paint(self, surface: pygame.Surface) -> None:
        image = card_back(self.deck, 56, 76)
        surface.blit(image, image.get_rect(center=self.point(60)))


class TotemStep(Tween):
    """A meteor moving round the clock to the stop it now stands on."""

    def __init__(self, seat: int, start: tuple[int, int], end: tuple[int, int]) -> None:
        super().__init__(start, end, 0.7)
        self.seat = seat

    def paint(self, surface: pygame.Surface) -> None:
        at = self.point(0)
        pygame.draw.circle(surface, ACCENT, at, 20, 3)
        draw_glyph(surface, self.seat, at, 28)


class Burst(FixedStep):
    """A wrecked rocket bursting into pieces of its colour (pymunk debris)."""

    blocking = False

    def __init__(self, centre: tuple[int, int], colour: tuple[int, int, int], seed: int) -> None:
        super().__init__()
        self.colour = colour
        self.debris = Debris(seed)
        for k in range(7):
            self.debris.add((centre[0] + (k % 3 - 1) * 8, centre[1] + (k // 3 - 1) * 8),
                            10, (k, 0), 1.2)

    def physics_step(self) -> None:
        self.debris.step()

    def update(self, dt: float) -> bool:
        self.advance(dt)
        return not self.debris.done

    def draw(self, surface: pygame.Surface) -> None:
        for piece in self.debris.pieces:
            image = pygame.Surface((piece.size, piece.size), pygame.SRCALPHA)
            image.fill((*self.colour, max(0, 255 - int(piece.age * 160))))
            turned = pygame.transform.rotate(image, -math.degrees(piece.body.angle))
            x, y = piece.body.position
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))


def effects_for(events: list[Event], spots: Spots, viewer: int, totems: list[int],
                seed: int) -> list[Animation]:
    """The animations of one burst of events, where ``spots`` says things are drawn;
    ``totems`` is where each meteor stood before (brought up to date here)."""
    out: list[Animation] = []
    hand = HAND.center
    delay = 0.0

    def centre(key: tuple[object, ...], default: tuple[int, int] = hand) -> tuple[int, int]:
        rect = spots.rect(key)
        return rect.center if rect is not None else default

    def holder(seat: int) -> tuple[int, int]:
        return hand if seat == viewer else centre(("hand_of", seat))

    for k, event in enumerate(events):
        kind = event.kind
        data = event.to_dict()
        if kind in ("rolled", "first_roll"):
            out.append(DiceRoll(tuple(data["dice"]), seat_colour(data["seat"]), seed + k))
            delay = 0.0
        elif kind == "drew":
            for i in range(min(MOST, len(data["cards"]))):
                out.append(CardFlight(centre(("deck", data["deck"])), holder(data["seat"]),
                                      data["deck"], delay + i * STAGGER))
            delay += STAGGER
        elif kind == "rockets":
            out += _rockets(data, centre, delay, seed + k)
            delay += STAGGER
        elif kind == "totem_moved" and 0 <= data["seat"] < len(totems):
            seat, step = data["seat"], data["totem"]
            out.append(TotemStep(seat, totem_point(totems[seat], 0), totem_point(step, 0)))
            totems[seat] = step
    return out


def _rockets(data: dict[str, object], centre: object, delay: float,
             seed: int) -> list[Animation]:
    count, colour, source, dest = data["count"], data["colour"], data["source"], data["dest"]
    assert isinstance(count, int) and isinstance(colour, int)
    start = centre(("section", data["owner"], source))  # type: ignore[operator]
    end = centre(("section", data["to"], dest))  # type: ignore[operator]
    paint = seat_colour(colour)
    out: list[Animation] = []
    wrecked = dest == JUNKYARD and source in (LAUNCHPAD, ATMOSPHERE)
    if wrecked:
        out.append(Burst(start, paint, seed))
    for i in range(min(MOST, count)):
        out.append(RocketFlight(start, end, paint, flame=not wrecked and dest != JUNKYARD,
                                delay=delay + i * STAGGER))
    return out
