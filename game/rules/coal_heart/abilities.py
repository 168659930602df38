"""What each effect of the vocabulary does when its trigger fires. One function per
effect (never per part): a part is its trigger, effect and amount from the data.

Passive effects are read where their rule applies (named in ``PASSIVE``); effects on
the ``attack`` trigger resolve inside an attack's step 3 (``combat.resolve_ability``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.coal_heart.catalogue import Part
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import deal, draw, heal


def _gain_cube(state: State, seat: int, part: Part) -> None:
    draw(state, seat, part.amount)


def _gain_hp(state: State, seat: int, part: Part) -> None:
    heal(state, seat, part.amount, "ability")


def _damage_others(state: State, seat: int, part: Part) -> None:
    deal(state, seat, {o: part.amount for o in range(state.n) if o != seat}, "ability")


def _quarry_pick(state: State, seat: int, part: Part) -> None:
    if sum(state.quarry):
        state.pending.append(("quarry", seat))


def _gain_gear(state: State, seat: int, part: Part) -> None:
    if state.row:
        state.pending.append(("gear_pick", seat))


def _steal(state: State, seat: int, part: Part) -> None:
    """Each other robot with 3+ cubes, nearest on the left first, gives one of its
    choice, up to ``amount`` in all; using it fires the seat's ``steal`` abilities."""
    givers = []
    for step in range(1, state.n):
        other = (seat + step) % state.n
        if sum(state.seats[other].cubes) >= 3 and len(givers) < part.amount:
            givers.append(other)
    if givers:
        state.queue.insert(0, ("fire", seat, "steal"))
        for giver in reversed(givers):
            state.pending.append(("give", giver, seat))


def _attack_per_gained(state: State, seat: int, part: Part) -> None:
    state.pending.append(("may_attack", seat, state.gained[seat] * part.amount))


FIRED: dict[str, Callable[[State, int, Part], None]] = {
    "gain_cube": _gain_cube,
    "gain_hp": _gain_hp,
    "damage_others": _damage_others,
    "quarry_pick": _quarry_pick,
    "gain_gear": _gain_gear,
    "steal": _steal,
    "attack_per_gained": _attack_per_gained,
}
PASSIVE = {
    "attack_bonus": "table.attack_value",
    "deluxe_access": "flow.gear_options",
    "block_small": "combat.step5",
    "pay_hp": "building.options",
    "trade": "building.options",
    "discount": "building.options",
    "gear_for_cube": "flow.turn_options (Convert)",
    "add_damage": "combat.resolve_ability",
    "damage_per_gear": "combat.resolve_ability",
    "return_for_damage": "combat.resolve_ability",
    "spend_gear_for_damage": "combat.resolve_ability",
    "discard_twin": "combat.resolve_ability",
}
HANDLED = {**FIRED, **PASSIVE}
"""Every effect of the vocabulary, with where it is carried out (a test holds this to
``vocabulary.EFFECTS``)."""
