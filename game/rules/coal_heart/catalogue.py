"""The coal_heart section of cards.yaml as typed, validated records.

Every fault becomes one located sentence (file, line, key path). Besides each entry's
shape the loader holds the data to what the rules rely on: six robots with eleven
parts each, costs by RULES-DECISIONS.md's formula, abilities only in the closed
vocabulary (``vocabulary.py``), the 32 Gear cards split 2 x 4 Deluxe and 6 x 4
regular, the six hexes and the Heart's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.coal_heart.vocabulary import (
    COLOURS,
    DELUXE,
    EFFECTS,
    GEAR,
    HEXES,
    SLOTS,
    TRIGGERS,
)
from game.rules.core.data import Checker, Doc, PathKey, show

SOURCES = ("rulebook", "design")
ROBOTS = ("lord_reforge", "extractor_esquire", "professor_syphon", "the_executioner",
          "gizmo_guru", "dr_constructor")
GEAR_COPIES = {g: 2 if g in DELUXE else 6 for g in GEAR}
HEART_KEYS = ("spark", "overload_others", "overload_self", "mend", "recover")


def formula_cost(home: tuple[str, str], slot: str) -> tuple[str, ...]:
    """A part's cost by the decisions' formula: H1 H2 are the home colours, O1 O2 the
    other two in the order S P C G."""
    h1, h2 = home
    o1, o2 = (c for c in COLOURS if c not in home)
    return {"head": (h1, h2, o1), "chest": (o1, o2), "core": (h1, h2, o2),
            "l_shoulder": (h1, o2), "r_shoulder": (h2, o1), "l_arm": (h1, o1),
            "r_arm": (h2, o2), "l_leg": (h1, h2), "r_leg": (h1, h2), "l_foot": (h1,),
            "r_foot": (h2,)}[slot]


@dataclass(frozen=True, slots=True)
class Part:
    robot: str
    slot: str
    cost: tuple[str, ...]
    trigger: str
    effect: str
    amount: int
    text: str


@dataclass(frozen=True, slots=True)
class Robot:
    id: str
    name: str
    home: tuple[str, str]
    parts: dict[str, Part]


@dataclass(frozen=True, slots=True)
class Gear:
    id: str
    name: str
    deluxe: bool
    copies: int
    text: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    cubes: int
    hp: int
    robots: dict[str, Robot]
    gear: dict[str, Gear]
    hexes: dict[str, int]
    """Each hex with its copies (the second Scavenge serves six players only)."""
    hex_text: dict[str, str]
    heart: dict[str, int]
    demo_hp: int
    demo_parts: dict[str, tuple[str, ...]]

    def part(self, robot: str, slot: str) -> Part:
        return self.robots[robot].parts[slot]

    def deck(self) -> list[str]:
        """Every Gear card, in data order (the deck before its shuffle)."""
        return [g.id for g in self.gear.values() for _ in range(g.copies)]


def _source(check: Checker, raw: dict[str, Any], path: PathKey) -> str:
    """Designed items carry a one-line note; rulebook facts may have one."""
    source = check.choice(raw.get("source"), (*path, "source"), SOURCES)
    if source == "design" or "note" in raw:
        note = check.text(raw.get("note"), (*path, "note"))
        if "\n" in note:
            raise check.fail((*path, "note"), "a note is one line")
    return source


def _part(check: Checker, raw: Any, path: PathKey, robot: str,
          home: tuple[str, str], slot: str) -> Part:
    raw = check.mapping(raw, path, allowed=("note",), required=(
        "cost", "trigger", "effect", "amount", "source", "text"))
    _source(check, raw, path)
    cost = tuple(check.choice(c, (*path, "cost", i), COLOURS)
                 for i, c in enumerate(check.seq(raw["cost"], (*path, "cost"))))
    if cost != formula_cost(home, slot):
        raise check.fail((*path, "cost"), f"the formula gives {' '.join(formula_cost(home, slot))}"
                                          f" for this slot, not {' '.join(cost) or 'nothing'}")
    trigger = check.choice(raw["trigger"], (*path, "trigger"), TRIGGERS)
    effect = check.choice(raw["effect"], (*path, "effect"), EFFECTS)
    triggers, (low, high) = EFFECTS[effect]
    if trigger not in triggers:
        raise check.fail((*path, "trigger"), f"{effect} cannot hang on {trigger} "
                                             f"(only {', '.join(triggers)})")
    amount = check.integer(raw["amount"], (*path, "amount"), low, high)
    fixed = {"l_arm": "attack_bonus", "r_arm": "attack_bonus", "l_foot": "attack_bonus",
             "r_foot": "attack_bonus", "core": "deluxe_access"}
    if slot in fixed and effect != fixed[slot]:
        raise check.fail((*path, "effect"), f"a {slot} part has {fixed[slot]}, nothing else")
    text = check.text(raw["text"], (*path, "text"))
    return Part(robot, slot, cost, trigger, effect, amount, text)


def _robots(check: Checker, raw: Any, path: PathKey) -> dict[str, Robot]:
    entries = check.seq(raw, path, len(ROBOTS))
    robots: dict[str, Robot] = {}
    pairs: set[frozenset[str]] = set()
    for i, entry in enumerate(entries):
        where = (*path, i)
        entry = check.mapping(entry, where, allowed=("note",), required=(
            "id", "name", "colour", "home", "source", "parts"))
        rid = check.choice(entry["id"], (*where, "id"), ROBOTS)
        if rid in robots:
            raise check.fail((*where, "id"), f"the robot {rid} is listed twice")
        _source(check, entry, where)
        home_raw = check.seq(entry["home"], (*where, "home"), 2)
        home = (check.choice(home_raw[0], (*where, "home", 0), COLOURS),
                check.choice(home_raw[1], (*where, "home", 1), COLOURS))
        if home[0] == home[1] or frozenset(home) in pairs:
            raise check.fail((*where, "home"), "each robot has its own pair of two colours")
        pairs.add(frozenset(home))
        parts_raw = check.mapping(entry["parts"], (*where, "parts"), allowed=(),
                                  required=SLOTS)
        parts = {s: _part(check, parts_raw[s], (*where, "parts", s), rid, home, s)
                 for s in SLOTS}
        robots[rid] = Robot(rid, check.text(entry["name"], (*where, "name")), home, parts)
        check.text(entry["colour"], (*where, "colour"))
    return {r: robots[r] for r in ROBOTS}


def _gear(check: Checker, raw: Any, path: PathKey) -> dict[str, Gear]:
    gear: dict[str, Gear] = {}
    for i, entry in enumerate(check.seq(raw, path, len(GEAR))):
        where = (*path, i)
        entry = check.mapping(entry, where, allowed=("note",), required=(
            "id", "name", "kind", "copies", "timing", "source", "text"))
        gid = check.choice(entry["id"], (*where, "id"), GEAR)
        if gid in gear:
            raise check.fail((*where, "id"), f"the Gear card {gid} is listed twice")
        _source(check, entry, where)
        kind = check.choice(entry["kind"], (*where, "kind"), ("deluxe", "regular"))
        if (kind == "deluxe") != (gid in DELUXE):
            want = "Deluxe" if gid in DELUXE else "regular"
            raise check.fail((*where, "kind"), f"{gid} is {want} Gear by RULES-DECISIONS.md")
        copies = check.integer(entry["copies"], (*where, "copies"), 1, 32)
        if copies != GEAR_COPIES[gid]:
            raise check.fail((*where, "copies"), f"there are {GEAR_COPIES[gid]} {gid} cards")
        check.text(entry["timing"], (*where, "timing"))
        gear[gid] = Gear(gid, check.text(entry["name"], (*where, "name")), kind == "deluxe",
                         copies, check.text(entry["text"], (*where, "text")))
    return {g: gear[g] for g in GEAR}


def _hexes(check: Checker, raw: Any, path: PathKey) -> tuple[dict[str, int], dict[str, str]]:
    copies: dict[str, int] = {}
    text: dict[str, str] = {}
    for i, entry in enumerate(check.seq(raw, path, len(HEXES))):
        where = (*path, i)
        entry = check.mapping(entry, where, allowed=("note",), required=(
            "id", "name", "copies", "source", "text"))
        hid = check.choice(entry["id"], (*where, "id"), HEXES)
        if hid in copies:
            raise check.fail((*where, "id"), f"the hex {hid} is listed twice")
        _source(check, entry, where)
        want = 2 if hid == "scavenge" else 1
        copies[hid] = check.integer(entry["copies"], (*where, "copies"), want, want)
        check.text(entry["name"], (*where, "name"))
        text[hid] = check.text(entry["text"], (*where, "text"))
    return {h: copies[h] for h in HEXES}, text


def load_catalogue(section: Any, doc: Doc, path: PathKey = ("coal_heart",)) -> Catalogue:
    """Validate the coal_heart section of cards.yaml and build the catalogue."""
    check = Checker(doc)
    raw = check.mapping(section, path, allowed=(), required=(
        "colours", "cubes_per_colour", "hp", "robots", "gear_mix", "gear", "hexes", "heart",
        "demo"))
    if check.seq(raw["colours"], (*path, "colours")) != list(COLOURS):
        raise check.fail((*path, "colours"), f"the colours are {', '.join(COLOURS)}, in that order")
    cubes = check.integer(raw["cubes_per_colour"], (*path, "cubes_per_colour"), 15, 15)
    hp = check.integer(raw["hp"], (*path, "hp"), 20, 20)
    robots = _robots(check, raw["robots"], (*path, "robots"))
    mix = check.mapping(raw["gear_mix"], (*path, "gear_mix"), allowed=(), required=(
        "source", "note"))
    if _source(check, mix, (*path, "gear_mix")) != "design":
        raise check.fail((*path, "gear_mix", "source"), "the Gear split is our design")
    gear = _gear(check, raw["gear"], (*path, "gear"))
    hexes, hex_text = _hexes(check, raw["hexes"], (*path, "hexes"))
    heart_raw = check.mapping(raw["heart"], (*path, "heart"), allowed=("note",),
                              required=(*HEART_KEYS, "source"))
    if _source(check, heart_raw, (*path, "heart")) != "design":
        raise check.fail((*path, "heart", "source"), "the Heart's abilities are our design")
    heart = {k: check.integer(heart_raw[k], (*path, "heart", k), 1, 10) for k in HEART_KEYS}
    demo = check.mapping(raw["demo"], (*path, "demo"), allowed=("note",), required=(
        "hp", "source", "parts"))
    _source(check, demo, (*path, "demo"))
    demo_hp = check.integer(demo["hp"], (*path, "demo", "hp"), 1, hp)
    table = check.mapping(demo["parts"], (*path, "demo", "parts"), allowed=(), required=ROBOTS)
    demo_parts: dict[str, tuple[str, ...]] = {}
    for rid in ROBOTS:
        where = (*path, "demo", "parts", rid)
        slots = tuple(check.choice(s, (*where, i), SLOTS)
                      for i, s in enumerate(check.seq(table[rid], where, 4)))
        if len(set(slots)) != 4:
            raise check.fail(where, f"a slot is listed twice: {show(list(slots))}")
        demo_parts[rid] = slots
    return Catalogue(cubes, hp, robots, gear, hexes, hex_text, heart, demo_hp, demo_parts)
