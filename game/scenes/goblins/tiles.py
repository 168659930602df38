"""Drawing construction tiles and yards. A tile shows its kind by colour and by a
letter, metal edges as steel rails, weapon barrels as arrows pointing out, armor
plates as shields, engines as gears and premium tiles with a star. A loose tile (not
joined to the cockpit) is hatched and badged, and the robot's front is an accent bar
on the yard's frame with an arrow in the band outside it. Rendered tile images are
cached per tile, rotation and size."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.rules.goblins.catalogue import COCKPIT_TILE, TileDef
from game.rules.goblins.geometry import COCKPIT
from game.rules.goblins.robot import Robot
from game.ui import caches
from game.ui.display import fast
from game.ui.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    FORBIDDEN,
    KIND_COLOURS,
    LINE,
    METAL,
    TEXT,
    TEXT_DIM,
    YARD,
    draw_glyph,
)
from game.ui.text import blit_text, fitted

KIND_LETTER = {"weapon": "W", "armor": "A", "engine": "E", "decoration": "D", "cockpit": ""}
_OUT = ((0, -1), (1, 0), (0, 1), (-1, 0))
FRAME = 8
"""The yard's frame around its squares, in pixels."""
BAND = 20
"""The band just outside the frame that holds the front marker; captions start past it."""


