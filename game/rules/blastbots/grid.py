"""The Resource Grid: placing tokens and the cards a rolled number pays.

A roll of 4, 5, 6, 8, 9 or 10 pays each token on that number two cards from its
section's deck, players in turn order from the roller, each taking all their cards
before the next; then each Some Assembly Required in play draws one card per target
token on the number (holders in turn order from the roller). Tokens go on spots of
their own tier only; any number of tokens may share a spot.
"""

from __future__ import annotations

from functools import cache

from game.rules.blastbots.actions import Place
from game.rules.blastbots.board import (
    DRAW_PER_TOKEN,
    PLACEMENTS,
    SPOTS,
    TIER_TOKENS,
    turn_order,
)
from game.rules.blastbots.deal import draw_cards
from game.rules.blastbots.events import Placed
from game.rules.blastbots.state import Item, State


@cache
def placements(seat: int, tier: int) -> tuple[Place, ...]:
    """Every Place of a tier for a seat, made once (actions are immutable values)."""
    return tuple(Place(seat, spots) for spots in PLACEMENTS[tier])


def place_options(state: State, item: Item) -> list[Place]:
    return list(placements(item[1], item[2]))


def apply_place(state: State, item: Item, action: Place) -> None:
    seat, tier = item[1], item[2]
    tokens = state.tokens[seat]
    for index, name in zip(TIER_TOKENS[tier], action.spots, strict=True):
        tokens[index] = SPOTS[name]
    state.log.append(Placed(seat, action.spots))


def push_placement(state: State, seat: int) -> None:
    """Ask ``seat`` to place all its tokens: T-1 first, then T-2, then T-3."""
    state.stack += [("place", seat, 2), ("place", seat, 1), ("place", seat, 0)]


def token_decks(state: State, seat: int) -> int:
    """The decks whose sections hold one of ``seat``'s tokens, a bit per deck."""
    mask = 0
    for code in state.tokens[seat]:
        mask |= 1 << (code >> 4)
    return mask


def pay(state: State, number: int) -> None:
    """Stage 1 on a roll of 4, 5, 6, 8, 9 or 10."""
    order = turn_order(state.first, state.n, state.roller)
    for seat in order:
        for code in state.tokens[seat]:
            if code & 15 == number:
                draw_cards(state, seat, code >> 4, DRAW_PER_TOKEN)
    amount = state.cat.cards[state.cat.index("some_assembly_required")].amounts[0]
    for seat in order:
        for target in state.assembly[seat]:
            for code in state.tokens[target]:
                if code & 15 == number:
                    draw_cards(state, seat, code >> 4, amount)
