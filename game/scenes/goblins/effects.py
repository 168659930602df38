"""What the match screen animates after events: dice thrown into a tray (pymunk), each
hit travelling along its line to what it strikes, and destroyed or loose tiles
tumbling away (pymunk). The outcomes shown are the rules' own.

The rules state is already at the end of the burst when the first animation starts,
so the yards are drawn from a ``ShownBoard``: the view from before the burst, brought
forward event by event as the animations reach them (a hit's tile goes when its shot
lands, not before)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.physics.debris import Debris
from game.physics.dice import DiceTray
from game.rules.core.actions import Event
from game.rules.goblins.follow import follow
from game.rules.goblins.geometry import LINES
from game.scenes.goblins.shots import BADGE, BADGE_OUT, draw_ruler, line_point, line_words
from game.scenes.goblins.tiles import square_rect, tile_image
from game.ui import caches
from game.ui.animation import Animation, FixedStep
from game.ui.palette import ACCENT, DANGER, PANEL, SEAT_COLOURS, TEXT, draw_glyph
from game.ui.text import blit_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.rules.goblins.catalogue import Catalogue
    from game.rules.goblins.state import State
    from game.scenes.goblins.match import MatchScene

TRAY = (300, 230, 1320, 300)
HIT_SECONDS = 0.32


class ShownBoard:
    """The board as the animations have shown it so far: a copy of the viewer's view
    from before a burst of events, followed up to event ``done``."""

    def __init__(self, before: State, events: list[Event]) -> None:
        self.frame = before.clone()
        self.events = events
        self.done = 0
        self.stuck = False
        """An event could not be followed (a new round): the rest stays unshown."""

    def reach(self, index: int) -> None:
        """Show every event before ``index``."""
        while self.done < min(index, len(self.events)) and not self.stuck:
            if follow(self.frame, self.events[self.done]):
                self.done += 1
            else:
                self.stuck = True

    def finish(self) -> None:
        """Show the whole burst (as far as it can be followed)."""
        self.reach(len(self.events))

    def key(self) -> tuple[int, int]:
        """Changes whenever the frame does."""
        return id(self), self.done

    def unseen(self, redact: Callable[[Event, int], Event | None], viewer: int) -> int:
        """How many of the viewer's log lines-to-be are still ahead of the shots: the
        log must not tell a hit before the board shows it land."""
        return sum(redact(e, viewer) is not None for e in self.events[self.done:])


class _Reaches:
    """An animation that brings a ShownBoard up to ``at`` when it starts."""

    shown: ShownBoard | None = None
    at = 0

    def shows(self, shown: ShownBoard | None, at: int) -> None:
        self.shown, self.at = shown, at

    def start(self) -> None:
        if self.shown is not None:
            self.shown.reach(self.at)


class DiceRoll(_Reaches, FixedStep):
    def __init__(self, throws: list[tuple[list[int], tuple[int, int, int]]], seed: int) -> None:
        super().__init__()
        self.tray = DiceTray(TRAY, seed)
        for index, (faces, colour) in enumerate(throws):
            self.tray.throw(faces, colour, from_left=index == 0)
        self.after = 0.5

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
        pygame.draw.rect(surface, ACCENT, (x, y, w, h), 3, border_radius=10)
        for die in self.tray.dice:
            image = _die_image(self.tray.shown_face(die), die.colour)
            turned = pygame.transform.rotate(image, -die.body.angle * 57.2958)
            surface.blit(turned, turned.get_rect(center=(int(die.body.position.x),
                                                         int(die.body.position.y))))


@lru_cache(maxsize=4)
def _shade(width: int, height: int) -> pygame.Surface:
    shade = pygame.Surface((width, height), pygame.SRCALPHA)
    shade.fill((*PANEL, 215))
    return shade


@lru_cache(maxsize=64)
def _die_image(face: int, colour: tuple[int, int, int]) -> pygame.Surface:
    image = pygame.Surface((56, 56), pygame.SRCALPHA)
    pygame.draw.rect(image, (240, 240, 236), image.get_rect(), border_radius=10)
    pygame.draw.rect(image, colour, image.get_rect(), 5, border_radius=10)
    blit_text(image, str(face) if face else "-", (28, 28), 44, (30, 30, 30), bold=True,
              anchor="center")
    return image


class Falling(_Reaches, FixedStep):
    """Tiles thrown off a yard; non-blocking, so play goes on while they fall."""

    blocking = False

    def __init__(self, catalogue: Catalogue, yard: pygame.Rect,
                 pieces: list[tuple[int, int, int]], seed: int) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.debris = Debris(seed)
        for square, tile, rot in pieces:
            if tile >= 0:
                rect = square_rect(yard, square)
                self.debris.add(rect.center, rect.width - 6, (tile, rot))

    def physics_step(self) -> None:
        self.debris.step()

    def update(self, dt: float) -> bool:
        self.advance(dt)
        return not self.debris.done

    def draw(self, surface: pygame.Surface) -> None:
        for piece in self.debris.pieces:
            tile, rot = piece.key
            image = tile_image(self.catalogue.tiles[tile], rot, piece.size)
            turned = pygame.transform.rotate(image, -piece.body.angle * 57.2958)
            turned.set_alpha(max(0, 255 - int(piece.age * 150)))
            surface.blit(turned, turned.get_rect(center=(int(piece.body.position.x),
                                                         int(piece.body.position.y))))


class Flyer(Animation):
    """A token or a knocked-out goblin flying from the hit to the robot's scrapyard."""

    blocking = False
    SECONDS = 0.6

    def __init__(self, start: tuple[int, int], end: tuple[int, int], seat: int) -> None:
        self.start_pos, self.end_pos, self.seat = start, end, seat
        self.time = 0.0

    def update(self, dt: float) -> bool:
        self.time += dt
        return self.time < self.SECONDS

    def draw(self, surface: pygame.Surface) -> None:
        t = min(1.0, self.time / self.SECONDS)
        arc = 4 * t * (1 - t) * 120
        x = self.start_pos[0] + (self.end_pos[0] - self.start_pos[0]) * t
        y = self.start_pos[1] + (self.end_pos[1] - self.start_pos[1]) * t - arc
        if self.seat >= 0:
            draw_glyph(surface, self.seat, (int(x), int(y)), 34)
        else:
            pygame.draw.circle(surface, (86, 180, 233), (int(x), int(y)), 15)
            pygame.draw.circle(surface, TEXT, (int(x), int(y)), 15, 3)


