"""What each Blastbots card is worth to a bot, as numbers read once per catalogue.

A card's worth is in points of the final margin: what holding it may bring when it is
played later (an attack that wrecks rockets, a rocket built, a card gained), before the
clock says whether there will be a later turn. Rocket cards are not valued here but as
rockets to come (``judge``), since their worth is the Launchpad room and Factory stock
they can use. The numbers were set by ``botyard arena`` duels, not derived.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.blastbots.catalogue import DECKS, Catalogue

HOLD = {
    "agent": 1.3, "burglebot": 1.0, "hackerbot": 0.6, "kaboomer": 0.4, "mech": 0.3,
    "sacrificial_ram": 0.6, "wrangler": 0.6,
    "black_market": 0.6, "go_phish_bot": 0.7, "junk_r_bot": 0.8, "khaos_magnet": 1.0,
    "magic_missile_mod": 1.0, "ol_switcheroo": 0.4, "quantum_fabricator": 1.4,
    "reallocator": 0.3, "some_assembly_required": 0.7, "teleporter": 1.4,
    "zombitron_collider": 1.2, "grim_retriever": 0.8,
}
"""A kept card's worth when another turn to play it is sure (rocket cards: see above;
the cards that wreck rockets mostly count by ``WRECKS``, as attacks to come)."""
WRECKS = {"kaboomer": 2, "mech": 1, "sacrificial_ram": 3, "wrangler": 2}
"""Rockets a Battle card takes off a Launchpad or Atmosphere at most."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Per card index: its deck, hold worth, rockets it builds and rockets it wrecks;
    per deck: the mean of each over its 64 cards."""

    deck: tuple[int, ...]
    hold: tuple[float, ...]
    builds: tuple[int, ...]
    wrecks: tuple[int, ...]
    blocks: tuple[frozenset[int], ...]
    mean_hold: tuple[float, ...]
    mean_builds: tuple[float, ...]
    mean_wrecks: tuple[float, ...]
    ids: tuple[str, ...]
    mech: int
    """The Mech's index: a blocker of the Mech, the commonest attack on rockets, is
    what a seat counts on to keep its rockets."""


_TABLES: dict[int, tuple[Catalogue, Tables]] = {}


def tables(cat: Catalogue) -> Tables:
    """The tables of ``cat``, made once per catalogue."""
    found = _TABLES.get(id(cat))
    if found is not None and found[0] is cat:
        return found[1]
    cards = cat.cards
    builds = tuple(c.amounts[0] if c.id in ("one_rocket", "two_rockets", "three_rockets")
                   else 0 for c in cards)
    hold = tuple(HOLD.get(c.id, 0.0) for c in cards)
    wrecks = tuple(WRECKS.get(c.id, 0) for c in cards)

    def mean(values: tuple[float, ...] | tuple[int, ...], deck: int) -> float:
        members = cat.deck_cards[deck]
        return sum(values[c] for c in members) / len(members)

    made = Tables(tuple(c.deck for c in cards), hold, builds, wrecks,
                  tuple(c.blocks for c in cards),
                  tuple(mean(hold, d) for d in range(len(DECKS))),
                  tuple(mean(builds, d) for d in range(len(DECKS))),
                  tuple(mean(wrecks, d) for d in range(len(DECKS))),
                  tuple(c.id for c in cards), cat.index("mech"))
    _TABLES[id(cat)] = (cat, made)
    return made
