"""The games and actions kinds: random legal games of every registered configuration,
and mutated actions (wrong types, values, seats and kinds) fed through ``Match.play``
on the way, each refused cleanly, or accepted into a record that replays."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

from reliab.core import (
    Outcome,
    Report,
    Workers,
    case_rng,
    configurations,
    describe_config,
    hang_outcome,
    one_line,
    sentence_problem,
)

MUTATIONS_PER_GAME = 10
"""The original run's ratio: 100 000 illegal actions during 10 000 games."""
MAX_STEPS = 20_000
"""A random game longer than this is reported as one that never ends."""


def classify_play(raised: BaseException | None, changed: bool,
                  replay_problem: str | None) -> Outcome:
    """A mutated action fed to ``Match.play``: refused cleanly, accepted into a record that
    replays to the same state, or one of the failures."""
    if raised is None:
        if replay_problem is None:
            return Outcome("accepted, replayable", True)
        return Outcome("accepted, not replayable", False, replay_problem)
    if changed:
        return Outcome("changed the state, then raised", False,
                       f"{type(raised).__name__}: {raised}")
    from game.rules.core.errors import RuleError

    if isinstance(raised, RuleError):
        problem = sentence_problem(str(raised))
        if problem:
            return Outcome("refused, but not in one sentence", False, problem)
        return Outcome("refused", True)
    return Outcome(f"raised {type(raised).__name__}", False, str(raised))


def _field_type(action: Any, name: str) -> str:
    """The field's type as the game's codec spells it (``tuple[int, ...]``, ``int | None``)."""
    from game.rules.core.actions import field_type

    for f in dataclasses.fields(action):
        if f.name == name:
            return field_type(f.type if isinstance(f.type, str)
                              else getattr(f.type, "__name__", str(f.type))).text
    return ""


def bad_values(annotation: str, current: Any) -> list[Any]:
    """Wrong types, out-of-range numbers, None, floats, bools, text, lists, huge ints."""
    common: list[Any] = [None, 1.5, float("nan"), float("inf"), "abc", [], {}, [1],
                         10**30, -(10**30)]
    if annotation.endswith(" | None"):
        inner = annotation[:-len(" | None")]
        return [v for v in bad_values(inner, current if current is not None else
                                      _sample(inner)) if v is not None]
    if annotation == "int":
        return [*common, True, False, -1, 25, 99, -(2**63), float(current), str(current),
                [current], (current,)]
    if annotation == "bool":
        return [*common, 0, 1, 2, "true", "false", "", [current]]
    if annotation == "str":
        return [*common, 0, 1, True, "", "nonsense", [current], current + "x", (current,)]
    if annotation.startswith("tuple") and current:
        items = tuple(current)
        return [*common, list(items), (*items, *items), items[:-1], (None,), (True,),
                ("1",), (1.5,), (10**30,), (-1,), items[::-1],
                tuple(float(x) for x in items if isinstance(x, int)),
                tuple(str(x) for x in items), (items,)]
    return common


def _sample(annotation: str) -> Any:
    """A value of the simple type ``annotation`` to build wrong ones from."""
    return {"int": 0, "bool": False, "str": "x"}.get(annotation, ())


