"""Drawing the Two Robots table from one seat's view: each Factory as a table of
Stacks, health cards, the piles and the hand fanned at the bottom. Drawing also
records where each card, Stack and Power landed (``Spots``), which is all the match
screen needs to turn a click into a target."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.core.cards import HIDDEN
from game.rules.two_robots import factory
from game.rules.two_robots.actions import NEW
from game.rules.two_robots.catalogue import BODY_PARTS, Catalogue
from game.rules.two_robots.factory import ROBOT
from game.rules.two_robots.state import FLIPPED, GONE, State
from game.scenes.two_robots.words import (
    STEP_WORDS,
    card_name,
    power_name,
    salvager_name,
    seat_name,
)
from game.ui.palette import (
    ACCENT,
    DANGER,
    GOOD,
    LINE,
    PANEL,
    PANEL_LIGHT,
    SEAT_COLOURS,
    TEXT,
    TEXT_DIM,
    draw_glyph,
)
from game.ui.seat_names import Names, colour_name, typed
from game.ui.text import blit_text, fitted
from game.ui.widgets import box

ICE = (120, 190, 235)
ENERGY_COLOURS = {"C": (0, 158, 115), "E": (240, 228, 66), "M": (150, 156, 170),
                  "N": (213, 94, 0), "S": (230, 159, 0), "?": (160, 164, 178)}
KIND_COLOURS = {"part": (60, 66, 84), "attack": (110, 48, 40), "defense": (34, 70, 104)}
FACTORY_AREA = pygame.Rect(20, 70, 1380, 616)
PILES_TOP = 696
PILE_H = 80
HAND_AREA = pygame.Rect(20, 800, 1380, 280)
CARD_W, CARD_H = 150, 210
ARC = 16
"""The fan's two ends sit this much lower than its middle."""
LIFT = 30
"""How far a hovered or picked hand card rises out of the fan (still on screen)."""
CELL_H = 42
COLUMN_W = 150


@dataclass
class Spots:
    """Where things were drawn, for clicks and tooltips."""

    hand: dict[int, pygame.Rect] = field(default_factory=dict)
    parts: dict[int, pygame.Rect] = field(default_factory=dict)
    stacks: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    """(seat, stack) -> the Stack's column; stack NEW is the viewer's new-Stack slot."""
    powers: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    abilities: dict[int, pygame.Rect] = field(default_factory=dict)
    piles: dict[str, pygame.Rect] = field(default_factory=dict)


@dataclass
class Marks:
    """What the current decision lights up."""

    cards: frozenset[int] = frozenset()
    """Hand cards that can be played now."""
    selected: frozenset[int] = frozenset()
    """Hand cards and Parts picked so far."""
    parts: frozenset[int] = frozenset()
    stacks: frozenset[tuple[int, int]] = frozenset()


