"""The match screen's panels: the line at the top (whose turn, which stage, who the
viewer is), the prompt (the decision's heading and buttons, each with the number key
that presses it), the choosers drawn over the Resource Grid (face-down slots of a
hand, card kinds to name or take, dice faces to enter) and the final scores."""

from __future__ import annotations

import pygame

from game.rules.blastbots.board import SPACE, WIN
from game.rules.blastbots.state import FIRST, PLACE, State
from game.scenes.blastbots.layout import OVERLAY, PROMPT, TOP, Spots
from game.scenes.blastbots.pieces import DECK_COLOURS, card_back, draw_die, seat_colour
from game.scenes.blastbots.prompt import Overlay
from game.scenes.blastbots.questions import stage_words
from game.scenes.blastbots.words import DECK_NAMES, full_name, plural, who
from game.ui.palette import ACCENT, GOOD, LINE, PANEL, PANEL_LIGHT, TEXT, TEXT_DIM, draw_glyph
from game.ui.seat_names import Names
from game.ui.text import blit_text, fitted, wrap
from game.ui.widgets import Button, box

Keys = frozenset[tuple[object, ...]]
HEADING_SIZE, HEADING_STEP, HEADING_LINES = 28, 31, 6
BUTTON_H, BUTTON_STEP = 48, 54
NOTE_SIZE, NOTE_STEP = 25, 27
POINT_HEADS = ("Space", "Atmo", "Junk", "Slip", "Fly", "Hare", "Total")


def draw_top(surface: pygame.Surface, view: State, viewer: int, names: Names = ()) -> None:
    """Whose turn and stage on the left; who the viewer is on the right."""
    you = f"You are {full_name(viewer, names)}"
    text, size = fitted(you, 560, 32, 22, bold=True)
    right = blit_text(surface, text, (TOP.right, TOP.centery), size, seat_colour(viewer),
                      bold=True, anchor="midright")
    draw_glyph(surface, viewer, (right.x - 22, TOP.centery), 26)
    if view.phase in (FIRST, PLACE) or view.turns == 0:
        line = f"Blastbots: {stage_words(view)}"
    else:
        roller = who(view.roller, names)
        line = f"Turn {view.turns}: {roller}'s turn. {stage_words(view)}"
    text, size = fitted(line, right.x - 60 - TOP.x, 36, 24, bold=True)
    blit_text(surface, text, (TOP.x, TOP.centery), size, ACCENT, bold=True, anchor="midleft")


def heading_lines(heading: str) -> list[str]:
    return wrap(heading, HEADING_SIZE, PROMPT.width - 40)[:HEADING_LINES]


def buttons_top(heading: str) -> int:
    return PROMPT.y + 20 + HEADING_STEP * len(heading_lines(heading)) + 14


