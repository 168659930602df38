"""What things are worth to a seat, in cubes: one more cube of each colour (by the parts
still to build), HP (dearer the lower it runs), a Gear card, and a whole position.

These are the heuristic's only numbers; normal reads them to choose and hard to judge
where its playouts end. They read a state or a view alike and never change it.
"""

from __future__ import annotations

from functools import lru_cache

from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import attack_value, parts_with, working
from game.rules.coal_heart.vocabulary import COLOURS, SLOTS

SPARE = 0.2
"""A cube no unbuilt part needs (it may still pay a trade or feed an ability)."""
PART = 2.5
"""A built part over the cubes it cost: attack, its ability, a step nearer eleven."""
GEAR = {"chainsaw": 2.0, "force_field": 2.0, "sticky_hands": 1.5, "welders_kit": 2.5,
        "twin_blasters": 1.5, "repair_kit": 1.0, "rocket_punch": 1.0, "shovel": 1.2}
"""A Gear card held, before what it does for this seat now (``gear_worth``)."""
BROKEN = 6.0
"""Being broken: no healing, one part a Turn, weak attacks, one step from losing."""
WIN = 100.0


def costs(state: State, seat: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each slot of the seat's robot with its part's cost."""
    mine = state.seats[seat]
    return tuple((s, state.cat.part(r, s).cost) for s, r in mine.parts.items())


def unbuilt(state: State, seat: int) -> list[str]:
    """The seat's empty slots, cheapest first (the order it means to fill them)."""
    return list(_unbuilt(costs(state, seat), tuple(state.seats[seat].built)))


@lru_cache(maxsize=8192)
def _unbuilt(cost: tuple[tuple[str, tuple[str, ...]], ...], built: tuple[str, ...]
             ) -> tuple[str, ...]:
    size = {s: len(c) for s, c in cost}
    todo = [s for s in SLOTS if s not in built and s in size]
    return tuple(sorted(todo, key=lambda s: (size[s], SLOTS.index(s))))


def demand(state: State, seat: int) -> list[float]:
    """Per colour (S P C G), what one more cube is worth: the cubes missing for the
    cheapest unbuilt parts count most, a spare cube little."""
    mine = state.seats[seat]
    return list(_demand(costs(state, seat), tuple(mine.built), tuple(mine.cubes)))


@lru_cache(maxsize=8192)
def _demand(cost: tuple[tuple[str, tuple[str, ...]], ...], built: tuple[str, ...],
            cubes: tuple[int, ...]) -> tuple[float, ...]:
    held = list(cubes)
    want = [SPARE] * 4
    by_slot = dict(cost)
    for rank, slot in enumerate(_unbuilt(cost, built)):
        weight = 1.5 / (1 + 0.2 * rank)
        for colour in by_slot[slot]:
            i = COLOURS.index(colour)
            if held[i]:
                held[i] -= 1
            elif want[i] < weight:
                want[i] = weight
    return tuple(want)


def useful_cubes(state: State, seat: int) -> tuple[int, int]:
    """Cubes the seat holds that some unbuilt part needs, and the rest."""
    mine = state.seats[seat]
    need = [0, 0, 0, 0]
    for slot in unbuilt(state, seat):
        for colour in state.cat.part(mine.parts[slot], slot).cost:
            need[COLOURS.index(colour)] += 1
    useful = sum(min(h, n) for h, n in zip(mine.cubes, need, strict=True))
    return useful, sum(mine.cubes) - useful


def affordable(state: State, seat: int, cubes: list[int] | None = None,
               discounts: int = 0) -> int:
    """How many parts the seat could build with ``cubes`` (its own by default),
    cheapest first, each of ``discounts`` leaving one cube unpaid."""
    mine = state.seats[seat]
    held = list(mine.cubes if cubes is None else cubes)
    count = 0
    for slot in unbuilt(state, seat):
        cost = state.cat.part(mine.parts[slot], slot).cost
        short = [c for c in cost if not _pay(held, c)]
        if len(short) <= discounts:
            discounts -= len(short)
            count += 1
        else:
            for colour in cost:
                if colour not in short:
                    held[COLOURS.index(colour)] += 1
    return count


def _pay(held: list[int], colour: str) -> bool:
    i = COLOURS.index(colour)
    if held[i]:
        held[i] -= 1
        return True
    return False


def hp_worth(hp: int) -> float:
    """HP in cubes: the first points keep a robot standing, the last are spare."""
    if hp <= 0:
        return -BROKEN
    return 0.5 * min(hp, 10) + 0.2 * max(0, hp - 10)


def strike(state: State, seat: int) -> int:
    """The damage the seat's plain attack deals before Gear: attack value plus the
    fixed bonuses of its attack abilities."""
    bonus = sum(p.amount for _, p in parts_with(state, seat, "attack")
                if p.effect in ("add_damage", "return_for_damage"))
    return attack_value(state, seat) + bonus


def standing(state: State, seat: int) -> float:
    """How well placed the seat is, in cubes."""
    mine = state.seats[seat]
    parts = len(mine.built)
    useful, spare = useful_cubes(state, seat)
    value = PART * parts + 0.1 * parts * parts + 1.0 * useful + SPARE * spare
    value += sum(GEAR[g] for g in mine.gear) * 0.6
    value += hp_worth(mine.hp) + 0.3 * attack_value(state, seat)
    if state.heart == seat:
        value += 1.0
    if working(state, seat, "core") is not None:
        value += 0.3
    return value


def position(state: State, seat: int) -> float:
    """The seat's standing against the table's: the leader counts most."""
    if state.winners:
        return WIN / len(state.winners) if seat in state.winners else -WIN
    mine = standing(state, seat)
    others = [standing(state, o) for o in range(state.n) if o != seat]
    return mine - 0.6 * max(others) - 0.4 * sum(others) / len(others)
