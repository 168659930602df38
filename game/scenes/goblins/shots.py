"""Where shots land, drawn over a yard: the yard edge that a side of a robot is, its
lines 1-5 numbered along it, the square each line would strike first, the numbered
hits of a dice order, and the pilot's new front before it is locked in.

Words are robot-relative ("their left side, line 3"), as the dials and the log say.
Drawing and wording only: what is struck comes from game.rules.goblins.preview.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.goblins.events import Hit
from game.rules.goblins.geometry import LINES, SIDES, square_name
from game.rules.goblins.preview import LINE_NUMBERS
from game.rules.goblins.robot import Robot
from game.scenes.goblins.narrate import count, seat_name
from game.scenes.goblins.tiles import BAND, FRAME, square_rect
from game.ui.palette import ACCENT, BACKGROUND, DANGER, TEXT, TEXT_DIM
from game.ui.seat_names import Names
from game.ui.text import blit_text

OUT = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Outward direction of each yard edge on screen: N, E, S, W."""
BADGE_OUT = (22, 22, 4, 22)
"""How far outside each yard edge (N, E, S, W) the line numbers sit: clear of the
yard's frame, except below it, where the crew's names leave room only on the frame."""
BADGE = 14
TOKEN = (86, 180, 233)
OUTCOME_COLOURS = {"destroyed": DANGER, "token": TOKEN, "goblin": ACCENT,
                   "empty_cockpit": TEXT_DIM, "miss": TEXT_DIM}


def side_words(owner: str, side: int) -> str:
    """"their left side", "your front side": a side of a robot, as the log says it."""
    return f"{owner} {SIDES[side]} side"


def line_words(owner: str, side: int, line: int) -> str:
    """"their left side, line 3"."""
    return f"{side_words(owner, side)}, line {line}"


def hit_words(hit: Hit, robot: Robot, names: Names = ()) -> str:
    """What one hit does, in words; ``robot`` is the target before the hits (it names
    the tiles they destroy), ``names`` what the seats' players typed."""
    where = square_name(hit.square)
    if hit.outcome == "miss":
        return "the line is empty: a miss"
    if hit.outcome == "token":
        return f"a defense token on {where} takes it"
    if hit.outcome == "goblin":
        return f"hits the cockpit: {seat_name(hit.seat, names)} loses a goblin"
    if hit.outcome == "empty_cockpit":
        return "hits the empty cockpit: nothing happens"
    tile = robot.tiles[hit.square]
    words = f"destroys {tile.kind} {tile.id} on {where}" if tile else f"destroys {where}"
    falls = len(hit.destroyed) - 1
    if falls:
        words += f", and {count(falls, 'more tile')} {'falls' if falls == 1 else 'fall'} off"
    return words


def line_point(yard: pygame.Rect, edge: int, line: int, out: int) -> tuple[int, int]:
    """The point ``out`` pixels outside yard edge ``edge`` where line ``line`` enters."""
    entry = square_rect(yard, LINES[edge][line][0])
    dx, dy = OUT[edge]
    x = entry.centerx if dx == 0 else (yard.right if dx > 0 else yard.left) + dx * out
    y = entry.centery if dy == 0 else (yard.bottom if dy > 0 else yard.top) + dy * out
    return x, y


def _badge(surface: pygame.Surface, centre: tuple[int, int], text: str,
           colour: tuple[int, int, int], filled: bool = True, radius: int = BADGE) -> None:
    pygame.draw.circle(surface, colour if filled else BACKGROUND, centre, radius)
    pygame.draw.circle(surface, TEXT if filled else colour, centre, radius, 2)
    blit_text(surface, text, centre, 22 * radius // BADGE, BACKGROUND if filled else colour,
              bold=True, anchor="center")


def draw_ruler(surface: pygame.Surface, yard: pygame.Rect, edge: int, label: str,
               empty: Sequence[int] = (), room: int = -1, active: int = 0) -> None:
    """Mark yard edge ``edge``: a bar along it, the line numbers 1-5 outside it (dim
    for the ``empty`` lines, larger for the ``active`` one) and ``label`` beside them.
    The screen has ``room`` beside the yard on the left (-1) or the right (1): on a top
    or bottom edge the label goes there, a line per part ("their left side" / "line 3")
    so it fits between the yards; on a left or right edge it goes above line 1,
    running that way."""
    a = line_point(yard, edge, 1, 4)
    b = line_point(yard, edge, 5, 4)
    half = yard.width // 10
    dx, dy = OUT[edge]
    ux, uy = abs(dy), abs(dx)  # along the edge, from line 1 to line 5
    pygame.draw.line(surface, DANGER, (a[0] - ux * half, a[1] - uy * half),
                     (b[0] + ux * half, b[1] + uy * half), 6)
    out = BADGE_OUT[edge]
    for line in LINE_NUMBERS:
        if line != active:
            _badge(surface, line_point(yard, edge, line, out), str(line),
                   TEXT_DIM if line in empty else DANGER, filled=line not in empty)
    if active:
        _badge(surface, line_point(yard, edge, active, out), str(active), ACCENT,
               radius=BADGE + 6)
    start = line_point(yard, edge, 1, out)
    if dx == 0:  # top or bottom edge: beside the yard, from the badges' row inward
        x = yard.right + 12 if room > 0 else yard.left - 12
        parts = label.split(", ")
        for k, part in enumerate(parts if dy < 0 else reversed(parts)):
            y = start[1] + dy * (BADGE - 28 * k)
            anchor = ("top" if dy < 0 else "bottom") + ("left" if room > 0 else "right")
            blit_text(surface, part, (x, y), 26, DANGER, bold=True, anchor=anchor)
    else:  # a side edge: the label sits above line 1, beyond the yard's top
        x = start[0] + dx * BADGE * (1 if dx == room else -1)
        blit_text(surface, label, (x, yard.top - out), 26, DANGER, bold=True,
                  anchor="midright" if room < 0 else "midleft")


