"""The moves every rule is made of: cubes drawn, HP gained, damage dealt (with the
broken cap), the Heart taken, the Gear row refilled, and the win check after each
effect. Abilities, fights and building all go through these, so each rule lives once.
"""

from __future__ import annotations

from game.rules.coal_heart.catalogue import Part
from game.rules.coal_heart.events import Cubes, Hp, Note, Reshuffled
from game.rules.coal_heart.state import DRAFT, OVER, PICK, Item, State
from game.rules.coal_heart.vocabulary import ABILITY_SLOTS, COLOURS, SLOTS

BROKEN_CAP = 3
BAG = "bag"
"""The source of a cube drawn at random from the Supply (its colour is redacted: the
draw order is secret, the cube itself shows on the mat)."""
MAX_HP = 20


def working(state: State, seat: int, slot: str) -> Part | None:
    """The part in ``slot`` if it is built and its ability counts (a plain seat's
    designed abilities are off)."""
    mine = state.seats[seat]
    if slot not in mine.built or (mine.plain and slot in ABILITY_SLOTS):
        return None
    return state.cat.part(mine.parts[slot], slot)


def parts_with(state: State, seat: int, trigger: str) -> list[tuple[str, Part]]:
    """The seat's working parts on ``trigger``, in slot order."""
    out = []
    for slot in SLOTS:
        part = working(state, seat, slot)
        if part is not None and part.trigger == trigger:
            out.append((slot, part))
    return out


def effect_of(state: State, seat: int, effect: str,
              fresh_too: bool = True) -> Part | None:
    """The seat's first working part with this (passive) effect; ``fresh_too=False``
    skips parts built this Turn (Upgrade aids wait a Turn)."""
    for slot in SLOTS:
        part = working(state, seat, slot)
        if part is not None and part.effect == effect and (
                fresh_too or slot not in state.built_now or seat != state.turn_seat):
            return part
    return None


def attack_value(state: State, seat: int) -> int:
    return sum(p.amount for s in SLOTS if (p := working(state, seat, s)) is not None
               and p.effect == "attack_bonus")


def fire(state: State, seat: int, *triggers: str) -> None:
    """Queue the seat's abilities on these triggers (one moment) to resolve next."""
    slots = tuple(slot for slot in SLOTS if (part := working(state, seat, slot)) is not None
                  and part.trigger in triggers)
    state.queue[0:0] = in_order(state, seat, slots)


def order_matters(parts: list[Part]) -> bool:
    """Whether abilities that trigger together need their owner to order them: two or
    more that are not all the same effect and amount (the same ability twice leaves
    the same table whichever goes first)."""
    return len({(p.effect, p.amount) for p in parts}) > 1


def in_order(state: State, seat: int, slots: tuple[str, ...]) -> list[Item]:
    """The steps that resolve these abilities of one seat, triggered together: the
    owner's ordering question when their order can matter, else each in slot order."""
    parts = [state.cat.part(state.seats[seat].parts[s], s) for s in slots]
    if order_matters(parts):
        return [("order", seat, slots)]
    return [("effect", seat, slot) for slot in slots]


def give_cube(state: State, seat: int, colour: int, source: str) -> None:
    """A cube reaches a seat; any source but the Quarry fires ``gain_cube``."""
    state.seats[seat].cubes[colour] += 1
    state.gained[seat] += 1
    state.log.append(Cubes(source, str(seat), COLOURS[colour]))
    if source != "quarry":
        fire(state, seat, "gain_cube")


def out_of_bag(state: State) -> int:
    """One cube at random from the (non-empty) Supply, each cube equally likely: its
    colour, already taken out."""
    assert state.rng is not None
    pick = state.rng.below(sum(state.supply))
    colour = 0
    while pick >= state.supply[colour]:
        pick -= state.supply[colour]
        colour += 1
    state.supply[colour] -= 1
    return colour


