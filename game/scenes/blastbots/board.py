"""The whole Blastbots table from one seat's view, composed from its parts (the Launch
Grids, the Resource Grid in the Doomsday Clock, the decks, the hand, the top line), and
the hover help of whatever board thing is under the pointer. Drawing records where
each thing landed (``Spots``): all the match screen needs to turn a click into a key."""

from __future__ import annotations

import pygame

from game.rules.blastbots.board import JUNKYARD, TIER_TOKENS
from game.rules.blastbots.state import OVER, State
from game.scenes.blastbots.circle import draw_circle
from game.scenes.blastbots.launch_grid import draw_launch_grids
from game.scenes.blastbots.layout import HAND, LIFT, Spots, hand_rects
from game.scenes.blastbots.panels import draw_final, draw_overlay, draw_top
from game.scenes.blastbots.prompt import Key, Prompt
from game.scenes.blastbots.table_cards import HAND_LEFT, draw_decks, draw_hand, hand_groups
from game.scenes.blastbots.words import (
    CLOCK_TIP,
    HUB_TIP,
    SECTION_HEADS,
    card_tip,
    deck_tip,
    pile_tip,
    player_tip,
    section_tip,
    spot_tip,
    totem_tip,
    who,
)
from game.ui.palette import TEXT_DIM
from game.ui.seat_names import Names
from game.ui.text import blit_text


def draw_board(surface: pygame.Surface, view: State, viewer: int, prompt: Prompt,
               hover: int | None, names: Names = (), scores: bool = True) -> Spots:
    """Everything but the prompt and the log; ``hover`` is the hand card (index) under
    the pointer. A chooser of the prompt, or the final scores (unless ``scores`` is
    off), lies over the grid."""
    spots = Spots()
    lit = frozenset(prompt.lit)
    selected = prompt.selected
    draw_top(surface, view, viewer, names)
    moving = _moving(view, viewer, prompt)
    draw_circle(surface, view, lit, selected, spots, moving, prompt.ghosts)
    blit_text(surface, "DOOMSDAY CLOCK", (772, 70), 22, TEXT_DIM, bold=True)
    blit_text(surface, "RESOURCE GRID", (1398, 70), 22, TEXT_DIM, bold=True, anchor="topright")
    draw_launch_grids(surface, view, lit, selected, spots, names, prompt.giving)
    draw_decks(surface, view, lit, spots)
    draw_hand(surface, view, viewer, lit, selected, spots, hover, prompt.discarding)
    if view.phase == OVER:
        if scores:
            draw_final(surface, view, spots, names)
    elif prompt.overlay is not None:
        draw_overlay(surface, view, prompt.overlay, lit, spots)
    return spots


def _moving(view: State, viewer: int, prompt: Prompt) -> frozenset[int]:
    """The viewer's tokens being placed again (the tier of a placement under way),
    drawn as gone so the old spots do not look taken."""
    if not view.stack or view.phase == OVER:
        return frozenset()
    top = view.stack[-1]
    if top[0] != "place" or top[1] != viewer:
        return frozenset()
    return frozenset(TIER_TOKENS[top[2]])


def hand_index_at(view: State, viewer: int, pos: tuple[int, int],
                  hover: int | None) -> int | None:
    """The hand card (group) under ``pos``, topmost first; the lifted card also claims
    the strip it rose from, so it does not flicker."""
    rects = hand_rects(len(hand_groups(view, viewer)), HAND_LEFT)
    if hover is not None and hover < len(rects):
        lifted = rects[hover].union(rects[hover].move(0, -LIFT))
        if lifted.collidepoint(pos):
            return hover
    for index in range(len(rects) - 1, -1, -1):
        if rects[index].collidepoint(pos) and HAND.collidepoint(pos):
            return index
    return None


def hover_help(view: State, key: Key, names: Names = ()) -> str | None:
    """The hover help of a board thing."""
    kind = key[0]
    if kind in ("hand", "kind"):
        return card_tip(view.cat, key[1])
    if kind == "spot":
        return spot_tip(view, key[1], names)
    if kind == "token":
        return f"A token of {who(key[1], names)}.\n" + spot_tip(view, key[2], names)
    if kind == "section":
        return section_tip(view, key[1], key[2], names)
    if kind == "junk":
        return section_tip(view, key[1], JUNKYARD, names)
    if kind in ("hand_of", "player"):
        return player_tip(view, key[1], names)
    if kind == "totem":
        return totem_tip(view, key[1], names)
    if kind == "stop":
        return CLOCK_TIP
    if kind == "deck":
        return deck_tip(view, key[1])
    if kind == "pile":
        return pile_tip(view, key[1])
    if kind == "dice":
        return HUB_TIP
    if kind == "sector":
        return SECTION_HEADS[key[1]]
    if kind == "slot":
        return "A card face down: only its deck shows. The hand was shuffled before you pick."
    return None
