"""Calamitron rule scenarios (../shared/calamitron/SCENARIOS.md): a position, one rules
question, the expected answer.

The file is read in full first: any fault of the format is a DataError with file, line
and key path. Then the engine answers by its own code: ``setup`` builds a new match and
picks the Retros through ``engine.apply``; ``program`` asks ``program.faults``; ``run``,
``rogues`` and ``round`` queue the engine's own tasks on the position and let
``flow.advance`` play them, answering each choice through ``engine.apply`` (a choice
the engine does not offer makes the file malformed). Only the keys written under
``expect`` are compared.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from game.rules.calamitron import engine, flow, program
from game.rules.calamitron.actions import Choose, Pick, Upgrade
from game.rules.calamitron.catalogue import INSTRUCTIONS, RETROS, Catalogue
from game.rules.calamitron.events import Acting, Damaged, Drew, Removed, Trophy, Upgraded
from game.rules.calamitron.geometry import FACINGS, show
from game.rules.calamitron.scenario_read import Reader, position
from game.rules.calamitron.setup import new_state
from game.rules.calamitron.state import State
from game.rules.core.actions import Event
from game.rules.core.data import Checker, Doc, PathKey, read_yaml_file
from game.rules.core.outcome import Outcome

TOP = ("game", "name", "board", "pieces", "filled", "in_play", "trophies_before",
       "catastrophes", "deck", "check", "expect")
CHECKS = {"setup": ("setup",), "program": ("program", "instructions"),
          "run": ("run", "instructions"), "rogues": ("rogues", "side"), "round": ("round",)}
PLAY_EXPECT = ("at", "removed", "damage", "stunned", "trophies", "upgrades", "entry",
               "calamities", "catastrophes", "result")
EXPECT = {"setup": ("pieces",), "program": ("legal", "faults"), "run": PLAY_EXPECT,
          "rogues": (*PLAY_EXPECT, "order"), "round": PLAY_EXPECT}
WHY = ("pit", "rescued", "wrecked", "opened", "filled", "stranded")
RESULTS = ("playing", "won", "lost")
CHOICE = {"shove": ("L", "R", "F"), "program": ()}
SURPLUS = re.compile(r"^surplus[1-9][0-9]*$")
Word = tuple[str, str, PathKey]
"""An instruction face, its run-time choice ("" if none) and where the file wrote it."""


def run_file(path: str | Path, catalogue: Catalogue | None = None) -> Outcome:
    """Run one scenario file (the registry's ScenarioRunner); DataError if it cannot be
    read or breaks the format."""
    from game.rules.core.registry import bundled_catalogue

    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue or bundled_catalogue("calamitron"))


def run(data: Any, doc: Doc, cat: Catalogue) -> Outcome:
    check = Checker(doc)
    data = check.mapping(data, (), allowed=TOP, required=("game", "name", "check", "expect"))
    check.choice(data["game"], ("game",), ("calamitron",))
    name = check.text(data["name"], ("name",))
    spec = check.mapping(data["check"], ("check",))
    kinds = [k for k in CHECKS if k in spec]
    if len(kinds) != 1:
        raise check.fail(("check",), "name exactly one check: " + ", ".join(CHECKS))
    kind = kinds[0]
    check.mapping(spec, ("check",), allowed=CHECKS[kind])
    expect = check.mapping(data["expect"], ("expect",), allowed=EXPECT[kind])
    read = Reader(check, cat)
    if kind == "setup":
        for key in TOP[2:9]:
            if key in data and not (key == "board" and data[key] == "deadly-spiral"):
                raise check.fail((key,), "a setup file has no position: the game sets it up")
        got = {"pieces": _setup(read, spec["setup"])}
        return Outcome(name, _compare_pieces(read, expect, got["pieces"]))
    state = position(read, data)
    if kind == "program":
        got = _program(read, state, spec)
        return Outcome(name, _compare_program(read, expect, got))
    ids = set(state.pieces)
    if kind == "run":
        seat, plans = _run(read, state, spec)
        events = _drive(read, state, plans, lambda: program.start(state, seat))
    elif kind == "rogues":
        side = check.choice(spec.get("side", "S"), ("check", "side"), FACINGS)
        rogue = check.choice(spec["rogues"], ("check", "rogues"), tuple(cat.rogues))
        events = _drive(read, state, {}, lambda: flow.queue_rogues(state, rogue, side))
    else:
        plans = _round(read, state, spec["round"])
        events = _drive(read, state, plans, lambda: None)
    return Outcome(name, compare(read, expect, answers(state, events), ids))


# -- setup and program ------------------------------------------------------------------
def _setup(read: Reader, raw: Any) -> dict[str, str]:
    check, cat = read.check, read.cat
    path = ("check", "setup")
    raw = check.mapping(raw, path, allowed=("retros", "rogues", "boss", "crates"),
                        required=("retros", "rogues"))
    retros = [check.choice(k, (*path, "retros", i), RETROS)
              for i, k in enumerate(check.seq(raw["retros"], (*path, "retros")))]
    if not 1 <= len(retros) <= 4:
        raise check.fail((*path, "retros"), "expected 1 to 4 Retros, one per seat")
    rogues = check.seq(raw["rogues"], (*path, "rogues"), length=len(retros))
    dealt = tuple(check.choice(k, (*path, "rogues", i), cat.ordinary)
                  for i, k in enumerate(rogues))
    if len(set(dealt)) != len(dealt):
        raise check.fail((*path, "rogues"), "each seat draws a different Rogue card")
    boss = check.boolean(raw.get("boss", False), (*path, "boss"))
    crates = check.boolean(raw.get("crates", True), (*path, "crates"))
    state = new_state(cat, len(retros), 0, boss, crates, dealt)
    for seat, kind in enumerate(retros):
        engine.apply(state, Pick(seat, kind))
    return {show(p.at): (p.kind if p.is_crate else f"{p.kind} {p.facing}")
            for p in state.pieces.values()}


def _words(read: Reader, raw: Any, path: PathKey, choices: bool, ids: set[str]
           ) -> list[Word]:
    check = read.check
    out = []
    for i, item in enumerate(check.seq(raw, path)):
        at = (*path, i)
        text = check.text(item, at) if isinstance(item, str) else check.text(str(item), at)
        parts = text.split()
        word = parts[0] if parts else ""
        if word not in INSTRUCTIONS:
            raise check.fail(at, f"{text!r} is not an instruction (one of "
                                 f"{', '.join(INSTRUCTIONS)})")
        if not choices or word not in CHOICE:
            if len(parts) != 1:
                raise check.fail(at, f"{word} takes no word after it here")
            out.append((word, "", at))
            continue
        if len(parts) != 2:
            raise check.fail(at, f"{word} needs its choice after it")
        choice = parts[1]
        allowed = CHOICE[word] or ("self", *sorted(ids))
        if choice not in allowed:
            raise check.fail(at, f"{choice!r} is not a {word} choice here (one of "
                                 f"{', '.join(allowed)})")
        out.append((word, choice, at))
    return out


def _retro(read: Reader, state: State, value: Any, path: PathKey) -> int:
    piece = state.pieces.get(str(value))
    if piece is None or not piece.is_retro:
        raise read.check.fail(path, f"{value!r} is not a Retro of the position")
    return piece.seat


def _program(read: Reader, state: State, spec: dict[str, Any]) -> list[str]:
    seat = _retro(read, state, spec["program"], ("check", "program"))
    words = _words(read, spec["instructions"], ("check", "instructions"), False, set())
    return program.seat_faults(state, seat, tuple(w for w, _, _ in words))


# -- run, rogues, round -----------------------------------------------------------------
def _run(read: Reader, state: State, spec: dict[str, Any]) -> tuple[int, dict[int, list[Word]]]:
    seat = _retro(read, state, spec["run"], ("check", "run"))
    words = _words(read, spec["instructions"], ("check", "instructions"), True,
                   set(state.pieces))
    state.programs[seat] = tuple(w for w, _, _ in words)
    return seat, {seat: words}


def _round(read: Reader, state: State, raw: Any) -> dict[int, list[Word]]:
    check = read.check
    path = ("check", "round")
    raw = check.mapping(raw, path, allowed=("pry_bar", "deal", "programs"),
                        required=("pry_bar", "deal"))
    if state.n == 0:
        raise check.fail(("pieces",), "a round needs at least one Retro")
    state.pry = read.seat_key(raw["pry_bar"], (*path, "pry_bar"), state.n) - 1
    deal = check.mapping(raw["deal"], (*path, "deal"))
    cards = [""] * state.n
    for key, kind in deal.items():
        seat = read.seat_key(key, (*path, "deal", str(key)), state.n) - 1
        cards[seat] = check.choice(kind, (*path, "deal", str(key)), read.cat.ordinary)
    if "" in cards:
        raise check.fail((*path, "deal"), "deal one Rogue card to every seat")
    if len(set(cards)) != len(cards):
        raise check.fail((*path, "deal"), "each seat gets a different Rogue card")
    state.deal = cards
    plans: dict[int, list[Word]] = {}
    programs = check.mapping(raw.get("programs", {}), (*path, "programs"))
    for key, words in programs.items():
        seat = read.seat_key(key, (*path, "programs", str(key)), state.n) - 1
        plans[seat] = _words(read, words, (*path, "programs", str(key)), True,
                             set(state.pieces))
        state.programs[seat] = tuple(w for w, _, _ in plans[seat])
    state.tasks = flow.round_tasks(state)[:-2]
    return plans


def _drive(read: Reader, state: State, plans: dict[int, list[Word]], begin: Any
           ) -> list[Event]:
    """Start the question's play, then answer each choice the engine asks through
    ``engine.apply``: the file's word for a Shove or Program, the runner's convention
    for an Upgrade (take one while holding fewer than two)."""
    begin()
    flow.advance(state)
    events, state.log = state.log, []
    while state.ask is not None:
        what, seat = state.ask
        if what == "upgrade":
            action = (Upgrade(seat, flow.supply(state)[0], "")
                      if len(state.upgrades[seat]) < 2 else Upgrade(seat, "", ""))
        else:
            assert state.run is not None
            _, choice, at = plans[seat][state.run.index]
            offered = program.choices(state)
            if choice not in offered:
                raise read.check.fail(at, f"the choice {choice!r} is not legal when asked "
                                          f"(one of {', '.join(offered)})")
            action = Choose(seat, choice)
        events += engine.apply(state, action)
    return events


# -- answers ---------------------------------------------------------------------------
def answers(state: State, events: list[Event]) -> dict[str, Any]:
    """What happened, in the format's terms."""
    trophies: dict[int, list[str]] = {}
    upgrades: Counter[int] = Counter()
    for event in events:
        if isinstance(event, Trophy):
            trophies.setdefault(event.seat + 1, []).append(event.piece)
        elif isinstance(event, Upgraded) and event.took:
            upgrades[event.seat + 1] += 1
    entry = {}
    for seat in range(state.n):
        square = state.entry[seat]
        if square is not None and state.lost[seat]:
            entry[seat + 1] = f"{show(square)} {state.board.outsides()[square][1]}"
    return {
        "at": {p.id: show(p.at) if p.is_crate else f"{show(p.at)} {p.facing}"
               for p in state.pieces.values()},
        "removed": {e.piece: e.why for e in events if isinstance(e, Removed)},
        "damage": dict(Counter(e.piece for e in events if isinstance(e, Damaged))),
        "stunned": sorted(p.id for p in state.pieces.values() if p.stunned),
        "trophies": {s: sorted(ids) for s, ids in trophies.items()},
        "upgrades": dict(upgrades),
        "entry": entry,
        "calamities": sum(isinstance(e, Drew) for e in events),
        "catastrophes": state.catastrophes,
        "result": state.result,
        "order": [e.piece for e in events if isinstance(e, Acting)],
    }


def _known(read: Reader, ids: set[str], value: Any, path: PathKey) -> str:
    """An id the position or a Surplus arrival gives; any other is a fault."""
    text = str(value)
    if text not in ids and not SURPLUS.match(text):
        raise read.check.fail(path, f"{text!r} is not a piece of the position")
    return text


def compare(read: Reader, expect: dict[str, Any], got: dict[str, Any], ids: set[str]
            ) -> tuple[str, ...]:
    check = read.check
    out: list[str] = []
    for key, raw in expect.items():
        path = ("expect", key)
        if key == "at":
            for pid, where in check.mapping(raw, path).items():
                pid = _known(read, ids, pid, (*path, str(pid)))
                want = check.text(where, (*path, pid))
                have = got["at"].get(pid)
                if have is None:
                    out.append(f"{pid} was removed, expected at {want}")
                elif have != want:
                    out.append(f"{pid} at {have}, expected {want}")
        elif key == "removed":
            want = {_known(read, ids, k, (*path, str(k))): check.choice(v, (*path, str(k)), WHY)
                    for k, v in check.mapping(raw, path).items()}
            if want != got["removed"]:
                out.append(f"removed {got['removed']}, expected {want}")
        elif key == "damage":
            want = {_known(read, ids, k, (*path, str(k))): check.integer(v, (*path, str(k)), 0)
                    for k, v in check.mapping(raw, path).items()}
            want = {k: v for k, v in want.items() if v}
            if want != got["damage"]:
                out.append(f"damage {got['damage']}, expected {want}")
        elif key == "stunned":
            want_list = sorted(_known(read, ids, v, (*path, i))
                               for i, v in enumerate(check.seq(raw, path)))
            if want_list != got["stunned"]:
                out.append(f"stunned {got['stunned']}, expected {want_list}")
        elif key in ("trophies", "upgrades", "entry"):
            _per_seat(read, key, raw, got[key], out, ids)
        elif key in ("calamities", "catastrophes"):
            want_n = check.integer(raw, path, 0)
            if want_n != got[key]:
                out.append(f"{key} {got[key]}, expected {want_n}")
        elif key == "result":
            want_r = check.choice(raw, path, RESULTS)
            if want_r != got["result"]:
                out.append(f"result {got['result']}, expected {want_r}")
        else:
            want_list = [_known(read, ids, v, (*path, i))
                         for i, v in enumerate(check.seq(raw, path))]
            if want_list != got["order"]:
                out.append(f"order {got['order']}, expected {want_list}")
    return tuple(out)


def _per_seat(read: Reader, key: str, raw: Any, have: dict[int, Any], out: list[str],
              ids: set[str]) -> None:
    check = read.check
    path = ("expect", key)
    want: dict[int, Any] = {}
    for seat, value in check.mapping(raw, path).items():
        at = (*path, str(seat))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 4:
            raise check.fail(at, f"expected a seat from 1 to 4, found {seat!r}")
        if key == "trophies":
            want[seat] = sorted(_known(read, ids, v, (*at, i))
                                for i, v in enumerate(check.seq(value, at)))
        elif key == "upgrades":
            want[seat] = check.integer(value, at, 0, 9)
        else:
            want[seat] = check.text(value, at)
    want = {s: v for s, v in want.items() if v}
    if want != have:
        out.append(f"{key} {have}, expected {want}")


def _compare_pieces(read: Reader, expect: dict[str, Any], got: dict[str, str]
                    ) -> tuple[str, ...]:
    if "pieces" not in expect:
        return ()
    raw = read.check.mapping(expect["pieces"], ("expect", "pieces"))
    want = {str(k): read.check.text(v, ("expect", "pieces", str(k))) for k, v in raw.items()}
    if want == got:
        return ()
    missing = sorted(set(want.items()) - set(got.items()))
    extra = sorted(set(got.items()) - set(want.items()))
    return (f"expected but not found {missing[:6]}; found but not expected {extra[:6]}",)


def _compare_program(read: Reader, expect: dict[str, Any], faults: list[str]
                     ) -> tuple[str, ...]:
    check = read.check
    out = []
    if "legal" in expect:
        legal = check.boolean(expect["legal"], ("expect", "legal"))
        if legal != (not faults):
            out.append(f"legal {not faults}, expected {legal}")
    if "faults" in expect:
        want = sorted(check.choice(f, ("expect", "faults", i), program.FAULTS)
                      for i, f in enumerate(check.seq(expect["faults"], ("expect", "faults"))))
        if want != sorted(faults):
            out.append(f"faults {sorted(faults)}, expected {want}")
    return tuple(out)
