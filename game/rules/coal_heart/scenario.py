"""Coal Heart rule scenarios (../shared/coal-heart/SCENARIOS.md): a table, one rules
question, the expected answer.

The file is read in full first; any fault of the format is a DataError with file, line
and key path. Then the engine answers by its own code: the table becomes a State
(``scenario_read.table``) and the question is played as real moves through
``engine.apply`` (``scenario_drive``), or read from the engine's own round helpers.
Only the keys written under ``expect`` are compared.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from game.rules.coal_heart import flow
from game.rules.coal_heart.catalogue import Catalogue
from game.rules.coal_heart.scenario_drive import (
    Missing,
    Refused,
    drive_attack,
    drive_capture,
    drive_phase,
    start_phase,
)
from game.rules.coal_heart.scenario_read import Reader, table
from game.rules.coal_heart.state import State
from game.rules.coal_heart.vocabulary import ABILITY_SLOTS, COLOURS, SLOTS
from game.rules.core.data import Doc, read_yaml_file, show
from game.rules.core.outcome import Outcome

TOP = ("game", "name", "seats", "heart", "quarry", "supply", "gear_row", "gear_deck",
       "gear_discard", "check", "expect")
CHECKS = {"round": ("round",), "phase": ("phase", "active", "choices"),
          "attack": ("attack", "target", "active", "gear", "abilities", "pay",
                     "force_field", "rocket_punch"),
          "capture": ("capture", "sticky_hands", "choose")}
COMMON = ("hp", "broken", "cubes", "built", "gear", "quarry", "supply", "gear_row",
          "gear_discard", "gear_deck", "heart", "winner")
EXPECT = {"round": (*COMMON, "active", "turns", "selectable", "next_first"),
          "phase": (*COMMON, "illegal"), "attack": (*COMMON, "damage"),
          "capture": COMMON}
PHASES = ("mine", "upgrade", "gear", "scavenge")
CHOICE_KEYS = {"mine": ("take",), "upgrade": ("build", "discount", "welder"),
               "gear": ("take",), "scavenge": ("take",)}


def run_file(path: str | Path, catalogue: Catalogue | None = None) -> Outcome:
    """Run one scenario file (the bundled catalogue when none is given); DataError if
    it cannot be read or breaks the format."""
    from game.rules.core.registry import bundled_catalogue

    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue or bundled_catalogue("coal_heart"))


def run(data: Any, doc: Doc, cat: Catalogue) -> Outcome:
    read = Reader(doc, cat)
    check = read.check
    data = check.mapping(data, (), allowed=TOP, required=("game", "name", "seats", "check"))
    check.choice(data["game"], ("game",), ("coal_heart",))
    name = check.text(data["name"], ("name",))
    state = table(read, data)
    spec = check.mapping(data["check"], ("check",))
    kinds = [k for k in CHECKS if k in spec]
    if len(kinds) != 1:
        raise check.fail(("check",), "name exactly one check: " + ", ".join(CHECKS))
    kind = kinds[0]
    check.mapping(spec, ("check",), allowed=CHECKS[kind])
    expect = check.mapping(data.get("expect", {}), ("expect",), allowed=EXPECT[kind])
    if "illegal" in expect and (expect["illegal"] is not True or len(expect) > 1):
        raise check.fail(("expect", "illegal"), "write illegal: true, alone")
    wanted = _read_expect(read, expect)
    got: dict[str, Any] = {}
    try:
        if kind == "round":
            got = _round(read, spec["round"], state)
        elif kind == "phase":
            _phase(read, spec, state, bool(expect.get("illegal")))
        elif kind == "attack":
            _attack(read, spec, state)
            got["damage"] = state.last_damage
        else:
            _capture(read, spec, state)
    except Missing as exc:
        return Outcome(name, (str(exc),))
    except Refused as exc:
        if expect.get("illegal"):
            return Outcome(name, ())
        return Outcome(name, (str(exc),))
    if expect.get("illegal"):
        return Outcome(name, ("the rules accepted every listed choice",))
    return Outcome(name, tuple(_compare(read.names, state, wanted, got)))


def _round(read: Reader, raw: Any, state: State) -> dict[str, Any]:
    check = read.check
    raw = check.mapping(raw, ("check", "round"), allowed=(), required=("first", "used"))
    state.first = read.seat(raw["first"], ("check", "round", "first"))
    used = [read.hex(h, ("check", "round", "used", i))
            for i, h in enumerate(check.seq(raw["used"], ("check", "round", "used")))]
    if len(used) >= state.n:
        raise check.fail(("check", "round", "used"), f"a round of {state.n} seats has "
                                                     f"{state.n} Phases; list fewer hexes")
    copies = flow.hex_copies(state)
    for i, hex_id in enumerate(used):
        if used[:i + 1].count(hex_id) > copies[hex_id]:
            raise check.fail(("check", "round", "used", i),
                             f"this table has {copies[hex_id]} {hex_id} hex"
                             + ("es" if copies[hex_id] > 1 else ""))
    state.used, state.phase_no = used, len(used)
    names = read.names
    return {"active": names[state.active],
            "turns": [names[s] for s in flow.turn_order(state)],
            "selectable": Counter(flow.face_up(state)),
            "next_first": names[flow.next_first(state)]}


def _phase(read: Reader, spec: dict[str, Any], state: State, illegal: bool) -> None:
    check = read.check
    hex_id = check.choice(spec["phase"], ("check", "phase"), PHASES)
    if "active" not in spec:
        raise check.fail(("check",), "the key 'active' is missing")
    active = read.seat(spec["active"], ("check", "active"))
    choices: dict[int, dict[str, Any]] = {}
    for name, raw in check.mapping(spec.get("choices", {}), ("check", "choices")).items():
        where = ("check", "choices", str(name))
        seat = read.seat(name, where)
        raw = check.mapping(raw, where, allowed=CHOICE_KEYS[hex_id])
        got: dict[str, Any] = {}
        if "take" in raw:
            if hex_id == "gear":
                got["take"] = [check.choice(raw["take"], (*where, "take"),
                                            sorted(state.cat.gear))]
            elif hex_id == "scavenge":
                got["take"] = [read.colour(raw["take"], (*where, "take"))]
            else:
                got["take"] = [read.colour(c, (*where, "take", i)) for i, c in
                               enumerate(check.seq(raw["take"], (*where, "take")))]
        if "build" in raw:
            got["build"] = read.slots(raw["build"], (*where, "build"))
        if "discount" in raw:
            d = check.mapping(raw["discount"], (*where, "discount"), allowed=(),
                              required=("part", "skip"))
            got["discount"] = {"part": check.choice(d["part"], (*where, "discount", "part"),
                                                    SLOTS),
                               "skip": read.colour(d["skip"], (*where, "discount", "skip"))}
        if "welder" in raw:
            got["welder"] = check.choice(raw["welder"], (*where, "welder"), SLOTS)
            if "welders_kit" not in state.seats[seat].gear:
                raise check.fail((*where, "welder"), f"{name} holds no welders_kit")
        choices[seat] = got
    mark = start_phase(state, active, hex_id, read.names)
    drive_phase(state, mark, choices, read.names)


def _attack(read: Reader, spec: dict[str, Any], state: State) -> None:
    check = read.check
    for key in ("target", "active"):
        if key not in spec:
            raise check.fail(("check",), f"the key {key!r} is missing")
    attacker = read.seat(spec["attack"], ("check", "attack"))
    target = read.seat(spec["target"], ("check", "target"))
    if target == attacker:
        raise check.fail(("check", "target"), "a robot does not attack itself")
    active = read.seat(spec["active"], ("check", "active"))
    gear = read.ids(spec.get("gear", []), ("check", "gear"), ("twin_blasters", "chainsaw"))
    held = Counter(state.seats[attacker].gear)
    for card, count in Counter(gear).items():
        if count > held[card]:
            raise check.fail(("check", "gear"), f"{spec['attack']} holds {held[card]} {card}")
    abilities = read.ids(spec.get("abilities", []), ("check", "abilities"), ABILITY_SLOTS)
    pay: dict[str, Any] = {}
    for slot, value in check.mapping(spec.get("pay", {}), ("check", "pay"),
                                     allowed=ABILITY_SLOTS).items():
        if value is not True and value not in COLOURS and value != "yes":
            raise check.fail(("check", "pay", slot), f"expected a colour or yes, found "
                                                     f"{show(value)}")
        pay[slot] = True if value in (True, "yes") else value
    shield = check.boolean(spec.get("force_field", False), ("check", "force_field"))
    if shield and "force_field" not in state.seats[target].gear:
        raise check.fail(("check", "force_field"), f"{spec['target']} holds no force_field")
    punch = spec.get("rocket_punch", "none")
    punch = None if punch == "none" else read.colour(punch, ("check", "rocket_punch"))
    if punch and "rocket_punch" not in state.seats[attacker].gear:
        raise check.fail(("check", "rocket_punch"), f"{spec['attack']} holds no rocket_punch")
    start_phase(state, active, "fight", read.names)
    drive_attack(state, {"attacker": attacker, "target": target, "gear": gear,
                         "abilities": abilities, "pay": pay, "force_field": shield,
                         "rocket_punch": punch}, read.names)


def _capture(read: Reader, spec: dict[str, Any], state: State) -> None:
    check = read.check
    seat = read.seat(spec["capture"], ("check", "capture"))
    sticky = check.boolean(spec.get("sticky_hands", False), ("check", "sticky_hands"))
    if sticky and "sticky_hands" not in state.seats[seat].gear:
        raise check.fail(("check", "sticky_hands"), f"{spec['capture']} holds no sticky_hands")
    choose = spec.get("choose")
    if choose is not None:
        choose = check.choice(choose, ("check", "choose"), ("overload", "mend"))
    mark = start_phase(state, seat, "capture", read.names, sticky)
    drive_capture(state, mark, choose, read.names)


def _read_expect(read: Reader, expect: dict[str, Any]) -> dict[str, Any]:
    """The expected answers, each read into the form ``_compare`` compares."""
    check, out = read.check, {}
    for key, value in expect.items():
        where = ("expect", key)
        if key == "hp":
            out[key] = {read.seat(s, (*where, str(s))): check.integer(v, (*where, str(s)), 0, 20)
                        for s, v in check.mapping(value, where).items()}
        elif key == "broken":
            out[key] = {read.seat(s, (*where, i)) for i, s in
                        enumerate(check.seq(value, where))}
        elif key == "cubes":
            out[key] = {read.seat(s, (*where, str(s))): read.counts(v, (*where, str(s)))
                        for s, v in check.mapping(value, where).items()}
        elif key == "built":
            out[key] = {read.seat(s, (*where, str(s))): set(read.slots(v, (*where, str(s))))
                        for s, v in check.mapping(value, where).items()}
        elif key == "gear":
            out[key] = {read.seat(s, (*where, str(s))): Counter(read.gear(v, (*where, str(s))))
                        for s, v in check.mapping(value, where).items()}
        elif key in ("quarry", "supply"):
            out[key] = read.counts(value, where)
        elif key in ("gear_row", "gear_discard"):
            out[key] = Counter(read.gear(value, where))
        elif key == "gear_deck":
            out[key] = read.gear(value, where)
        elif key == "heart":
            out[key] = read.seat_or_none(value, where)
        elif key == "winner":
            out[key] = {read.seat(s, (*where, i)) for i, s in
                        enumerate(check.seq(value, where))}
        elif key in ("active", "next_first"):
            out[key] = read.names[read.seat(value, where)]
        elif key == "turns":
            out[key] = [read.names[read.seat(s, (*where, i))]
                        for i, s in enumerate(check.seq(value, where))]
        elif key == "selectable":
            out[key] = Counter(read.hex(h, (*where, i))
                               for i, h in enumerate(check.seq(value, where)))
        elif key == "damage":
            out[key] = check.integer(value, where, 0, 10_000)
    return out


def _compare(names: list[str], state: State, wanted: dict[str, Any],
             got: dict[str, Any]) -> list[str]:
    seats = state.seats
    per_seat: dict[str, Any] = {
        "hp": lambda s: seats[s].hp, "cubes": lambda s: seats[s].cubes,
        "built": lambda s: set(seats[s].built), "gear": lambda s: Counter(seats[s].gear)}
    whole: dict[str, Any] = {
        "broken": lambda: {i for i, s in enumerate(seats) if s.broken},
        "quarry": lambda: state.quarry, "supply": lambda: state.supply,
        "gear_row": lambda: Counter(state.row), "gear_discard": lambda: Counter(state.discard),
        "gear_deck": lambda: state.deck, "heart": lambda: state.heart,
        "winner": lambda: set(state.winners)}
    out = []
    for key, want in wanted.items():
        if key in per_seat:
            for seat, value in want.items():
                have = per_seat[key](seat)
                if have != value:
                    out.append(f"{key} of {names[seat]}: expected {_show(key, value, names)}, "
                               f"got {_show(key, have, names)}")
            continue
        have = whole[key]() if key in whole else got.get(key)
        if have != want:
            out.append(f"{key}: expected {_show(key, want, names)}, "
                       f"got {_show(key, have, names)}")
    return out


def _show(key: str, value: Any, names: list[str]) -> str:
    """A value as the file would write it: cube counts by colour, seats by name."""
    if key in ("cubes", "quarry", "supply"):
        return "{" + ", ".join(f"{c}: {v}" for c, v in zip(COLOURS, value, strict=True)
                               if v) + "}"
    if isinstance(value, Counter):
        return "[" + ", ".join(sorted(value.elements())) + "]"
    if key in ("broken", "winner"):
        return "[" + ", ".join(sorted(names[v] for v in value)) + "]"
    if key == "built":
        return "[" + ", ".join(s for s in SLOTS if s in value) + "]"
    if key == "heart":
        return names[value] if value >= 0 else "none"
    return str(value)
