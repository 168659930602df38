"""The cards on the table, drawn from a view: the three decks (backs and how many are
left) with their face-up discard piles (the top card, and a tag for cards discarded
this turn), and the viewer's hand along the bottom, where what a decision lets the
viewer click is lit and everything else is dimmed."""

from __future__ import annotations

import pygame

from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.state import State
from game.scenes.blastbots.layout import CARD_H, CARD_W, DECK_AREA, HAND, LIFT, Spots, hand_rects
from game.scenes.blastbots.pieces import DECK_LIGHT, card_back, card_face
from game.scenes.blastbots.words import DECK_NAMES
from game.ui.palette import ACCENT, BACKGROUND, DANGER, GOOD, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text

Keys = frozenset[tuple[object, ...]]
PILE_W, PILE_H = 84, 112
HAND_LEFT = HAND.x + 100
"""Where the hand's first card goes; its heading stands left of it."""


def draw_decks(surface: pygame.Surface, view: State, lit: Keys, spots: Spots) -> None:
    block_w = DECK_AREA.width // len(DECKS)
    for d in range(len(DECKS)):
        left = DECK_AREA.x + d * block_w
        back = pygame.Rect(left + 8, DECK_AREA.y + 4, PILE_W, PILE_H)
        key = ("deck", d)
        if view.decks[d]:
            surface.blit(card_back(d, PILE_W, PILE_H), back)
        else:
            pygame.draw.rect(surface, PANEL, back, border_radius=8)
            pygame.draw.rect(surface, LINE, back, 2, border_radius=8)
            blit_text(surface, "empty", back.center, 22, TEXT_DIM, anchor="center")
        if key in lit:
            pygame.draw.rect(surface, GOOD, back.inflate(8, 8), 4, border_radius=10)
        spots.add(key, back)
        blit_text(surface, f"{DECK_NAMES[d]}: {len(view.decks[d])}",
                  (back.centerx, back.bottom + 4), 22, DECK_LIGHT[d], bold=True,
                  anchor="midtop")
        pile = pygame.Rect(back.right + 14, back.y, PILE_W, PILE_H)
        _pile(surface, view, d, pile, ("pile", d) in lit)
        spots.add(("pile", d), pile)


def _pile(surface: pygame.Surface, view: State, deck: int, rect: pygame.Rect,
          lit: bool) -> None:
    fresh, before = view.fresh[deck], view.piles[deck]
    top = fresh[-1] if fresh else (before[-1] if before else None)
    if top is None:
        pygame.draw.rect(surface, BACKGROUND, rect, border_radius=8)
        pygame.draw.rect(surface, LINE, rect, 2, border_radius=8)
        blit_text(surface, "discards", rect.center, 20, TEXT_DIM, anchor="center")
    else:
        surface.blit(card_face(view.cat, top, PILE_W, PILE_H), rect)
    if fresh:
        tag = pygame.Rect(rect.x - 4, rect.bottom - 26, rect.width + 8, 22)
        pygame.draw.rect(surface, ACCENT, tag, border_radius=6)
        blit_text(surface, f"{len(fresh)} this turn", tag.center, 18, BACKGROUND, bold=True,
                  anchor="center")
    if lit:
        pygame.draw.rect(surface, GOOD, rect.inflate(8, 8), 4, border_radius=10)
    blit_text(surface, f"pile {len(before) + len(fresh)}", (rect.centerx, rect.bottom + 4),
              22, TEXT_DIM, anchor="midtop")


def hand_groups(view: State, viewer: int) -> list[tuple[int, int]]:
    """The viewer's hand as (card, copies), by deck and then name: copies of a card
    lie together as one card with a count, so a long hand stays readable."""
    hand = view.hands[viewer]
    cards = view.cat.cards
    kinds = sorted(set(hand), key=lambda c: (cards[c].deck, cards[c].name))
    return [(card, hand.count(card)) for card in kinds]


def draw_hand(surface: pygame.Surface, view: State, viewer: int, lit: Keys, selected: Keys,
              spots: Spots, hover: int | None, discarding: tuple[int, ...] = ()) -> None:
    """The viewer's hand; ``hover`` is the index of the card (group) under the pointer,
    lifted and drawn last so it shows whole; ``discarding`` the cards picked to discard
    (tagged with how many). Each card's rect goes into ``spots``."""
    hand = view.hands[viewer]
    groups = hand_groups(view, viewer)
    blit_text(surface, "Your hand", (HAND.x, HAND.y + 40), 26, TEXT_DIM)
    blit_text(surface, f"{len(hand)} card{'s' if len(hand) != 1 else ''}",
              (HAND.x, HAND.y + 70), 26, TEXT, bold=True)
    rects = hand_rects(len(groups), HAND_LEFT)
    order = sorted(range(len(groups)), key=lambda i: i == hover)
    choosing = any(key[0] == "hand" for key in lit)
    veil = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
    veil.fill((*BACKGROUND, 150))
    for i in order:
        card, copies = groups[i]
        key = ("hand", card)
        rect = rects[i]
        if key in selected or i == hover:
            rect = rect.move(0, -LIFT)
        surface.blit(card_face(view.cat, card, CARD_W, CARD_H), rect)
        if copies > 1:
            coin = (rect.right - 16, rect.y - 10)  # above the deck band, clear of its name
            pygame.draw.circle(surface, ACCENT, coin, 14)
            blit_text(surface, f"x{copies}", coin, 20, BACKGROUND, bold=True, anchor="center")
        if card in discarding:
            tag = pygame.Rect(rect.x + 4, rect.bottom - 30, rect.width - 8, 24)
            pygame.draw.rect(surface, DANGER, tag, border_radius=6)
            blit_text(surface, f"discard {discarding.count(card)}", tag.center, 20, TEXT,
                      bold=True, anchor="center")
        if key in selected:
            pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), 4, border_radius=12)
        elif key in lit:
            pygame.draw.rect(surface, GOOD, rect.inflate(6, 6), 4, border_radius=12)
        elif choosing:
            surface.blit(veil, rect)
        spots.add(key, rect)
