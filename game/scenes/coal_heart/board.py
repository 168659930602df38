"""Drawing the Coal Heart table from a seat's view: a mat per robot (its eleven slots
with built parts named and costs shown, HP, attack, cubes by colour, Gear), the hex row
with who chose what, the Quarry, the Supply, the Gear deck and row, and the Coal
Heart with its holder. Everything drawn is recorded in ``Spots`` for clicks, hover
help and animations; what the prompt lights is outlined."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.rules.coal_heart.flow import deciding, hex_copies
from game.rules.coal_heart.state import OVER, PICK, TURN, Seat, State
from game.rules.coal_heart.table import MAX_HP, attack_value
from game.rules.coal_heart.vocabulary import COLOURS, HEXES
from game.scenes.coal_heart.layout import (
    CARD_H,
    CARD_W,
    DECK,
    HEART,
    HEX_ROW,
    MAT_HEAD,
    MAT_INFO,
    ROW,
    TABLE,
    TOP,
    Spots,
    card_rect,
    cube_spot,
    hex_centre,
    hex_radius,
    hex_step,
    mat_rect,
    quarry_spot,
    slot_rects,
    supply_spot,
)
from game.scenes.coal_heart.prompt import Prompt
from game.scenes.coal_heart.words import (
    GEAR_GIST,
    GEAR_NAMES,
    GEAR_SHORT,
    HEX_NAMES,
    PERKS,
    ROBOT_SHORT,
    SLOT_NAMES,
    colour_name,
    gear_help,
    heart_help,
    hex_help,
    part_help,
    part_tag,
    plural,
    who,
)
from game.ui.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    GOOD,
    LINE,
    PANEL,
    PANEL_LIGHT,
    TEXT,
    TEXT_DIM,
)
from game.ui.text import blit_text, fitted, font, wrap
from game.ui.widgets import box

CUBE_COLOURS = {"S": (170, 186, 204), "P": (230, 110, 160), "C": (58, 58, 64),
                "G": (236, 192, 46), "?": (120, 120, 130)}
"""Steel, Plastic, Coal, Gold; every cube also carries its letter, so colour is never
the only signal."""
ROBOT_TINTS = {"lord_reforge": (128, 134, 146), "extractor_esquire": (62, 150, 92),
               "professor_syphon": (196, 170, 52), "the_executioner": (186, 64, 56),
               "gizmo_guru": (64, 116, 196), "dr_constructor": (146, 92, 186)}
"""Each robot's mat colour, from its colour in the data."""
HEART_RED = (214, 58, 58)
SMALL = 20
"""The least text size on the table: 13 pixels tall in a 1280x720 window."""


def robot_tint(robot: str) -> tuple[int, int, int]:
    return ROBOT_TINTS.get(robot, LINE)


def draw_cube(surface: pygame.Surface, centre: tuple[int, int], colour: str,
              size: int = 26) -> None:
    rect = pygame.Rect(0, 0, size, size)
    rect.center = centre
    pygame.draw.rect(surface, CUBE_COLOURS[colour], rect, border_radius=4)
    pygame.draw.rect(surface, TEXT if colour == "C" else BACKGROUND, rect, 2, border_radius=4)
    ink = TEXT if colour in ("C", "?") else BACKGROUND
    blit_text(surface, colour, centre, max(16, size - 6), ink, bold=True, anchor="center")


def draw_board(surface: pygame.Surface, view: State, viewer: int, prompt: Prompt,
               names: Sequence[str] = ()) -> Spots:
    spots = Spots()
    lit = prompt.lit
    draw_top(surface, view, viewer, names)
    for seat in range(view.n):
        draw_mat(surface, spots, view, seat, lit, names)
    draw_hexes(surface, spots, view, lit, names)
    draw_table(surface, spots, view, lit, names)
    draw_row(surface, spots, view, lit)
    return spots


def draw_top(surface: pygame.Surface, view: State, viewer: int,
             names: Sequence[str] = ()) -> None:
    you = f"You are {who(viewer, names)}"
    text, size = fitted(you, 420, 30, 22, bold=True)
    right = blit_text(surface, text, (TOP.right, TOP.centery), size, TEXT, bold=True,
                      anchor="midright")
    line, size = fitted(stage_line(view, names), right.x - 40 - TOP.x, 32, 22, bold=True)
    blit_text(surface, line, (TOP.x, TOP.centery), size, ACCENT, bold=True, anchor="midleft")


