"""Rule scenarios (../shared/goblins/SCENARIOS.md): small YAML files that set up robots,
ask one rules question and state the answer. Table disputes and rulebook examples
become tests this way. Every format fault is a DataError with file, line and key path.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.core.data import Checker, Doc, PathKey, read_yaml_file
from game.rules.goblins.catalogue import KINDS, Catalogue, make_tile
from game.rules.goblins.controls import dice_count, resolve_controls, squabble
from game.rules.goblins.geometry import (
    COCKPIT,
    EDGE_NAMES,
    SIDES,
    edges_mask,
    parse_edges,
    parse_square,
    square_name,
)
from game.rules.goblins.robot import Robot
from game.rules.goblins.scoring import agenda_points, win_points

CHECKS = ("structure", "controls", "tactics", "hits", "score")
PILOT, TACTICIAN = 0, 1
SLOTS = ("left", "middle", "right")
TOKEN_SUPPLY = 16
FULL_MAPPINGS = frozenset({"tokens"})
"""Expected mappings whose unlisted keys mean zero; other mappings compare listed keys."""


@dataclass(frozen=True)
class Outcome:
    name: str
    differences: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.differences

    def line(self) -> str:
        if self.passed:
            return f"PASS {self.name}"
        return f"FAIL {self.name}: " + "; ".join(self.differences)


@dataclass
class _Setup:
    robot: Robot
    fallen: list[int]


def run_file(path: str | Path, catalogue: Catalogue) -> Outcome:
    """Run one scenario file; DataError if it cannot be read or breaks the format."""
    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue)


def run(data: Any, doc: Doc, catalogue: Catalogue) -> Outcome:
    check = Checker(doc)
    data = check.mapping(data, (), allowed=("robots", "expect"), required=("name", "check"))
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
    runner = {"structure": _structure, "controls": _controls, "tactics": _tactics,
              "hits": _hits, "score": _score}[kind]
    got = runner(check, spec, robots, catalogue)
    allowed = set(got)
    check.mapping(expect, ("expect",), allowed=allowed)
    differences = []
    for key, wanted in expect.items():
        if not _same(wanted, got[key], full=key in FULL_MAPPINGS):
            differences.append(f"{key} expected {_show(wanted)}, got {_show(got[key])}")
    return Outcome(name, tuple(differences))


# -- robots ------------------------------------------------------------------------------
def _robot(check: Checker, raw: Any, path: PathKey) -> _Setup:
    raw = check.mapping(raw, path, allowed=("front", "goblins", "tiles"))
    robot = Robot()
    front = raw.get("front", "N")
    if front not in tuple(EDGE_NAMES):
        raise check.fail((*path, "front"), "front is one of N, E, S, W")
    robot.front = EDGE_NAMES.index(front)
    goblins = check.mapping(raw.get("goblins", {}), (*path, "goblins"),
                            allowed=("pilot", "tactician"))
    robot.goblins = {
        PILOT: check.integer(goblins.get("pilot", 2), (*path, "goblins", "pilot"), 0, 2),
        TACTICIAN: check.integer(goblins.get("tactician", 2), (*path, "goblins", "tactician"),
                                 0, 2),
    }
    tiles = check.mapping(raw.get("tiles", {}), (*path, "tiles"))
    tape: list[tuple[int, int]] = []
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
        robot.place(sq, make_tile(-1, f"{path[-1]}:{key}", kind, premium, edges_mask(metal),
                                  arrows, plates, engines), 0)
    fallen = robot.drop_loose()
    robot.scrap_tiles.clear()
    robot.tokens = robot.token_layout()[:TOKEN_SUPPLY]
    for sq, count in tape:
        if robot.tiles[sq] is not None:
            robot.tokens += [(sq,)] * count
    return _Setup(robot, fallen)


def _edges(check: Checker, text: Any, path: PathKey, distinct: bool = False) -> tuple[int, ...]:
    edges = parse_edges(text)
    if edges is None or (distinct and len(set(edges)) != len(edges)):
        raise check.fail(path, "expected edge letters from N, E, S, W")
    return edges


def _named_robot(check: Checker, robots: dict[str, _Setup], label: Any,
                 path: PathKey) -> _Setup:
    if not isinstance(label, str) or label not in robots:
        raise check.fail(path, f"the robot {label!r} is not defined under robots")
    return robots[label]


# -- checks ------------------------------------------------------------------------------
def _structure(check: Checker, spec: dict[str, Any], robots: dict[str, _Setup],
               _cat: Catalogue) -> dict[str, Any]:
    check.mapping(spec, ("check",), allowed=("structure",))
    setup = _named_robot(check, robots, spec["structure"], ("check", "structure"))
    robot = setup.robot
    tokens: dict[str, int] = {}
    for squares in robot.tokens:
        for sq in squares:
            tokens[square_name(sq)] = tokens.get(square_name(sq), 0) + 1
    return {
        "fallen": sorted(square_name(sq) for sq in setup.fallen),
        "tokens": tokens,
        "engines": robot.engines(),
        "arrows": {EDGE_NAMES[e]: robot.arrows(e) for e in range(4)},
    }


def _side(check: Checker, value: Any, path: PathKey) -> int:
    return SIDES.index(check.choice(value, path, SIDES))


def _controls(check: Checker, spec: dict[str, Any], robots: dict[str, _Setup],
              _cat: Catalogue) -> dict[str, Any]:
    check.mapping(spec, ("check",), allowed=("controls", "steer", "target", "sabotage"),
                  required=("steer", "target"))
    robot = _named_robot(check, robots, spec["controls"], ("check", "controls")).robot
    steer = _side(check, spec["steer"], ("check", "steer"))
    target = _side(check, spec["target"], ("check", "target"))
    sabotage = check.boolean(spec.get("sabotage", False), ("check", "sabotage"))
    ctl = resolve_controls(robot.front, steer, target, robot.engines())
    return {"cost": ctl.cost, "unused": ctl.unused, "goof": ctl.goof,
            "overheat": ctl.overheat, "front": EDGE_NAMES[ctl.front],
            "dice": dice_count(robot.arrows(ctl.front), ctl.overheat, sabotage)}


def _tactics(check: Checker, spec: dict[str, Any], _robots: dict[str, _Setup],
             _cat: Catalogue) -> dict[str, Any]:
    check.mapping(spec, ("check",), allowed=("tactics",))
    teams = check.mapping(spec["tactics"], ("check", "tactics"))
    if len(teams) != 2:
        raise check.fail(("check", "tactics"), "name exactly two teams")
    labels = list(teams)
    picks, unused = [], []
    for label in labels:
        path = ("check", "tactics", str(label))
        team = check.mapping(teams[label], path, required=("pick", "unused"))
        picks.append(SLOTS.index(check.choice(team["pick"], (*path, "pick"), SLOTS)))
        unused.append(check.integer(team["unused"], (*path, "unused"), 0, 20))
    gets = squabble(picks[0], unused[0], picks[1], unused[1])
    return {str(label): SLOTS[picks[i]] if gets[i] else "none"
            for i, label in enumerate(labels)}


def _die(check: Checker, value: Any, path: PathKey) -> int:
    if value == "blank":
        return 0
    return check.integer(value, path, 1, 5)


def _hits(check: Checker, spec: dict[str, Any], robots: dict[str, _Setup],
          _cat: Catalogue) -> dict[str, Any]:
    check.mapping(spec, ("check",), allowed=("hits", "side", "dice", "dynamite"),
                  required=("side", "dice"))
    robot = _named_robot(check, robots, spec["hits"], ("check", "hits")).robot.clone()
    edge = (robot.front + _side(check, spec["side"], ("check", "side"))) & 3
    faces = [_die(check, v, ("check", "dice", i))
             for i, v in enumerate(check.seq(spec["dice"], ("check", "dice")))]
    if check.boolean(spec.get("dynamite", False), ("check", "dynamite")):
        first = next((i for i, f in enumerate(faces) if f), None)
        if first is not None:
            faces.insert(first, faces[first])
    destroyed: list[int] = []
    tokens_before, crew_before = robot.scrap_tokens, robot.crew()
    for face in faces:
        if not face:
            continue
        sq = robot.target(edge, face)
        if sq < 0:
            continue
        if sq == COCKPIT:
            robot.knock_out((PILOT, TACTICIAN))
        elif robot.has_token(sq):
            robot.remove_token(robot.token_options(sq)[0])
        else:
            destroyed += robot.destroy(sq)
    return {"destroyed": sorted(square_name(sq) for sq in destroyed),
            "tokens_lost": robot.scrap_tokens - tokens_before,
            "goblins_lost": crew_before - robot.crew(), "disabled": robot.disabled()}


def _score(check: Checker, spec: dict[str, Any], robots: dict[str, _Setup],
           catalogue: Catalogue) -> dict[str, Any]:
    check.mapping(spec, ("check",), allowed=("score", "enemy", "enemy_scrapyard", "result",
                                             "me", "agendas"),
                  required=("enemy", "result", "me", "agendas"))
    own = _named_robot(check, robots, spec["score"], ("check", "score")).robot.clone()
    enemy = _named_robot(check, robots, spec["enemy"], ("check", "enemy")).robot.clone()
    scrap = check.mapping(spec.get("enemy_scrapyard", {}), ("check", "enemy_scrapyard"),
                          allowed=("tiles", "tokens", "goblins"))
    enemy.scrap_tiles = []
    for i, raw in enumerate(check.seq(scrap.get("tiles", []),
                                      ("check", "enemy_scrapyard", "tiles"))):
        path = ("check", "enemy_scrapyard", "tiles", i)
        raw = check.mapping(raw, path, allowed=("premium",), required=("kind",))
        enemy.scrap_tiles.append(make_tile(-1, f"scrap{i}", check.choice(raw["kind"],
                                 (*path, "kind"), KINDS),
                                 check.boolean(raw.get("premium", False), (*path, "premium")),
                                 0))
    enemy.scrap_tokens = check.integer(scrap.get("tokens", 0),
                                       ("check", "enemy_scrapyard", "tokens"), 0, 99)
    enemy.scrap_goblins = check.integer(scrap.get("goblins", 0),
                                        ("check", "enemy_scrapyard", "goblins"), 0, 99)
    result = check.choice(spec["result"], ("check", "result"), ("won", "lost", "none"))
    me = check.choice(spec["me"], ("check", "me"), ("pilot", "tactician", "solo"))
    points: dict[str, int] = {}
    for i, name in enumerate(check.seq(spec["agendas"], ("check", "agendas"))):
        path = ("check", "agendas", i)
        agenda = catalogue.agenda_named(check.text(name, path))
        if agenda is None:
            raise check.fail(path, f"no agenda is called {name!r}")
        bet = name if agenda.type == "betting" else ""
        points[name] = agenda_points(agenda, own, enemy, result, bet)
    if me == "solo":
        own.goblins = {PILOT: own.crew()}
        seat = partner = PILOT
    else:
        seat = PILOT if me == "pilot" else TACTICIAN
        partner = TACTICIAN if me == "pilot" else PILOT
    points["win"] = win_points(own, seat, partner) if result == "won" else 0
    return {"points": points}


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