def seat_panels(n: int) -> list[pygame.Rect]:
    """One panel per seat: two columns, one or two rows."""
    a = FACTORY_AREA
    rows = 1 if n <= 2 else 2
    w = (a.width - 10) // 2
    h = (a.height - 10 * (rows - 1)) // rows
    return [pygame.Rect(a.x + (i % 2) * (w + 10), a.y + (i // 2) * (h + 10), w, h)
            for i in range(n)]


def draw_board(surface: pygame.Surface, view: State, viewer: int, marks: Marks,
               hover: int | None = None, names: Names = ()) -> Spots:
    """The whole table; ``hover`` is the hand card under the pointer, if any; ``names``
    what the seats' players typed."""
    spots = Spots()
    draw_top(surface, view, viewer, names)
    for seat, rect in enumerate(seat_panels(view.n)):
        draw_player(surface, view, seat, viewer, rect, marks, spots, names)
    draw_piles(surface, view, spots)
    draw_hand(surface, view, viewer, marks, spots, hover)
    return spots


def you_are(view: State, viewer: int, names: Names = ()) -> str:
    """"You are Orange (Samurai)", or with a typed name "You are Ann (Orange, Samurai)",
    so the player learns their colour."""
    name = typed(names, viewer)
    colour = colour_name(viewer)
    salvager = salvager_name(view, viewer)
    return f"You are {name} ({colour}, {salvager})" if name else \
        f"You are {colour} ({salvager})"


def draw_top(surface: pygame.Surface, view: State, viewer: int, names: Names = ()) -> None:
    """Whose turn and step it is, and (right, over the Factories) who the viewer is;
    long names make the turn line smaller rather than run into it."""
    active = view.active
    plays = f"   plays left: {5 - view.plays} of 5" if view.step == "play" else ""
    text, size = fitted(you_are(view, viewer, names), 640, 30, 22)
    you = blit_text(surface, text, (1390, 24), size, SEAT_COLOURS[viewer], anchor="topright")
    text, size = fitted(f"{seat_name(active, names)}'s turn {view.players[active].turns}: "
                        f"{STEP_WORDS.get(view.step, view.step)}{plays}", you.left - 80, 38, 24)
    blit_text(surface, text, (30, 18), size, ACCENT)


def draw_player(surface: pygame.Surface, view: State, seat: int, viewer: int,
                rect: pygame.Rect, marks: Marks, spots: Spots, names: Names = ()) -> None:
    p = view.players[seat]
    active = seat == view.active and view.step != "over"
    border = SEAT_COLOURS[seat] if active else LINE
    surface.blit(box(rect.width, rect.height, PANEL, border, 4 if active else 2, 12), rect)
    draw_glyph(surface, seat, (rect.x + 26, rect.y + 26), 30)
    you = " (you)" if seat == viewer else ""
    status = "  OUT" if p.out else ("  Truce" if p.truce else "")
    counts = blit_text(surface, f"hand {len(p.hand)}   health {p.health}",
                       (rect.right - 16, rect.y + 14), 28, TEXT_DIM, anchor="topright")
    text, size = fitted(f"{seat_name(seat, names)}{you}: {salvager_name(view, seat)}{status}",
                        counts.left - 16 - (rect.x + 50), 32, 20)
    blit_text(surface, text, (rect.x + 50, rect.y + 10), size,
              DANGER if p.out else SEAT_COLOURS[seat])
    # Health: three Powers, the blank Reserve cards, and the Salvager's ability.
    x, y = rect.x + 14, rect.y + 50
    for slot, state in enumerate(p.powers):
        r = pygame.Rect(x, y, 140, 44)
        fill = {FLIPPED: (70, 60, 30), GONE: (30, 32, 38)}.get(state, PANEL_LIGHT)
        edge = ACCENT if state == FLIPPED else LINE
        surface.blit(box(r.width, r.height, fill, edge, 2, 8), r)
        label = power_name(view, seat, slot)
        blit_text(surface, label, (r.centerx, r.y + 4), 24, TEXT_DIM if state == GONE else TEXT,
                  anchor="midtop")
        blit_text(surface, {FLIPPED: "flipped", GONE: "lost"}.get(state, "ready"),
                  (r.centerx, r.y + 24), 20, ACCENT if state == FLIPPED else TEXT_DIM,
                  anchor="midtop")
        if state == GONE:
            pygame.draw.line(surface, DANGER, r.topleft, r.bottomright, 2)
        spots.powers[(seat, slot)] = r
        x += 146
    reserve = pygame.Rect(x, y, 116, 44)
    surface.blit(box(reserve.width, reserve.height, PANEL_LIGHT, LINE, 2, 8), reserve)
    blit_text(surface, f"Reserve x{p.reserve}", reserve.center, 22, TEXT, anchor="center")
    ability = pygame.Rect(reserve.right + 8, y, rect.right - reserve.right - 22, 44)
    s = view.catalogue.salvagers[p.salvager]
    surface.blit(box(ability.width, ability.height, (44, 52, 44), GOOD, 2, 8), ability)
    blit_text(surface, s.ability_name, ability.center, 22, TEXT, anchor="center")
    spots.abilities[seat] = ability
    draw_factory(surface, view, seat, viewer,
                 pygame.Rect(rect.x + 14, y + 54, rect.width - 28, rect.bottom - y - 62),
                 marks, spots)


def draw_factory(surface: pygame.Surface, view: State, seat: int, viewer: int,
                 area: pygame.Rect, marks: Marks, spots: Spots) -> None:
    """The Factory as a table: a column per Stack headed by its Energy (or "?"), a row
    per body part; frozen Stacks in ice blue, complete robots in gold."""
    cat = view.catalogue
    p = view.players[seat]
    letters = factory.shown(cat, p.stacks)
    columns = len(p.stacks) + (seat == viewer)
    width = min(COLUMN_W, (area.width - 90) // max(1, columns))
    label_x = area.x
    rows = len(BODY_PARTS)
    cell_h = min(CELL_H, (area.height - 34) // rows)
    for r, part in enumerate(BODY_PARTS):
        blit_text(surface, part.capitalize(), (label_x, area.y + 34 + r * cell_h + cell_h // 2),
                  22, TEXT_DIM, anchor="midleft")
    if not p.stacks and seat != viewer:
        blit_text(surface, "no Stacks yet", (area.x + 90, area.y + 40), 26, TEXT_DIM)
    for i in range(columns):
        col = pygame.Rect(area.x + 80 + i * width, area.y, width - 6, 34 + rows * cell_h)
        new = i == len(p.stacks)
        key = (seat, NEW if new else i)
        lit = key in marks.stacks
        if new:
            spots.stacks[key] = col     # clickable only while lit; a dropped card lights it
            if lit:
                pygame.draw.rect(surface, GOOD, col, 3, border_radius=8)
                blit_text(surface, "+ new Stack", col.center, 24, GOOD, anchor="center")
            continue
        stack = p.stacks[i]
        frozen = p.ice[i] >= 0
        robot = len(stack) >= rows and factory.body(cat, stack) == ROBOT
        fill = (40, 66, 84) if frozen else PANEL_LIGHT
        edge = GOOD if lit else (ACCENT if robot else (ICE if frozen else LINE))
        surface.blit(box(col.width, col.height, fill, edge, 4 if lit or robot else 2, 8), col)
        letter = letters[i]
        head = f"{letter}" + ("  FROZEN" if frozen else "") + ("  ROBOT" if robot else "")
        blit_text(surface, head, (col.centerx, col.y + 4), 24,
                  ICE if frozen else ENERGY_COLOURS.get(letter, TEXT), bold=True,
                  anchor="midtop")
        for cell, card in part_cells(cat, stack, col, cell_h):
            c = cat.cards[card]
            picked = card in marks.selected
            can = card in marks.parts
            pygame.draw.rect(surface, KIND_COLOURS["part"], cell, border_radius=6)
            if picked or can:
                pygame.draw.rect(surface, DANGER if picked else GOOD, cell, 3, border_radius=6)
            size = 24 if cell.width >= 60 else (20 if cell.width >= 36 else 16)
            blit_text(surface, c.name.split(" ", 1)[-1], cell.center, size, TEXT,
                      anchor="center")
            spots.parts[card] = cell
        spots.stacks[key] = col


def part_cells(cat: Catalogue, stack: list[int], col: pygame.Rect,
               cell_h: int) -> list[tuple[pygame.Rect, int]]:
    """Each Part of a Stack in the row of its body part. A Stack may hold several
    Parts of one kind (and more than four in all): they share their row side by side,
    so every Part shows and takes its own clicks."""
    rows: dict[int, list[int]] = {}
    for card in stack:
        part = cat.cards[card].part
        rows.setdefault(BODY_PARTS.index(part) if part in BODY_PARTS else 0, []).append(card)
    cells = []
    gap = 3
    for row, cards in rows.items():
        width = (col.width - 8 - gap * (len(cards) - 1)) // len(cards)
        for k, card in enumerate(cards):
            cells.append((pygame.Rect(col.x + 4 + k * (width + gap),
                                      col.y + 34 + row * cell_h, width, cell_h - 4), card))
    return cells


def draw_piles(surface: pygame.Surface, view: State, spots: Spots) -> None:
    cat = view.catalogue
    y = PILES_TOP
    deck = pygame.Rect(20, y, 220, PILE_H)
    surface.blit(box(deck.width, deck.height, (60, 44, 90), LINE, 2, 10), deck)
    blit_text(surface, "Deck", (deck.centerx, deck.y + 8), 26, TEXT_DIM, anchor="midtop")
    blit_text(surface, f"{len(view.deck)} cards", (deck.centerx, deck.y + 42), 32, TEXT,
              anchor="midtop")
    spots.piles["deck"] = deck
    discard = pygame.Rect(250, y, 330, PILE_H)
    surface.blit(box(discard.width, discard.height, PANEL, LINE, 2, 10), discard)
    blit_text(surface, f"Discard pile ({len(view.discard)})", (discard.centerx, discard.y + 8),
              26, TEXT_DIM, anchor="midtop")
    top = card_name(cat, view.discard[-1]) if view.discard else "empty"
    blit_text(surface, top, (discard.centerx, discard.y + 42), 32, TEXT, anchor="midtop")
    spots.piles["discard"] = discard
    pile = pygame.Rect(590, y, 480, PILE_H)
    surface.blit(box(pile.width, pile.height, (90, 36, 36), LINE, 2, 10), pile)
    blit_text(surface, "Active Robot pile", (pile.centerx, pile.y + 8), 26, TEXT_DIM,
              anchor="midtop")
    counts: dict[str, int] = {}
    for rc in view.pile:
        counts[cat.robot_cards[rc].name] = counts.get(cat.robot_cards[rc].name, 0) + 1
    blit_text(surface, ", ".join(f"{n} {name}" for name, n in counts.items()),
              (pile.centerx, pile.y + 46), 22, TEXT, anchor="midtop")
    spots.piles["pile"] = pile
    table = pygame.Rect(1080, y, 320, PILE_H)
    surface.blit(box(table.width, table.height, PANEL, LINE, 2, 10), table)
    blit_text(surface, "In play", (table.centerx, table.y + 8), 26, TEXT_DIM, anchor="midtop")
    shown = " + ".join(card_name(cat, c) for c in view.table) or (
        "turned up: " + ", ".join(cat.robot_cards[rc].name for rc in view.flight.revealed)
        if view.flight is not None and view.flight.revealed else "nothing")
    blit_text(surface, shown, (table.centerx, table.y + 46), 22, ACCENT, anchor="midtop")
    spots.piles["table"] = table


def hand_rects(count: int) -> list[pygame.Rect]:
    """The hand fanned along a shallow arc, overlapping when it is long; every card,
    lifted or not, stays inside ``HAND_AREA`` (so on screen at any window size)."""
    if not count:
        return []
    step = min(CARD_W + 10, (HAND_AREA.width - CARD_W) // max(1, count - 1))
    width = step * (count - 1) + CARD_W
    left = HAND_AREA.centerx - width // 2
    middle = (count - 1) / 2
    top = HAND_AREA.y + LIFT
    return [pygame.Rect(left + i * step,
                        top + int(((i - middle) / max(middle, 1)) ** 2 * ARC),
                        CARD_W, CARD_H) for i in range(count)]


def draw_card(surface: pygame.Surface, view: State, card: int, rect: pygame.Rect,
              edge: tuple[int, int, int] = LINE, width: int = 2) -> None:
    cat = view.catalogue
    if card == HIDDEN:
        surface.blit(box(rect.width, rect.height, (60, 44, 90), edge, width, 12), rect)
        return
    c = cat.cards[card]
    surface.blit(box(rect.width, rect.height, KIND_COLOURS[c.kind], edge, width, 12), rect)
    if c.kind == "part":
        part, letters = c.name.split(" ", 1)
        blit_text(surface, part, (rect.x + 12, rect.y + 12), 26, TEXT, bold=True)
        for k, letter in enumerate(letters):
            centre = (rect.x + 34, rect.y + 74 + k * 52)
            pygame.draw.circle(surface, ENERGY_COLOURS[letter], centre, 22)
            blit_text(surface, letter, centre, 28, (20, 20, 20), bold=True, anchor="center")
        return
    words = c.name.split()
    for k, word in enumerate(words):
        blit_text(surface, word, (rect.x + 12, rect.y + 12 + k * 28), 24, TEXT, bold=True)
    blit_text(surface, c.kind.capitalize(), (rect.x + 12, rect.y + 74), 22, TEXT_DIM)
    pygame.draw.circle(surface, (212, 175, 55), (rect.x + 30, rect.y + 128), 18)
    blit_text(surface, str(c.gold), (rect.x + 30, rect.y + 128), 24, (20, 20, 20),
              bold=True, anchor="center")


def draw_hand(surface: pygame.Surface, view: State, viewer: int, marks: Marks,
              spots: Spots, hover: int | None = None) -> None:
    """The fan, the ``hover`` card lifted and drawn last so it shows whole; picked
    cards lifted too. ``spots.hand`` lists cards bottom to top, as drawn."""
    hand = view.players[viewer].hand
    blit_text(surface, "Your hand", (HAND_AREA.x, HAND_AREA.y - 16), 26, TEXT_DIM)
    fan = list(zip(hand, hand_rects(len(hand)), strict=True))
    fan.sort(key=lambda pair: pair[0] == hover)
    for card, rect in fan:
        picked = card in marks.selected
        shown = rect.move(0, -LIFT) if picked or card == hover else rect
        edge = DANGER if picked else (GOOD if card in marks.cards else LINE)
        draw_card(surface, view, card, shown, edge, 4 if edge != LINE else 2)
        spots.hand[card] = shown
