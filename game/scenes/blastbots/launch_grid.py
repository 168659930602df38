"""Each player's Launch Grid, drawn from a view: a name plate (glyph, name, meteor, cuts,
the backs of their hand by deck) over the five sections, Factory, Launchpad (five
slots), Atmosphere, Space (15 reticles) and Junkyard (15 reticles, each rocket in its
colour with its owner's glyph)."""

from __future__ import annotations

import pygame

from game.rules.blastbots.board import (
    ATMOSPHERE,
    FACTORY,
    JUNKYARD,
    LAUNCHPAD,
    PAD_MAX,
    SPACE,
    WIN,
)
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.state import OVER, State
from game.scenes.blastbots.layout import Spots, panel_rect
from game.scenes.blastbots.pieces import card_back, draw_reticle, draw_rocket, seat_colour
from game.scenes.blastbots.words import SECTION_NAMES, hand_decks, who
from game.ui.palette import (
    ACCENT,
    DANGER,
    GOOD,
    LINE,
    PANEL,
    PANEL_LIGHT,
    TEXT,
    TEXT_DIM,
    draw_glyph,
)
from game.ui.seat_names import Names
from game.ui.text import blit_text, fitted
from game.ui.widgets import box

Keys = frozenset[tuple[object, ...]]
COLUMNS = ((FACTORY, 8, 84), (LAUNCHPAD, 100, 156), (ATMOSPHERE, 264, 156),
           (SPACE, 428, 150), (JUNKYARD, 586, 150))
"""Each section's left edge and width inside a panel."""
RETICLE_R, RETICLE_STEP = 12, 29


def draw_launch_grids(surface: pygame.Surface, view: State, lit: Keys, selected: Keys,
                      spots: Spots, names: Names = (), giving: tuple[int, ...] = ()) -> None:
    """Every player's Launch Grid; ``giving`` are the colours of the rockets the viewer
    has picked to give from their Junkyard (marked there)."""
    for seat in range(view.n):
        draw_launch_grid(surface, view, seat, panel_rect(seat, view.n), lit, selected,
                         spots, names, giving if seat == view.viewer else ())


def draw_launch_grid(surface: pygame.Surface, view: State, seat: int, rect: pygame.Rect,
                     lit: Keys, selected: Keys, spots: Spots, names: Names = (),
                     giving: tuple[int, ...] = ()) -> None:
    rolling = seat == view.roller and view.phase != OVER and view.turns > 0
    edge = seat_colour(seat) if rolling else LINE
    surface.blit(box(rect.width, rect.height, PANEL, edge, 4 if rolling else 2, 12), rect)
    _plate(surface, view, seat, rect, lit, selected, spots, names)
    for section, left, width in COLUMNS:
        area = pygame.Rect(rect.x + left, rect.y + 48, width, rect.height - 56)
        key = ("section", seat, section)
        border, thick = ((ACCENT, 4) if key in selected else (GOOD, 4) if key in lit
                         else (LINE, 1))
        surface.blit(box(area.width, area.height, PANEL_LIGHT, border, thick, 8), area)
        spots.add(key, area)
        if section == JUNKYARD:
            _junkyard(surface, view, seat, area, lit, selected, spots, giving)
        else:
            DRAW[section](surface, view, seat, area, lit, selected, spots)


def _plate(surface: pygame.Surface, view: State, seat: int, rect: pygame.Rect, lit: Keys,
           selected: Keys, spots: Spots, names: Names) -> None:
    """The name plate: who, their meteor, cuts and Some Assembly Required, and the
    backs of their hand by deck (the viewer's own too, for comparison)."""
    x, y = rect.x + 10, rect.y + 8
    backs = pygame.Rect(rect.right - 190, y, 180, 34)
    counts = hand_decks(view, seat)
    hand_key = ("hand_of", seat)
    if hand_key in lit or hand_key in selected:
        pygame.draw.rect(surface, ACCENT if hand_key in selected else GOOD,
                         backs.inflate(6, 6), 3, border_radius=8)
    for d in range(len(DECKS)):
        at = pygame.Rect(backs.x + d * 60, backs.y, 26, 34)
        surface.blit(card_back(d, 26, 34), at)
        blit_text(surface, str(counts[d]), (at.right + 5, at.centery), 26, TEXT, bold=True,
                  anchor="midleft")
    spots.add(hand_key, backs)
    badges = []
    step = view.totem[seat]
    badges.append((f"T-{step}" if step else "IMPACT", DANGER if step <= 2 else TEXT_DIM))
    if view.cuts[seat]:
        badges.append((f"{view.cuts[seat]} cut{'s' if view.cuts[seat] > 1 else ''}", DANGER))
    if view.assembly[seat]:
        badges.append(("assembly on " + ", ".join(who(t, names) for t in view.assembly[seat]),
                       ACCENT))
    right = backs.x - 12
    for text, colour in reversed(badges):
        shown = blit_text(surface, text, (right, y + 17), 24, colour, bold=True,
                          anchor="midright")
        right = shown.x - 14
    plate = pygame.Rect(x, y, right - x, 34)
    key = ("player", seat)
    if key in lit or key in selected:
        pygame.draw.rect(surface, ACCENT if key in selected else GOOD, plate, 3,
                         border_radius=8)
    draw_glyph(surface, seat, (x + 16, y + 17), 26)
    mine = seat == view.viewer
    playing = seat == view.roller and view.phase != OVER and view.turns
    tag = ((" (you, your turn)" if playing else " (you)") if mine
           else (" (their turn)" if playing else ""))
    text, size = fitted(f"{who(seat, names)}{tag}", plate.width - 40, 30, 20, bold=True)
    blit_text(surface, text, (x + 36, y + 17), size, seat_colour(seat), bold=True,
              anchor="midleft")
    spots.add(key, plate)


