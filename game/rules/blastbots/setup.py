"""Setting up a Blastbots match: boards, shuffled decks, the roll for first player,
token placement and the opening hands (RULES-DECISIONS.md, Setup).

Everyone rolls in seat order; the highest sum starts and players tied for it roll again
among themselves. Then, in turn order from the first player, each places all five
tokens, and each draws one card per token from that token's section.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.blastbots.actions import Roll
from game.rules.blastbots.board import ROCKETS, START_PAD, TOTEM_START, turn_order
from game.rules.blastbots.catalogue import DECKS, Catalogue
from game.rules.blastbots.deal import draw_cards
from game.rules.blastbots.events import FirstPlayer, FirstRoll
from game.rules.blastbots.grid import push_placement
from game.rules.blastbots.state import FIRST, PLACE, Item, State
from game.rules.blastbots.turn import roll_options, start_turn
from game.rules.core.cards import new_deck
from game.rules.core.rng import Rng

TOKENS = 5
first_options: Callable[[State, Item], list[Roll]] = roll_options
"""Typed: flow imports it inside an import cycle, where mypyc cannot infer it."""


def new_state(cat: Catalogue, players: int, seed: int, table_dice: bool = False) -> State:
    """A match at the roll for first player (seat 0 rolls first)."""
    rng = Rng(seed)
    n = players
    state = State(
        cat, n, rng, table_dice=table_dice, totem=[TOTEM_START] * n,
        factory=[ROCKETS - START_PAD] * n, pad=[START_PAD] * n, atmo=[0] * n,
        space=[0] * n, junk=[[0] * n for _ in range(n)],
        tokens=[[-1] * TOKENS for _ in range(n)], hands=[[] for _ in range(n)],
        cuts=[0] * n, assembly=[[] for _ in range(n)],
        decks=[new_deck(cat.deck_cards[d], rng) for d in range(len(DECKS))],
        piles=[[] for _ in DECKS], fresh=[[] for _ in DECKS],
        phase=FIRST, contest=tuple(range(n)))
    state.stack.append(("first", 0, None))
    return state


def apply_first(state: State, item: Item, action: object) -> None:
    """One roll for first player; after the last of a round, the start or a re-roll."""
    seat, dice = item[1], action.dice  # type: ignore[attr-defined]
    state.log.append(FirstRoll(seat, dice))
    rolls = (*state.contest_rolls, dice[0] + dice[1])
    if len(rolls) < len(state.contest):
        state.contest_rolls = rolls
        state.stack.append(("first", state.contest[len(rolls)], None))
        return
    best = max(rolls)
    tied = tuple(s for s, total in zip(state.contest, rolls, strict=True) if total == best)
    state.contest, state.contest_rolls = tied, ()
    if len(tied) > 1:
        state.stack.append(("first", tied[0], None))
        return
    state.first = tied[0]
    state.log.append(FirstPlayer(tied[0]))
    state.phase = PLACE
    for s in reversed(turn_order(state.first, state.n)):
        push_placement(state, s)


def opening_hands(state: State) -> None:
    """Every token placed: one card per token from its section, then the first turn."""
    for seat in turn_order(state.first, state.n):
        for code in state.tokens[seat]:
            draw_cards(state, seat, code >> 4, 1)
    start_turn(state, state.first)
