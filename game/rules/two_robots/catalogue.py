"""The Two Robots components as typed, validated records read from cards.yaml.

Every fault becomes one located sentence (file, line, key path). Besides the shape of
each entry, the invariants RULES-DECISIONS.md sets for any tuning are enforced here:
100 Action cards (60 Parts, 19 Attack, 21 Defense), one Part per body part per
signature (so 20 per Energy and 15 per body part), gold numbers 1-3, every Attack
answerable by Homing Missiles and none dealing damage, 3 Powers + 2 Reserve each.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from game.rules.core.data import Checker, Doc, PathKey, show

ENERGIES = "CEMNS"
BODY_PARTS = ("HEAD", "TORSO", "ARMS", "LEGS")
SIGNATURES = tuple(ENERGIES) + tuple(a + b for a, b in combinations(ENERGIES, 2))
"""The 15 Energy signatures: 5 Core and 10 Hybrid."""
SALVAGERS = ("samurai", "scavenger", "peacemaker", "guardian", "apocalypse")
"""Every Salvager, in the fixed turn order."""
POWERS = {
    "samurai": ("shogun", "ronin", "bushido"),
    "scavenger": ("salvage", "rebuild", "scrap_run"),
    "peacemaker": ("balance", "truce", "accord"),
    "guardian": ("fortify", "counterstrike", "armory"),
    "apocalypse": ("cold_fusion", "meltdown", "scorched_earth"),
}
"""The Powers the engine knows, by Salvager, in the data's order."""
ABILITIES = {"samurai": "katana", "scavenger": "scrounge", "peacemaker": "sanctuary",
             "guardian": "bulwark", "apocalypse": "overkill"}
ACTION_EFFECTS = {"destroy": "attack", "steal": "attack", "freeze": "attack",
                  "cancel_attack": "defense", "cancel_event": "defense",
                  "unfreeze": "defense", "draw": "defense"}
"""Each effect the engine knows and the kind of card that may carry it."""
ACTION_COUNTS = {"part": 60, "attack": 19, "defense": 21}
ROBOT_EVENTS = ("shots_fired", "weapons_jammed", "scattershot", "precision_strike")
SOURCES = ("rulebook", "design")


def energy_mask(letters: str) -> int:
    """Energies as bits (C=1, E=2, M=4, N=8, S=16): a Stack's candidates are an AND."""
    mask = 0
    for letter in letters:
        mask |= 1 << ENERGIES.index(letter)
    return mask


def mask_letters(mask: int) -> str:
    return "".join(e for i, e in enumerate(ENERGIES) if mask >> i & 1)


@dataclass(frozen=True, slots=True)
class Card:
    """One Action card. Parts have ``part`` and ``energies``; others an ``effect``."""

    index: int
    id: str
    name: str
    kind: str
    text: str
    part: str = ""
    energies: int = 0
    gold: int = 0
    effect: str = ""
    energy: int = 0
    """For a destroy card, the Energy bit it hits."""


@dataclass(frozen=True, slots=True)
class RobotCard:
    id: str
    name: str
    copies: int
    from_players: int
    amount: int
    targets: int
    text: str


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Salvager:
    rank: int
    id: str
    name: str
    ability: str
    ability_name: str
    ability_text: str
    powers: tuple[Power, Power, Power]
    reserve: int


@dataclass(frozen=True, slots=True)
class Catalogue:
    energies: dict[str, str]
    cards: tuple[Card, ...]
    robot_cards: tuple[RobotCard, ...]
    salvagers: tuple[Salvager, ...]
    part_bits: tuple[int, ...] = ()
    """Per card, its body part as a bit (0 for cards that are not Parts)."""
    energy_bits: tuple[int, ...] = ()
    """Per card, ``Card.energies`` (0 for cards that are not Parts): the Factory checks
    read it for every Part on every decision, and a tuple index is the cheapest read."""

    def card_named(self, name: str) -> Card | None:
        """A card by its written name: ``HEAD CE`` (= ``HEAD EC``) or ``Power Surge``.
        For a name several copies share, the first copy."""
        words = name.split()
        if len(words) == 2 and words[0].upper() in BODY_PARTS:
            letters = "".join(sorted(words[1].upper(), key=lambda e: ENERGIES.find(e)))
            key = f"{words[0].upper()} {letters}"
        else:
            key = name.strip().lower()
        for card in self.cards:
            if card.id == key or card.name.lower() == key:
                return card
        return None

    def pile(self, players: int) -> tuple[int, ...]:
        """The Active Robot pile for a table of ``players``: indices into robot_cards."""
        return tuple(i for i, c in enumerate(self.robot_cards) if c.from_players <= players
                     for _ in range(c.copies))


