"""The Goblins, Inc. components as typed, validated records read from cards.yaml.

Every check here turns a fault into one located sentence (file, line, key path), so
a bad card file never reaches the rules engine. The component counts are facts of the
published game and are enforced; the designs of the tiles, blueprints and tactics mix
are ours and live in the data file with a note each.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.rules.core.data import Checker, Doc, PathKey, show
from game.rules.goblins.controls import MAX_DICE
from game.rules.goblins.geometry import (
    COCKPIT,
    EDGE_NAMES,
    edges_mask,
    parse_edges,
    parse_square,
    rotate_mask,
)

KINDS = ("weapon", "armor", "engine", "decoration")
TILE_COUNTS = {"weapon": 33, "armor": 9, "engine": 9, "decoration": 9}
PREMIUM_COUNTS = {"weapon": 9, "armor": 3, "engine": 3, "decoration": 3}
ABILITIES = ("nitro", "sabotage", "emergency", "dynamite", "homing", "duct_tape", "crane")
PRE_ROLL = frozenset({"sabotage", "duct_tape", "crane"})
"""Abilities used before the dice are rolled."""
POST_ROLL = frozenset({"nitro", "emergency", "homing"})
"""Abilities that change rolled dice. Dynamite is neither: it is chosen with the hit order."""
AGENDA_TYPES = ("defensive", "destructive", "betting")
SOURCES = ("own_robot", "enemy_robot", "enemy_scrapyard")
COUNTS = ("tiles", "tokens", "goblins", "empty_squares", "sets")
AREAS = ("all", "ring4", "ring8")
RESULTS = ("won", "lost")


@dataclass(frozen=True, slots=True)
class TileDef:
    """A construction tile as printed, plus its metal, arrows and plates per rotation."""

    index: int
    id: str
    kind: str
    premium: bool
    metal: int
    arrows: tuple[int, ...]
    plates: tuple[int, ...]
    engines: int
    note: str
    rot_metal: tuple[int, int, int, int]
    rot_arrows: tuple[tuple[int, ...], ...]
    rot_plates: tuple[tuple[int, ...], ...]


def make_tile(index: int, tile_id: str, kind: str, premium: bool, metal: int,
              arrows: tuple[int, ...] = (), plates: tuple[int, ...] = (),
              engines: int = 0, note: str = "") -> TileDef:
    """Build a tile with its rotation tables precomputed."""
    return TileDef(
        index, tile_id, kind, premium, metal, arrows, plates, engines, note,
        tuple(rotate_mask(metal, q) for q in range(4)),  # type: ignore[arg-type]
        tuple(tuple((a + q) & 3 for a in arrows) for q in range(4)),
        tuple(tuple((p + q) & 3 for p in plates) for q in range(4)),
    )


COCKPIT_TILE = make_tile(-1, "cockpit", "cockpit", False, 0b1111, engines=1,
                         note="Metal on every edge, one engine, never destroyed.")


@dataclass(frozen=True, slots=True)
class Blueprint:
    index: int
    id: str
    name: str
    forbidden: tuple[int, ...]
    note: str


@dataclass(frozen=True, slots=True)
class TacticsCard:
    index: int
    id: str
    name: str
    abilities: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Agenda:
    """A hidden agenda's scoring as data: count something, score ``points`` per ``every``."""

    index: int
    id: str
    name: str
    type: str
    text: str
    points: int
    every: int = 1
    source: str = ""
    count: str = ""
    kind: str | None = None
    premium: bool | None = None
    area: str = "all"
    sets: tuple[str, ...] = ()
    bet: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class TeamCard:
    index: int
    id: str
    name: str
    sides: tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Catalogue:
    tiles: tuple[TileDef, ...]
    blueprints: tuple[Blueprint, ...]
    tactics: tuple[TacticsCard, ...]
    agendas: tuple[Agenda, ...]
    team_cards: tuple[TeamCard, ...]
    defense_tokens: int

    def agenda_named(self, name: str) -> Agenda | None:
        key = name.strip().lower().replace(" ", "").replace("_", "")
        for agenda in self.agendas:
            if key in (agenda.id.replace("_", ""), agenda.name.lower().replace(" ", "")):
                return agenda
            if any(key == side.lower() for side, _ in agenda.bet):
                return agenda
        return None