class Shot(_Reaches, Animation):
    """One die's hit travelling in along its line, then a flash where it lands. The
    edge it comes in from is marked with its lines, the one firing named in the log's
    words ("their left side, line 3")."""

    def __init__(self, scene: MatchScene, yard: pygame.Rect, event: Event,
                 catalogue: Catalogue) -> None:
        self.scene = scene
        self.yard = yard
        self.event = event
        self.catalogue = catalogue
        owner = "your" if yard == scene.own_yard else "their"
        self.words = line_words(owner, event.side, event.face)
        self.time = 0.0
        last = square_rect(yard, LINES[event.edge][event.face][-1])
        self.origin = line_point(yard, event.edge, event.face,
                                 BADGE_OUT[event.edge] + 2 * BADGE + 12)
        target = square_rect(yard, event.square) if event.square >= 0 else last
        self.target = target.center
        self.spawned = False

    def update(self, dt: float) -> bool:
        self.time += dt
        if self.time >= HIT_SECONDS and not self.spawned:
            self.spawned = True
            if self.shown is not None:
                self.shown.reach(self.at + 1)
            scrapyard = (self.yard.x + 150, self.yard.bottom + 54)
            if self.event.outcome in ("token", "goblin"):
                seat = self.event.seat if self.event.outcome == "goblin" else -1
                self.scene.animator.add(Flyer(self.target, scrapyard, seat))
            if self.event.outcome == "destroyed":
                pieces = list(zip(self.event.destroyed, self.event.tiles, self.event.rots,
                                  strict=True))
                self.scene.animator.add(Falling(self.catalogue, self.yard, pieces,
                                                self.event.square * 31 + self.event.face))
        return self.time < HIT_SECONDS + 0.18

    def draw(self, surface: pygame.Surface) -> None:
        others = [line for line in range(1, 6) if line != self.event.face]
        t = min(1.0, self.time / HIT_SECONDS)
        x = self.origin[0] + (self.target[0] - self.origin[0]) * t
        y = self.origin[1] + (self.target[1] - self.origin[1]) * t
        pygame.draw.line(surface, ACCENT, self.origin, (x, y), 4)
        draw_ruler(surface, self.yard, self.event.edge, self.words, others,
                   room=1 if self.yard == self.scene.own_yard else -1, active=self.event.face)
        pygame.draw.circle(surface, DANGER, (int(x), int(y)), 14)
        if self.time >= HIT_SECONDS:
            words = {"token": "blocked", "goblin": "ouch!", "miss": "miss",
                     "empty_cockpit": "clang", "destroyed": "boom"}[self.event.outcome]
            radius = int(20 + 120 * (self.time - HIT_SECONDS))
            pygame.draw.circle(surface, ACCENT, self.target, radius, 5)
            blit_text(surface, words, (self.target[0], self.target[1] - 40), 40, TEXT,
                      bold=True, anchor="center")


def effects_for(scene: MatchScene, events: list[Event], catalogue: Catalogue,
                shown: ShownBoard | None = None) -> list[Animation]:
    """Animations for a batch of events, in the order they happened; with ``shown``,
    each brings that board up to its event as it plays."""
    out: list[Animation] = []
    rolls: list[tuple[list[int], tuple[int, int, int]]] = []
    first_roll = 0
    teams = scene.teams
    for index, event in enumerate(events):
        if event.kind == "round_started":
            teams = event.teams
        if event.kind == "dice_rolled":
            colour = SEAT_COLOURS[teams[event.team][0]]
            if not rolls:
                first_roll = index
            rolls.append((list(event.dice), colour))
            if len(rolls) == 2:
                roll = DiceRoll(rolls, sum(sum(faces) for faces, _ in rolls) + 7)
                roll.shows(shown, first_roll)
                out.append(roll)
                rolls = []
        elif event.kind == "hit":
            shot = Shot(scene, scene.yard_of(event.team, teams), event, catalogue)
            shot.shows(shown, index)
            out.append(shot)
        elif event.kind == "tiles_fell":
            fall = Falling(catalogue, scene.yard_of(event.team, teams),
                           list(zip(event.squares, event.tiles, event.rots, strict=True)),
                           event.team + 11)
            fall.shows(shown, index + 1)
            out.append(fall)
    if rolls:
        roll = DiceRoll(rolls, 3)
        roll.shows(shown, first_roll)
        out.append(roll)
    return out


caches.register(_shade.cache_clear)
caches.register(_die_image.cache_clear)
