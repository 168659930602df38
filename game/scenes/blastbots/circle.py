"""The circular Resource Grid and, around it, the Doomsday Clock, drawn from a view.

The grid's three sections are wedges (Battle, Discovery, Rocket), each with its two
numbers of every tier on the tier's ring, T-1 innermost; every player's tokens stand on
their spots as glyphs in their colours, and the spots the last roll paid glow. The
hub shows the last roll. The clock's eleven stops run clockwise from T-10 to Impact at
the top, each meteor beside the stop it stands on."""

from __future__ import annotations

import pygame

from game.rules.blastbots.board import SPOTS, SURGES
from game.rules.blastbots.state import FIRST, PLACE, State
from game.scenes.blastbots.layout import (
    CIRCLE,
    CLOCK_R,
    HUB_R,
    RING_R,
    SECTOR_ANGLE,
    SPOT_R,
    Spots,
    clock_stop,
    polar,
    spot_centre,
    totem_point,
)
from game.scenes.blastbots.pieces import DECK_COLOURS, DECK_LIGHT, draw_die, draw_token
from game.scenes.blastbots.words import DECK_NAMES
from game.ui.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    GOOD,
    LINE,
    PANEL,
    TEXT,
    TEXT_DIM,
    draw_glyph,
)
from game.ui.text import blit_text

Keys = frozenset[tuple[object, ...]]
WEDGE_OUT = RING_R[-1] + SPOT_R + 8
IMPACT_RED = (120, 36, 30)
CLOCK_BAND = (58, 34, 40)


def paid_spots(view: State) -> frozenset[int]:
    """The spots the last roll paid: those on its number holding a token."""
    if view.dice is None or view.phase in (FIRST, PLACE):
        return frozenset()
    total = sum(view.dice)
    if total in SURGES or total == 7:
        return frozenset()
    held = {code for tokens in view.tokens for code in tokens}
    return frozenset(code for code in SPOTS.values() if code & 15 == total and code in held)


def draw_circle(surface: pygame.Surface, view: State, lit: Keys, selected: Keys,
                spots: Spots, moving: frozenset[int] = frozenset(),
                ghosts: tuple[int, ...] = ()) -> None:
    """The clock, the grid and its tokens; ``moving`` are the viewer's token indices
    being placed again (left out), ``ghosts`` the spots the viewer has just put them
    on (drawn with the others)."""
    draw_clock(surface, view, lit, selected, spots)
    _wedges(surface, spots)
    paid = paid_spots(view)
    for code in sorted(SPOTS.values()):
        _spot(surface, view, code, lit, selected, paid, spots, moving, ghosts.count(code))
    _hub(surface, view, lit, spots)


def _wedges(surface: pygame.Surface, spots: Spots) -> None:
    for deck, middle in enumerate(SECTOR_ANGLE):
        points = [polar(middle + a, WEDGE_OUT) for a in range(-60, 61, 5)]
        points += [polar(middle + a, HUB_R + 6) for a in range(60, -61, -10)]
        shade = tuple((c + b * 2) // 3 for c, b in zip(DECK_COLOURS[deck], BACKGROUND,
                                                      strict=True))
        pygame.draw.polygon(surface, shade, points)
    for radius in RING_R:
        pygame.draw.circle(surface, LINE, CIRCLE, radius, 1)
    for middle in SECTOR_ANGLE:
        pygame.draw.line(surface, BACKGROUND, polar(middle + 60, HUB_R + 4),
                         polar(middle + 60, WEDGE_OUT), 4)
        for tier, radius in enumerate(RING_R):
            at = polar(middle + 60, radius)
            tag = pygame.Rect(0, 0, 40, 22)
            tag.center = at
            pygame.draw.rect(surface, PANEL, tag, border_radius=8)
            blit_text(surface, f"T-{tier + 1}", at, 19, TEXT_DIM, bold=True, anchor="center")
    for deck, middle in enumerate(SECTOR_ANGLE):
        label = blit_text(surface, DECK_NAMES[deck].upper(), polar(middle, 205), 24,
                          DECK_LIGHT[deck], bold=True, anchor="center")
        spots.add(("sector", deck), label.inflate(8, 8))