def mutate(base: Any, seats: int, to_act: tuple[int, ...], seen: dict[str, Any],
           legal_kinds: set[str], rng: random.Random) -> tuple[Any, str]:
    """A malformed or illegal variant of the legal action ``base``, and its kind of
    damage: not an action, wrong seat, foreign kind, wrong type or wrong value."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice([None, base.to_dict(), base.kind, 3, base.seat]), "not an action"
    if roll < 0.20:
        idle = [s for s in range(seats) if s not in to_act]
        wrong = rng.choice([*idle, *idle, -1, seats, 99, 10**30, "0", float(base.seat), True,
                            None])
        how = "wrong seat" if type(wrong) is int else "wrong seat type"
        return dataclasses.replace(base, seat=wrong), how
    foreign = [a for kind, a in seen.items() if kind not in legal_kinds]
    if roll < 0.35 and foreign:
        return dataclasses.replace(rng.choice(foreign), seat=base.seat), "foreign kind"
    names = [f.name for f in dataclasses.fields(base) if f.name != "seat"] or ["seat"]
    name = rng.choice(names)
    current = getattr(base, name)
    if roll < 0.45 and isinstance(current, int) and not isinstance(current, bool):
        values: list[Any] = [current + 1, current - 1, rng.randrange(-3, 30)]
    else:
        values = bad_values(_field_type(base, name), current)
    value = rng.choice([v for v in values if type(v) is not type(current) or v != current])
    same = type(value) is type(current) and (
        not isinstance(value, tuple) or all(type(v) is int for v in value))
    return (dataclasses.replace(base, **{name: value}),
            "wrong value" if same else "wrong type")


def _replay_problem(match: Any) -> str | None:
    """Why the match's record (as the autosave writes it) does not reload to its state."""
    from game.rules.core.errors import DataError
    from game.rules.core.match import from_record

    try:
        text = json.dumps(match.to_record(), separators=(",", ":"))
        again = from_record(json.loads(text))
    except DataError as exc:
        return f"DataError: {exc}"
    except (TypeError, ValueError, RecursionError, AttributeError, KeyError, IndexError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None if again.state == match.state else "the reloaded state differs"


def attempt(match: Any, mutant: Any) -> Outcome:
    """Play one mutated action and classify it; a state it damaged is put back."""
    from game.rules.core.registry import bundled_catalogue

    catalogue = bundled_catalogue(match.game)
    state = copy.deepcopy(match.state, {id(catalogue): catalogue})
    record = match.to_record()
    actions = list(match.actions)
    raised: BaseException | None = None
    try:
        match.play(mutant)
    except Exception as exc:  # the probe's purpose: every exception is classified below
        raised = exc
    if raised is not None:
        changed = match.state != state or match.to_record() != record
        outcome = classify_play(raised, changed, None)
    else:
        outcome = classify_play(None, False, _replay_problem(match))
    if not outcome.ok:
        # Go on from the state before: one bad record must not fail every later action.
        match.state, match.actions = state, actions
    return outcome


def play_game(task: tuple[int, int, int]) -> dict[str, Any]:
    """One random legal game (``task`` = configuration index, seed, mutations to try on
    the way); returns its outcome, length and the mutated actions' outcomes. Should the
    game break before all its mutations were tried, they go on in fresh games."""
    index, seed, mutations = task
    config = configurations()[index]
    tried: list[tuple[Outcome, str, str]] = []
    result = _play_one(config, seed, mutations, tried)
    for extra in range(1, 4):
        if len(tried) >= mutations:
            break
        _play_one(config, seed + extra, mutations, tried)
    return result


def _play_one(config: tuple[str, int, str, tuple[tuple[str, str], ...]], seed: int,
              mutations: int, tried: list[tuple[Outcome, str, str]]) -> dict[str, Any]:
    from game.rules.core.errors import RuleError
    from game.rules.core.match import new_match

    game, players, variant, options = config
    label = describe_config(config, seed)
    rng = random.Random(seed)
    rate = 1 / 10
    seen: dict[str, Any] = {}
    steps = 0
    try:
        match = new_match(game, players, variant, seed, dict(options))
        rules = match.spec.rules
        while not rules.is_over(match.state):
            if match.spec.capped(match.state):
                return _game(Outcome("stopped at the turn cap (a draw)", True), label, steps,
                             tried)
            to_act = tuple(rules.to_act(match.state))
            if not to_act:
                return _game(Outcome("stuck", False, "no seat to act"), label, steps, tried)
            seat = rng.choice(to_act)
            legal = rules.legal_actions(match.state, seat)
            if not legal:
                return _game(Outcome("stuck", False, f"seat {seat} has no legal action"),
                             label, steps, tried)
            for action in legal:
                seen.setdefault(action.kind, action)
            if len(tried) < mutations and rng.random() < rate:
                base = rng.choice(legal)
                mutant, how = mutate(base, players, to_act, seen, {a.kind for a in legal}, rng)
                tried.append((attempt(match, mutant), f"{label} move {steps}: {mutant!r}",
                              how))
                continue
            try:
                match.play(rng.choice(legal))
            except RuleError as exc:
                return _game(Outcome("legal action refused", True, str(exc)), label, steps,
                             tried)
            steps += 1
            if steps > MAX_STEPS:
                return _game(Outcome("never ends", False, f"{steps} actions"), label, steps,
                             tried)
        while len(tried) < mutations and seen:  # the game is over: everything is refused
            base = rng.choice(list(seen.values()))
            mutant, how = mutate(base, players, (), seen, set(), rng)
            tried.append((attempt(match, mutant), f"{label} after the end: {mutant!r}", how))
    except Exception as exc:  # the probe's purpose: any non-RuleError is a failure to count
        return _game(Outcome(f"raised {type(exc).__name__}", False, f"{exc}"), label, steps,
                     tried)
    return _game(Outcome("played to the end", True), label, steps, tried)


def _game(outcome: Outcome, label: str, steps: int,
          tried: list[tuple[Outcome, str, str]]) -> dict[str, Any]:
    return {"outcome": outcome, "label": f"{label} after {steps} actions", "steps": steps,
            "tried": tried}


def games_tasks(kind: str, count: int, seed: int) -> list[tuple[int, int, int]]:
    """(configuration, game seed, mutations) per game, configurations in turn."""
    configs = len(configurations())
    if kind == "games":
        return [(i % configs, case_rng(seed, kind, i).randrange(2**31), 0) for i in range(count)]
    games = math.ceil(count / MUTATIONS_PER_GAME)
    return [(i % configs, case_rng(seed, kind, i).randrange(2**31),
             min(MUTATIONS_PER_GAME, count - i * MUTATIONS_PER_GAME)) for i in range(games)]


def run_games(kind: str, count: int, seed: int, scratch: Path) -> Report:
    from game.progress import progress

    tasks = games_tasks(kind, count, seed)
    report = Report(kind, "games" if kind == "games" else "mutated actions")
    actions = 0
    later = Counter[str]()
    damage, damage_failed = Counter[str](), Counter[str]()
    with progress(len(tasks), kind, "game") as bar:
        for _, result in Workers(play_game, timeout=120).map(tasks):
            bar.update()
            if not isinstance(result, dict):
                outcome = hang_outcome(result)
                if kind == "games":
                    report.add(outcome, "a game")
                else:
                    later[outcome.name] += 1
                continue
            actions += result["steps"]
            if kind == "games":
                report.add(result["outcome"], result["label"])
                continue
            for outcome, short, how in result["tried"]:
                report.add(outcome, short)
                damage[how] += 1
                damage_failed[how] += not outcome.ok
            if not result["outcome"].ok:
                later[result["outcome"].name] += 1
                if len(report.notes) < 3:
                    report.notes.append(one_line(
                        f"{result['label']}: a later legal move -> {result['outcome'].name}: "
                        f"{result['outcome'].detail}"))
    configs = len(configurations())
    report.notes.insert(0, f"{len(tasks)} games over {configs} configurations, "
                           f"{actions} legal actions applied")
    if damage:
        report.notes.insert(1, "failures by damage: " + ", ".join(
            f"{how} {damage_failed[how]} of {n}" for how, n in damage.most_common()))
    if kind == "actions" and later:
        report.notes.insert(1, "games that broke later (after an accepted mutant, or a hang): "
                            + ", ".join(f"{k} {v}" for k, v in later.items()))
    return report
