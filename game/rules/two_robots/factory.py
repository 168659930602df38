"""A Factory's Stacks: which Energy each may take, where a Part may go, robots.

The Energy assignment is a matching problem: each Stack's candidates are the Energies
all its cards share, and a Factory is legal when the Stacks can take pairwise different
Energies from their candidates. Nothing is stored; it is worked out from the cards, so
removing Parts can reopen a Stack. With at most five Stacks and five Energies the
answers are cached (boundedly) per tuple of candidate masks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from game.rules.two_robots.catalogue import BODY_PARTS, ENERGIES, Catalogue
from game.rules.two_robots.state import Player

ROBOT = (1 << len(BODY_PARTS)) - 1
"""Body-part bits of a complete Active Robot."""
ALL_ENERGIES = (1 << len(ENERGIES)) - 1
PARTS = len(BODY_PARTS)
"""Cards a Stack needs at least to be a complete robot."""
CACHE = 1 << 16
"""Factories remembered: bounded, so a long simulation does not grow without end."""


def candidates(cat: Catalogue, stacks: list[list[int]]) -> tuple[int, ...]:
    """Each Stack's candidate Energies as a bit mask."""
    energies = cat.energy_bits
    out = []
    for stack in stacks:
        mask = ALL_ENERGIES
        for c in stack:
            mask &= energies[c]
        out.append(mask)
    return tuple(out)


def possible(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Per Stack, the Energies it takes in some legal assignment; None when there is
    none (the Factory would be illegal)."""
    return assignments(masks)[0]


@lru_cache(maxsize=CACHE)
def assignments(masks: tuple[int, ...]) -> tuple[tuple[int, ...] | None, int]:
    """``possible(masks)``, and the Energies some legal assignment leaves unused (a
    new Stack may take exactly those: 0 when there is no legal assignment)."""
    seen = [0] * len(masks)
    found = False
    spare = 0

    def walk(i: int, used: int, chosen: list[int]) -> None:
        nonlocal found, spare
        if i == len(masks):
            found = True
            spare |= ALL_ENERGIES & ~used
            for k, bit in enumerate(chosen):
                seen[k] |= bit
            return
        free = masks[i] & ~used
        while free:
            bit = free & -free
            free ^= bit
            chosen.append(bit)
            walk(i + 1, used | bit, chosen)
            chosen.pop()

    if len(masks) > len(ENERGIES):
        return None, 0
    walk(0, 0, [])
    return (tuple(seen), spare) if found else (None, 0)


def shown(cat: Catalogue, stacks: list[list[int]]) -> list[str]:
    """What each Stack shows: its Energy letter when every legal assignment gives it
    the same one, else "?"."""
    able = possible(candidates(cat, stacks)) or (0,) * len(stacks)
    out = []
    for mask in able:
        out.append(ENERGIES[mask.bit_length() - 1] if mask and mask & (mask - 1) == 0
                   else "?")
    return out


def places(cat: Catalogue, player: Player, card: int) -> list[int]:
    """Every Stack number a Part may go on in ``player``'s Factory; len(stacks) = new."""
    return list(placer(cat, player)(card))


def placer(cat: Catalogue, player: Player) -> Callable[[int], tuple[int, ...]]:
    """``places`` for many cards into one Factory: its Stacks are worked out once, and
    the answer once per Energy signature (a listing asks for many cards, few kinds).

    A Part joins Stack i exactly when some legal assignment gives Stack i an Energy of
    the Part, and starts a new Stack exactly when some legal assignment leaves one of
    its Energies unused, so one assignment search (``assignments``) serves them all."""
    masks = candidates(cat, player.stacks)
    found = assignments(masks)
    unfrozen = tuple(i for i, ice in enumerate(player.ice) if ice < 0)
    energy_bits = cat.energy_bits
    known = _known(masks, unfrozen)

    def fit(card: int) -> tuple[int, ...]:
        energies = energy_bits[card]
        got = known.get(energies)
        if got is None:
            got = known[energies] = _places(masks, found, unfrozen, energies)
        return got

    return fit


@lru_cache(maxsize=CACHE)
def _known(masks: tuple[int, ...], unfrozen: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """The places ``placer`` has found so far per Energy signature, for a Factory of
    these candidate masks and unfrozen Stacks: they depend on nothing else, and most
    decisions list the same Factory as the one before, so the answers are kept (the
    dict is filled by ``placer`` as signatures are asked for)."""
    return {}


def _places(masks: tuple[int, ...], found: tuple[tuple[int, ...] | None, int],
            stacks: Iterable[int], energies: int) -> tuple[int, ...]:
    able, spare = found
    if able is None:
        return ()
    out = [i for i in stacks if able[i] & energies]
    if spare & energies:
        out.append(len(masks))
    return tuple(out)


def body(cat: Catalogue, stack: list[int]) -> int:
    """The body parts a Stack holds, as bits (ROBOT when complete)."""
    bits = 0
    part_bits = cat.part_bits
    for c in stack:
        bits |= part_bits[c]
    return bits


def robots(cat: Catalogue, player: Player) -> int:
    """Complete Active Robots, frozen ones included."""
    count = 0
    for stack in player.stacks:
        if len(stack) >= PARTS and body(cat, stack) == ROBOT:
            count += 1
    return count


def two_robots(cat: Catalogue, player: Player) -> bool:
    """Whether ``player`` is in with two complete robots: the win ``engine`` tests for
    every seat after every action. Most Factories have fewer than two Stacks tall
    enough to be robots, so those are passed over before any body part is read."""
    if player.out:
        return False
    tall = 0
    for stack in player.stacks:
        if len(stack) >= PARTS:
            tall += 1
    return tall >= 2 and robots(cat, player) >= 2


def can_deploy(cat: Catalogue, player: Player) -> bool:
    return any(player.ice[i] < 0 and body(cat, s) == ROBOT
               for i, s in enumerate(player.stacks))


def sacrificable(player: Player) -> list[int]:
    """Parts in unfrozen Stacks: the only ones that can pay for an Event."""
    return [c for i, s in enumerate(player.stacks) if player.ice[i] < 0 for c in s]


def put(player: Player, card: int, stack: int) -> None:
    """Build ``card`` onto Stack ``stack`` (len(stacks) starts a new one); legality was
    checked by the caller."""
    if stack == len(player.stacks):
        player.stacks.append([card])
        player.ice.append(-1)
    else:
        player.stacks[stack].append(card)


def remove(player: Player, card: int, discard: list[int], keep: bool = False) -> None:
    """Take a Part out of the Factory, to ``discard`` unless the caller ``keep``s it. A
    Stack left empty vanishes and its Ice Blast goes to the discard pile."""
    for i, stack in enumerate(player.stacks):
        if card in stack:
            stack.remove(card)
            if not keep:
                discard.append(card)
            if not stack:
                del player.stacks[i]
                ice = player.ice.pop(i)
                if ice >= 0:
                    discard.append(ice)
            return
    raise ValueError(f"card {card} is not in seat {player.seat}'s Factory")
