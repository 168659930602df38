"""Blastbots rule scenarios (../shared/blastbots/SCENARIOS.md): a position, one rules
question, the expected answer.

The file is read in full first: any fault of the format (an unknown key or name, an
impossible position, more copies of a card than its deck holds, a step without a key
its card needs) is a DataError with file, line and key path. Then the engine answers by
its own code: the position becomes a State (``position.build``) and the question is
played as real moves through ``engine.apply`` (a roll and the draws chosen on it; the
steps of Stage 3; one step's legality) or scored by ``scoring`` (Impact). Only the keys
written under ``expect`` are compared.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.rules.blastbots import engine
from game.rules.blastbots.actions import Choose, TableRoll
from game.rules.blastbots.catalogue import Catalogue
from game.rules.blastbots.position import ACT, ROLL
from game.rules.blastbots.scenario_drive import Driver, MissingChoice, StepRefused
from game.rules.blastbots.scenario_expect import EXPECT_KEYS, answers, compare
from game.rules.blastbots.scenario_read import Reader, position
from game.rules.blastbots.scenario_steps import Step, read_step
from game.rules.blastbots.scoring import impact
from game.rules.blastbots.state import OVER, STAGE1, State
from game.rules.core.actions import Event
from game.rules.core.data import Doc, PathKey, read_yaml_file
from game.rules.core.errors import RuleError
from game.rules.core.outcome import Outcome

TOP = ("game", "name", "players", "roller", "board", "decks", "discards", "actions_left",
       "turn_start_totem", "check", "expect")
CHECK_KEYS = {"roll": ("roll", "choices"), "actions": ("actions",), "legal": ("legal",),
              "score": ("score", "magnet_end")}
TURN_KEYS = ("actions_left", "turn_start_totem")
"""Position keys of the roller's Stage 3: a roll or score check sets them itself."""


def run_file(path: str | Path, catalogue: Catalogue | None = None) -> Outcome:
    """Run one scenario file against ``catalogue`` (the bundled one when None), so the
    module fits the registry's ScenarioRunner; DataError if it cannot be read or breaks
    the format."""
    from game.rules.core.registry import bundled_catalogue

    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue or bundled_catalogue("blastbots"))


def run(data: Any, doc: Doc, cat: Catalogue) -> Outcome:
    read = Reader(doc, cat)
    check = read.check
    data = check.mapping(data, (), allowed=TOP, required=("game", "name", "players",
                                                         "check"))
    check.choice(data["game"], ("game",), ("blastbots",))
    name = check.text(data["name"], ("name",))
    spec = check.mapping(data["check"], ("check",))
    kinds = [k for k in CHECK_KEYS if k in spec]
    if len(kinds) != 1:
        raise check.fail(("check",), "name exactly one check: " + ", ".join(CHECK_KEYS))
    kind = kinds[0]
    check.mapping(spec, ("check",), allowed=CHECK_KEYS[kind])
    expect = check.mapping(data.get("expect", {}), ("expect",), allowed=EXPECT_KEYS[kind])
    if kind in ("roll", "score"):
        for key in TURN_KEYS:
            if key in data and not (kind == "roll" and key == "turn_start_totem"):
                raise check.fail((key,), f"a {kind} check sets {key} itself")
    state = position(read, data, ROLL if kind == "roll" else ACT, kind == "roll")
    if kind == "roll" and state.turn_start_totem != state.totem[state.roller]:
        raise check.fail(("turn_start_totem",), "a roll check starts the turn: "
                                                "turn_start_totem is the roller's totem")
    events: list[Event] = []
    got: dict[str, Any] = {}
    if kind == "roll":
        events = _roll(read, spec, state)
    elif kind == "actions":
        state, got = _actions(read, spec, state, events)
    elif kind == "legal":
        got["legal"] = _legal(read, spec, state)
    else:
        _score(read, spec, state)
    got = {**answers(state, read.players, events), **got}
    return Outcome(name, tuple(compare(read, kind, expect, got)))


def _roll(read: Reader, spec: dict[str, Any], state: State) -> list[Event]:
    """Stage 1 on the dice written, the draws chosen as written, then Stage 2 and the
    allowance."""
    check = read.check
    dice = check.seq(spec["roll"], ("check", "roll"), 2)
    faces = tuple(check.integer(d, ("check", "roll", i), 1, 6) for i, d in enumerate(dice))
    choices = {read.seat(c, ("check", "choices", c)): [
        read.deck(d, ("check", "choices", c, i))
        for i, d in enumerate(check.seq(v, ("check", "choices", c)))]
        for c, v in read.by_colour(spec.get("choices", {}), ("check", "choices")).items()}
    events = engine.apply(state, TableRoll(state.roller, (faces[0], faces[1])))
    while state.phase == STAGE1:
        seat = state.stack[-1][1]
        where: PathKey = ("check", "choices", read.players[seat])
        if not choices.get(seat):
            raise check.fail(where if seat in choices else ("check", "choices"),
                             f"{read.players[seat]} draws by choice here: write their deck")
        deck = choices[seat].pop(0)
        try:
            events += engine.apply(state, Choose(seat, deck))
        except RuleError as exc:
            raise check.fail(where, f"{read.players[seat]} cannot draw from {deck} ({exc})"
                             ) from None
    for seat, left in choices.items():
        if left:
            raise check.fail(("check", "choices", read.players[seat]),
                             f"{read.players[seat]} has more choices than draws")
    return events


def _steps(read: Reader, raw: Any, path: PathKey) -> list[Step]:
    return [read_step(read, s, (*path, i)) for i, s in enumerate(read.check.seq(raw, path))]


def _play_step(read: Reader, state: State, step: Step) -> tuple[State, list[Event], bool]:
    """The state after the step (the same one if refused), its events, and whether it
    was applied."""
    before = state.clone()
    try:
        return state, Driver(state, step).play(), True
    except StepRefused:
        return before, [], False
    except MissingChoice as exc:
        raise read.fail(exc.path, exc.reason) from None


def _actions(read: Reader, spec: dict[str, Any], state: State,
             events: list[Event]) -> tuple[State, dict[str, Any]]:
    steps = _steps(read, spec["actions"], ("check", "actions"))
    stopped, why = 0, None
    for number, step in enumerate(steps, 1):
        if state.phase == OVER:
            stopped, why = number, "game_over"
            break
        state, done, applied = _play_step(read, state, step)
        events += done
        if not applied:
            stopped, why = number, "refused"
            break
    return state, {"stopped_at": stopped, "why": why}


def _legal(read: Reader, spec: dict[str, Any], state: State) -> bool:
    step = read_step(read, spec["legal"], ("check", "legal"))
    return _play_step(read, state.clone(), step)[2]


def _score(read: Reader, spec: dict[str, Any], state: State) -> None:
    """Impact on the board as it stands, by the engine's scoring."""
    check = read.check
    if check.boolean(spec["score"], ("check", "score")) is not True:
        raise check.fail(("check", "score"), "write score: true")
    magnet = "magnet_end" in spec
    if magnet:
        where: PathKey = ("check", "magnet_end")
        end = check.mapping(spec["magnet_end"], where, allowed=("by", "turn_start_totem"),
                            required=("by", "turn_start_totem"))
        if read.seat(end["by"], (*where, "by")) != state.roller:
            raise check.fail((*where, "by"), "the game ends by the roller's Khaos Magnet")
        state.turn_start_totem = check.integer(end["turn_start_totem"],
                                               (*where, "turn_start_totem"), 1, 10)
    impact(state, magnet=magnet)
