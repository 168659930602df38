"""The Blastbots cards as typed, validated records read from cards.yaml.

Every fault becomes one located sentence (file, line, key path). Besides the shape of
each entry, what the engine relies on is enforced here: the 22 cards it knows, each in
its own deck with its own option keywords, a number the engine supports for each, and
three decks of exactly 64 cards (RULES-DECISIONS.md, Components).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.core.data import Checker, Doc, PathKey, show

DECKS = ("battle", "discovery", "rocket")
DECK_SIZE = 64
SOURCES = ("rulebook", "design")
ALL = "all"
"""``blocks: all``: the defence stops every attack."""

NUMBERS = (1, 5)
"""The range of an option's number or a card's amount unless ``KNOWN`` narrows it."""
KNOWN: dict[str, tuple[str, tuple[str, ...] | None, tuple[int, int] | None]] = {
    "agent": ("battle", ("steal", "shred"), None),
    "burglebot": ("battle", ("junk", "homecoming"), None),
    "hackerbot": ("battle", ("tokens", "lockout"), None),
    "kaboomer": ("battle", ("launchpad", "atmosphere"), None),
    "mech": ("battle", ("launchpad", "atmosphere"), None),
    "sacrificial_ram": ("battle", ("launchpad", "atmosphere"), None),
    "wrangler": ("battle", ("launchpad", "atmosphere"), None),
    "black_market": ("discovery", None, (1, 5)),
    "go_phish_bot": ("discovery", None, (1, 3)),
    "junk_r_bot": ("discovery", ("cut", "trash"), None),
    "khaos_magnet": ("discovery", ("closer", "away", "pull"), None),
    "magic_missile_mod": ("discovery", None, (2, 2)),
    "ol_switcheroo": ("discovery", None, None),
    "quantum_fabricator": ("discovery", None, (1, 1)),
    "reallocator": ("discovery", None, None),
    "some_assembly_required": ("discovery", None, (1, 3)),
    "teleporter": ("discovery", ("launchpad", "atmosphere"), None),
    "zombitron_collider": ("discovery", None, (1, 5)),
    "one_rocket": ("rocket", None, (1, 5)),
    "two_rockets": ("rocket", None, (1, 5)),
    "three_rockets": ("rocket", None, (1, 5)),
    "grim_retriever": ("rocket", None, (1, 1)),
}
"""Every card the engine plays, by id: its deck, its option keywords (None: a card
without options) and, for a card without options, the range of its amount (None: it
has no number). Magic Missile Mod attacks exactly twice and Grim Retriever and Quantum
Fabricator move exactly one of a kind: the engine is written for those numbers."""


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card (all its copies alike)."""

    index: int
    id: str
    name: str
    deck: int
    copies: int
    options: tuple[str, ...]
    """Its option keywords; ``("",)`` for a card played without one."""
    amounts: tuple[int, ...]
    """The number of each option (of the card, for ``""``; 0 when it has none)."""
    blocks: frozenset[int]
    """The cards (indices) its defence stops; empty for a card that is not Battle."""
    text: str

    def amount(self, option: str) -> int:
        return self.amounts[self.options.index(option)]


@dataclass(frozen=True, slots=True)
class Catalogue:
    cards: tuple[Card, ...]
    by_id: dict[str, int]
    deck_cards: tuple[tuple[int, ...], ...]
    """Per deck, the card indices of all its copies, in data order."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Tables the rules derive from these cards once (each card's possible plays)."""

    def card_named(self, name: str) -> Card | None:
        """A card by its written name (``"+1 Rocket"``, ``"Ol' Switcheroo"``)."""
        for card in self.cards:
            if card.name == name:
                return card
        return None

    def index(self, card_id: str) -> int:
        return self.by_id[card_id]


def _designed(check: Checker, raw: dict[str, Any], path: PathKey) -> str:
    """Designed items carry a one-line note; rulebook facts need none."""
    source = check.choice(raw.get("source"), (*path, "source"), SOURCES)
    if source == "design":
        note = check.text(raw.get("note"), (*path, "note"))
        if "\n" in note:
            raise check.fail((*path, "note"), "a note is one line")
    elif "note" in raw:
        check.text(raw["note"], (*path, "note"))
    return source


def _number(check: Checker, value: Any, path: PathKey, span: tuple[int, int]) -> int:
    return check.integer(value, path, span[0], span[1])


