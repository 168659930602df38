"""Cards moving between decks, hands and discard piles.

Decks are never reshuffled (the card layer's ``NEVER_RESHUFFLE``): a draw from an empty
deck is lost. A used or discarded card goes at once to its own deck's pile as a card of
this turn (``fresh``), which a Zombitron Collider cannot bring back until the next turn.
"""

from __future__ import annotations

from functools import cache

from game.rules.blastbots.actions import Choose
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.events import Discarded, DrawLost, Drew
from game.rules.blastbots.state import Item, State
from game.rules.core.cards import NEVER_RESHUFFLE, draw

DECK_OF = {name: d for d, name in enumerate(DECKS)}


def draw_cards(state: State, seat: int, deck: int, count: int) -> None:
    """``seat`` draws ``count`` cards off ``deck``'s top; what the deck lacks is lost."""
    assert state.rng is not None
    cards, _ = draw(state.decks[deck], [], count, state.rng, NEVER_RESHUFFLE)
    if cards:
        state.hands[seat].extend(cards)
        state.log.append(Drew(seat, deck, tuple(cards)))
    if len(cards) < count:
        state.log.append(DrawLost(seat, deck, count - len(cards)))


def to_pile(state: State, card: int) -> None:
    """A card (already out of any hand) onto its deck's pile, as discarded this turn."""
    state.fresh[state.cat.cards[card].deck].append(card)


def discard(state: State, seat: int, cards: list[int], why: str) -> None:
    """Cards from ``seat``'s hand to their piles (each must be in the hand)."""
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
        to_pile(state, card)
    state.log.append(Discarded(seat, tuple(cards), why))


def open_decks(state: State, mask: int = 7) -> list[int]:
    """The decks (of those in ``mask``, a bit per deck) that still hold a card."""
    decks = state.decks
    return [d for d in range(len(DECKS)) if mask >> d & 1 and decks[d]]


ALL_DECKS = 7
"""A deck mask allowing every deck."""


def deck_options(state: State, item: Item) -> list[Choose]:
    """A draw by choice (``("deck", seat, why, mask)``): any allowed deck holding a card.
    With none, the engine drops the draw before anyone is asked."""
    seat = item[1]
    return [choices(seat)[d] for d in open_decks(state, item[3])]


def apply_deck(state: State, item: Item, action: Choose) -> None:
    draw_cards(state, item[1], DECK_OF[action.deck], 1)


def push_draws(state: State, seat: int, why: str, count: int, mask: int = ALL_DECKS) -> None:
    """``count`` draws by choice for ``seat``, one decision each (after the one before)."""
    state.stack += [("deck", seat, why, mask)] * count


@cache
def choices(seat: int) -> tuple[Choose, ...]:
    """``seat``'s Choose of each deck, made once."""
    return tuple(Choose(seat, name) for name in DECKS)
