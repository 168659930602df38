"""normal's sense of violence: what a hit is worth, which attack to make and with what
Gear, when to raise a Force Field, and Overload against Mend.

Damage is valued as the HP it takes (``worth.hp_worth``), so a blow that breaks a robot
counts its fall, and one that leaves the attacker the only robot standing counts a win.
"""

from __future__ import annotations

from game.ai.coal_heart.worth import GEAR, WIN, hp_worth, strike
from game.rules.coal_heart.actions import Attack
from game.rules.coal_heart.combat import FIGHT_PERK, TWIN_BLASTERS
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import BROKEN_CAP, parts_with

OVERLOAD_SELF_FLOOR = 1
"""Overload is never chosen when its self-damage would break the holder."""


def blocked(state: State, target: int, damage: int) -> int:
    """What ``damage`` comes to against ``target``: its Force Field (if it holds one)
    halves it, its chest may stop it."""
    if damage > 0 and "force_field" in state.seats[target].gear and damage >= 4:
        damage //= 2
    for _, part in parts_with(state, target, "passive"):
        if part.effect == "block_small" and damage <= part.amount:
            return 0
    return damage


def capped(state: State, seat: int, target: int, damage: int) -> int:
    """A broken attacker's damage under the per-Phase cap."""
    if not state.seats[seat].broken:
        return damage
    done = state.capped[seat][target] if state.capped else 0
    return min(damage, max(0, BROKEN_CAP - done))


def hit_worth(state: State, seat: int, hits: dict[int, int]) -> float:
    """What dealing ``hits`` (target: damage) at once is worth to ``seat``: the HP
    worth taken from each target, or a win if only ``seat`` is left standing."""
    value = 0.0
    standing = {o for o in range(state.n) if not state.seats[o].broken}
    for target, damage in hits.items():
        hp = state.seats[target].hp
        if hp == 0 or damage <= 0:
            continue
        left = max(0, hp - damage)
        value += hp_worth(hp) - hp_worth(left)
        if left == 0:
            standing.discard(target)
    if standing == {seat}:
        return WIN
    return value


def attack_damage(state: State, seat: int, action: Attack, bonus: int = 0) -> int:
    """The damage this attack would deal (Gear spent, the Fight perk, fixed bonuses)."""
    base = strike(state, seat) + bonus + TWIN_BLASTERS * action.gear.count("twin_blasters")
    if state.hex == "fight" and seat == state.active:
        base += FIGHT_PERK
    damage = base * 2 ** action.gear.count("chainsaw")
    return capped(state, seat, action.target, blocked(state, action.target, damage))


def attack_worth(state: State, seat: int, action: Attack, bonus: int = 0) -> float:
    """An attack's worth: the hit, less the Gear spent on it; a small edge for any
    attack on a standing robot (abilities and Rocket Punches ride on attacks)."""
    damage = attack_damage(state, seat, action, bonus)
    value = hit_worth(state, seat, {action.target: damage})
    value -= sum(GEAR[g] for g in action.gear)
    if not state.seats[action.target].broken:
        value += 0.1 + 0.05 * len(state.seats[action.target].built)
    return value


def best_attack(state: State, seat: int, attacks: list[Attack], bonus: int = 0
                ) -> tuple[float, Attack | None]:
    best: tuple[float, Attack | None] = (0.0, None)
    for action in attacks:
        value = attack_worth(state, seat, action, bonus)
        if value > best[0]:
            best = (value, action)
    return best


def shield_now(state: State, seat: int) -> bool:
    """Raise the Force Field against a hit of 4 or more, or one that would break us."""
    attack = state.attack
    if attack is None:
        return False
    damage = (attack.base + attack.add) * 2 ** attack.chainsaws
    return damage >= 4 or damage >= state.seats[seat].hp


def overload_worth(state: State, seat: int) -> float:
    heart = state.cat.heart
    me = state.seats[seat]
    if me.hp - heart["overload_self"] < OVERLOAD_SELF_FLOOR:
        return -WIN
    hits = {o: heart["overload_others"] for o in range(state.n) if o != seat}
    value = hit_worth(state, seat, hits)
    return value - (hp_worth(me.hp) - hp_worth(me.hp - heart["overload_self"]))


def mend_worth(state: State, seat: int) -> float:
    me = state.seats[seat]
    return hp_worth(min(20, me.hp + state.cat.heart["mend"])) - hp_worth(me.hp)
