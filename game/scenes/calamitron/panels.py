"""The panels right of the board and the line above it: each seat's rail (Retro,
Rogue card, trophies, Upgrades, clock, program slots), the tray of counters, the
Calamity news, the prompt's heading and the end-of-game box. Drawing only."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.calamitron.program import length_limit, seat_effects
from game.rules.calamitron.state import OVER, PROGRAM, State
from game.scenes.calamitron.layout import (
    PROMPT,
    TOP,
    TRAY,
    board_rect,
    counter_rect,
    rail_rect,
    slot_rect,
)
from game.scenes.calamitron.narrate import result_words
from game.scenes.calamitron.pieces import counter_image, piece_image
from game.scenes.calamitron.words import (
    COUNTER_LABELS,
    RETRO_NAMES,
    calamity,
    rogue_name,
    upgrade,
    who,
)
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
from game.ui.text import blit_text, fitted, wrap
from game.ui.widgets import box

INSTRUCTION_ORDER = ("M1", "M2", "M3", "B2", "L", "R", "U", "shove", "tractor", "forcer",
                     "program")
"""The tray's faces, basic moves first."""


def clock_words(left: float | None) -> str:
    if left is None:
        return ""
    whole = max(0, int(left + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def draw_top(surface: pygame.Surface, view: State, progress: str, note: str,
             last_card: str | None, names: Sequence[str]) -> None:
    """Round and phase, the Pry Bar, the Catastrophes, the last Calamity drawn."""
    surface.blit(box(TOP.width, TOP.height, PANEL, LINE, 2, 10), TOP)
    text, size = fitted(f"Calamitron: {progress}", 440, 36, 24)
    blit_text(surface, text, (TOP.x + 16, TOP.centery), size, TEXT, anchor="midleft")
    pry = f"Pry Bar: {who(view.pry, names)}" if view.phase != OVER else ""
    blit_text(surface, pry, (TOP.x + 470, TOP.centery), 28, TEXT_DIM, anchor="midleft")
    colour = DANGER if view.catastrophes >= 2 else TEXT
    blit_text(surface, f"Catastrophes: {view.catastrophes} of 3", (TOP.x + 720, TOP.centery),
              28, colour, anchor="midleft")
    blit_text(surface, f"Calamity deck: {len(view.deck)}", (TOP.x + 980, TOP.centery), 28,
              TEXT_DIM, anchor="midleft")
    if last_card:
        title, _ = calamity(view, last_card)
        text, size = fitted(f"Last Calamity: {title}", 360, 28, 20)
        blit_text(surface, text, (TOP.x + 1200, TOP.centery), size, ACCENT, anchor="midleft")
    if note:
        text, size = fitted(note, 300, 26, 18)
        blit_text(surface, text, (TOP.right - 12, TOP.centery), size, ACCENT, anchor="midright")


def in_force(view: State) -> list[str]:
    """The lasting Calamities working this round, by name."""
    return [c.name for c in view.cat.calamities if c.lasting and view.active(c.effect)]


def top_help(view: State, last_card: str | None) -> str:
    """Hover help for the line above the board: the Calamities that matter now."""
    lines = ["Three face-up Catastrophes lose the game; handing back an Upgrade at the end "
             "of a round puts one under the deck."]
    if last_card:
        title, text = calamity(view, last_card)
        lines.append(f"Last Calamity, {title}: {text}")
    for card in view.cat.calamities:
        if card.lasting and view.active(card.effect):
            lines.append(f"In force this round, {card.name}: {card.text}")
    return "\n".join(lines)


def rail_length(view: State, seat: int) -> int:
    """Slots to draw: the longest program the rules let the seat hold this round (its
    Upgrades and the Calamities in force counted), at least its program's length."""
    most = length_limit(view.cat, seat_effects(view, seat), view.active("program-up"),
                        view.active("program-down"))
    return max(len(view.programs[seat]), most)


def draw_rail(surface: pygame.Surface, view: State, seat: int, names: Sequence[str],
              editable: bool, focus: bool, left: float | None, open_now: bool,
              lifted: tuple[int, int] | None, playing: bool) -> None:
    """One seat's rail: who, their Retro, this round's Rogue card, trophies, Upgrades,
    time left and the program's slots (the lifted counter's slot shown empty). While
    the round plays back (``playing``) no programming status is shown."""
    rect = rail_rect(seat)
    border = ACCENT if focus else LINE
    surface.blit(box(rect.width, rect.height, PANEL_LIGHT if editable else PANEL, border,
                     3 if focus else 2, 10), rect)
    draw_glyph(surface, seat, (rect.x + 24, rect.y + 24), 26)
    name, size = fitted(who(seat, names), 150, 30, 20)
    blit_text(surface, name, (rect.x + 44, rect.y + 10), size, TEXT)
    retro = view.seat_retro(seat)
    kind = RETRO_NAMES.get(view.kinds[seat], "") if view.kinds[seat] else "no Retro yet"
    if view.lost[seat]:
        kind = "Retro lost: picks again"
    if retro is not None:
        image = piece_image(retro.kind, seat, retro.facing, retro.stunned, 44)
        surface.blit(image, (rect.x + 6, rect.y + 56))
    blit_text(surface, kind, (rect.x + 56, rect.y + 48), 24, TEXT_DIM)
    card = view.deal[seat] if seat < len(view.deal) else ""
    if card:
        blit_text(surface, f"Moves: {rogue_name(view, card)}s", (rect.x + 56, rect.y + 74),
                  24, ACCENT)
    trophies = len(view.trophies[seat])
    blit_text(surface, f"Trophies {trophies}", (rect.x + 200, rect.y + 10), 24, GOOD)
    held = ", ".join(upgrade(view, u)[0] for u in view.upgrades[seat])
    if held:
        text, size = fitted(held, 330, 22, 16)
        blit_text(surface, text, (rect.x + 330, rect.y + 14), size, TEXT_DIM)
    status = None if playing else _status(view, seat, left, open_now)
    if status:
        blit_text(surface, status[0], (rect.right - 12, rect.y + 12), 26, status[1],
                  anchor="topright")
    words = view.programs[seat] if seat < len(view.programs) else ()
    for slot in range(rail_length(view, seat)):
        target = slot_rect(seat, slot)
        pygame.draw.rect(surface, (30, 32, 40), target, border_radius=8)
        pygame.draw.rect(surface, LINE, target, 2, border_radius=8)
        if slot < len(words) and lifted != (seat, slot):
            word = words[slot]
            surface.blit(counter_image(COUNTER_LABELS[word], view.cat.classes[word],
                                       target.size, False), target)


def _status(view: State, seat: int, left: float | None,
            open_now: bool) -> tuple[str, tuple[int, int, int]] | None:
    if view.phase != PROGRAM:
        return None
    clock = clock_words(left)
    if view.locked[seat]:
        return "Locked", GOOD
    if clock:
        return (f"{clock} left" + ("" if open_now else " (waiting)"),
                ACCENT if open_now else TEXT_DIM)
    return "Programming", TEXT_DIM


def draw_tray(surface: pygame.Surface, view: State, usable: set[str]) -> None:
    """Every instruction face; those the rules let the focused seat place are bright."""
    surface.blit(box(TRAY.width, TRAY.height, PANEL, LINE, 2, 10), TRAY)
    for index, word in enumerate(INSTRUCTION_ORDER):
        rect = counter_rect(index)
        surface.blit(counter_image(COUNTER_LABELS[word], view.cat.classes[word], rect.size,
                                   word not in usable), rect)


def draw_prompt(surface: pygame.Surface, heading: str) -> None:
    surface.blit(box(PROMPT.width, PROMPT.height, PANEL, LINE, 2, 10), PROMPT)
    for i, line in enumerate(wrap(heading, 28, PROMPT.width - 28)[:4]):
        blit_text(surface, line, (PROMPT.x + 14, PROMPT.y + 12 + i * 27), 28, TEXT)


def draw_result(surface: pygame.Surface, view: State, names: Sequence[str]) -> None:
    """The end screen over the board: the result and each seat's trophies."""
    area = board_rect(view.board.rows, view.board.cols).inflate(-120, -260)
    parts = [(part, i == 0) for i, line in enumerate(result_words(view, names))
             for part in wrap(line, 40 if i == 0 else 30, area.width - 48)]
    area.height = 60 + sum(46 if first else 36 for _, first in parts)
    surface.blit(box(area.width, area.height, PANEL, ACCENT, 3, 14), area)
    colour = GOOD if view.result == "won" else DANGER
    y = area.y + 30
    for part, first in parts:
        blit_text(surface, part, (area.x + 24, y), 40 if first else 30,
                  colour if first else TEXT)
        y += 46 if first else 36