def _designed(check: Checker, raw: dict[str, Any], path: PathKey) -> None:
    """Designed items carry a one-line note; rulebook facts need none."""
    source = check.choice(raw.get("source"), (*path, "source"), SOURCES)
    if source == "design":
        note = check.text(raw.get("note"), (*path, "note"))
        if "\n" in note:
            raise check.fail((*path, "note"), "a note is one line")


def _parts(check: Checker, raw: Any, path: PathKey, names: dict[str, str]) -> list[Card]:
    raw = check.mapping(raw, path, allowed=("source", "note"), required=BODY_PARTS)
    _designed(check, raw, path)
    cards: list[Card] = []
    for part in BODY_PARTS:
        seen: set[str] = set()
        for i, sig in enumerate(check.seq(raw[part], (*path, part))):
            where = (*path, part, i)
            text = check.text(sig, where)
            letters = "".join(sorted(text.upper(), key=lambda e: ENERGIES.find(e)))
            if letters not in SIGNATURES:
                raise check.fail(where, f"{show(sig)} is not one Energy letter or two "
                                        f"different ones from {ENERGIES}")
            if letters in seen:
                raise check.fail(where, f"{part} {letters} is listed twice")
            seen.add(letters)
            cards.append(Card(len(cards), f"{part} {letters}", f"{part} {letters}", "part",
                              f"{part.title()} running on "
                              f"{' or '.join(names[e] for e in letters)} energy.", part=part,
                              energies=energy_mask(letters)))
        if len(seen) != len(SIGNATURES):
            raise check.fail((*path, part), f"{part} needs one card per signature "
                                            f"({len(SIGNATURES)}), found {len(seen)}")
    # Every signature once per body part puts each Energy on 4 x 5 = 20 Parts: no
    # separate count to check.
    return cards


def _actions(check: Checker, raw: Any, path: PathKey, first: int) -> list[Card]:
    cards: list[Card] = []
    ids: set[str] = set()
    for i, entry in enumerate(check.seq(raw, path)):
        where = (*path, i)
        entry = check.mapping(entry, where, allowed=("energy", "note"), required=(
            "id", "name", "kind", "copies", "gold", "effect", "source", "text"))
        _designed(check, entry, where)
        card_id = check.text(entry["id"], (*where, "id"))
        if card_id in ids:
            raise check.fail((*where, "id"), f"the id {show(card_id)} is used twice")
        ids.add(card_id)
        kind = check.choice(entry["kind"], (*where, "kind"), ("attack", "defense"))
        effect = check.choice(entry["effect"], (*where, "effect"), ACTION_EFFECTS)
        if ACTION_EFFECTS[effect] != kind:
            raise check.fail((*where, "effect"), f"{effect} is an effect of "
                                                 f"{ACTION_EFFECTS[effect]} cards")
        energy = 0
        if effect == "destroy":
            energy = energy_mask(check.choice(entry.get("energy"), (*where, "energy"),
                                              ENERGIES))
        elif "energy" in entry:
            raise check.fail((*where, "energy"), "only destroy cards name an Energy")
        copies = check.integer(entry["copies"], (*where, "copies"), 1, 20)
        gold = check.integer(entry["gold"], (*where, "gold"), 1, 3)
        name = check.text(entry["name"], (*where, "name"))
        text = check.text(entry["text"], (*where, "text"))
        for _ in range(copies):
            cards.append(Card(first + len(cards), card_id, name, kind, text, gold=gold,
                              effect=effect, energy=energy))
    counts = Counter(c.kind for c in cards)
    for kind in ("attack", "defense"):
        if counts[kind] != ACTION_COUNTS[kind]:
            raise check.fail(path, f"the deck has {ACTION_COUNTS[kind]} {kind} cards, "
                                   f"found {counts[kind]}")
    effects = {c.effect for c in cards}
    missing = sorted(set(ACTION_EFFECTS) - effects)
    if missing:
        raise check.fail(path, f"no card has the {missing[0]} effect, which the rules need")
    return cards