def _tile(check: Checker, raw: Any, path: PathKey, index: int) -> TileDef:
    raw = check.mapping(raw, path, allowed=("premium", "arrows", "plates", "engines", "note"),
                        required=("id", "kind", "metal"))
    tile_id = check.text(raw["id"], (*path, "id"))
    kind = check.choice(raw["kind"], (*path, "kind"), KINDS)
    premium = check.boolean(raw.get("premium", False), (*path, "premium"))
    metal_edges = parse_edges(raw["metal"])
    if metal_edges is None or len(set(metal_edges)) != len(metal_edges):
        raise check.fail((*path, "metal"), "metal must be distinct edge letters from NESW")
    metal = edges_mask(metal_edges)
    note = check.text(raw.get("note", ""), (*path, "note"), allow_empty=True)
    want = 2 if premium else 1
    arrows: tuple[int, ...] = ()
    plates: tuple[int, ...] = ()
    engines = 0
    for key, owner in (("arrows", "weapon"), ("plates", "armor"), ("engines", "engine")):
        if key in raw and kind != owner:
            raise check.fail((*path, key), f"only {owner} tiles have {key}")
    if kind == "weapon":
        if "arrows" not in raw:
            raise check.fail(path, "a weapon tile needs arrows")
        parsed = parse_edges(raw["arrows"])
        if parsed is None or len(parsed) != want:
            raise check.fail((*path, "arrows"),
                             f"a {'premium' if premium else 'standard'} weapon has {want} "
                             f"arrow{'s' if want > 1 else ''} (letters from {EDGE_NAMES})")
        arrows = parsed
    elif kind == "armor":
        if "plates" not in raw:
            raise check.fail(path, "an armor tile needs plates")
        parsed = parse_edges(raw["plates"])
        if parsed is None or len(parsed) != want:
            raise check.fail((*path, "plates"),
                             f"a {'premium' if premium else 'standard'} armor tile has {want} "
                             f"plate{'s' if want > 1 else ''} (letters from {EDGE_NAMES})")
        plates = parsed
    elif kind == "engine":
        engines = check.integer(raw.get("engines", want), (*path, "engines"), want, want)
    elif metal != 0b1111:
        raise check.fail((*path, "metal"), "decoration tiles have metal on all four edges")
    return make_tile(index, tile_id, kind, premium, metal, arrows, plates, engines, note)