def draw_struck(surface: pygame.Surface, yard: pygame.Rect, edge: int,
                squares: Sequence[int]) -> None:
    """Per line 1-5 of ``edge``, the path in from the edge to the square it would strike
    first (``squares[line - 1]``, -1 for none), ringed and numbered."""
    for line, square in zip(LINE_NUMBERS, squares, strict=True):
        if square < 0:
            continue
        target = square_rect(yard, square)
        dx, dy = OUT[edge]
        near = (target.centerx + dx * (target.width // 2 - 4),
                target.centery + dy * (target.height // 2 - 4))
        pygame.draw.line(surface, DANGER, line_point(yard, edge, line, 0), near, 3)
        pygame.draw.rect(surface, DANGER, target.inflate(-8, -8), 4, border_radius=10)
        corner = _corner(target, edge)
        _badge(surface, corner, str(line), DANGER)


def _corner(target: pygame.Rect, edge: int) -> tuple[int, int]:
    """A spot inside ``target`` near the side the shot comes in from."""
    dx, dy = OUT[edge]
    inset = target.width // 2 - BADGE - 4
    return (target.centerx + dx * inset - (dy != 0) * inset,
            target.centery + dy * inset - (dx != 0) * inset)


def draw_new_front(surface: pygame.Surface, yard: pygame.Rect, edge: int,
                   turns: bool) -> pygame.Rect:
    """An outlined arrow where the robot's front will be after the steering dial, with
    a word saying whether it turns; returns what it covered. Above or below the yard
    it stays in the front marker's band, clear of the captions under the yard."""
    dx, dy = OUT[edge]
    first, second = ("new", "front") if turns else ("front", "stays")
    if dx == 0:
        cx = yard.centerx
        base = yard.bottom + FRAME if dy > 0 else yard.top - FRAME
        points = [(cx, base + dy * (BAND - 1)), (cx + 16, base + dy), (cx - 16, base + dy)]
        arrow = pygame.draw.polygon(surface, ACCENT, points, 3)
        words = blit_text(surface, f"{first} {second}", (cx + 24, base + dy * BAND // 2),
                          20, ACCENT, bold=True, anchor="midleft")
        return arrow.union(words)
    cx = yard.centerx + dx * (yard.width // 2 + 26)
    cy = yard.centery
    points = [(cx + dx * 33, cy), (cx - dx * 6, cy + 36), (cx - dx * 6, cy - 36)]
    covered = pygame.draw.polygon(surface, ACCENT, points, 4)
    x = int(cx + dx * 10)
    for k, word in enumerate((first, second)):
        covered = covered.union(blit_text(surface, word, (x, int(cy + 40 + 24 * k)), 24,
                                          ACCENT, bold=True, anchor="midtop"))
    return covered


def draw_order(surface: pygame.Surface, yard: pygame.Rect, hits: Sequence[Hit],
               labels: Sequence[str]) -> None:
    """Each hit, labelled with its die's number, on the square it strikes (a miss on
    the last square of its empty line), coloured by what it does; tiles that would
    fall off with a destroyed one are crossed."""
    placed: dict[int, int] = {}
    for label, hit in zip(labels, hits, strict=True):
        colour = OUTCOME_COLOURS[hit.outcome]
        for lost in hit.destroyed[1:]:
            rect = square_rect(yard, lost).inflate(-20, -20)
            pygame.draw.line(surface, DANGER, rect.topleft, rect.bottomright, 4)
            pygame.draw.line(surface, DANGER, rect.topright, rect.bottomleft, 4)
        square = hit.square if hit.square >= 0 else LINES[hit.edge][hit.face][-1]
        rect = square_rect(yard, square)
        k = placed.get(square, 0)
        placed[square] = k + 1
        if k == 0 and hit.square >= 0:
            pygame.draw.rect(surface, colour, rect.inflate(-8, -8), 4, border_radius=10)
        _badge(surface, (rect.x + BADGE + 6 + (k % 3) * (2 * BADGE + 2),
                         rect.y + BADGE + 6 + (k // 3) * (2 * BADGE + 2)), label, colour)
