"""Rule scenarios (../shared/goblins/SCENARIOS.md): small YAML files that set up robots,
ask one rules question and state the answer. Table disputes and rulebook examples
become tests this way.

This module reads the format; ``scenario_play`` asks the engine. Two kinds of trouble
are kept apart:

- a file that breaks the format (unknown key, bad square, a robot that is not
  defined, more dice than a team owns) is a DataError with file, line and key path,
  and ``botyard scenario`` exits 2;
- a well-formed question the engine will not play (Dynamite with five dice, Duct Tape
  on armor, a result these robots cannot reach) is a FAIL line that names the
  engine's reason. The format says what a scenario may write, not what the rules
  allow, and the expected answer was not reached, so it is a failed scenario.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.core.data import Checker, Doc, PathKey, read_yaml_file
from game.rules.core.outcome import Outcome
from game.rules.goblins import scenario_play as play
from game.rules.goblins.catalogue import KINDS, Agenda, Catalogue, make_tile
from game.rules.goblins.combat import BLANK
from game.rules.goblins.controls import MAX_DICE
from game.rules.goblins.geometry import (
    COCKPIT,
    EDGE_NAMES,
    SIDES,
    edges_mask,
    parse_edges,
    parse_square,
)
from game.rules.goblins.scenario_play import RobotSpec, Scrapyard

GAME = "goblins"
"""The ``game:`` a scenario file may name (botyard scenario picks the reader by it)."""
CHECKS = ("structure", "controls", "tactics", "hits", "score")
SLOTS = ("left", "middle", "right")
FULL_MAPPINGS = frozenset({"tokens"})
"""Expected mappings whose unlisted keys mean zero; other mappings compare listed keys."""


def run_file(path: str | Path, catalogue: Catalogue | None = None) -> Outcome:
    """Run one scenario file against ``catalogue`` (the bundled one when None); DataError
    if it cannot be read or breaks the format."""
    from game.rules.core.registry import bundled_catalogue

    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue or bundled_catalogue(GAME))


def run(data: Any, doc: Doc, catalogue: Catalogue) -> Outcome:
    """Read the whole file first (format faults are DataErrors), then let the engine answer."""
    check = Checker(doc)
    data = check.mapping(data, (), allowed=("game", "robots", "expect"),
                         required=("name", "check"))
    if data.get("game", GAME) != GAME:
        raise check.fail(("game",), f"this reader runs {GAME} scenarios only")
    name = check.text(data["name"], ("name",))
    spec = check.mapping(data["check"], ("check",))
    kinds = [k for k in CHECKS if k in spec]
    if len(kinds) != 1:
        raise check.fail(("check",), "name exactly one check: " + ", ".join(CHECKS))
    kind = kinds[0]
    robots_raw = check.mapping(data.get("robots", {}), ("robots",))
    robots = {str(label): _robot(check, raw, ("robots", str(label)))
              for label, raw in robots_raw.items()}
    expect = check.mapping(data.get("expect", {}), ("expect",))
    keys, ask = READERS[kind](check, spec, robots, catalogue)
    check.mapping(expect, ("expect",), allowed=keys)
    try:
        got = ask()
    except play.Refused as refused:
        return Outcome(name, (str(refused),))
    differences = []
    for key, wanted in expect.items():
        if not _same(wanted, got[key], full=key in FULL_MAPPINGS):
            differences.append(f"{key} expected {_show(wanted)}, got {_show(got[key])}")
    return Outcome(name, tuple(differences))


# -- robots ------------------------------------------------------------------------------
def _robot(check: Checker, raw: Any, path: PathKey) -> RobotSpec:
    raw = check.mapping(raw, path, allowed=("front", "goblins", "tiles"))
    front = raw.get("front", "N")
    if front not in tuple(EDGE_NAMES):
        raise check.fail((*path, "front"), "front is one of N, E, S, W")
    goblins = check.mapping(raw.get("goblins", {}), (*path, "goblins"),
                            allowed=("pilot", "tactician"))
    tiles = check.mapping(raw.get("tiles", {}), (*path, "tiles"))
    placed, tape = [], []
    for key, spec in tiles.items():
        tpath = (*path, "tiles", str(key))
        sq = parse_square(key)
        if sq is None:
            raise check.fail(tpath, f"{key!r} is not a square r,c with r and c from 1 to 5")
        if sq == COCKPIT:
            raise check.fail(tpath, "the cockpit at 3,3 is implicit and cannot hold a tile")
        spec = check.mapping(spec, tpath, allowed=("premium", "arrows", "plates", "engines",
                                                   "tape"), required=("kind", "metal"))
        kind = check.choice(spec["kind"], (*tpath, "kind"), KINDS)
        premium = check.boolean(spec.get("premium", False), (*tpath, "premium"))
        metal = _edges(check, spec["metal"], (*tpath, "metal"), distinct=True)
        for key_name, owner in (("arrows", "weapon"), ("plates", "armor"),
                                ("engines", "engine")):
            if key_name in spec and kind != owner:
                raise check.fail((*tpath, key_name), f"only {owner} tiles have {key_name}")
        arrows = _edges(check, spec.get("arrows", ""), (*tpath, "arrows"))
        plates = _edges(check, spec.get("plates", ""), (*tpath, "plates"))
        engines = 0
        if kind == "engine":
            engines = check.integer(spec.get("engines", 2 if premium else 1),
                                    (*tpath, "engines"), 0, 9)
        count = check.integer(spec.get("tape", 0), (*tpath, "tape"), 0, 9)
        if count:
            tape.append((sq, count))
        placed.append((sq, make_tile(-1, f"{path[-1]}:{key}", kind, premium,
                                     edges_mask(metal), arrows, plates, engines)))
    return RobotSpec(
        front=EDGE_NAMES.index(front),
        pilot=check.integer(goblins.get("pilot", 2), (*path, "goblins", "pilot"), 0, 2),
        tactician=check.integer(goblins.get("tactician", 2), (*path, "goblins", "tactician"),
                                0, 2),
        tiles=tuple(placed), tape=tuple(tape))


def _edges(check: Checker, text: Any, path: PathKey, distinct: bool = False) -> tuple[int, ...]:
    edges = parse_edges(text)
    if edges is None or (distinct and len(set(edges)) != len(edges)):
        raise check.fail(path, "expected edge letters from N, E, S, W")
    return edges


def _named_robot(check: Checker, robots: dict[str, RobotSpec], label: Any,
                 path: PathKey) -> RobotSpec:
    if not isinstance(label, str) or label not in robots:
        raise check.fail(path, f"the robot {label!r} is not defined under robots")
    return robots[label]


# -- checks: each reads its block, then names the keys it answers and how to ask --------
Ask = Callable[[], dict[str, Any]]
Robots = dict[str, RobotSpec]
Question = tuple[tuple[str, ...], Ask]


def _structure(check: Checker, spec: dict[str, Any], robots: Robots,
               catalogue: Catalogue) -> Question:
    check.mapping(spec, ("check",), allowed=("structure",))
    robot = _named_robot(check, robots, spec["structure"], ("check", "structure"))
    return ("fallen", "tokens", "engines", "arrows"), lambda: play.structure(catalogue, robot)


def _side(check: Checker, value: Any, path: PathKey) -> int:
    return SIDES.index(check.choice(value, path, SIDES))


def _controls(check: Checker, spec: dict[str, Any], robots: Robots,
              catalogue: Catalogue) -> Question:
    check.mapping(spec, ("check",), allowed=("controls", "steer", "target", "sabotage"),
                  required=("steer", "target"))
    robot = _named_robot(check, robots, spec["controls"], ("check", "controls"))
    steer = _side(check, spec["steer"], ("check", "steer"))
    target = _side(check, spec["target"], ("check", "target"))
    sabotage = check.boolean(spec.get("sabotage", False), ("check", "sabotage"))
    return (("cost", "unused", "goof", "overheat", "front", "dice"),
            lambda: play.controls(catalogue, robot, steer, target, sabotage))


def _tactics(check: Checker, spec: dict[str, Any], _robots: Robots,
             catalogue: Catalogue) -> Question:
    check.mapping(spec, ("check",), allowed=("tactics",))
    teams = check.mapping(spec["tactics"], ("check", "tactics"))
    if len(teams) != 2:
        raise check.fail(("check", "tactics"), "name exactly two teams")
    labels = tuple(str(label) for label in teams)
    picks, unused = [], []
    for label, raw in teams.items():
        path = ("check", "tactics", str(label))
        team = check.mapping(raw, path, required=("pick", "unused"))
        picks.append(SLOTS.index(check.choice(team["pick"], (*path, "pick"), SLOTS)))
        unused.append(check.integer(team["unused"], (*path, "unused"), 0, 20))

    def ask() -> dict[str, Any]:
        got = play.tactics(catalogue, (labels[0], labels[1]), (picks[0], picks[1]),
                           (unused[0], unused[1]))
        return {label: "none" if slot is None else SLOTS[slot] for label, slot in got.items()}
    return labels, ask


def _die(check: Checker, value: Any, path: PathKey) -> int:
    if value == "blank":
        return BLANK
    return check.integer(value, path, 1, 5)


def _hits(check: Checker, spec: dict[str, Any], robots: Robots,
          catalogue: Catalogue) -> Question:
    check.mapping(spec, ("check",), allowed=("hits", "side", "dice", "dynamite"),
                  required=("side", "dice"))
    robot = _named_robot(check, robots, spec["hits"], ("check", "hits"))
    side = _side(check, spec["side"], ("check", "side"))
    dice = check.seq(spec["dice"], ("check", "dice"))
    if len(dice) > MAX_DICE:
        raise check.fail(("check", "dice"), f"a team rolls at most {MAX_DICE} dice")
    faces = tuple(_die(check, v, ("check", "dice", i)) for i, v in enumerate(dice))
    dynamite = check.boolean(spec.get("dynamite", False), ("check", "dynamite"))
    return (("destroyed", "tokens_lost", "goblins_lost", "disabled"),
            lambda: play.hits(catalogue, robot, side, faces, dynamite))


def _score(check: Checker, spec: dict[str, Any], robots: Robots,
           catalogue: Catalogue) -> Question:
    check.mapping(spec, ("check",), allowed=("score", "enemy", "enemy_scrapyard", "result",
                                             "me", "agendas"),
                  required=("enemy", "result", "me", "agendas"))
    own = _named_robot(check, robots, spec["score"], ("check", "score"))
    enemy = _named_robot(check, robots, spec["enemy"], ("check", "enemy"))
    scrapyard = _scrapyard(check, spec.get("enemy_scrapyard", {}), ("check", "enemy_scrapyard"))
    result = check.choice(spec["result"], ("check", "result"), play.RESULTS)
    me = check.choice(spec["me"], ("check", "me"), ("pilot", "tactician", "solo"))
    names: list[str] = []
    agendas: list[Agenda] = []
    labels: list[str] = []
    bet = ""
    for i, raw in enumerate(check.seq(spec["agendas"], ("check", "agendas"))):
        path = ("check", "agendas", i)
        name = check.text(raw, path)
        agenda = catalogue.agenda_named(name)
        if agenda is None:
            raise check.fail(path, f"no agenda is called {name!r}")
        label = agenda.name
        if agenda.bet:
            sides = [side for side, _ in agenda.bet]
            label = next((side for side in sides if side.lower() == name.lower()), "")
            if not label:
                raise check.fail(path, "write the side that was bet on: " + " or ".join(sides))
            if bet:
                raise check.fail(path, f"a player bets on one side only (already {bet})")
            bet = label
        names.append(name)
        agendas.append(agenda)
        labels.append(label)

    def ask() -> dict[str, Any]:
        lines = play.score(catalogue, own, enemy, scrapyard, result, me, tuple(agendas), bet)
        points = {name: lines.get(label) for name, label in zip(names, labels, strict=True)}
        return {"points": {**points, "win": lines.get("win", 0)}}
    return ("points",), ask


def _scrapyard(check: Checker, raw: Any, path: PathKey) -> Scrapyard:
    raw = check.mapping(raw, path, allowed=("tiles", "tokens", "goblins"))
    tiles = []
    for i, tile in enumerate(check.seq(raw.get("tiles", []), (*path, "tiles"))):
        tpath = (*path, "tiles", i)
        tile = check.mapping(tile, tpath, allowed=("premium",), required=("kind",))
        tiles.append((check.choice(tile["kind"], (*tpath, "kind"), KINDS),
                      check.boolean(tile.get("premium", False), (*tpath, "premium"))))
    return Scrapyard(tuple(tiles), check.integer(raw.get("tokens", 0), (*path, "tokens"), 0, 99),
                     check.integer(raw.get("goblins", 0), (*path, "goblins"), 0, 99))


READERS: dict[str, Callable[[Checker, dict[str, Any], Robots, Catalogue], Question]] = {
    "structure": _structure, "controls": _controls, "tactics": _tactics, "hits": _hits,
    "score": _score,
}


# -- comparing ---------------------------------------------------------------------------
def _same(wanted: Any, got: Any, full: bool = False) -> bool:
    if isinstance(got, list):
        return isinstance(wanted, list) and sorted(map(str, wanted)) == sorted(map(str, got))
    if isinstance(got, dict):
        if not isinstance(wanted, dict):
            return False
        norm = {str(k): v for k, v in wanted.items()}
        keys = set(norm) | ({k for k, v in got.items() if v} if full else set())
        return all(k in got or full for k in norm) and all(
            _same(norm.get(k, 0), got.get(k, 0)) for k in keys)
    if isinstance(got, bool) or isinstance(wanted, bool):
        return wanted is got
    return wanted == got


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)
