"""Turn one seat's view of a Blastbots match into a full state that could be the real one.

What the seat sees stays as it is: its own hand, every Launch Grid, the tokens, totems,
discard piles (turn marks included) and the backs of every other hand, which tell each
hidden card's deck. Each deck's unaccounted cards (its 64 less the seat's hand, its pile
and, for Discovery, the Junk-R-Bots marked for a cut) are shuffled with the bot's own
randomness and dealt to the places showing that deck's back: the other hands, then the
deck itself in a random order. The result gets a fresh engine RNG and can be played on;
nothing here ever sees the real state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from game.ai.budget import Budget
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.secrets import back
from game.rules.blastbots.state import State
from game.rules.core.rng import Rng

JUNK_R_BOT = "junk_r_bot"


def unseen(seen: State, seat: int) -> list[list[int]]:
    """Per deck, the cards ``seat`` cannot place: in other hands or in the deck (a deck
    the seat is looking through with a Quantum Fabricator is seen, so not counted)."""
    cat = seen.cat
    placed: Counter[int] = Counter(seen.hands[seat])
    for deck in range(len(DECKS)):
        placed.update(seen.piles[deck])
        placed.update(seen.fresh[deck])
        placed.update(c for c in seen.decks[deck] if c >= 0)
    placed[cat.index(JUNK_R_BOT)] += seen.marked
    out: list[list[int]] = [[] for _ in DECKS]
    for deck, cards in enumerate(cat.deck_cards):
        left = Counter(cards) - placed
        out[deck] = sorted(left.elements())
    return out


def determinise(seen: State, seat: int, rng: random.Random) -> State:
    """A full state consistent with ``seen`` (``seat``'s view), with a seeded RNG."""
    world = seen.clone()
    world.viewer = None
    world.rng = Rng(rng.getrandbits(62))
    for deck, pool in enumerate(unseen(seen, seat)):
        rng.shuffle(pool)
        hidden = back(deck)
        for other, hand in enumerate(world.hands):
            if other != seat:
                for i, card in enumerate(hand):
                    if card == hidden:
                        hand[i] = pool.pop()
        cards = world.decks[deck]
        if cards and cards[0] < 0:
            if len(pool) != len(cards):
                raise ValueError(f"the view hides {len(cards)} {DECKS[deck]} cards in the "
                                 f"deck but {len(pool)} are left unplaced")
            world.decks[deck] = pool
        else:
            rng.shuffle(cards)
    return world


def worlds(seen: State, seat: int, rng: random.Random, count: int,
           budget: Budget) -> Iterator[tuple[State, int]]:
    """Up to ``count`` worlds that could be the real one, each with the seed its
    play-outs share (so every candidate meets the same dice), until the budget's clock
    runs out; the first always comes."""
    clock = budget.clock()
    for done in range(count):
        if done and clock.expired():
            return
        world = determinise(seen, seat, rng)
        yield world, rng.getrandbits(62)