def _label(surface: pygame.Surface, area: pygame.Rect, text: str) -> None:
    blit_text(surface, text, (area.centerx, area.y + 4), 21, TEXT_DIM, anchor="midtop")


def _factory(surface: pygame.Surface, view: State, seat: int, area: pygame.Rect,
             lit: Keys, selected: Keys, spots: Spots) -> None:
    _label(surface, area, SECTION_NAMES[FACTORY])
    draw_rocket(surface, (area.x + 24, area.centery + 14), seat_colour(seat), 44)
    blit_text(surface, str(view.factory[seat]), (area.x + 44, area.centery + 14), 34, TEXT,
              bold=True, anchor="midleft")


def _pad(surface: pygame.Surface, view: State, seat: int, area: pygame.Rect,
         lit: Keys, selected: Keys, spots: Spots) -> None:
    count = view.pad[seat]
    _label(surface, area, f"{SECTION_NAMES[LAUNCHPAD]} {count}/{PAD_MAX}")
    step = (area.width - 16) // PAD_MAX
    for k in range(PAD_MAX):
        slot = pygame.Rect(area.x + 8 + k * step + 2, area.y + 30, step - 4, area.height - 40)
        pygame.draw.rect(surface, PANEL, slot, border_radius=6)
        if k < count:
            draw_rocket(surface, slot.center, seat_colour(seat), min(56, slot.height - 10))


def _atmosphere(surface: pygame.Surface, view: State, seat: int, area: pygame.Rect,
                lit: Keys, selected: Keys, spots: Spots) -> None:
    count = view.atmo[seat]
    _label(surface, area, f"{SECTION_NAMES[ATMOSPHERE]} {count}")
    pygame.draw.line(surface, LINE, (area.x + 8, area.bottom - 14), (area.right - 8,
                     area.bottom - 14), 1)
    step = (area.width - 16) // PAD_MAX
    for k in range(min(count, PAD_MAX)):
        x = area.x + 8 + k * step + step // 2
        y = area.y + 56 + (10 if k % 2 else -4)
        draw_rocket(surface, (x, y), seat_colour(seat), 46, flame=True)
    if count > PAD_MAX:
        blit_text(surface, f"+{count - PAD_MAX}", (area.right - 6, area.bottom - 4), 22,
                  TEXT, bold=True, anchor="bottomright")


def _reticles(surface: pygame.Surface, area: pygame.Rect, owners: list[int],
              lit: Keys, selected: Keys, spots: Spots, seat: int, junk: bool,
              giving: tuple[int, ...] = ()) -> None:
    """15 reticles in three rows of five, filled in order by the rockets' owners; in a
    Junkyard the first rockets of each colour being given are marked."""
    left = area.centerx - 2 * RETICLE_STEP
    top = area.y + 42
    marked = {colour: giving.count(colour) for colour in set(giving)}
    for k in range(WIN):
        centre = (left + (k % 5) * RETICLE_STEP, top + (k // 5) * RETICLE_STEP)
        owner = owners[k] if k < len(owners) else None
        draw_reticle(surface, centre, RETICLE_R, owner)
        if junk and owner is not None:
            key = ("junk", seat, owner)
            if marked.get(owner, 0) > 0:
                marked[owner] -= 1
                pygame.draw.circle(surface, ACCENT, centre, RETICLE_R + 3, 4)
            elif key in lit or key in selected:
                pygame.draw.circle(surface, ACCENT if key in selected else GOOD, centre,
                                   RETICLE_R + 3, 3)
            cell = pygame.Rect(0, 0, RETICLE_STEP, RETICLE_STEP)
            cell.center = centre
            spots.add(key, cell)
    if len(owners) > WIN:
        blit_text(surface, f"+{len(owners) - WIN}", (area.right - 4, area.bottom - 2), 22,
                  TEXT, bold=True, anchor="bottomright")


def _space(surface: pygame.Surface, view: State, seat: int, area: pygame.Rect,
           lit: Keys, selected: Keys, spots: Spots) -> None:
    count = view.space[seat]
    _label(surface, area, f"{SECTION_NAMES[SPACE]} {count}/{WIN}")
    _reticles(surface, area, [seat] * count, lit, selected, spots, seat, False)


def _junkyard(surface: pygame.Surface, view: State, seat: int, area: pygame.Rect,
              lit: Keys, selected: Keys, spots: Spots, giving: tuple[int, ...]) -> None:
    held = view.junk[seat]
    _label(surface, area, f"{SECTION_NAMES[JUNKYARD]} {sum(held)}/{WIN}")
    owners = [colour for colour, n in enumerate(held) for _ in range(n)]
    _reticles(surface, area, owners, lit, selected, spots, seat, True, giving)


DRAW = {FACTORY: _factory, LAUNCHPAD: _pad, ATMOSPHERE: _atmosphere, SPACE: _space}