def _edge_points(rect: pygame.Rect, edge: int, inset: int) -> tuple[tuple[int, int], ...]:
    x0, y0, x1, y1 = rect.left + inset, rect.top + inset, rect.right - inset, rect.bottom - inset
    return (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x0, y1), (x1, y1)),
            ((x0, y0), (x0, y1)))[edge]


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=1024)
def _tile_image(tile: TileDef, rot: int, size: int) -> pygame.Surface:
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = image.get_rect()
    base = KIND_COLOURS[tile.kind]
    pygame.draw.rect(image, _mix(base, BACKGROUND, 0.55), rect, border_radius=size // 10)
    pygame.draw.rect(image, _mix(base, BACKGROUND, 0.2), rect.inflate(-size // 5, -size // 5),
                     border_radius=size // 12)
    rail = max(3, size // 11)
    metal = tile.rot_metal[rot]
    for edge in range(4):
        a, b = _edge_points(rect, edge, rail // 2)
        if metal >> edge & 1:
            pygame.draw.line(image, METAL, a, b, rail)
            for t in (0.3, 0.7):
                rx = int(a[0] + (b[0] - a[0]) * t)
                ry = int(a[1] + (b[1] - a[1]) * t)
                pygame.draw.circle(image, BACKGROUND, (rx, ry), max(1, rail // 4))
        else:
            pygame.draw.line(image, _mix(base, BACKGROUND, 0.7), a, b, 2)
    cx, cy = rect.center
    if tile.kind == "weapon":
        _per_edge(image, rect, tile.rot_arrows[rot], size, 0.22, _arrow)
    elif tile.kind == "armor":
        _per_edge(image, rect, tile.rot_plates[rot], size, 0.24, _plate)
    elif tile.kind == "engine":
        for k in range(tile.engines):
            dx = (k - (tile.engines - 1) / 2) * size * 0.26
            _gear(image, (int(cx + dx), cy), size // 7)
    elif tile.kind == "decoration":
        for k in range(-2, 3):
            pygame.draw.line(image, _mix(base, TEXT, 0.3),
                             (cx - size // 5 + k * size // 10, cy + size // 5),
                             (cx + size // 5 + k * size // 10, cy - size // 5), 2)
    letter = KIND_LETTER[tile.kind]
    if letter:
        blit_text(image, letter, (rect.x + size // 6, rect.y + size // 6), max(14, size // 4),
                  TEXT, bold=True, anchor="topleft")
    if tile.premium:
        _star(image, (rect.right - size // 5, rect.y + size // 5), size // 9)
    return fast(image)


def _per_edge(image: pygame.Surface, rect: pygame.Rect, edges: tuple[int, ...], size: int,
              spacing: float,
              mark: Callable[[pygame.Surface, pygame.Rect, int, float, int], None]) -> None:
    """Draw one mark per entry of ``edges``, spreading repeats on the same edge."""
    for edge in range(4):
        count = edges.count(edge)
        for k in range(count):
            mark(image, rect, edge, (k - (count - 1) / 2) * size * spacing, size)


def _arrow(image: pygame.Surface, rect: pygame.Rect, edge: int, offset: float,
           size: int) -> None:
    cx, cy = rect.center
    dx, dy = _OUT[edge]
    px, py = -dy, dx
    tip = (cx + dx * size * 0.44 + px * offset, cy + dy * size * 0.44 + py * offset)
    back = (cx + dx * size * 0.12 + px * offset, cy + dy * size * 0.12 + py * offset)
    half = size * 0.1
    points = [tip, (back[0] + px * half, back[1] + py * half),
              (back[0] - px * half, back[1] - py * half)]
    pygame.draw.polygon(image, DANGER, points)
    pygame.draw.polygon(image, TEXT, points, 2)


def _plate(image: pygame.Surface, rect: pygame.Rect, edge: int, offset: float,
           size: int) -> None:
    cx, cy = rect.center
    dx, dy = _OUT[edge]
    px, py = -dy, dx
    mx = cx + dx * size * 0.3 + px * offset
    my = cy + dy * size * 0.3 + py * offset
    w = size * 0.2 if dx == 0 else size * 0.1
    h = size * 0.1 if dx == 0 else size * 0.2
    plate = pygame.Rect(0, 0, int(w), int(h))
    plate.center = (int(mx), int(my))
    pygame.draw.rect(image, (86, 180, 233), plate, border_radius=4)
    pygame.draw.rect(image, TEXT, plate, 2, border_radius=4)


def _gear(image: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    for k in range(8):
        a = k * math.pi / 4
        end = (centre[0] + math.cos(a) * radius * 1.35, centre[1] + math.sin(a) * radius * 1.35)
        pygame.draw.line(image, ACCENT, centre, end, max(2, radius // 3))
    pygame.draw.circle(image, ACCENT, centre, radius)
    pygame.draw.circle(image, BACKGROUND, centre, max(2, radius // 2))


def _star(image: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + math.cos(a) * r, centre[1] + math.sin(a) * r))
    pygame.draw.polygon(image, ACCENT, points)


def tile_image(tile: TileDef, rot: int, size: int) -> pygame.Surface:
    """The cached picture of a tile (do not draw on it)."""
    return _tile_image(tile, rot, size)


def draw_tile(surface: pygame.Surface, tile: TileDef, rot: int, rect: pygame.Rect,
              alpha: int = 255) -> None:
    image = _tile_image(tile, rot, rect.width)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, rect)


def square_rect(yard: pygame.Rect, sq: int) -> pygame.Rect:
    cell = yard.width // 5
    return pygame.Rect(yard.x + (sq % 5) * cell, yard.y + (sq // 5) * cell, cell, cell)


def square_at(yard: pygame.Rect, pos: tuple[int, int]) -> int:
    """The yard square under ``pos``, or -1."""
    if not yard.collidepoint(pos):
        return -1
    cell = yard.width // 5
    c = min(4, (pos[0] - yard.x) // cell)
    r = min(4, (pos[1] - yard.y) // cell)
    return r * 5 + c


def caption_top(yard: pygame.Rect) -> int:
    """Where text under a yard may start: below its frame and the front marker's band."""
    return yard.bottom + FRAME + BAND


def draw_captions(surface: pygame.Surface, yard: pygame.Rect, lines: tuple[str, ...],
                  width: int) -> None:
    """Short lines of text under a yard, clear of the front marker at any facing; a
    line too long for ``width`` (long names) is drawn smaller to fit."""
    for k, line in enumerate(lines):
        text, size = fitted(line, width, 26, 18)
        blit_text(surface, text, (yard.x, caption_top(yard) + 2 + 24 * k), size, TEXT_DIM)


def front_marker_rect(yard: pygame.Rect, front: int) -> pygame.Rect:
    """Everything the front marker covers: the frame along the front edge and the band
    outside it."""
    outer = yard.inflate(2 * (FRAME + BAND), 2 * (FRAME + BAND))
    depth = FRAME + BAND
    return (pygame.Rect(yard.x, outer.y, yard.width, depth),
            pygame.Rect(yard.right, yard.y, depth, yard.height),
            pygame.Rect(yard.x, yard.bottom, yard.width, depth),
            pygame.Rect(outer.x, yard.y, depth, yard.height))[front]


def draw_yard(surface: pygame.Surface, yard: pygame.Rect, robot: Robot,
              forbidden: tuple[int, ...] = (), show_front: bool = True,
              crew_order: tuple[int, ...] = ()) -> None:
    """A robot on its yard: squares, forbidden marks, tiles (loose ones marked),
    tokens, crew and front."""
    base = _yard_base(yard.width, tuple(forbidden))
    surface.blit(base, base.get_rect(center=yard.center))
    loose = set(robot.loose_squares())
    for sq in range(25):
        tile = robot.tiles[sq]
        if tile is None:
            continue
        rect = square_rect(yard, sq).inflate(-4, -4)
        if sq == COCKPIT:
            draw_tile(surface, COCKPIT_TILE, 0, rect)
            _crew(surface, rect, robot, crew_order)
        else:
            draw_tile(surface, tile, robot.rots[sq], rect)
        if sq in loose:
            draw_loose_mark(surface, rect)
    for squares in robot.tokens:
        rects = [square_rect(yard, sq) for sq in squares]
        if len(rects) == 2:
            a, b = rects[0].center, rects[1].center
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            pygame.draw.line(surface, (86, 180, 233), a, b, 6)
            _token(surface, mid)
        else:
            r = rects[0]
            _token(surface, (r.right - r.width // 5, r.bottom - r.height // 5))
    if show_front:
        _front_marker(surface, yard, robot.front)


@lru_cache(maxsize=16)
def _yard_base(width: int, forbidden: tuple[int, ...]) -> pygame.Surface:
    """The empty yard for a blueprint, drawn once: frame, squares, forbidden marks."""
    base = pygame.Surface((width + 16, width + 16))
    base.fill(BACKGROUND)
    yard = pygame.Rect(8, 8, width, width)
    pygame.draw.rect(base, YARD, base.get_rect(), border_radius=14)
    for sq in range(25):
        rect = square_rect(yard, sq).inflate(-4, -4)
        pygame.draw.rect(base, FORBIDDEN if sq in forbidden else BACKGROUND, rect,
                         border_radius=8)
        if sq in forbidden:
            pygame.draw.line(base, LINE, rect.topleft, rect.bottomright, 3)
            pygame.draw.line(base, LINE, rect.topright, rect.bottomleft, 3)
    return fast(base)


def _token(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    pygame.draw.circle(surface, (86, 180, 233), centre, 13)
    pygame.draw.circle(surface, TEXT, centre, 13, 3)


def _crew(surface: pygame.Surface, rect: pygame.Rect, robot: Robot,
          order: tuple[int, ...]) -> None:
    seats = [seat for seat in (order or tuple(robot.goblins)) for _ in
             range(robot.goblins.get(seat, 0))]
    for k, seat in enumerate(seats):
        x = rect.x + rect.width * (0.3 + 0.4 * (k % 2))
        y = rect.y + rect.height * (0.3 + 0.4 * (k // 2))
        draw_glyph(surface, seat, (int(x), int(y)), rect.width // 4)


def draw_loose_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Hatch a tile that is not joined to the cockpit and badge it "loose"."""
    surface.blit(_hatch(rect.width), rect)
    badge = pygame.Rect(0, 0, rect.width * 3 // 4, 24)
    badge.midbottom = (rect.centerx, rect.bottom - 4)
    pygame.draw.rect(surface, BACKGROUND, badge, border_radius=8)
    pygame.draw.rect(surface, DANGER, badge, 2, border_radius=8)
    blit_text(surface, "loose", badge.center, 22, TEXT, bold=True, anchor="center")


@lru_cache(maxsize=8)
def _hatch(size: int) -> pygame.Surface:
    """Dark diagonal stripes over a dimmed square, drawn once per size."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    image.fill((*BACKGROUND, 110))
    for k in range(-size, size, 14):
        pygame.draw.line(image, (*BACKGROUND, 210), (k, size), (k + size, 0), 5)
    return fast(image)


def _front_marker(surface: pygame.Surface, yard: pygame.Rect, front: int) -> None:
    """An accent bar on the frame along the front edge and an arrow pointing out of it."""
    dx, dy = _OUT[front]
    px, py = abs(dy), abs(dx)
    bar = (pygame.Rect(yard.x, yard.y - FRAME, yard.width, FRAME),
           pygame.Rect(yard.right, yard.y, FRAME, yard.height),
           pygame.Rect(yard.x, yard.bottom, yard.width, FRAME),
           pygame.Rect(yard.x - FRAME, yard.y, FRAME, yard.height))[front]
    pygame.draw.rect(surface, ACCENT, bar)
    edge = (yard.centerx + dx * (yard.width // 2 + FRAME + 2),
            yard.centery + dy * (yard.height // 2 + FRAME + 2))
    points = [(edge[0] + dx * (BAND - 5), edge[1] + dy * (BAND - 5)),
              (edge[0] + px * 24, edge[1] + py * 24), (edge[0] - px * 24, edge[1] - py * 24)]
    pygame.draw.polygon(surface, ACCENT, points)


caches.register(_tile_image.cache_clear)
caches.register(_yard_base.cache_clear)
caches.register(_hatch.cache_clear)
