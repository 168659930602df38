"""An attack, in the rulebook's six steps: target chosen and Twin Blasters/Chainsaws
spent (the ``Attack`` move), "whenever you attack" abilities in the attacker's order,
the target's Force Field, damage (halved, the chest's block, the broken cap), then a
Rocket Punch. Each step waits in the queue so choices can come between them."""

from __future__ import annotations

from game.rules.coal_heart.catalogue import Part
from game.rules.coal_heart.events import Note, Struck
from game.rules.coal_heart.state import Attacking, State
from game.rules.coal_heart.table import (
    attack_value,
    deal,
    draw,
    give_cube,
    heal,
    order_matters,
    parts_with,
)
from game.rules.coal_heart.vocabulary import COLOURS, OPTIONAL

FIGHT_PERK = 2
TWIN_BLASTERS = 2


def start(state: State, attacker: int, target: int, gear: tuple[str, ...],
          bonus: int = 0) -> None:
    mine = state.seats[attacker]
    for card in gear:
        mine.gear.remove(card)
        state.discard.append(card)
    perk = FIGHT_PERK if state.hex == "fight" and attacker == state.active else 0
    state.attack = Attacking(attacker, target, attack_value(state, attacker) + perk,
                             bonus + TWIN_BLASTERS * gear.count("twin_blasters"),
                             gear.count("chainsaw"), ())
    state.log.append(Note("attack", attacker, f"{target} {' '.join(gear)}".strip()))
    state.queue[0:0] = [("step3",), ("step4",), ("step5",), ("step6",)]


def remaining(state: State) -> list[tuple[str, Part]]:
    attack = state.attack
    assert attack is not None
    return [(s, p) for s, p in parts_with(state, attack.attacker, "attack")
            if s not in attack.done]


def choices(state: State, seat: int, part: Part) -> list[str]:
    """The answers an attack ability allows now (``""`` declines a "you may")."""
    mine = state.seats[seat]
    if part.effect == "discard_twin":
        return ["", "yes"] if "twin_blasters" in state.discard else [""]
    if part.effect == "return_for_damage":
        return [""] + [c for i, c in enumerate(COLOURS) if mine.cubes[i]]
    if part.effect == "spend_gear_for_damage":
        return ["", *sorted(set(mine.gear))]
    return [""]


def step3(state: State) -> None:
    """Resolve the attacker's abilities: on its own when none is optional and their
    order cannot matter (``table.order_matters``), else the attacker picks the next."""
    left = remaining(state)
    if not left:
        return
    attack = state.attack
    assert attack is not None
    state.queue.insert(0, ("step3",))
    if any(p.effect in OPTIONAL for _, p in left) or order_matters([p for _, p in left]):
        state.pending.append(("trigger", attack.attacker))
        return
    slot, part = left[0]
    resolve_ability(state, slot, part, "")


def resolve_ability(state: State, slot: str, part: Part, choice: str) -> None:
    attack = state.attack
    assert attack is not None
    seat = attack.attacker
    mine = state.seats[seat]
    attack.done = (*attack.done, slot)
    effect = part.effect
    if effect == "add_damage":
        attack.add += part.amount
    elif effect == "damage_per_gear":
        attack.add += min(3, len(mine.gear))
    elif effect == "gain_cube":
        draw(state, seat, part.amount)
    elif effect == "gain_hp":
        heal(state, seat, part.amount, "ability")
    elif effect == "discard_twin" and choice:
        state.discard.remove("twin_blasters")
        mine.gear.append("twin_blasters")
        mine.gear.sort()
    elif effect == "return_for_damage" and choice:
        colour = COLOURS.index(choice)
        mine.cubes[colour] -= 1
        state.supply[colour] += 1
        attack.add += part.amount
    elif effect == "spend_gear_for_damage" and choice:
        mine.gear.remove(choice)
        state.discard.append(choice)
        attack.add += part.amount


def total(state: State) -> int:
    attack = state.attack
    assert attack is not None
    return (attack.base + attack.add) * 2 ** attack.chainsaws


def step4(state: State) -> None:
    attack = state.attack
    assert attack is not None
    if total(state) > 0 and "force_field" in state.seats[attack.target].gear:
        state.pending.append(("shield", attack.target))


def shield(state: State, use: bool) -> None:
    attack = state.attack
    assert attack is not None
    if use:
        state.seats[attack.target].gear.remove("force_field")
        state.discard.append("force_field")
        attack.halved = True


def step5(state: State) -> None:
    attack = state.attack
    assert attack is not None
    damage = total(state)
    if attack.halved:
        damage //= 2
    chest = [p for _, p in parts_with(state, attack.target, "passive")
             if p.effect == "block_small"]
    if chest and damage <= chest[0].amount:
        damage = 0
    dealt = deal(state, attack.attacker, {attack.target: damage}, "attack")
    state.log.append(Struck(attack.attacker, attack.target, dealt[attack.target]))
    state.last_damage = dealt[attack.target]


def step6(state: State) -> None:
    attack = state.attack
    assert attack is not None
    state.attack = None
    if ("rocket_punch" in state.seats[attack.attacker].gear
            and sum(state.seats[attack.target].cubes)):
        state.pending.append(("punch", attack.attacker, attack.target))


def punch(state: State, seat: int, target: int, colour: str) -> None:
    """Rocket Punch: a cube of the attacker's choice from the robot it attacked; it
    fires the attacker's ``steal`` abilities."""
    mine = state.seats[seat]
    mine.gear.remove("rocket_punch")
    state.discard.append("rocket_punch")
    index = COLOURS.index(colour)
    state.seats[target].cubes[index] -= 1
    state.queue.insert(0, ("fire", seat, "steal"))
    give_cube(state, seat, index, str(target))