def draw(state: State, seat: int, count: int) -> None:
    """``count`` random cubes from the Supply (fewer if it runs out)."""
    for _ in range(count):
        total = sum(state.supply)
        if total == 0 or state.rng is None:
            return
        colour = out_of_bag(state)
        give_cube(state, seat, colour, BAG)


def heal(state: State, seat: int, amount: int, why: str) -> None:
    """Gain HP (none while broken, none past 20); the gain triggers fire regardless."""
    mine = state.seats[seat]
    before = mine.hp
    if not mine.broken:
        mine.hp = min(MAX_HP, mine.hp + amount)
    state.log.append(Hp(seat, mine.hp - before, mine.hp, why))
    fire(state, seat, "gain_hp")


def recover(state: State, seat: int, hp: int) -> None:
    """A broken holder of the Heart comes back at ``hp``; that counts as a gain."""
    mine = state.seats[seat]
    mine.hp = hp
    state.log.append(Hp(seat, hp, hp, "recovered"))
    fire(state, seat, "gain_hp")


def deal(state: State, source: int, amounts: dict[int, int], why: str) -> dict[int, int]:
    """Damage several robots at once. A broken source deals each other robot at most 3
    per Phase in all; HP stops at 0. Returns what each target was dealt (after the cap,
    before the floor)."""
    dealt: dict[int, int] = {}
    broken = state.seats[source].broken
    for target, amount in amounts.items():
        if broken and target != source:
            room = max(0, BROKEN_CAP - state.capped[source][target])
            amount = min(amount, room)
            state.capped[source][target] += amount
        dealt[target] = amount
    for target, amount in dealt.items():
        seat = state.seats[target]
        before = seat.hp
        seat.hp = max(0, seat.hp - amount)
        state.log.append(Hp(target, seat.hp - before, seat.hp, why))
    total = sum(a for t, a in dealt.items() if t != source)
    state.dealt[source] += total
    if state.dealt[source] >= 4 and not state.dealt4[source]:
        state.dealt4[source] = True
        fire(state, source, "dealt_4")
    return dealt


def take_heart(state: State, seat: int) -> None:
    """Take the Coal Heart and resolve its Spark."""
    state.heart = seat
    state.log.append(Note("heart", seat, "taken"))
    heal(state, seat, state.cat.heart["spark"], "spark")


def refill_row(state: State) -> None:
    """Fill the Gear row to players+2, reshuffling the discard pile into the deck only
    when a card must be drawn from an empty deck."""
    while len(state.row) < state.n + 2:
        if not state.deck:
            if not state.discard or state.rng is None:
                return
            state.deck = sorted(state.discard)
            state.discard = []
            state.rng.shuffle(state.deck)
            state.log.append(Reshuffled(len(state.deck), tuple(state.deck)))
        state.row.append(state.deck.pop(0))


def refill_quarry(state: State) -> None:
    """Top the Quarry up to players+2 with random Supply cubes."""
    while sum(state.quarry) < state.n + 2 and sum(state.supply) and state.rng is not None:
        state.quarry[out_of_bag(state)] += 1


def broken_set(state: State) -> frozenset[int]:
    return frozenset(i for i, s in enumerate(state.seats) if s.broken)


def check_wins(state: State, before: frozenset[int]) -> None:
    """After an effect: one robot left standing wins; none left, the robots this effect
    broke with the most built parts share the win."""
    if state.stage in (OVER, PICK, DRAFT):
        return
    standing = [i for i, s in enumerate(state.seats) if not s.broken]
    if len(standing) == 1:
        finish(state, (standing[0],))
    elif not standing:
        fresh = [i for i in range(state.n) if i not in before] or list(range(state.n))
        most = max(len(state.seats[i].built) for i in fresh)
        finish(state, tuple(i for i in fresh if len(state.seats[i].built) == most))


def finish(state: State, winners: tuple[int, ...]) -> None:
    state.winners = winners
    state.stage = OVER
    state.pending.clear()
    state.queue.clear()
    state.attack = None
    for seat in winners:
        state.log.append(Note("won", seat, ""))
