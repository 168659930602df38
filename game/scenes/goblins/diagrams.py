"""The small pictures of the Goblins, Inc. rules page, drawn by code from real tiles of
the catalogue and judged by the rules themselves (which tiles are joined, which line a
die hits, which squares a token covers), so a picture cannot disagree with the game.
The rules text names them with ``[diagram: NAME]``; the shared rules screen asks this
game's client entry for them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules.core.registry import bundled_catalogue
from game.rules.goblins.catalogue import TileDef
from game.rules.goblins.geometry import COCKPIT, S, W
from game.rules.goblins.robot import Robot
from game.scenes.goblins.tiles import draw_tile, draw_yard, square_rect
from game.ui.palette import ACCENT, DANGER, GOOD, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap

YARD = 260
"""A diagram's yard: five squares of 52 pixels."""


@dataclass(frozen=True)
class Diagram:
    """A picture ``height`` pixels tall, drawn across the page's width."""

    height: int
    draw: Callable[[pygame.Surface, pygame.Rect], None]


def _tile(tile_id: str) -> TileDef:
    return next(t for t in bundled_catalogue("goblins").tiles if t.id == tile_id)


def _robot(tiles: dict[int, tuple[str, int]]) -> Robot:
    """A robot with ``tiles`` (square -> tile id and turn) and the tokens its armor gives."""
    robot = Robot()
    for square, (tile_id, rot) in tiles.items():
        robot.place(square, _tile(tile_id), rot)
    robot.tokens = robot.token_layout()
    return robot


def _die(surface: pygame.Surface, centre: tuple[int, int], face: int) -> None:
    rect = pygame.Rect(0, 0, 50, 50)
    rect.center = centre
    pygame.draw.rect(surface, (240, 240, 236), rect, border_radius=9)
    pygame.draw.rect(surface, LINE, rect, 3, border_radius=9)
    blit_text(surface, str(face), centre, 38, (30, 30, 30), bold=True, anchor="center")


def _note(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
          colour: tuple[int, int, int] = TEXT) -> int:
    """A few wrapped words; returns the y under them."""
    x, y = pos
    for line in wrap(text, 28, width):
        blit_text(surface, line, (x, y), 28, colour)
        y += 31
    return y


def _arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
           colour: tuple[int, int, int]) -> None:
    pygame.draw.line(surface, colour, start, end, 5)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = end
    back = (end[0] - ux * 18, end[1] - uy * 18)
    pygame.draw.polygon(surface, colour, [tip, (back[0] - uy * 10, back[1] + ux * 10),
                                          (back[0] + uy * 10, back[1] - ux * 10)])


# -- (a) a die face picks a line ---------------------------------------------------------
LINES_ROBOT = {6: ("D01", 0), 7: ("E01", 0), 8: ("W01", 0), 11: ("D02", 0),
               13: ("A01", 1), 16: ("W09", 2), 17: ("D03", 0), 18: ("E03", 0)}
LINE_SHOTS = ((W, 2), (S, 4))
"""The two shots shown: from the robot's left side (its front is up) with a 2, and
from its back with a 4."""


def draw_lines(surface: pygame.Surface, rect: pygame.Rect) -> None:
    robot = _robot(LINES_ROBOT)
    yard = pygame.Rect(rect.x + 190, rect.y + 72, YARD, YARD)
    draw_yard(surface, yard, robot)
    cell = YARD // 5
    blit_text(surface, "front", (yard.centerx, yard.y - 50), 24, ACCENT, anchor="midbottom")
    blit_text(surface, "left", (yard.x - 24, yard.y - 12), 24, ACCENT, anchor="midbottom")
    blit_text(surface, "back", (yard.right + 16, yard.bottom + 24), 24, ACCENT,
              anchor="midleft")
    picked = set()
    for edge, face in LINE_SHOTS:
        hit = robot.target(edge, face)
        struck = square_rect(yard, hit)
        if edge == W:
            die = (yard.x - 130, yard.y + int((face - 0.5) * cell))
            _arrow(surface, (die[0] + 30, die[1]), (struck.x + 6, struck.centery), DANGER)
        else:
            die = (yard.x + int((face - 0.5) * cell), yard.bottom + 84)
            _arrow(surface, (die[0], die[1] - 30), (struck.centerx, struck.bottom - 6), DANGER)
        _die(surface, die, face)
        pygame.draw.rect(surface, DANGER, struck.inflate(-2, -2), 4, border_radius=8)
        picked.add((edge, face))
    for k in range(1, 6):
        for edge, centre in ((W, (yard.x - 24, yard.y + int((k - 0.5) * cell))),
                             (S, (yard.x + int((k - 0.5) * cell), yard.bottom + 24))):
            chosen = (edge, k) in picked
            pygame.draw.circle(surface, ACCENT if chosen else PANEL, centre, 15)
            blit_text(surface, str(k), centre, 28, PANEL if chosen else ACCENT, bold=True,
                      anchor="center")
    x = rect.x + 560
    y = _note(surface, "A 2 fired at the robot's left side: line 2 along that side. "
              "The shot flies in over the empty square and strikes the first tile.",
              (x, rect.y + 50), rect.right - x - 20)
    _note(surface, "A 4 fired at its back: line 4 along the back edge, struck from "
          "behind. The numbers belong to the yard's edges, so they are the same "
          "whichever way the robot has turned.", (x, y + 24), rect.right - x - 20)