def _agenda(check: Checker, raw: Any, path: PathKey, index: int) -> Agenda:
    raw = check.mapping(
        raw, path,
        allowed=("every", "source", "count", "kind", "premium", "area", "sets", "bet"),
        required=("id", "name", "type", "text", "points"),
    )
    agenda_id = check.text(raw["id"], (*path, "id"))
    name = check.text(raw["name"], (*path, "name"))
    kind_of = check.choice(raw["type"], (*path, "type"), AGENDA_TYPES)
    text = check.text(raw["text"], (*path, "text"))
    points = check.integer(raw["points"], (*path, "points"), 0, 50)
    if kind_of == "betting":
        for key in ("source", "count", "kind", "premium", "area", "sets", "every"):
            if key in raw:
                raise check.fail((*path, key), f"a betting agenda has no {key}")
        bet_raw = check.mapping(raw.get("bet"), (*path, "bet"))
        if len(bet_raw) != 2:
            raise check.fail((*path, "bet"), "a betting agenda has exactly two sides")
        bet = tuple((check.text(side, (*path, "bet")),
                     check.choice(result, (*path, "bet", str(side)), RESULTS))
                    for side, result in bet_raw.items())
        if {result for _, result in bet} != set(RESULTS):
            raise check.fail((*path, "bet"), "one side must bet on won and the other on lost")
        return Agenda(index, agenda_id, name, kind_of, text, points, bet=bet)
    if "bet" in raw:
        raise check.fail((*path, "bet"), "only betting agendas have sides")
    for key in ("source", "count"):
        if key not in raw:
            raise check.fail(path, f"the key {key!r} is missing")
    source = check.choice(raw["source"], (*path, "source"), SOURCES)
    count = check.choice(raw["count"], (*path, "count"), COUNTS)
    expected_source = "own_robot" if kind_of == "defensive" else None
    if expected_source and source != expected_source:
        raise check.fail((*path, "source"), "a defensive agenda counts the own robot")
    if kind_of == "destructive" and source == "own_robot":
        raise check.fail((*path, "source"), "a destructive agenda counts the enemy's losses")
    every = check.integer(raw.get("every", 1), (*path, "every"), 1, 20)
    kind = check.choice(raw["kind"], (*path, "kind"), KINDS) if "kind" in raw else None
    premium = check.boolean(raw["premium"], (*path, "premium")) if "premium" in raw else None
    area = check.choice(raw.get("area", "all"), (*path, "area"), AREAS)
    if area != "all" and source == "enemy_scrapyard":
        raise check.fail((*path, "area"), "a scrapyard has no area around a cockpit")
    if count in ("tokens", "goblins") and (kind is not None or premium is not None):
        raise check.fail(path, f"counting {count} takes no tile filter")
    if count == "empty_squares" and source == "enemy_scrapyard":
        raise check.fail((*path, "count"), "empty squares are counted on a robot")
    if count == "goblins" and source != "enemy_scrapyard":
        raise check.fail((*path, "count"), "goblins are counted in the enemy's scrapyard")
    if source == "enemy_robot" and count != "empty_squares":
        raise check.fail((*path, "count"), "on the enemy robot only empty squares are counted")
    sets: tuple[str, ...] = ()
    if count == "sets":
        raw_sets = check.seq(raw.get("sets"), (*path, "sets"))
        sets = tuple(check.choice(k, (*path, "sets", i), KINDS) for i, k in enumerate(raw_sets))
        if len(set(sets)) != len(sets) or len(sets) < 2:
            raise check.fail((*path, "sets"), "a set needs two or more different tile kinds")
        for key in ("kind", "premium", "every"):
            if key in raw:
                raise check.fail((*path, key), f"a set count takes no {key}")
    elif "sets" in raw:
        raise check.fail((*path, "sets"), "sets go with count: sets")
    return Agenda(index, agenda_id, name, kind_of, text, points, every, source, count,
                  kind, premium, area, sets)


def _unique(check: Checker, items: list[Any], path: PathKey, key: str) -> None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        value = getattr(item, key)
        if value in seen:
            raise check.fail((*path, i, key), f"the {key} {show(value)} is used twice")
        seen.add(value)