def stage_line(view: State, names: Sequence[str] = ()) -> str:
    """The round, the phase's hex and its leader, and whose decision it is."""
    if view.stage == PICK:
        return "Setting up: the robots are chosen in seat order."
    if view.stage == "draft":
        return f"Drafting parts: pick {view.cursor + 1} of {view.n * 11}."
    if view.stage == OVER:
        return f"Round {view.round}: the game is over."
    lead = who(view.active, names)
    if view.stage == TURN:
        return (f"Round {view.round}, {HEX_NAMES[view.hex]} (chosen by {lead}): "
                f"{who(deciding(view), names)} decides.")
    return f"Round {view.round}, phase {view.phase_no + 1} of {view.n}: {lead} selects a hex."


def draw_mat(surface: pygame.Surface, spots: Spots, view: State, seat: int,
             lit: dict[tuple[Any, ...], Any], names: Sequence[str]) -> None:
    rect = mat_rect(seat, view.n)
    if seat >= len(view.seats):
        surface.blit(box(rect.width, rect.height, PANEL, LINE, 2, 12), rect)
        blit_text(surface, f"{who(seat, names)}: choosing a robot...", rect.center, 26,
                  TEXT_DIM, anchor="center")
        spots.add(("mat", seat), rect)
        return
    mine = view.seats[seat]
    tint = robot_tint(mine.robot)
    due = view.stage != OVER and deciding(view) == seat
    border = ACCENT if ("mat", seat) in lit else (TEXT if due else tint)
    surface.blit(box(rect.width, rect.height, PANEL, border, 4 if due or ("mat", seat) in lit
                     else 2, 12), rect)
    spots.add(("mat", seat), rect)
    band = pygame.Rect(rect.x + 4, rect.y + 4, rect.width - 8, MAT_HEAD - 6)
    pygame.draw.rect(surface, tint, band, border_radius=8)
    badges = []
    if view.stage == OVER and seat in view.winners:
        badges.append(("WINS", GOOD))
    if view.heart == seat:
        badges.append(("HEART", HEART_RED))
    if view.first == seat and view.stage != PICK:
        badges.append(("1ST", ACCENT))
    x = band.right - 6
    for label, colour in badges:
        width = 20 + 14 * len(label)
        badge = pygame.Rect(x - width, band.y + 4, width, band.height - 8)
        pygame.draw.rect(surface, colour, badge, border_radius=6)
        blit_text(surface, label, badge.center, SMALL, BACKGROUND, bold=True, anchor="center")
        spots.add({"HEART": ("heart",), "1ST": ("first",)}.get(label, ("mat", seat)), badge)
        x = badge.x - 6
    title = f"{who(seat, names)}: {view.cat.robots[mine.robot].name}"
    text, size = fitted(title, x - band.x - 14, 26, SMALL, bold=True)
    blit_text(surface, text, (band.x + 8, band.centery), size, BACKGROUND, bold=True,
              anchor="midleft")
    draw_info(surface, spots, view, seat, mine, rect)
    draw_gear(surface, spots, mine, seat, rect, lit)
    for slot, box_rect in slot_rects(rect).items():
        draw_slot(surface, spots, view, seat, slot, box_rect, lit)


