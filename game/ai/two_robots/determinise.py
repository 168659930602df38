"""Turn one seat's view of a Two Robots match into a full state that could be the real one.

What the seat knows stays as it is: its own hand, every Factory and Ice Blast, the
discard pile, the cards on the table, the Active Robot pile and every hand's size. The
other hands and the deck order are filled from the Action cards the seat cannot
account for, shuffled with the bot's own randomness, so the card counts (all 100
Action cards, each once) are kept. The result gets a fresh engine RNG and can be
played forward; nothing here ever sees the real state.
"""

from __future__ import annotations

import random

from game.rules.core.cards import HIDDEN
from game.rules.core.rng import Rng
from game.rules.two_robots.state import State


def known(seen: State) -> set[int]:
    """Every Action card whose place the viewer can see."""
    out = set(seen.discard) | set(seen.table)
    for p in seen.players:
        out.update(c for c in p.hand if c != HIDDEN)
        out.update(p.parts())
        out.update(ice for ice in p.ice if ice >= 0)
    return out


def unseen(seen: State) -> list[int]:
    """The Action cards the viewer cannot place: in other hands or in the deck."""
    placed = known(seen)
    return [c for c in range(len(seen.catalogue.cards)) if c not in placed]


def determinise(seen: State, rng: random.Random) -> State:
    """A full state consistent with ``seen`` (a view), with a seeded engine RNG."""
    world = seen.clone()
    world.viewer = None
    world.rng = Rng(rng.getrandbits(62))
    pool = unseen(seen)
    rng.shuffle(pool)
    hidden = len(world.deck) + sum(len(p.hand) for p in world.players if HIDDEN in p.hand)
    if hidden > len(pool):
        raise ValueError(f"the view hides {hidden} cards but only {len(pool)} are unplaced")
    for p in world.players:
        if HIDDEN in p.hand:
            p.hand = [pool.pop() if c == HIDDEN else c for c in p.hand]
    world.deck = [pool.pop() for _ in world.deck]
    return world
