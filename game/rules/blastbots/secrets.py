"""What each seat may know: its view of the state, its copy of each event, and (for
the conformance suite) the same state with its secrets changed.

Hidden from a seat (RULES-DECISIONS.md, What a seat may not see): the faces of other
hands (their backs, so each card's deck, stay public), the order of every deck, the
faces of cards others draw, cards picked face down until the pick is final, and what
another saw with a Quantum Fabricator. While a seat looks through a deck with a
Quantum Fabricator, its own view shows that deck's cards, sorted.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.rules.blastbots.events import Drew, Kept, Looked, Stolen
from game.rules.blastbots.state import State
from game.rules.core.actions import Event


def back(deck: int) -> int:
    """How a card of ``deck`` shows face down."""
    return -1 - deck


def looking(state: State, seat: int) -> int:
    """The deck ``seat`` is looking through with a Quantum Fabricator, or -1."""
    if state.stack:
        top = state.stack[-1]
        if top[0] == "take" and top[1] == seat:
            return int(top[2])
    return -1


def view(state: State, seat: int) -> State:
    """The state as ``seat`` sees it, without the RNG (a view cannot be played on)."""
    seen = state.clone()
    seen.viewer = seat
    seen.rng = None
    look = looking(state, seat)
    seen.decks = [sorted(deck) if d == look else [back(d)] * len(deck)
                  for d, deck in enumerate(seen.decks)]
    cards = state.cat.cards
    for other, hand in enumerate(seen.hands):
        if other != seat:
            seen.hands[other] = [back(cards[c].deck) for c in hand]
    return seen


def redact(event: Event, seat: int) -> Event:
    """What ``seat`` may know of ``event``: card faces it may not see become backs."""
    if isinstance(event, Drew | Looked) and event.seat != seat:
        return replace(event, cards=(back(event.deck),) * len(event.cards))
    if isinstance(event, Kept) and event.seat != seat:
        return replace(event, card=back(event.deck))
    if isinstance(event, Stolen) and seat not in (event.seat, event.victim):
        return replace(event, cards=tuple(back(d) for d in event.decks))
    return event


def vary_secrets(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` whose secrets for ``seat`` are dealt again: the cards it
    cannot see (the decks and other hands) are shuffled among the places that show the
    same back, and every deck's order is shuffled."""
    twin = state.clone()
    look = looking(state, seat)
    cards = state.cat.cards
    for deck in range(len(twin.decks)):
        places: list[tuple[list[int], int]] = []
        if deck == look:
            rng.shuffle(twin.decks[deck])
        else:
            places += [(twin.decks[deck], i) for i in range(len(twin.decks[deck]))]
        for other, hand in enumerate(twin.hands):
            if other != seat:
                places += [(hand, i) for i, c in enumerate(hand) if cards[c].deck == deck]
        dealt = [where[i] for where, i in places]
        rng.shuffle(dealt)
        for (where, i), card in zip(places, dealt, strict=True):
            where[i] = card
    return twin
