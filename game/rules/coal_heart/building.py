"""Building a part: what each part may cost this Turn (the Upgrade perk's discount,
a discount part, HP payments, a trade for shoulders and legs) and paying it.

A ``Build`` names one token per cube of the cost: the colour (paid), ``-`` (left
unpaid), ``hp`` (paid with HP) or another colour (traded). Upgrade aids built this
Turn do nothing yet; a broken robot builds one part a Turn and pays no HP; nobody pays
HP down to 0.
"""

from __future__ import annotations

from itertools import product

from game.rules.coal_heart.actions import Build
from game.rules.coal_heart.catalogue import Part
from game.rules.coal_heart.events import Hp, Note
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import effect_of, finish, working
from game.rules.coal_heart.vocabulary import COLOURS, SLOTS

SKIP, HP = "-", "hp"
HP_PER_PART = 4
"""``pay_hp N``: N HP for a cube, at most 4 HP on one part (two cubes at 2, one at 3)."""
TRADE_SLOTS = ("l_shoulder", "r_shoulder", "l_leg", "r_leg")


def may_build(state: State, seat: int) -> bool:
    mine = state.seats[seat]
    return not state.welded and not (mine.broken and state.built_now)


def aids(state: State, seat: int) -> tuple[int, bool, int, Part | None]:
    """Discounts open to the next build (perk and chest), whether the chest's is one
    of them, the HP a cube costs (0: none) and the trade part."""
    chest = (effect_of(state, seat, "discount", fresh_too=False) is not None
             and not state.built_now)
    perk = seat == state.active and not state.perk_used
    hp_part = effect_of(state, seat, "pay_hp", fresh_too=False)
    hp = hp_part.amount if hp_part is not None and not state.seats[seat].broken else 0
    return chest + perk, chest, hp, effect_of(state, seat, "trade", fresh_too=False)


def options(state: State, seat: int) -> list[Build]:
    if not may_build(state, seat):
        return []
    mine = state.seats[seat]
    discounts, _, hp, trade = aids(state, seat)
    out = []
    for slot in SLOTS:
        if slot in mine.built:
            continue
        cost = state.cat.part(mine.parts[slot], slot).cost
        choices = []
        for colour in cost:
            tokens = [colour]
            if discounts:
                tokens.append(SKIP)
            if hp:
                tokens.append(HP)
            if trade is not None and slot in TRADE_SLOTS:
                tokens += [c for c in COLOURS if c != colour]
            choices.append(tokens)
        for pay in product(*choices):
            if fits(state, seat, cost, pay, discounts, hp):
                out.append(Build(seat, slot, pay))
    return out


def fits(state: State, seat: int, cost: tuple[str, ...], pay: tuple[str, ...],
         discounts: int, hp: int) -> bool:
    mine = state.seats[seat]
    if pay.count(SKIP) > discounts:
        return False
    hp_paid = pay.count(HP) * hp
    if hp_paid > HP_PER_PART or (hp_paid and mine.hp - hp_paid < 1):
        return False
    if sum(1 for c, p in zip(cost, pay, strict=True) if p in COLOURS and p != c) > 1:
        return False
    need = [0, 0, 0, 0]
    for token in pay:
        if token in COLOURS:
            need[COLOURS.index(token)] += 1
    return all(mine.cubes[i] >= need[i] for i in range(4))


def build(state: State, seat: int, slot: str, pay: tuple[str, ...]) -> None:
    """Pay (cubes to the Supply, HP, discounts used) and build."""
    mine = state.seats[seat]
    _, chest, hp, _ = aids(state, seat)
    for token in pay:
        if token in COLOURS:
            mine.cubes[COLOURS.index(token)] -= 1
            state.supply[COLOURS.index(token)] += 1
    if HP in pay:
        paid = pay.count(HP) * hp
        mine.hp -= paid
        state.log.append(Hp(seat, -paid, mine.hp, "paid"))
    if pay.count(SKIP) > int(chest):
        state.perk_used = True
    place(state, seat, slot)


def place(state: State, seat: int, slot: str) -> None:
    """The part goes on; the eleventh wins at once; a NOW ability resolves."""
    mine = state.seats[seat]
    mine.built = [s for s in SLOTS if s in mine.built or s == slot]
    state.built_now.append(slot)
    state.log.append(Note("built", seat, slot))
    if len(mine.built) == len(SLOTS):
        finish(state, (seat,))
        return
    part = working(state, seat, slot)
    if part is not None and part.trigger == "now":
        state.queue.insert(0, ("effect", seat, slot))
