"""Stage 3: the roller's actions. Each is one card played (one option), a trade, a
reallocation or a buyback; the roller ends Stage 3 when they like (RULES-DECISIONS.md,
Stage 3). A played card goes at once to its discard pile as a card of this turn; a
Junk-R-Bot used for a cut is marked instead (no Zombitron Collider can bring it back).

What may be played is listed by menu.py; ``apply`` accepts exactly what
``act_options`` lists.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from game.rules.blastbots import battle, discovery, menu, retrieval
from game.rules.blastbots.actions import (
    Buyback,
    Discard,
    EndTurn,
    Play,
    Reallocate,
    Trade,
)
from game.rules.blastbots.board import HAND_LIMIT
from game.rules.blastbots.deal import ALL_DECKS, discard, push_draws, to_pile
from game.rules.blastbots.events import Played
from game.rules.blastbots.grid import push_placement
from game.rules.blastbots.rockets import build
from game.rules.blastbots.state import END, Item, State

TRADE_COST = 3
"""Cards discarded for a trade or a reallocation."""
ROCKET_CARDS = ("one_rocket", "two_rockets", "three_rockets")


def act_options(state: State, item: Item) -> list[Play | Trade | Reallocate | Buyback
                                                 | EndTurn]:
    seat = item[1]
    trade, reallocate, end = turn_moves(seat)
    if state.actions_left <= 0:
        return [end]
    # menu.plays makes a new list each call, so it may take the other moves (cast: a
    # list is invariant, and mypyc refuses the plain assignment).
    out = cast("list[Play | Trade | Reallocate | Buyback | EndTurn]", menu.plays(state, seat))
    if len(state.hands[seat]) >= TRADE_COST:
        if any(state.decks):
            out.append(trade)
        out.append(reallocate)
    out += retrieval.buybacks(state, seat)
    out.append(end)
    return out


@cache
def turn_moves(seat: int) -> tuple[Trade, Reallocate, EndTurn]:
    """``seat``'s trade, reallocation and end of Stage 3, made once (actions are
    immutable values)."""
    return Trade(seat), Reallocate(seat), EndTurn(seat)


def apply_act(state: State, item: Item, action: Play | Trade | Reallocate | Buyback
              | EndTurn) -> None:
    seat = action.seat
    if isinstance(action, EndTurn):
        state.phase = END
        if len(state.hands[seat]) > HAND_LIMIT:
            state.stack.append(("limit", seat))
        return
    state.actions_left -= 1
    if isinstance(action, Trade):
        state.stack.append(("discard", seat, TRADE_COST, "trade"))
    elif isinstance(action, Reallocate):
        state.stack.append(("discard", seat, TRADE_COST, "reallocate"))
    elif isinstance(action, Buyback):
        retrieval.buyback(state, action)
    else:
        _play(state, action)


def _play(state: State, action: Play) -> None:
    kind = state.cat.cards[action.card]
    state.hands[action.seat].remove(action.card)
    if kind.id == "junk_r_bot" and action.option == "cut":
        state.marked += 1
    else:
        to_pile(state, action.card)
    state.log.append(Played(action.seat, action.card, action.option, action.target))
    if kind.deck == 0:
        battle.announce(state, action)
    elif kind.deck == 1:
        discovery.effect(state, action)
    elif kind.id in ROCKET_CARDS:
        build(state, action.seat, kind.amounts[0])
    else:
        state.stack.append(("retrieve", action.seat, ()))


def discard_options(state: State, item: Item) -> list[Discard]:
    """One card to discard: for a trade or reallocation (``("discard", seat, left,
    why)``) or for the seven-card limit (``("limit", seat)``)."""
    seat = item[1]
    return [discard_of(seat, card) for card in sorted(set(state.hands[seat]))]


@cache
def discard_of(seat: int, card: int) -> Discard:
    """One Discard, made once."""
    return Discard(seat, card)


def apply_discard(state: State, item: Item, action: Discard) -> None:
    _, seat, left, why = item
    discard(state, seat, [action.card], why)
    if left > 1:
        state.stack.append(("discard", seat, left - 1, why))
    elif why == "trade":
        push_draws(state, seat, "trade", 1, ALL_DECKS)
    else:
        push_placement(state, seat)


def apply_limit(state: State, item: Item, action: Discard) -> None:
    seat = item[1]
    discard(state, seat, [action.card], "limit")
    if len(state.hands[seat]) > HAND_LIMIT:
        state.stack.append(("limit", seat))
