"""Face-down picks from another player's hand (Agent, Junk-R-Bot ``trash``).

The picker sees only the backs, in shuffled slot order: the hand is shuffled when the
pick opens, then the picker names slots one at a time. Nothing is revealed until the
last pick: then the picked cards are stolen (seen by both players) or thrown away
(seen by all).
"""

from __future__ import annotations

from game.rules.blastbots.actions import Pick
from game.rules.blastbots.deal import discard
from game.rules.blastbots.events import Picked, Stolen
from game.rules.blastbots.state import Item, State

STEAL = "steal"


def open_picks(state: State, picker: int, victim: int, count: int, mode: str) -> None:
    """Ask ``picker`` for ``count`` picks (all if fewer) from ``victim``'s hand;
    ``mode`` is steal, shred or trash."""
    hand = state.hands[victim]
    count = min(count, len(hand))
    if not count:
        return
    if state.shuffle_slots and len(hand) > 1:
        assert state.rng is not None
        state.rng.shuffle(hand)
    state.stack.append(("pick", picker, victim, count, mode, ()))


def pick_options(state: State, item: Item) -> list[Pick]:
    seat, picked = item[1], item[5]
    return [Pick(seat, slot) for slot in range(len(state.hands[item[2]]))
            if slot not in picked]


def apply_pick(state: State, item: Item, action: Pick) -> None:
    _, picker, victim, count, mode, picked = item
    picked = (*picked, action.slot)
    if len(picked) < count:
        state.stack.append(("pick", picker, victim, count, mode, picked))
        return
    state.log.append(Picked(picker, victim, picked))
    hand = state.hands[victim]
    cards = [hand[slot] for slot in picked]
    if mode == STEAL:
        for slot in sorted(picked, reverse=True):
            del hand[slot]
        state.hands[picker].extend(cards)
        decks = tuple(state.cat.cards[c].deck for c in cards)
        state.log.append(Stolen(picker, victim, tuple(cards), decks))
    else:
        discard(state, victim, cards, mode)
