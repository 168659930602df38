"""What the rules keep from each seat (RULES-DECISIONS.md, "What each seat sees"):
other players' hand cards (their sizes are public), the deck order, and robot cards
a real table has already turned up for the next reveals but not yet shown.

``vary_secrets`` writes those out as a way to change them, for the conformance suite
to check that a seat's view and the events it is told cannot tell the two states
apart; it is written from the rulebook, not from ``engine.view``, so a view that
forgets to hide something is caught. ``redact`` hides the cards another seat drew.
The RNG (hidden from everyone) is left alone, so the same move turns up the same
robot cards in both states.
"""

from __future__ import annotations

import dataclasses
import random

from game.rules.core.actions import Event
from game.rules.core.cards import HIDDEN
from game.rules.two_robots.events import Drew
from game.rules.two_robots.state import State


def vary_secrets(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` that differs from it only in what ``seat`` may not know:
    the cards in other hands and the deck are dealt out again (each hand keeps its
    size), and forced reveals become others from the Active Robot pile."""
    varied = state.clone()
    others = [p for p in varied.players if p.seat != seat]
    unseen = varied.deck + [card for p in others for card in p.hand]
    rng.shuffle(unseen)
    for player in others:
        size = len(player.hand)
        player.hand, unseen = unseen[:size], unseen[size:]
    varied.deck = unseen
    if varied.forced:
        varied.forced = tuple(rng.sample(list(varied.pile), len(varied.forced)))
    return varied


def redact(event: Event, seat: int) -> Event:
    """What ``seat`` may know of ``event``: every event is public except the cards
    another seat drew, which it sees as a count (as its view shows that hand)."""
    if isinstance(event, Drew) and event.seat != seat:
        return dataclasses.replace(event, cards=(HIDDEN,) * len(event.cards))
    return event
