"""What a Gear card is worth to a seat now, and when normal spends its own-Turn cards:
a Repair Kit once hurt, a Shovel for a cube it needs, Sticky Hands whenever the Heart
is someone else's (at the start of its Phase when it means to Capture after)."""

from __future__ import annotations

from game.ai.coal_heart.worth import GEAR, demand, strike, unbuilt
from game.rules.coal_heart.actions import UseGear
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import parts_with
from game.rules.coal_heart.vocabulary import COLOURS

REPAIR_BELOW = 16
"""A Repair Kit is spent once HP is this low (it heals 2)."""
SHOVEL_NEED = 1.0
"""A Shovel is spent on a cube some unbuilt part is missing."""


def card_worth(state: State, seat: int, card: str) -> float:
    me = state.seats[seat]
    value = GEAR[card]
    if card == "chainsaw":
        value = 1.0 + 0.5 * strike(state, seat)
    elif card == "sticky_hands":
        value = 1.0 if state.heart == seat else (3.5 if me.broken else 2.5)
    elif card == "welders_kit":
        todo = unbuilt(state, seat)
        value = float(len(state.cat.part(me.parts[todo[-1]], todo[-1]).cost)) if todo else 0.0
    elif card == "repair_kit":
        value += 1.0 if 0 < me.hp <= 12 else 0.0
    elif card == "shovel":
        value = max(demand(state, seat)) + 0.1
    spends = [p for _, p in parts_with(state, seat, "attack")
              if p.effect in ("damage_per_gear", "spend_gear_for_damage")]
    return value + 0.5 * len(spends)


def own_turn_gear(state: State, seat: int, options: list[UseGear]) -> UseGear | None:
    """The own-Turn card worth spending now, if any."""
    me = state.seats[seat]
    want = demand(state, seat)
    shovels = [a for a in options if a.card == "shovel"]
    for action in options:
        if action.card == "repair_kit" and 0 < me.hp <= REPAIR_BELOW:
            return action
        if action.card == "sticky_hands" and state.heart != seat:
            return action
    if shovels:
        best = max(shovels, key=lambda a: want[COLOURS.index(a.colour)])
        if want[COLOURS.index(best.colour)] >= SHOVEL_NEED:
            return best
    return None
