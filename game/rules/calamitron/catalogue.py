"""The Calamitron components as typed, validated records read from cards.yaml.

Every fault becomes one located sentence (file, line, key path). Besides each entry's
shape, what the engine relies on is enforced: the eleven instruction faces, the three
Retros, the eight Rogues with specials the engine knows, a 24-card Calamity deck whose
designed cards name effects the engine plays, and ten Upgrades (RULES-DECISIONS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.calamitron.board import Board, spiral
from game.rules.calamitron.geometry import FACINGS, Square, parse_square
from game.rules.core.data import Checker, Doc, PathKey, show

SOURCES = ("rulebook", "design")
CLASSES = ("basic", "loader", "shooter", "hacker")
INSTRUCTIONS = ("L", "R", "M1", "M2", "M3", "B2", "U", "shove", "tractor", "forcer",
                "program")
RETROS = ("treadbot", "shotbot", "nanobot")
ROGUES = ("servobot", "rambot", "laserbot", "flamebot", "visebot", "progbot", "bossbot",
          "minionbot")
SPECIALS = ("none", "ram", "laser", "flame", "vise", "herd")
FIXED_CARDS = ("catastrophe", "surplus-N", "surplus-E", "surplus-S", "surplus-W", "quiet")
EFFECTS = ("retros-stand", "rogues-stun", "rogue-steps-down", "program-up", "rogues-about",
           "rogues-turn", "rogues-stand", "retros-stun", "program-down", "rogue-steps-up",
           "retros-turn")
LASTING = ("rogue-steps-down", "program-up", "program-down", "rogue-steps-up")
"""The effects that work in the next round rather than at once."""
MOODS = ("helpful", "neutral", "harmful")
UPGRADE_EFFECTS = ("memory", "loader", "shooter", "hacker", "hardened", "long-link",
                   "nimble", "reverse", "range", "steady")
DECK_SIZE = 24


@dataclass(frozen=True, slots=True)
class RogueType:
    id: str
    name: str
    steps: int
    turns: str
    """``L`` or ``R``: the way it turns when blocked."""
    special: str
    ordinary: bool
    """One of the six dealt types (not the Bossbot or Minionbot)."""
    text: str


@dataclass(frozen=True, slots=True)
class Calamity:
    id: str
    name: str
    copies: int
    effect: str
    """The engine's effect for a designed card; ``""`` for the rulebook's cards."""
    lasting: bool
    text: str


@dataclass(frozen=True, slots=True)
class Upgrade:
    id: str
    name: str
    effect: str
    text: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    board: Board
    starts: tuple[tuple[Square, str], ...]
    """Rogue starts in placing order: square and facing."""
    crates: tuple[Square, ...]
    sides: dict[int, tuple[str, ...]]
    figures: int
    placed: int
    program: int
    stunned_runs: int
    classes: dict[str, str]
    """Instruction face -> its class."""
    limits: dict[str, dict[str, int]]
    """Retro type -> class -> how many of that class it may take (basic unlimited)."""
    rogues: dict[str, RogueType]
    calamities: tuple[Calamity, ...]
    upgrades: tuple[Upgrade, ...]

    @property
    def ordinary(self) -> tuple[str, ...]:
        return tuple(r for r in ROGUES if self.rogues[r].ordinary)

    def deck(self) -> list[str]:
        """Every Calamity card id, each copy once, in data order."""
        return [c.id for c in self.calamities for _ in range(c.copies)]

    def calamity(self, card: str) -> Calamity:
        return next(c for c in self.calamities if c.id == card)

    def upgrade_effect(self, card: str) -> str:
        return next(u.effect for u in self.upgrades if u.id == card)


def _designed(check: Checker, raw: dict[str, Any], path: PathKey) -> None:
    """Designed items carry a one-line note; rulebook facts need none."""
    source = check.choice(raw.get("source"), (*path, "source"), SOURCES)
    if source == "design" or "note" in raw:
        note = check.text(raw.get("note"), (*path, "note"))
        if "\n" in note:
            raise check.fail((*path, "note"), "a note is one line")


def _ids(check: Checker, items: list[Any], path: PathKey, known: tuple[str, ...],
         noun: str) -> None:
    """Each id known, none twice, none missing."""
    seen: list[str] = []
    for i, raw in enumerate(items):
        item = check.choice(raw.get("id"), (*path, i, "id"), known)
        if item in seen:
            raise check.fail((*path, i, "id"), f"the {noun} {show(item)} is listed twice")
        seen.append(item)
    missing = [k for k in known if k not in seen]
    if missing:
        raise check.fail(path, f"the {noun} {show(missing[0])} is missing")


def _square(check: Checker, value: Any, path: PathKey, size: int) -> Square:
    text = check.text(value, path)
    square = parse_square(text)
    if square is None or not (1 <= square[0] <= size and 1 <= square[1] <= size):
        raise check.fail(path, f"expected a square \"r,c\" from 1 to {size}, found {show(text)}")
    return square


def _edge(check: Checker, value: Any, path: PathKey, size: int) -> tuple[Square, str]:
    text = check.text(value, path)
    parts = text.split(" ")
    if len(parts) != 2 or parts[1] not in FACINGS:
        raise check.fail(path, f"expected a square and a side (\"r,c N\"), found {show(text)}")
    return _square(check, parts[0], path, size), parts[1]


def _tile_list(check: Checker, raw: dict[str, Any], key: str, path: PathKey) -> list[Any]:
    return check.seq(raw.get(key, []), (*path, key))


def _board(check: Checker, raw: Any, path: PathKey) -> tuple[Board, tuple[tuple[Square, str], ...],
                                                              tuple[Square, ...]]:
    raw = check.mapping(raw, path, allowed=("id", "name", "size", "source", "note", "tile"),
                        required=("id", "name", "size", "source", "tile"))
    check.choice(raw["id"], (*path, "id"), ("deadly-spiral",))
    check.text(raw["name"], (*path, "name"))
    size = check.integer(raw["size"], (*path, "size"), 12, 12)
    _designed(check, raw, path)
    tpath = (*path, "tile")
    tile = check.mapping(raw["tile"], tpath, allowed=("doors", "pits", "crates", "walls",
                                                      "starts"),
                         required=("doors", "pits", "starts"))
    half = size // 2
    doors = [_edge(check, v, (*tpath, "doors", i), half)
             for i, v in enumerate(_tile_list(check, tile, "doors", tpath))]
    for i, ((r, c), side) in enumerate(doors):
        if not ((side == "N" and r == 1) or (side == "W" and c == 1)):
            raise check.fail((*tpath, "doors", i), "a door lies on the board's outer edge "
                                                   "(the tile's N or W edge)")
    walls = [_edge(check, v, (*tpath, "walls", i), half)
             for i, v in enumerate(_tile_list(check, tile, "walls", tpath))]
    pits = [_square(check, v, (*tpath, "pits", i), half)
            for i, v in enumerate(_tile_list(check, tile, "pits", tpath))]
    crates = [_square(check, v, (*tpath, "crates", i), half)
              for i, v in enumerate(_tile_list(check, tile, "crates", tpath))]
    starts = [_edge(check, v, (*tpath, "starts", i), half)
              for i, v in enumerate(_tile_list(check, tile, "starts", tpath))]
    taken: dict[Square, str] = {}
    for what, squares in (("pit", pits), ("crate", crates), ("start", [s for s, _ in starts])):
        for i, square in enumerate(squares):
            if square in taken:
                raise check.fail((*tpath, what + "s", i),
                                 f"the square is both a {taken[square]} and a {what}")
            taken[square] = what
    board, placed_starts, placed_crates = spiral(size, doors, walls, pits, crates, starts)
    return board, placed_starts, placed_crates


def _instructions(check: Checker, raw: Any, path: PathKey) -> dict[str, str]:
    items = check.seq(raw, path)
    for i, item in enumerate(items):
        check.mapping(item, (*path, i), allowed=("id", "name", "class", "source", "note"),
                      required=("id", "name", "class", "source"))
    _ids(check, items, path, INSTRUCTIONS, "instruction")
    out = {}
    for i, item in enumerate(items):
        check.text(item["name"], (*path, i, "name"))
        _designed(check, item, (*path, i))
        out[item["id"]] = check.choice(item["class"], (*path, i, "class"), CLASSES)
    return out


def _retros(check: Checker, raw: Any, path: PathKey, program: int) -> dict[str, dict[str, int]]:
    items = check.seq(raw, path)
    for i, item in enumerate(items):
        check.mapping(item, (*path, i), allowed=("id", "name", "limits", "source", "note",
                                                 "text"),
                      required=("id", "name", "limits", "source", "text"))
    _ids(check, items, path, RETROS, "Retro")
    out = {}
    for i, item in enumerate(items):
        check.text(item["name"], (*path, i, "name"))
        check.text(item["text"], (*path, i, "text"))
        _designed(check, item, (*path, i))
        lpath = (*path, i, "limits")
        limits = check.mapping(item["limits"], lpath, required=CLASSES[1:])
        out[item["id"]] = {k: check.integer(limits[k], (*lpath, k), 0, program)
                           for k in CLASSES[1:]}
    return out


def _rogues(check: Checker, raw: Any, path: PathKey) -> dict[str, RogueType]:
    items = check.seq(raw, path)
    keys = ("id", "name", "steps", "turns", "special", "ordinary", "source", "text")
    for i, item in enumerate(items):
        check.mapping(item, (*path, i), allowed=(*keys, "note"), required=keys)
    _ids(check, items, path, ROGUES, "Rogue")
    out = {}
    for i, item in enumerate(items):
        at = (*path, i)
        _designed(check, item, at)
        ordinary = check.boolean(item["ordinary"], (*at, "ordinary"))
        if ordinary != (item["id"] not in ("bossbot", "minionbot")):
            raise check.fail((*at, "ordinary"), "only the Bossbot and Minionbot are not "
                                                "ordinary Rogues")
        out[item["id"]] = RogueType(
            item["id"], check.text(item["name"], (*at, "name")),
            check.integer(item["steps"], (*at, "steps"), 1, 9),
            check.choice(item["turns"], (*at, "turns"), ("L", "R")),
            check.choice(item["special"], (*at, "special"), SPECIALS),
            ordinary, check.text(item["text"], (*at, "text")))
    return out


def _calamities(check: Checker, raw: Any, path: PathKey) -> tuple[Calamity, ...]:
    items = check.seq(raw, path)
    out: list[Calamity] = []
    used: set[str] = set()
    for i, item in enumerate(items):
        at = (*path, i)
        check.mapping(item, at, allowed=("id", "name", "copies", "effect", "lasting", "mood",
                                         "source", "note", "text"),
                      required=("id", "name", "copies", "source", "text"))
        card = check.text(item["id"], (*at, "id"))
        if card in {c.id for c in out}:
            raise check.fail((*at, "id"), f"the card {show(card)} is listed twice")
        _designed(check, item, at)
        copies = check.integer(item["copies"], (*at, "copies"), 1, DECK_SIZE)
        effect = ""
        lasting = False
        if card not in FIXED_CARDS:
            for key in ("effect", "lasting", "mood"):
                if key not in item:
                    raise check.fail(at, f"a designed Calamity needs {show(key)}")
            effect = check.choice(item["effect"], (*at, "effect"), EFFECTS)
            if effect in used:
                raise check.fail((*at, "effect"), f"two cards share the effect {show(effect)}")
            used.add(effect)
            lasting = check.boolean(item["lasting"], (*at, "lasting"))
            if lasting != (effect in LASTING):
                raise check.fail((*at, "lasting"), f"the {effect} effect is "
                                 + ("" if not lasting else "not ") + "lasting")
            check.choice(item["mood"], (*at, "mood"), MOODS)
        else:
            for key in ("effect", "lasting", "mood"):
                if key in item:
                    raise check.fail((*at, key), f"the rulebook card {show(card)} has no {key}")
        out.append(Calamity(card, check.text(item["name"], (*at, "name")), copies, effect,
                            lasting, check.text(item["text"], (*at, "text"))))
    ids = [c.id for c in out]
    for card in FIXED_CARDS:
        if card not in ids:
            raise check.fail(path, f"the card {show(card)} is missing")
    total = sum(c.copies for c in out)
    if total != DECK_SIZE:
        raise check.fail(path, f"the Calamity deck holds {DECK_SIZE} cards, found {total}")
    return tuple(out)


def _upgrades(check: Checker, raw: Any, path: PathKey) -> tuple[Upgrade, ...]:
    items = check.seq(raw, path, length=10)
    out: list[Upgrade] = []
    for i, item in enumerate(items):
        at = (*path, i)
        check.mapping(item, at, allowed=("id", "name", "effect", "source", "note", "text"),
                      required=("id", "name", "effect", "source", "text"))
        card = check.text(item["id"], (*at, "id"))
        effect = check.choice(item["effect"], (*at, "effect"), UPGRADE_EFFECTS)
        if card in {u.id for u in out} or effect in {u.effect for u in out}:
            raise check.fail(at, f"the Upgrade {show(card)} or its effect is listed twice")
        _designed(check, item, at)
        out.append(Upgrade(card, check.text(item["name"], (*at, "name")), effect,
                           check.text(item["text"], (*at, "text"))))
    for card, effect in (("extra-memory", "memory"), ("spare-loader", "loader")):
        if (card, effect) not in {(u.id, u.effect) for u in out}:
            raise check.fail(path, f"the rulebook's Upgrade {show(card)} ({effect}) is missing")
    return tuple(out)


def _sides(check: Checker, raw: Any, path: PathKey) -> dict[int, tuple[str, ...]]:
    raw = check.mapping(raw, path)
    out = {}
    for n in (1, 2, 3, 4):
        if n not in raw:
            raise check.fail(path, f"the sides of {n} seats are missing")
        sides = check.seq(raw[n], (*path, str(n)), length=n)
        out[n] = tuple(check.choice(s, (*path, str(n), i), FACINGS) for i, s in enumerate(sides))
        if len(set(out[n])) != n:
            raise check.fail((*path, str(n)), "two seats share a side")
    if len(raw) != 4:
        raise check.fail(path, "sides are given for 1 to 4 seats only")
    return out


def load_catalogue(section: Any, doc: Doc, path: PathKey) -> Catalogue:
    check = Checker(doc)
    keys = ("figures", "placed", "program", "stunned_runs", "sides", "board", "instructions",
            "retros", "rogues", "calamities", "upgrades")
    raw = check.mapping(section, path, allowed=keys, required=keys)
    figures = check.integer(raw["figures"], (*path, "figures"), 1, 9)
    placed = check.integer(raw["placed"], (*path, "placed"), 1, figures)
    program = check.integer(raw["program"], (*path, "program"), 1, 9)
    board, starts, crates = _board(check, raw["board"], (*path, "board"))
    rogues = _rogues(check, raw["rogues"], (*path, "rogues"))
    if len(starts) < 2 + 4 * placed:
        raise check.fail((*path, "board"), f"the board has {len(starts)} starts; four seats "
                                           f"and the Bossbot and Minionbot need {2 + 4 * placed}")
    return Catalogue(
        board=board, starts=starts, crates=crates,
        sides=_sides(check, raw["sides"], (*path, "sides")),
        figures=figures, placed=placed, program=program,
        stunned_runs=check.integer(raw["stunned_runs"], (*path, "stunned_runs"), 1, program),
        classes=_instructions(check, raw["instructions"], (*path, "instructions")),
        limits=_retros(check, raw["retros"], (*path, "retros"), program),
        rogues=rogues,
        calamities=_calamities(check, raw["calamities"], (*path, "calamities")),
        upgrades=_upgrades(check, raw["upgrades"], (*path, "upgrades")))