def _robot_pile(check: Checker, raw: Any, path: PathKey) -> tuple[RobotCard, ...]:
    out = []
    for i, entry in enumerate(check.seq(raw, path)):
        where = (*path, i)
        entry = check.mapping(entry, where, allowed=("note",), required=(
            "id", "name", "copies", "from_players", "effect", "amount", "targets",
            "source", "text"))
        _designed(check, entry, where)
        card_id = check.choice(entry["id"], (*where, "id"), ROBOT_EVENTS)
        if any(c.id == card_id for c in out):
            raise check.fail((*where, "id"), f"{card_id} is listed twice")
        check.choice(entry["effect"], (*where, "effect"), ("damage",))
        out.append(RobotCard(card_id, check.text(entry["name"], (*where, "name")),
                             check.integer(entry["copies"], (*where, "copies"), 1, 6),
                             check.integer(entry["from_players"], (*where, "from_players"),
                                           2, 4),
                             check.integer(entry["amount"], (*where, "amount"), 0, 3),
                             check.integer(entry["targets"], (*where, "targets"), 0, 2),
                             check.text(entry["text"], (*where, "text"))))
    if {c.id for c in out} != set(ROBOT_EVENTS):
        raise check.fail(path, f"the pile needs exactly {', '.join(ROBOT_EVENTS)}")
    return tuple(out)


def _salvagers(check: Checker, raw: Any, path: PathKey) -> tuple[Salvager, ...]:
    entries = check.seq(raw, path, len(SALVAGERS))
    out = []
    for rank, entry in enumerate(entries):
        where = (*path, rank)
        entry = check.mapping(entry, where, allowed=(), required=(
            "id", "name", "ability", "powers", "reserve"))
        sid = check.choice(entry["id"], (*where, "id"), (SALVAGERS[rank],))
        ability = check.mapping(entry["ability"], (*where, "ability"), allowed=("note",),
                                required=("id", "name", "source", "text"))
        _designed(check, ability, (*where, "ability"))
        check.choice(ability["id"], (*where, "ability", "id"), (ABILITIES[sid],))
        powers_raw = check.seq(entry["powers"], (*where, "powers"), 3)
        powers = []
        for j, power in enumerate(powers_raw):
            ppath = (*where, "powers", j)
            power = check.mapping(power, ppath, allowed=("note",),
                                  required=("id", "name", "source", "text"))
            _designed(check, power, ppath)
            pid = check.choice(power["id"], (*ppath, "id"), (POWERS[sid][j],))
            powers.append(Power(pid, check.text(power["name"], (*ppath, "name")),
                                check.text(power["text"], (*ppath, "text"))))
        reserve = check.mapping(entry["reserve"], (*where, "reserve"), allowed=("note",),
                                required=("count", "source"))
        _designed(check, reserve, (*where, "reserve"))
        count = check.integer(reserve["count"], (*where, "reserve", "count"), 2, 2)
        out.append(Salvager(rank, sid, check.text(entry["name"], (*where, "name")),
                            ABILITIES[sid], check.text(ability["name"],
                                                       (*where, "ability", "name")),
                            check.text(ability["text"], (*where, "ability", "text")),
                            (powers[0], powers[1], powers[2]), count))
    return tuple(out)


def load_catalogue(section: Any, doc: Doc, path: PathKey = ("two_robots",)) -> Catalogue:
    """Validate the two_robots section of cards.yaml and build the catalogue."""
    check = Checker(doc)
    raw = check.mapping(section, path, allowed=(), required=(
        "energies", "parts", "actions", "robot_pile", "salvagers"))
    energies = check.mapping(raw["energies"], (*path, "energies"), allowed=(),
                             required=tuple(ENERGIES))
    names = {e: check.text(energies[e], (*path, "energies", e)) for e in ENERGIES}
    parts = _parts(check, raw["parts"], (*path, "parts"), names)
    actions = _actions(check, raw["actions"], (*path, "actions"), len(parts))
    cards = tuple(parts + actions)
    return Catalogue(names, cards,
                     _robot_pile(check, raw["robot_pile"], (*path, "robot_pile")),
                     _salvagers(check, raw["salvagers"], (*path, "salvagers")),
                     tuple(1 << BODY_PARTS.index(c.part) if c.part else 0 for c in cards),
                     tuple(c.energies for c in cards))