def draw_info(surface: pygame.Surface, spots: Spots, view: State, seat: int, mine: Seat,
              rect: pygame.Rect) -> None:
    y = rect.y + MAT_HEAD + 18
    hp = pygame.Rect(rect.x + 10, y - 14, 96, 28)
    pygame.draw.rect(surface, PANEL_LIGHT, hp, border_radius=6)
    if mine.hp:
        fill = hp.copy()
        fill.width = max(6, hp.width * mine.hp // MAX_HP)
        pygame.draw.rect(surface, GOOD if mine.hp > 6 else DANGER, fill, border_radius=6)
    label = f"HP {mine.hp}" if not mine.broken else "BROKEN"
    blit_text(surface, label, hp.center, 22, TEXT, bold=True, anchor="center")
    spots.add(("hp", seat), hp)
    blit_text(surface, f"Atk {attack_value(view, seat)}", (rect.x + 114, y), 22, TEXT,
              anchor="midleft")
    for i, colour in enumerate(COLOURS):
        spot = cube_spot(rect, i)
        spots.add(("cubes", seat, i), spot)
        draw_cube(surface, (spot.x + 14, spot.centery), colour, 26)
        count = mine.cubes[i]
        blit_text(surface, f"x{count}", (spot.x + 30, spot.centery), 22,
                  TEXT if count else TEXT_DIM, anchor="midleft")


def draw_gear(surface: pygame.Surface, spots: Spots, mine: Seat, seat: int,
              rect: pygame.Rect, lit: dict[tuple[Any, ...], Any]) -> None:
    y = rect.y + MAT_HEAD + MAT_INFO + 14
    if not mine.gear:
        blit_text(surface, "No Gear", (rect.x + 12, y), SMALL, TEXT_DIM, anchor="midleft")
        return
    cards = list(dict.fromkeys(mine.gear))
    room = rect.width - 20
    for names in (GEAR_NAMES, GEAR_SHORT):
        labels = [names[c] + (f" x{mine.gear.count(c)}" if mine.gear.count(c) > 1 else "")
                  for c in cards]
        widths = [font(SMALL).size(label)[0] + 12 for label in labels]
        if sum(widths) + 6 * len(widths) <= room:
            break
    x = rect.x + 10
    for card, label, width in zip(cards, labels, widths, strict=True):
        if x + width > rect.right - 10:
            blit_text(surface, "...", (x, y), SMALL, TEXT_DIM, anchor="midleft")
            return
        chip = pygame.Rect(x, y - 12, width, 24)
        pygame.draw.rect(surface, PANEL_LIGHT, chip, border_radius=6)
        if ("held", seat, card) in lit:
            pygame.draw.rect(surface, ACCENT, chip, 2, border_radius=6)
        blit_text(surface, label, (chip.x + 6, y), SMALL, TEXT, anchor="midleft")
        spots.add(("held", seat, card), chip)
        x = chip.right + 6


def draw_slot(surface: pygame.Surface, spots: Spots, view: State, seat: int, slot: str,
              rect: pygame.Rect, lit: dict[tuple[Any, ...], Any]) -> None:
    mine = view.seats[seat]
    key = ("slot", seat, slot)
    spots.add(key, rect)
    owner = mine.parts.get(slot)
    built = slot in mine.built
    if built and owner is not None:
        pygame.draw.rect(surface, _dark(robot_tint(owner)), rect, border_radius=6)
    else:
        pygame.draw.rect(surface, BACKGROUND, rect, border_radius=6)
    edge = ACCENT if key in lit else (robot_tint(owner) if owner else LINE)
    pygame.draw.rect(surface, edge, rect, 3 if key in lit else 1, border_radius=6)
    name = SLOT_NAMES[slot]
    blit_text(surface, name, (rect.x + 6, rect.y + 12), SMALL,
              TEXT if built else TEXT_DIM, bold=built, anchor="midleft")
    if owner is None:
        blit_text(surface, "not drafted", (rect.x + 6, rect.bottom - 12), SMALL - 2,
                  TEXT_DIM, anchor="midleft")
        return
    part = view.cat.part(owner, slot)
    if owner != mine.robot:
        blit_text(surface, ROBOT_SHORT[owner], (rect.right - 6,
                  rect.y + 12), SMALL - 2, TEXT_DIM, anchor="midright")
    text, size = fitted(part_tag(part), rect.width - 10, SMALL, 18)
    if built:
        blit_text(surface, text, (rect.x + 6, rect.bottom - 12), size, TEXT, anchor="midleft")
        return
    x = rect.x + 14
    for colour in part.cost:
        draw_cube(surface, (x, rect.bottom - 12), colour, 22)
        x += 25


def _dark(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return (colour[0] * 2 // 5, colour[1] * 2 // 5, colour[2] * 2 // 5)


def hex_points(centre: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    return [(round(centre[0] + radius * math.cos(math.radians(60 * k))),
             round(centre[1] + radius * math.sin(math.radians(60 * k)))) for k in range(6)]


def hex_slots(view: State) -> list[str]:
    """The hexes on the table in order, Scavenge twice with six robots."""
    copies = hex_copies(view)
    return [h for h in HEXES for _ in range(copies[h])]


def choosers(view: State) -> list[tuple[str, int]]:
    """This round's selected hexes with the seat that chose each (phase k is led by the
    seat k places left of the First Player)."""
    return [(h, (view.first + k) % view.n) for k, h in enumerate(view.used)]


def draw_hexes(surface: pygame.Surface, spots: Spots, view: State,
               lit: dict[tuple[Any, ...], Any], names: Sequence[str]) -> None:
    surface.blit(box(HEX_ROW.width, HEX_ROW.height, PANEL, LINE, 2, 12), HEX_ROW)
    chosen = choosers(view)
    taken: dict[str, list[int]] = {}
    for h, seat in chosen:
        taken.setdefault(h, []).append(seat)
    slots = hex_slots(view)
    radius = hex_radius(len(slots))
    for index, h in enumerate(slots):
        centre = hex_centre(index, len(slots))
        by = taken.get(h, [])
        used = bool(by)
        seat = by.pop(0) if by else -1
        live = view.stage == TURN and view.hex == h and used and seat == view.active
        fill = PANEL_LIGHT if not used else BACKGROUND
        pygame.draw.polygon(surface, fill, hex_points(centre, radius))
        edge = ACCENT if ("hex", h) in lit and not used else (GOOD if live else LINE)
        pygame.draw.polygon(surface, edge, hex_points(centre, radius),
                            4 if (("hex", h) in lit and not used) or live else 2)
        rect = pygame.Rect(0, 0, radius * 2 - 8, radius * 2 - 16)
        rect.center = centre
        if not used:
            spots.add(("hex", h), rect)
        else:
            spots.add(("hex_used", h), rect)
        blit_text(surface, HEX_NAMES[h], (centre[0], centre[1] - 10), 22,
                  TEXT if not used else TEXT_DIM, bold=True, anchor="center")
        if used:
            words, size = fitted(who(seat, names), radius * 2 - 14, SMALL, 18)
            blit_text(surface, words, (centre[0], centre[1] + 16), size, ACCENT,
                      anchor="center")
        perk, size = fitted(PERKS[h], hex_step(len(slots)) - 6, 19, 18)
        blit_text(surface, perk, (centre[0], HEX_ROW.bottom - 18), size, TEXT_DIM,
                  anchor="center")


def draw_table(surface: pygame.Surface, spots: Spots, view: State,
               lit: dict[tuple[Any, ...], Any], names: Sequence[str]) -> None:
    surface.blit(box(TABLE.width, TABLE.height, PANEL, LINE, 2, 12), TABLE)
    blit_text(surface, f"Quarry ({sum(view.quarry)})", (TABLE.x + 14, TABLE.y + 20), 22,
              TEXT, bold=True, anchor="midleft")
    blit_text(surface, f"Supply bag ({sum(view.supply)})", (TABLE.x + 14, TABLE.y + 96),
              SMALL, TEXT_DIM, anchor="midleft")
    for i, colour in enumerate(COLOURS):
        for key, rect, count in ((("quarry", i), quarry_spot(i), view.quarry[i]),
                                 (("supply", i), supply_spot(i), view.supply[i])):
            if key in lit:
                pygame.draw.rect(surface, ACCENT, rect.inflate(4, 4), 3, border_radius=6)
            spots.add(key, rect)
            if key[0] == "supply":
                rect = rect.move(0, 8)
            draw_cube(surface, (rect.x + 16, rect.centery), colour, 26)
            blit_text(surface, f"x{count}", (rect.x + 32, rect.centery), 22,
                      TEXT if count else TEXT_DIM, anchor="midleft")
    pygame.draw.rect(surface, PANEL_LIGHT, HEART, border_radius=10)
    spots.add(("heart",), HEART)
    centre = (HEART.centerx, HEART.y + 36)
    pygame.draw.circle(surface, HEART_RED, (centre[0] - 11, centre[1] - 6), 14)
    pygame.draw.circle(surface, HEART_RED, (centre[0] + 11, centre[1] - 6), 14)
    pygame.draw.polygon(surface, HEART_RED, [(centre[0] - 24, centre[1]),
                                             (centre[0] + 24, centre[1]),
                                             (centre[0], centre[1] + 26)])
    holder = "unclaimed" if view.heart < 0 else f"held by {who(view.heart, names)}"
    text, size = fitted(holder, HEART.width - 12, SMALL, 18)
    blit_text(surface, "Coal Heart", (HEART.centerx, HEART.bottom - 34), SMALL, TEXT,
              bold=True, anchor="center")
    blit_text(surface, text, (HEART.centerx, HEART.bottom - 12), size, ACCENT,
              anchor="center")


def draw_row(surface: pygame.Surface, spots: Spots, view: State,
             lit: dict[tuple[Any, ...], Any]) -> None:
    surface.blit(box(ROW.width, ROW.height, PANEL, LINE, 2, 12), ROW)
    surface.blit(box(DECK.width, DECK.height, PANEL_LIGHT, LINE, 2, 10), DECK)
    spots.add(("deck",), DECK)
    blit_text(surface, "Gear deck", (DECK.centerx, DECK.y + 30), 22, TEXT, bold=True,
              anchor="center")
    blit_text(surface, plural(len(view.deck), "card"), (DECK.centerx, DECK.y + 70), 22,
              TEXT, anchor="center")
    blit_text(surface, f"{len(view.discard)} discarded", (DECK.centerx, DECK.y + 110),
              SMALL, TEXT_DIM, anchor="center")
    for index, card in enumerate(view.row):
        rect = card_rect(index, len(view.row))
        draw_card(surface, view, card, rect, ("card", card) in lit)
        spots.add(("card", card), rect)


def draw_card(surface: pygame.Surface, view: State, card: str, rect: pygame.Rect,
              lit: bool) -> None:
    gear = view.cat.gear[card]
    band_colour = HEART_RED if gear.deluxe else (70, 110, 150)
    surface.blit(box(CARD_W, CARD_H, PANEL_LIGHT, ACCENT if lit else band_colour,
                     4 if lit else 2, 10), rect)
    band = pygame.Rect(rect.x + 4, rect.y + 4, rect.width - 8, 26)
    pygame.draw.rect(surface, band_colour, band, border_radius=6)
    blit_text(surface, "DELUXE" if gear.deluxe else "GEAR", band.center, SMALL - 2, TEXT,
              bold=True, anchor="center")
    y = rect.y + 36
    for line in wrap(gear.name, 22, rect.width - 12)[:2]:
        blit_text(surface, line, (rect.centerx, y), 22, TEXT, bold=True, anchor="midtop")
        y += 24
    for line in wrap(GEAR_GIST[card], 18, rect.width - 12)[:4]:
        blit_text(surface, line, (rect.centerx, y + 4), 18, TEXT_DIM, anchor="midtop")
        y += 20


def hover_help(view: State, key: tuple[Any, ...], names: Sequence[str] = ()) -> str | None:
    """The hover help of what is drawn under ``key`` (None: it has none)."""
    kind = key[0]
    if kind == "slot":
        mine = view.seats[key[1]]
        owner = mine.parts.get(key[2])
        if owner is None:
            return f"{SLOT_NAMES[key[2]]}: no part drafted for this slot yet."
        return part_help(view.cat, view.cat.part(owner, key[2]), key[2] in mine.built)
    if kind in ("card", "held"):
        return gear_help(view.cat, key[-1])
    if kind in ("hex", "hex_used"):
        return hex_help(view.cat, key[1])
    if kind == "heart":
        return heart_help(view.cat)
    if kind == "first":
        return "The First Player card: its holder leads the round's first Phase."
    if kind == "quarry":
        return (f"Quarry: {view.quarry[key[1]]} {colour_name(COLOURS[key[1]])}. Mine takes "
                "from here; it is topped up after each Mine phase.")
    if kind == "supply":
        return (f"Supply: {view.supply[key[1]]} {colour_name(COLOURS[key[1]])} in the bag. "
                "Random draws come from here; paid cubes go back.")
    if kind == "cubes":
        mine = view.seats[key[1]]
        return f"{who(key[1], names)} holds {mine.cubes[key[2]]} " \
               f"{colour_name(COLOURS[key[2]])}."
    if kind == "hp":
        mine = view.seats[key[1]]
        return (f"{who(key[1], names)} has {mine.hp} HP of {MAX_HP}." if not mine.broken else
                f"{who(key[1], names)} is broken: it still plays, deals at most 3 damage to "
                "each robot a Phase, builds one part a Turn and gains no HP.")
    if kind == "deck":
        return (f"The Gear deck: {plural(len(view.deck), 'card')} face down, "
                f"{len(view.discard)} in the discard pile.")
    return None
