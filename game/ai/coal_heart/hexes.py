"""normal's hex choice: each face-up hex scored by what this seat gains from the Phase
against what the others gain (every seat takes the Turn action; only the chooser gets
the perk). Mine and Scavenge are cubes toward the parts it can afford soonest, Upgrade
the parts it can build now against the others', Fight the hit it can land against
the hits it will take, Gear the best card it may take, Capture the Heart (Spark,
recovery, Overload or Mend)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.coal_heart.fights import hit_worth, mend_worth, overload_worth
from game.ai.coal_heart.gear import card_worth
from game.ai.coal_heart.worth import PART, affordable, demand, hp_worth, strike
from game.rules.coal_heart.combat import FIGHT_PERK
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import parts_with
from game.rules.coal_heart.vocabulary import COLOURS

PERK_CUBE = 0.8
"""The Mine perk's cube is the second pick of what the Turns leave: a little less than
the best cube in the Quarry now."""
STOLEN = 0.8
"""A cube taken from another robot (the giver keeps its best)."""
TURN_TRIGGERS = {"mine": "mine", "upgrade": "upgrade", "fight": "fight", "gear": "gear"}
SELECT_TRIGGERS = {"mine": ("select_mine", "select_mine_end"), "fight": ("select_fight",),
                   "scavenge": ("select_scavenge",)}
HEART_HELD = 1.5
"""Holding the Heart: next Capture is Overload or Mend (or a recovery), and the others
lose it."""


def best_cube(state: State, seat: int, counts: list[int]) -> float:
    want = demand(state, seat)
    return max((want[i] for i in range(4) if counts[i]), default=0.0)


def ability_worth(state: State, seat: int, trigger: str) -> float:
    """What the seat's abilities on ``trigger`` would bring it now."""
    mean = sum(demand(state, seat)) / len(COLOURS)
    me = state.seats[seat]
    value = 0.0
    for _, part in parts_with(state, seat, trigger):
        if part.effect == "gain_cube":
            value += mean * part.amount
        elif part.effect == "gain_hp" and me.hp:
            value += hp_worth(min(20, me.hp + part.amount)) - hp_worth(me.hp)
        elif part.effect == "damage_others":
            value += hit_worth(state, seat, {o: part.amount for o in range(state.n)
                                             if o != seat})
        elif part.effect == "quarry_pick":
            value += PERK_CUBE * best_cube(state, seat, state.quarry)
        elif part.effect == "gain_gear" and state.row:
            value += max(card_worth(state, seat, c) for c in state.row)
        elif part.effect == "steal":
            rich = sum(sum(state.seats[o].cubes) >= 3 for o in range(state.n) if o != seat)
            value += STOLEN * min(rich, part.amount)
        elif part.effect == "attack_per_gained":
            value += 0.8 * min(4, 2 + ability_cubes(state, seat, "select_mine"))
    return value


def ability_cubes(state: State, seat: int, trigger: str) -> float:
    """Cubes the seat's abilities on ``trigger`` would draw."""
    return sum(p.amount for _, p in parts_with(state, seat, trigger)
               if p.effect == "gain_cube")


def abilities(state: State, seat: int, hex_id: str) -> float:
    """The chooser's own abilities this hex sets off (its Select ones and its share of
    every seat's Turn ones), against the others' Turn ones."""
    value = sum(ability_worth(state, seat, t) for t in SELECT_TRIGGERS.get(hex_id, ()))
    if hex_id in TURN_TRIGGERS:
        trigger = TURN_TRIGGERS[hex_id]
        others = [ability_worth(state, o, trigger) for o in range(state.n) if o != seat]
        value += ability_worth(state, seat, trigger) - sum(others) / len(others)
    return value


def _mine(state: State, seat: int) -> float:
    return PERK_CUBE * best_cube(state, seat, state.quarry)


def _scavenge(state: State, seat: int) -> float:
    return best_cube(state, seat, state.supply)


def _upgrade(state: State, seat: int) -> float:
    mine = affordable(state, seat, discounts=1)
    others = [affordable(state, o) for o in range(state.n) if o != seat]
    perk = 1.0 if mine > affordable(state, seat) else 0.0
    return PART * (mine - sum(others) / len(others)) + perk


def _fight(state: State, seat: int) -> float:
    damage = strike(state, seat) + FIGHT_PERK
    mine = max(hit_worth(state, seat, {o: damage}) for o in range(state.n) if o != seat)
    me = state.seats[seat]
    incoming = sum(strike(state, o) for o in range(state.n) if o != seat) / (state.n - 1)
    taken = hp_worth(me.hp) - hp_worth(max(0, me.hp - round(incoming)))
    return mine - taken


def _gear(state: State, seat: int) -> float:
    if not state.row:
        return 0.0
    mine = max(card_worth(state, seat, c) for c in state.row)
    regular = [c for c in state.row if not state.cat.gear[c].deluxe] or state.row
    others = [max(card_worth(state, o, c) for c in regular)
              for o in range(state.n) if o != seat]
    return mine - 0.7 * sum(others) / len(others)


def _capture(state: State, seat: int) -> float:
    me = state.seats[seat]
    heart = state.cat.heart
    if state.heart != seat:
        spark = hp_worth(min(20, me.hp + heart["spark"])) - hp_worth(me.hp) if me.hp else 0
        return spark + HEART_HELD + (2.0 if me.broken else 0.0)
    if me.broken:
        back = hp_worth(heart["recover"]) - hp_worth(0)
        return back + hp_worth(min(20, heart["recover"] + heart["mend"])) - hp_worth(
            heart["recover"])
    return max(overload_worth(state, seat), mend_worth(state, seat))


SCORES: dict[str, Callable[[State, int], float]] = {
    "mine": _mine, "scavenge": _scavenge, "upgrade": _upgrade, "fight": _fight,
    "gear": _gear, "capture": _capture}


def scored(state: State, seat: int, hexes: list[str]) -> list[tuple[float, str]]:
    """The hexes best first, each with its score."""
    return sorted(((SCORES[h](state, seat) + abilities(state, seat, h), h) for h in hexes),
                  key=lambda p: -p[0])