def _spot(surface: pygame.Surface, view: State, code: int, lit: Keys, selected: Keys,
          paid: frozenset[int], spots: Spots, moving: frozenset[int], ghosts: int) -> None:
    centre = spot_centre(code)
    key = ("spot", code)
    if code in paid:
        pygame.draw.circle(surface, (120, 110, 30), centre, SPOT_R + 9)
    pygame.draw.circle(surface, PANEL, centre, SPOT_R)
    edge, width = ((ACCENT, 4) if key in selected else (GOOD, 4) if key in lit else
                   (DECK_LIGHT[code >> 4], 2))
    pygame.draw.circle(surface, edge, centre, SPOT_R, width)
    blit_text(surface, str(code & 15), (centre[0], centre[1] - 12), 28, TEXT, bold=True,
              anchor="center")
    rect = pygame.Rect(0, 0, SPOT_R * 2, SPOT_R * 2)
    rect.center = centre
    spots.add(key, rect)
    holders = [(seat, sum(1 for i, c in enumerate(tokens) if c == code
                          and not (seat == view.viewer and i in moving))
                    + (ghosts if seat == view.viewer else 0))
               for seat, tokens in enumerate(view.tokens)]
    holders = [(seat, n) for seat, n in holders if n]
    for k, (seat, count) in enumerate(holders):
        x = centre[0] + (k - (len(holders) - 1) / 2) * 16
        at = (round(x), centre[1] + 13)
        token = ("token", seat, code)
        if token in lit or token in selected:
            pygame.draw.circle(surface, ACCENT if token in selected else GOOD, at, 12, 3)
        draw_token(surface, at, seat, 15, count)
        box = pygame.Rect(0, 0, 18, 20)
        box.center = at
        spots.add(token, box)


def _hub(surface: pygame.Surface, view: State, lit: Keys, spots: Spots) -> None:
    key = ("dice",)
    pygame.draw.circle(surface, PANEL, CIRCLE, HUB_R)
    pygame.draw.circle(surface, GOOD if key in lit else LINE, CIRCLE, HUB_R,
                       5 if key in lit else 2)
    cx, cy = CIRCLE
    faces = view.dice or (0, 0)
    for k, face in enumerate(faces):
        draw_die(surface, pygame.Rect(cx - 36 + k * 38, cy - 32, 34, 34), face)
    words = f"= {sum(faces)}" if view.dice else ("ROLL" if key in lit else "")
    blit_text(surface, words, (cx, cy + 22), 28, GOOD if key in lit and not view.dice
              else TEXT, bold=True, anchor="center")
    rect = pygame.Rect(0, 0, HUB_R * 2, HUB_R * 2)
    rect.center = CIRCLE
    spots.add(key, rect)


def draw_clock(surface: pygame.Surface, view: State, lit: Keys, selected: Keys,
               spots: Spots) -> None:
    pygame.draw.circle(surface, CLOCK_BAND, CIRCLE, CLOCK_R[1])
    pygame.draw.circle(surface, DANGER, CIRCLE, CLOCK_R[1], 2)
    pygame.draw.circle(surface, BACKGROUND, CIRCLE, CLOCK_R[0])
    for step in range(11):
        centre = clock_stop(step)
        pill = pygame.Rect(0, 0, 78 if step == 0 else 46, 26)
        pill.center = centre
        pygame.draw.rect(surface, IMPACT_RED if step == 0 else PANEL, pill, border_radius=12)
        pygame.draw.rect(surface, DANGER if step == 0 else LINE, pill, 2, border_radius=12)
        blit_text(surface, "IMPACT" if step == 0 else f"T-{step}", centre, 20,
                  TEXT, bold=True, anchor="center")
        spots.add(("stop", step), pill)
    standing: dict[int, int] = {}
    for seat in range(view.n):
        step = view.totem[seat]
        place = standing.get(step, 0)
        standing[step] = place + 1
        at = totem_point(step, place)
        key = ("totem", seat)
        if key in lit or key in selected:
            pygame.draw.circle(surface, ACCENT if key in selected else GOOD, at, 17, 4)
        draw_glyph(surface, seat, at, 24)
        box = pygame.Rect(0, 0, 30, 30)
        box.center = at
        spots.add(key, box)

