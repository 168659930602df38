"""The fixed facts of the Blastbots board: seat colours, Launch Grid sections, the
Resource Grid's spots and tiers, and turn order.

A spot is written ``section:number`` (``"battle:6"``) in actions and files; the state
keeps it as one small int, ``deck * 16 + number``, so a payout reads a token's deck and
number with a shift and a mask. Nothing here changes a state.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from game.rules.blastbots.catalogue import DECKS

COLOURS = ("blue", "orange", "purple", "red")
"""Seat colours in seat order (RULES-DECISIONS.md, Components)."""
FACTORY, LAUNCHPAD, ATMOSPHERE, SPACE, JUNKYARD = (
    "factory", "launchpad", "atmosphere", "space", "junkyard")
ROCKETS = 25
"""Rockets of each colour."""
START_PAD = 2
PAD_MAX = 5
WIN = 15
"""Rockets in Space (Escape) or in a Junkyard (Destruction) that win at once."""
TOTEM_START = 10
ACTIONS = 5
HAND_LIMIT = 7
DRAW_PER_TOKEN = 2
SURGES = (2, 3, 11, 12)
SEVEN = 7

TIERS = ((6, 8), (5, 9), (4, 10))
"""The numbers of each tier band, T-1 first."""
TOKEN_TIERS = (0, 0, 1, 1, 2)
"""Each player's five tokens, by tier: two T-1, two T-2, one T-3, in that order."""
TIER_TOKENS = ((0, 1), (2, 3), (4,))
"""The token indices of each tier."""


def spot(deck: int, number: int) -> int:
    return deck * 16 + number


def spot_name(code: int) -> str:
    return f"{DECKS[code >> 4]}:{code & 15}"


SPOTS: dict[str, int] = {spot_name(spot(d, n)): spot(d, n)
                         for d in range(len(DECKS)) for tier in TIERS for n in tier}
"""Every spot of the Resource Grid by its written name."""
TIER_OF: dict[int, int] = {spot(d, n): t for d in range(len(DECKS))
                           for t, tier in enumerate(TIERS) for n in tier}
TIER_SPOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(spot(d, n) for d in range(len(DECKS)) for n in tier) for tier in TIERS)
"""The six spots of each tier, in deck order."""
PLACEMENTS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(spot_name(c) for c in pick)
          for pick in combinations_with_replacement(TIER_SPOTS[t], len(TIER_TOKENS[t])))
    for t in range(len(TIERS)))
"""Per tier, every way to place its tokens, as sorted spot names (21, 21 and 6)."""


def turn_order(first: int, n: int, start: int | None = None) -> tuple[int, ...]:
    """The seats in turn order starting from ``start`` (the first player by default)."""
    begin = first if start is None else start
    return tuple((begin + k) % n for k in range(n))