def load_catalogue(section: Any, doc: Doc, path: PathKey = ("goblins",)) -> Catalogue:
    """Validate the goblins section of cards.yaml and build the catalogue."""
    check = Checker(doc)
    raw = check.mapping(section, path, allowed=(), required=(
        "defense_tokens", "dice", "team_cards", "blueprints", "tactics", "agendas", "tiles"))
    tokens = check.integer(raw["defense_tokens"], (*path, "defense_tokens"), 0, 100)
    dice = check.mapping(raw["dice"], (*path, "dice"), allowed=(),
                         required=("per_team", "faces"))
    check.integer(dice["per_team"], (*path, "dice", "per_team"), MAX_DICE, MAX_DICE)
    faces = check.seq(dice["faces"], (*path, "dice", "faces"))
    if faces != [1, 2, 3, 4, 5, "blank"]:
        raise check.fail((*path, "dice", "faces"), "the combat die shows 1 to 5 and a blank")

    tiles_raw = check.seq(raw["tiles"], (*path, "tiles"))
    tiles = tuple(_tile(check, t, (*path, "tiles", i), i) for i, t in enumerate(tiles_raw))
    _unique(check, list(tiles), (*path, "tiles"), "id")
    kinds = Counter(t.kind for t in tiles)
    premiums = Counter(t.kind for t in tiles if t.premium)
    for kind in KINDS:
        if kinds[kind] != TILE_COUNTS[kind]:
            raise check.fail((*path, "tiles"),
                             f"the game has {TILE_COUNTS[kind]} {kind} tiles, found {kinds[kind]}")
        if premiums[kind] != PREMIUM_COUNTS[kind]:
            raise check.fail((*path, "tiles"), f"the game has {PREMIUM_COUNTS[kind]} premium "
                             f"{kind} tiles, found {premiums[kind]}")

    blueprints_raw = check.seq(raw["blueprints"], (*path, "blueprints"), 7)
    blueprints = []
    for i, b in enumerate(blueprints_raw):
        bpath = (*path, "blueprints", i)
        b = check.mapping(b, bpath, allowed=("note",), required=("id", "name", "forbidden"))
        squares_raw = check.seq(b["forbidden"], (*bpath, "forbidden"), 4)
        squares = []
        for j, text in enumerate(squares_raw):
            sq = parse_square(text)
            if sq is None:
                raise check.fail((*bpath, "forbidden", j), f"{show(text)} is not a square r,c")
            if sq == COCKPIT:
                raise check.fail((*bpath, "forbidden", j), "the cockpit cannot be forbidden")
            if sq in squares:
                raise check.fail((*bpath, "forbidden", j), f"{text} is listed twice")
            squares.append(sq)
        blueprints.append(Blueprint(i, check.text(b["id"], (*bpath, "id")),
                                    check.text(b["name"], (*bpath, "name")), tuple(squares),
                                    check.text(b.get("note", ""), (*bpath, "note"), True)))
    _unique(check, blueprints, (*path, "blueprints"), "id")
    _unique(check, blueprints, (*path, "blueprints"), "name")

    tactics_raw = check.seq(raw["tactics"], (*path, "tactics"), 24)
    tactics = []
    for i, t in enumerate(tactics_raw):
        tpath = (*path, "tactics", i)
        t = check.mapping(t, tpath, allowed=("note",), required=("id", "name", "abilities"))
        abilities = check.seq(t["abilities"], (*tpath, "abilities"))
        names = tuple(check.choice(a, (*tpath, "abilities", j), ABILITIES)
                      for j, a in enumerate(abilities))
        if not 1 <= len(names) <= 2 or len(set(names)) != len(names):
            raise check.fail((*tpath, "abilities"), "a tactics card has one or two abilities")
        tactics.append(TacticsCard(i, check.text(t["id"], (*tpath, "id")),
                                   check.text(t["name"], (*tpath, "name")), names,
                                   check.text(t.get("note", ""), (*tpath, "note"), True)))
    _unique(check, tactics, (*path, "tactics"), "id")

    agendas_raw = check.seq(raw["agendas"], (*path, "agendas"), 21)
    agendas = tuple(_agenda(check, a, (*path, "agendas", i), i)
                    for i, a in enumerate(agendas_raw))
    _unique(check, list(agendas), (*path, "agendas"), "id")
    _unique(check, list(agendas), (*path, "agendas"), "name")

    teams_raw = check.seq(raw["team_cards"], (*path, "team_cards"), 3)
    team_cards = []
    pairings = set()
    for i, t in enumerate(teams_raw):
        tpath = (*path, "team_cards", i)
        t = check.mapping(t, tpath, allowed=(), required=("id", "name", "sides"))
        sides_raw = check.seq(t["sides"], (*tpath, "sides"), 2)
        sides = tuple(
            tuple(check.integer(seat, (*tpath, "sides", j, k), 0, 3)
                  for k, seat in enumerate(check.seq(side, (*tpath, "sides", j), 2)))
            for j, side in enumerate(sides_raw)
        )
        if sorted(sides[0] + sides[1]) != [0, 1, 2, 3]:
            raise check.fail((*tpath, "sides"), "the two sides must seat 0, 1, 2 and 3 once each")
        pairing = frozenset((frozenset(sides[0]), frozenset(sides[1])))
        if pairing in pairings:
            raise check.fail((*tpath, "sides"), "two team cards make the same partners")
        pairings.add(pairing)
        team_cards.append(TeamCard(i, check.text(t["id"], (*tpath, "id")),
                                   check.text(t["name"], (*tpath, "name")), sides))  # type: ignore[arg-type]
    return Catalogue(tiles, tuple(blueprints), tuple(tactics), agendas, tuple(team_cards),
                     tokens)