def _play(check: Checker, raw: Any, path: PathKey,
          card_id: str) -> tuple[tuple[str, ...], tuple[int, ...], Any]:
    """A card's designed play: its options and numbers, and its defence's raw blocks."""
    deck, options, span = KNOWN[card_id]
    allowed = ["source", "note"]
    required = ["source"]
    if options is not None:
        required.append("options")
    elif span is not None:
        required.append("amount")
    if deck == "battle":
        required.append("blocks")
    raw = check.mapping(raw, path, allowed=allowed, required=required)
    if _designed(check, raw, path) != "design":
        raise check.fail((*path, "source"), "what a card does is our design (source: design)")
    if options is None:
        amount = 0 if span is None else _number(check, raw["amount"], (*path, "amount"), span)
        return ("",), (amount,), None
    table = check.mapping(raw["options"], (*path, "options"), allowed=options,
                          required=options)
    amounts = tuple(_number(check, table[o], (*path, "options", o), NUMBERS) for o in options)
    return options, amounts, raw.get("blocks")


def _blocks(check: Checker, raw: Any, path: PathKey, by_id: dict[str, int],
            battle: list[str]) -> frozenset[int]:
    if raw == ALL:
        return frozenset(by_id[b] for b in battle)
    names = check.seq(raw, path)
    if not names:
        raise check.fail(path, "a defence blocks at least one Battle card (or all)")
    out: set[int] = set()
    for i, name in enumerate(names):
        where = (*path, i)
        card_id = check.choice(name, where, battle)
        if by_id[card_id] in out:
            raise check.fail(where, f"{card_id} is listed twice")
        out.add(by_id[card_id])
    return frozenset(out)


def load_catalogue(section: Any, doc: Doc, path: PathKey = ("blastbots",)) -> Catalogue:
    """Validate the blastbots section of cards.yaml and build the catalogue."""
    check = Checker(doc)
    raw = check.mapping(section, path, allowed=(), required=("decks", "cards"))
    decks = check.seq(raw["decks"], (*path, "decks"))
    if decks != list(DECKS):
        raise check.fail((*path, "decks"), f"the decks are {', '.join(DECKS)}, in that order")
    entries = check.seq(raw["cards"], (*path, "cards"))
    ids: list[str] = []
    for i, entry in enumerate(entries):
        where = (*path, "cards", i)
        entry = check.mapping(entry, where, allowed=(), required=(
            "id", "name", "deck", "copies", "source", "play", "text"))
        card_id = check.choice(entry["id"], (*where, "id"), KNOWN)
        if card_id in ids:
            raise check.fail((*where, "id"), f"the card {card_id} is listed twice")
        ids.append(card_id)
    missing = [c for c in KNOWN if c not in ids]
    if missing:
        raise check.fail((*path, "cards"), f"the card {missing[0]} is missing")
    order = sorted(range(len(ids)), key=lambda i: (DECKS.index(KNOWN[ids[i]][0]), i))
    by_id = {ids[i]: k for k, i in enumerate(order)}
    battle = [c for c in ids if KNOWN[c][0] == "battle"]
    cards: list[Card | None] = [None] * len(ids)
    names: set[str] = set()
    totals = dict.fromkeys(DECKS, 0)
    blocks_raw: dict[int, tuple[Any, PathKey]] = {}
    for i, entry in enumerate(entries):
        where = (*path, "cards", i)
        card_id = ids[i]
        deck = check.choice(entry["deck"], (*where, "deck"), DECKS)
        if deck != KNOWN[card_id][0]:
            raise check.fail((*where, "deck"), f"{card_id} is a {KNOWN[card_id][0]} card")
        if _designed(check, entry, where) != "rulebook":
            raise check.fail((*where, "source"), "a card's deck and copies are the "
                                                 "rulebook's (source: rulebook)")
        name = check.text(entry["name"], (*where, "name"))
        if name in names or "\n" in name:
            raise check.fail((*where, "name"), f"the name {show(name)} is used twice"
                             if name in names else "a name is one line")
        names.add(name)
        copies = check.integer(entry["copies"], (*where, "copies"), 1, DECK_SIZE)
        totals[deck] += copies
        options, amounts, blocks = _play(check, entry["play"], (*where, "play"), card_id)
        if deck == "battle":
            blocks_raw[by_id[card_id]] = (blocks, (*where, "play", "blocks"))
        cards[by_id[card_id]] = Card(by_id[card_id], card_id, name, DECKS.index(deck),
                                     copies, options, amounts, frozenset(),
                                     check.text(entry["text"], (*where, "text")))
    for deck, total in totals.items():
        if total != DECK_SIZE:
            raise check.fail((*path, "cards"), f"the {deck} deck has {total} cards; "
                                               f"it must have {DECK_SIZE}")
    done: list[Card] = []
    for card in cards:
        assert card is not None
        if card.index in blocks_raw:
            value, where = blocks_raw[card.index]
            card = Card(card.index, card.id, card.name, card.deck, card.copies, card.options,
                        card.amounts, _blocks(check, value, where, by_id, battle), card.text)
        done.append(card)
    deck_cards = tuple(tuple(c.index for c in done if c.deck == d for _ in range(c.copies))
                       for d in range(len(DECKS)))
    return Catalogue(tuple(done), by_id, deck_cards)