# -- (b) joined and attached -------------------------------------------------------------
JOIN_PAIRS = ((("D01", 0), ("D02", 0), True), (("D01", 0), ("W24", 0), False))
"""Two neighbours side by side: metal meets metal, then metal meets a barrel edge."""
JOINED_ROBOT = {13: ("D01", 0), 14: ("W09", 0), 7: ("E05", 0), 10: ("W24", 0)}


def draw_joined(surface: pygame.Surface, rect: pygame.Rect) -> None:
    size = 96
    y = rect.y + 40
    for (left, right, joined) in JOIN_PAIRS:
        a = pygame.Rect(rect.x + 40, y, size, size)
        b = pygame.Rect(a.right + 4, y, size, size)
        draw_tile(surface, _tile(left[0]), left[1], a)
        draw_tile(surface, _tile(right[0]), right[1], b)
        mid = (a.right + 2, a.centery)
        if joined:
            pygame.draw.circle(surface, GOOD, mid, 14)
            pygame.draw.lines(surface, TEXT, False, [(mid[0] - 7, mid[1]), (mid[0] - 2, mid[1] + 6),
                                                     (mid[0] + 8, mid[1] - 6)], 3)
            words = "joined: metal meets metal"
        else:
            pygame.draw.circle(surface, DANGER, mid, 14)
            pygame.draw.line(surface, TEXT, (mid[0] - 6, mid[1] - 6), (mid[0] + 6, mid[1] + 6), 3)
            pygame.draw.line(surface, TEXT, (mid[0] - 6, mid[1] + 6), (mid[0] + 6, mid[1] - 6), 3)
            words = "not joined: one edge has no metal"
        _note(surface, words, (b.right + 24, a.centery - 14), 300, GOOD if joined else DANGER)
        y += size + 40
    robot = _robot(JOINED_ROBOT)
    yard = pygame.Rect(rect.x + 700, rect.y + 30, YARD, YARD)
    draw_yard(surface, yard, robot, show_front=False)
    attached = robot.attached_mask()
    for square, tile in enumerate(robot.tiles):
        if tile is None or square == COCKPIT:
            continue
        colour = GOOD if attached >> square & 1 else DANGER
        pygame.draw.rect(surface, colour, square_rect(yard, square).inflate(2, 2), 4,
                         border_radius=8)
    x = yard.right + 40
    y = _note(surface, "Attached (green): a chain of joins leads to the cockpit in the "
              "middle.", (x, rect.y + 40), rect.right - x - 20, GOOD)
    _note(surface, "Loose (red): joined to nothing that reaches the cockpit. It falls "
          "off when combat starts and goes to the scrapyard.", (x, y + 20),
          rect.right - x - 20, DANGER)


# -- (c) a defense token over two tiles --------------------------------------------------
TOKEN_ROBOT = {13: ("A01", 0), 8: ("W09", 0), 11: ("A05", 0), 7: ("D01", 0)}
"""The armor at 3,4 has its plate on a metal edge facing the joined gun above it: one
token covers both. The armor at 3,2 has its plate on an open edge: a token of its own."""


def draw_token(surface: pygame.Surface, rect: pygame.Rect) -> None:
    robot = _robot(TOKEN_ROBOT)
    yard = pygame.Rect(rect.x + 60, rect.y + 30, YARD, YARD)
    draw_yard(surface, yard, robot, show_front=False)
    for squares in robot.tokens:
        colour = ACCENT if len(squares) == 2 else TEXT_DIM
        for square in squares:
            pygame.draw.rect(surface, colour, square_rect(yard, square).inflate(2, 2), 3,
                             border_radius=8)
    x = yard.right + 50
    y = _note(surface, "Shared token (yellow squares): the armor's plate is on a metal "
              "edge, and the tile across that edge is joined there too, so one token "
              "guards both tiles. A hit on either one spends it.", (x, rect.y + 40),
              rect.right - x - 20, ACCENT)
    _note(surface, "Private token: this armor's plate faces an open edge, so its token "
          "guards the armor tile alone. A plate facing the cockpit is private too.",
          (x, y + 20), rect.right - x - 20)


DIAGRAMS = {"lines": Diagram(476, draw_lines), "joined": Diagram(330, draw_joined),
            "token": Diagram(320, draw_token)}


def rules_diagram(name: str) -> Diagram | None:
    return DIAGRAMS.get(name)
