"""The pending-decision stack: who decides now, what they may choose, and what follows.

Each kind of stack item has one function listing its options and one carrying out the
option chosen; ``apply`` in the engine accepts exactly the options listed. After every
choice ``advance`` runs what no one decides (the steps in ``AUTOMATIC``, draws nobody
can make, a Grim Retriever with no one left to name, the dice the engine rolls) and,
when the stack runs empty, the step of the turn that follows (``NEXT``), until someone
must decide or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules.blastbots import battle, discovery, grid, picks, play, retrieval, setup, turn
from game.rules.blastbots.deal import apply_deck, deck_options, open_decks
from game.rules.blastbots.events import DrawLost
from game.rules.blastbots.state import ACT, END, OVER, PLACE, STAGE1, Item, State

Options = Callable[[State, Item], list[Any]]
Carry = Callable[[State, Item, Any], None]

DECISIONS: dict[str, tuple[Options, Carry]] = {
    "first": (setup.first_options, setup.apply_first),
    "place": (grid.place_options, grid.apply_place),
    "roll": (turn.roll_options, turn.apply_roll),
    "deck": (deck_options, apply_deck),
    "act": (play.act_options, play.apply_act),
    "discard": (play.discard_options, play.apply_discard),
    "limit": (play.discard_options, play.apply_limit),
    "defend": (battle.defend_options, battle.apply_defend),
    "mod": (battle.mod_options, battle.apply_mod),
    "aim": (battle.aim_options, battle.apply_aim),
    "colour": (battle.colour_options, battle.apply_colour),
    "home": (battle.home_options, battle.apply_home),
    "move": (battle.move_options, battle.apply_move),
    "pick": (picks.pick_options, picks.apply_pick),
    "market": (discovery.market_options, discovery.apply_market),
    "name": (discovery.name_options, discovery.apply_name),
    "look": (discovery.look_options, discovery.apply_look),
    "take": (discovery.take_options, discovery.apply_take),
    "pile": (discovery.pile_options, discovery.apply_pile),
    "retrieve": (retrieval.retrieve_options, retrieval.apply_retrieve),
    "give": (retrieval.give_options, retrieval.apply_give),
}
"""Every decision kind: (its options, carrying one out)."""

AUTOMATIC: dict[str, Callable[[State, Item], None]] = {
    "attack": battle.attack_step,
    "rocket": turn.surge_rocket,
}
"""Stack items the engine carries out itself when they come up."""

NEXT: dict[str, Callable[[State], None]] = {
    PLACE: setup.opening_hands,
    STAGE1: turn.finish_stage1,
    ACT: turn.action_done,
    END: turn.end_turn,
}
"""What follows when the stack runs empty, by phase."""


def options(state: State, item: Item) -> list[Any]:
    return DECISIONS[item[0]][0](state, item)


def advance(state: State) -> None:
    """Run everything no one decides, until a decision is due or the game is over."""
    stack = state.stack
    while state.phase != OVER:
        if not stack:
            NEXT[state.phase](state)
            continue
        top = stack[-1]
        code = top[0]
        if code in AUTOMATIC:
            stack.pop()
            AUTOMATIC[code](state, top)
        elif code == "deck" and not open_decks(state, top[3]):
            stack.pop()
            state.log.append(DrawLost(top[1], -1, 1))
        elif code == "retrieve" and not retrieval.retrievable(state, top):
            stack.pop()
        elif code in ("roll", "first") and top[2] is None and not state.table_dice:
            assert state.rng is not None
            stack[-1] = (code, top[1], (state.rng.die(), state.rng.die()))
            return
        else:
            return
