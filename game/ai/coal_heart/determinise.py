"""Turn one seat's view of a Coal Heart match into a full state that could be the real one.

Everything on the table is open, so only two things are made up: the Gear deck's order
(its cards are the 32 less those in the row, the discard pile and every seat's hand,
shuffled with the bot's own randomness) and the bag's draw order (a fresh engine RNG).
Nothing here ever sees the real state.
"""

from __future__ import annotations

import random
from collections import Counter

from game.rules.coal_heart.state import State
from game.rules.core.rng import Rng


def unseen(seen: State) -> list[str]:
    """The Gear cards that must be in the deck: all of them less every placed card."""
    placed = Counter(seen.row) + Counter(seen.discard)
    for mine in seen.seats:
        placed.update(mine.gear)
    return sorted((Counter(seen.cat.deck()) - placed).elements())


def determinise(seen: State, rng: random.Random) -> State:
    """A full state consistent with ``seen`` (any seat's view), with a seeded RNG."""
    world = seen.clone()
    world.viewer = None
    world.rng = Rng(rng.getrandbits(62))
    deck = unseen(seen)
    if len(deck) != len(seen.deck):
        raise ValueError(f"the view hides {len(seen.deck)} Gear cards in the deck but "
                         f"{len(deck)} are unplaced")
    rng.shuffle(deck)
    world.deck = deck
    return world