def buttons_room(heading: str) -> int:
    """How many buttons fit under the heading."""
    return max(1, (PROMPT.bottom - 10 - buttons_top(heading)) // BUTTON_STEP)


def button_rect(heading: str, index: int) -> pygame.Rect:
    return pygame.Rect(PROMPT.x + 20, buttons_top(heading) + index * BUTTON_STEP,
                       PROMPT.width - 40, BUTTON_H)


def draw_prompt(surface: pygame.Surface, heading: str, buttons: list[Button],
                mouse: tuple[int, int], note: str = "") -> None:
    """The heading, the numbered buttons, and under them ``note`` (a card's text), as
    much of it as fits."""
    surface.blit(box(PROMPT.width, PROMPT.height, PANEL, ACCENT, 2, 14), PROMPT)
    y = PROMPT.y + 20
    for line in heading_lines(heading):
        blit_text(surface, line, (PROMPT.x + 20, y), HEADING_SIZE, TEXT)
        y += HEADING_STEP
    for number, button in enumerate(buttons, 1):
        button.draw(surface, mouse)
        if number <= 9:
            blit_text(surface, str(number), (button.rect.x + 14, button.rect.centery), 22,
                      TEXT_DIM, anchor="midleft")
    top = buttons[-1].rect.bottom + 20 if buttons else y + 10
    lines = wrap(note, NOTE_SIZE, PROMPT.width - 40)
    room = (PROMPT.bottom - 14 - top) // NOTE_STEP
    for k, line in enumerate(lines[:max(0, room)]):
        blit_text(surface, line, (PROMPT.x + 20, top + k * NOTE_STEP), NOTE_SIZE, TEXT_DIM)


SLOT_COLUMNS, SLOT_W, SLOT_H, SLOT_GAP = 7, 74, 98, 30
KIND_COLUMNS, KIND_W, KIND_H = 4, 138, 74
FACE = 72


def overlay_rect(overlay: Overlay) -> pygame.Rect:
    """A chooser's box: as tall as its entries need, centred on the Resource Grid."""
    count = len(overlay.entries)
    if overlay.kind == "slots":
        height = 76 + -(-count // SLOT_COLUMNS) * (SLOT_H + SLOT_GAP)
    elif overlay.kind == "kinds":
        height = 76 + -(-count // KIND_COLUMNS) * (KIND_H + 8)
    else:
        height = 420
    rect = pygame.Rect(OVERLAY.x, 0, OVERLAY.width, min(OVERLAY.height, height))
    rect.centery = OVERLAY.centery
    return rect


def draw_overlay(surface: pygame.Surface, view: State, overlay: Overlay, lit: Keys,
                 spots: Spots) -> None:
    """A chooser over the Resource Grid; each entry's rect goes into ``spots``."""
    rect = overlay_rect(overlay)
    surface.blit(box(rect.width, rect.height, PANEL, ACCENT, 3, 16), rect)
    spots.cover(rect)
    text, size = fitted(overlay.title, rect.width - 40, 30, 22, bold=True)
    blit_text(surface, text, (rect.centerx, rect.y + 28), size, ACCENT, bold=True,
              anchor="center")
    if overlay.kind == "slots":
        _slots(surface, rect, overlay, lit, spots)
    elif overlay.kind == "kinds":
        _kinds(surface, rect, view, overlay, lit, spots)
    else:
        _faces(surface, rect, overlay, lit, spots)


def _slots(surface: pygame.Surface, area: pygame.Rect, overlay: Overlay, lit: Keys,
           spots: Spots) -> None:
    columns, w, h = SLOT_COLUMNS, SLOT_W, SLOT_H
    left = area.centerx - (columns * (w + 8) - 8) // 2
    for i, (key, back, picked) in enumerate(overlay.entries):
        rect = pygame.Rect(left + (i % columns) * (w + 8), area.y + 60 + (i // columns)
                           * (h + SLOT_GAP), w, h)
        surface.blit(card_back(-1 - back, w, h), rect)
        if picked:
            pygame.draw.rect(surface, ACCENT, rect.inflate(8, 8), 4, border_radius=10)
            blit_text(surface, "picked", (rect.centerx, rect.bottom + 4), 20, ACCENT,
                      anchor="midtop")
        elif key in lit:
            pygame.draw.rect(surface, GOOD, rect.inflate(8, 8), 3, border_radius=10)
        spots.add(key, rect)


def _kinds(surface: pygame.Surface, area: pygame.Rect, view: State, overlay: Overlay,
           lit: Keys, spots: Spots) -> None:
    columns, w, h = KIND_COLUMNS, KIND_W, KIND_H
    left = area.centerx - (columns * (w + 8) - 8) // 2
    for i, (key, card, count) in enumerate(overlay.entries):
        rect = pygame.Rect(left + (i % columns) * (w + 8), area.y + 60 + (i // columns)
                           * (h + 8), w, h)
        kind = view.cat.cards[card]
        pygame.draw.rect(surface, PANEL_LIGHT, rect, border_radius=8)
        pygame.draw.rect(surface, DECK_COLOURS[kind.deck], rect.inflate(-2, -2), 3,
                         border_radius=8)
        band = pygame.Rect(rect.x, rect.y, rect.width, 20)
        pygame.draw.rect(surface, DECK_COLOURS[kind.deck], band, border_top_left_radius=8,
                         border_top_right_radius=8)
        tag = DECK_NAMES[kind.deck] + (f"  x{count}" if count else "")
        blit_text(surface, tag, band.center, 18, TEXT, bold=True, anchor="center")
        lines = wrap(kind.name, 22, w - 10)[:2]
        for k, line in enumerate(lines):
            blit_text(surface, line, (rect.centerx, rect.y + 26 + k * 20), 22, TEXT,
                      bold=True, anchor="midtop")
        if key in lit:
            pygame.draw.rect(surface, GOOD, rect.inflate(6, 6), 3, border_radius=10)
        spots.add(key, rect)


def _faces(surface: pygame.Surface, area: pygame.Rect, overlay: Overlay, lit: Keys,
           spots: Spots) -> None:
    for key, face, chosen in overlay.entries:
        die = key[1]
        rect = pygame.Rect(area.x + 60 + (face - 1) * (FACE + 14),
                           area.y + 120 + die * 170, FACE, FACE)
        draw_die(surface, rect, face, ACCENT if chosen else (GOOD if key in lit else LINE))
        spots.add(key, rect)
    for die, words in enumerate(("First die", "Second die")):
        blit_text(surface, words, (area.x + 60, area.y + 80 + die * 170), 28, TEXT_DIM)


def draw_final(surface: pygame.Surface, view: State, spots: Spots, names: Names = ()) -> None:
    """How the game ended; at Impact, every player's points by kind."""
    surface.blit(box(OVERLAY.width, OVERLAY.height, PANEL, ACCENT, 3, 16), OVERLAY)
    spots.cover(OVERLAY)
    winner = view.winner
    title = {"escape": "Escape!", "destruction": "Destruction!", "impact": "IMPACT!"}.get(
        view.victory, "Game over")
    blit_text(surface, title, (OVERLAY.centerx, OVERLAY.y + 40), 56, ACCENT, bold=True,
              anchor="center")
    line = (f"{who(winner, names)} wins with {plural(view.space[winner], 'rocket')} in "
            f"{SPACE.capitalize()}" if view.victory == "escape" else
            f"{who(winner, names)} wins with {plural(sum(view.junk[winner]), 'rocket')} in "
            "their Junkyard" if view.victory == "destruction" else
            f"{who(winner, names)} wins with {plural(view.points[winner][-1], 'point')}"
            if view.points else "")
    text, size = fitted(line + ".", OVERLAY.width - 40, 34, 24)
    blit_text(surface, text, (OVERLAY.centerx, OVERLAY.y + 96), size, seat_colour(winner),
              bold=True, anchor="center")
    if view.victory != "impact" or not view.points:
        _standing(surface, view, names)
        return
    x0, y = OVERLAY.x + 20, OVERLAY.y + 150
    for k, head in enumerate(POINT_HEADS):
        blit_text(surface, head, (x0 + 200 + k * 56, y), 21, TEXT_DIM, bold=True,
                  anchor="midtop")
    for seat in range(view.n):
        y += 46
        _name(surface, seat, (x0, y + 10), names)
        for k, value in enumerate(view.points[seat]):
            blit_text(surface, str(value), (x0 + 200 + k * 56, y), 30,
                      ACCENT if k == len(POINT_HEADS) - 1 else TEXT, bold=k == 6,
                      anchor="midtop")
    notes = ["2 per rocket in Space, 1 per rocket in the Atmosphere or the Junkyard;",
             "Slipspace +3 and Flyswatter +3 to the one player with the most in Space",
             "and in the Junkyard; Harebrained +2 for a Khaos Magnet's Impact."]
    for k, note in enumerate(notes):
        blit_text(surface, note, (OVERLAY.centerx, OVERLAY.bottom - 120 + k * 28), 22,
                  TEXT_DIM, anchor="midtop")


def _name(surface: pygame.Surface, seat: int, at: tuple[int, int], names: Names) -> None:
    draw_glyph(surface, seat, (at[0] + 12, at[1] + 4), 22)
    text, size = fitted(who(seat, names), 150, 28, 18, bold=True)
    blit_text(surface, text, (at[0] + 30, at[1] + 4), size, seat_colour(seat), bold=True,
              anchor="midleft")


def _standing(surface: pygame.Surface, view: State, names: Names) -> None:
    """After an instant win: each player's Space and Junkyard, out of 15."""
    x0, y = OVERLAY.x + 40, OVERLAY.y + 160
    blit_text(surface, "In Space", (x0 + 300, y), 24, TEXT_DIM, bold=True, anchor="midtop")
    blit_text(surface, "In Junkyard", (x0 + 450, y), 24, TEXT_DIM, bold=True, anchor="midtop")
    for seat in range(view.n):
        y += 50
        _name(surface, seat, (x0, y + 12), names)
        blit_text(surface, f"{view.space[seat]}/{WIN}", (x0 + 300, y), 30, TEXT,
                  anchor="midtop")
        blit_text(surface, f"{sum(view.junk[seat])}/{WIN}", (x0 + 450, y), 30, TEXT,
                  anchor="midtop")
