"""Getting your own rockets back from other Junkyards: the buyback action and Grim
Retriever. Both take your colour back to your Factory, then give rockets of your choice
from your Junkyard; a player handed their own colour chooses Factory or Junkyard for
each (``("home", ...)``).

Buyback needs three rockets in your Junkyard (any colours, your own included) and at
least one of yours in the other's; it takes up to two and gives three. Grim Retriever
names players one at a time, each once: each must hold your colour, and each costs one
rocket from your Junkyard.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from game.rules.blastbots.actions import Buyback, Give, Pass, Retrieve
from game.rules.blastbots.battle import push_home
from game.rules.blastbots.menu import retrieve_targets
from game.rules.blastbots.rockets import junk_home, junk_to_junk
from game.rules.blastbots.state import Item, State

BUYBACK_TAKES, BUYBACK_GIVES = 2, 3


def buybacks(state: State, seat: int) -> list[Buyback]:
    if sum(state.junk[seat]) < BUYBACK_GIVES:
        return []
    return [Buyback(seat, t) for t in range(state.n) if t != seat and state.junk[t][seat]]


def buyback(state: State, action: Buyback) -> None:
    seat, target = action.seat, action.target
    junk_home(state, seat, target, min(BUYBACK_TAKES, state.junk[target][seat]))
    state.stack.append(("give", seat, target, BUYBACK_GIVES))


def retrievable(state: State, item: Item) -> bool:
    """Whether a Grim Retriever can still name someone (else it is over, unasked)."""
    return bool(retrieve_targets(state, item[1], item[2]))


def retrieve_options(state: State, item: Item) -> list[Retrieve | Pass]:
    _, seat, named = item
    out: list[Retrieve | Pass] = [Retrieve(seat, t) for t in retrieve_targets(state, seat, named)]
    if named:
        out.append(Pass(seat))
    return out


def apply_retrieve(state: State, item: Item, action: Retrieve | Pass) -> None:
    _, seat, named = item
    if isinstance(action, Pass):
        return
    target = action.target
    junk_home(state, seat, target, 1)
    amount = state.cat.cards[state.cat.index("grim_retriever")].amounts[0]
    state.stack += [("retrieve", seat, (*named, target)), ("give", seat, target, amount)]


def give_options(state: State, item: Item) -> list[Give]:
    """Every choice of ``count`` rockets from the giver's Junkyard, by colour."""
    count: int  # typed: with an untyped count mypyc takes the pairs' overload of itertools
    _, seat, _, count = item
    junk = state.junk[seat]
    held = [c for c in range(state.n) if junk[c]]
    return [Give(seat, colours) for colours in combinations_with_replacement(held, count)
            if all(colours.count(c) <= junk[c] for c in set(colours))]


def apply_give(state: State, item: Item, action: Give) -> None:
    _, seat, target, _ = item
    for colour in sorted(set(action.colours)):
        junk_to_junk(state, colour, seat, target, action.colours.count(colour))
    push_home(state, target, action.colours.count(target))
