"""Hostile actions, for every registered game: a wrong type, an out-of-range value, a
foreign or unknown action or a wrong seat fed to a running match is refused with one
RuleError sentence, leaving the state, the action log and the autosave's bytes exactly
as they were; and whatever the engine accepts is a legal move that the save replays.

Games are random walks from fixed seeds through a ``Session`` (the client's path:
Session.play -> Match.play -> the codec's check -> the game's apply). Hostile actions
are built from the game's own codec schema, so a game added to the registry is covered
without a line here. ``hostile_walk`` also serves the reliability rerun (counts only).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.rules.core.actions import FIELD_TYPES, Action, ActionCodec, FieldType
from game.rules.core.errors import DataError, RuleError
from game.rules.core.match import Match, from_record, new_match
from game.rules.core.registry import GAMES, bundled_catalogue
from game.session import Seat, Session

HUGE = 10**30
WRONG_LEAVES: dict[str, tuple[Any, ...]] = {
    "int": (None, 1.5, 1.0, float("nan"), True, False, "1", "", [1], {}, (1,), b"1", 1j),
    "bool": (None, 0, 1, "abc", "", "true", 1.5, [], {}, (True,)),
    "str": (None, 0, True, b"x", ["a"], {}, 1.5, ("a",)),
}
"""Values of the wrong Python type for each leaf of the field grammar: always refused."""
assert set(WRONG_LEAVES) == set(FIELD_TYPES), "a field type without hostile values"


@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class Foreign(Action):
    """An action no game registers (as a bot or scene of another game might send)."""

    kind = "foreign"
    square: int


def sample(ftype: FieldType) -> Any:
    """One small value of exactly the type, to build wrong ones around."""
    shape = ftype.shape
    if shape in WRONG_LEAVES:
        return {"int": 1, "bool": True, "str": "a"}[shape]
    if shape == "fixed":
        return tuple(sample(part) for part in ftype.parts)
    one = sample(ftype.parts[0])
    return (one,) if shape == "list" else one


def wrong_values(ftype: FieldType) -> list[Any]:
    """Values of the wrong Python type for ``ftype``, at any depth: always refused."""
    shape = ftype.shape
    if shape in WRONG_LEAVES:
        return list(WRONG_LEAVES[shape])
    if shape == "optional":
        return [v for v in wrong_values(ftype.parts[0]) if v is not None]
    good = sample(ftype)
    out: list[Any] = [None, list(good), 5, "12", {}, frozenset(good), range(3), b"", (good,)]
    if shape == "list":
        item = ftype.parts[0]
        return out + [(v,) for v in wrong_values(item)] + [
            (*good, v) for v in wrong_values(item)[:3]]
    out += [good[:-1], (*good, good[-1])]
    for i, part in enumerate(ftype.parts):
        out += [(*good[:i], v, *good[i + 1:]) for v in wrong_values(part)]
    return out


def odd_values(ftype: FieldType, value: Any) -> list[Any]:
    """Values of the right type that are out of range, near misses or absurd."""
    shape = ftype.shape
    if shape == "int":
        return [-1, -2, value + 1, value - 1, 4, 25, 99, 2**31, 2**63, HUGE, -HUGE]
    if shape == "bool":
        return [not value]
    if shape == "str":
        return ["", "?", value + "x", value.upper(), "\x00", "x" * 5000]
    if shape == "optional":
        inner = ftype.parts[0]
        return [None, *odd_values(inner, sample(inner) if value is None else value)]
    if shape == "fixed":
        return [(*value[:i], odd, *value[i + 1:])
                for i, part in enumerate(ftype.parts) for odd in odd_values(part, value[i])]
    item = ftype.parts[0]
    odd = odd_values(item, sample(item))
    return [(), (odd[0],), (odd[-2],), value[::-1], value[:-1], value + value[:1],
            (*value, odd[-2]), tuple(odd) * 4, (sample(item),) * 7]


@dataclass
class Tally:
    """What happened to the hostile actions one walk fed."""

    fed: int = 0
    refused: int = 0
    accepted: int = 0
    replayed: int = 0
    """Games whose whole record (every accepted hostile action in it) reloaded exactly."""
    games: int = 0
    other: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("fed", "refused", "accepted", "replayed", "games"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.other.update(other.other)
        self.problems += other.problems


class Hostile:
    """Builds hostile actions for a match from its game's codec schema."""

    def __init__(self, match: Match, rng: random.Random) -> None:
        self.match = match
        self.rng = rng
        self.codec = match.spec.rules.codec
        self.subclasses = [dataclasses.make_dataclass(
            f"Sub{cls.__name__}", [], bases=(cls,), slots=True, eq=True, unsafe_hash=True)
            for cls in self.codec.classes]

    def seat(self) -> tuple[int, bool]:
        """A seat, and whether it is off the table (so the move must be refused)."""
        n = self.match.players
        seat = self.rng.choice([*range(n), -1, n, n + 1, HUGE, -HUGE])
        return seat, not 0 <= seat < n

    def action(self) -> tuple[Any, bool]:
        """A hostile action, and whether it must be refused whatever the position."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.08:
            seat, _ = self.seat()
            return rng.choice([Foreign(seat, 3), None, "pass", 3, {"kind": "pass"},
                               self.codec.classes[0], object()]), True
        if roll < 0.14:
            base = self._any_legal() or self._fresh()[0]
            sub = self.subclasses[self.codec.classes.index(type(base))]
            return sub(*(getattr(base, name) for name, _ in self.codec.fields(type(base)))), True
        legal = self._any_legal() if roll < 0.8 else None
        if legal is None:
            return self._fresh()
        name, ftype = rng.choice(self.codec.fields(type(legal)))
        if name == "seat":
            seat, off = self.seat()
            return dataclasses.replace(legal, seat=seat), off
        if rng.random() < 0.5:
            return dataclasses.replace(legal, **{name: rng.choice(wrong_values(ftype))}), True
        value = rng.choice(odd_values(ftype, getattr(legal, name)))
        return dataclasses.replace(legal, **{name: value}), False

    def _any_legal(self) -> Action | None:
        rules, state = self.match.spec.rules, self.match.state
        seats = list(rules.to_act(state))
        self.rng.shuffle(seats)
        for seat in seats:
            legal = rules.legal_actions(state, seat)
            if legal:
                return self.rng.choice(legal)
        return None

    def _fresh(self) -> tuple[Action, bool]:
        """Any class of the game, each field a plausible small value or a wrong type."""
        cls = self.rng.choice(self.codec.classes)
        must_refuse = False
        values = []
        for name, ftype in self.codec.fields(cls):
            if name == "seat":
                value, off = self.seat()
                must_refuse |= off
            elif self.rng.random() < 0.2:
                value, must_refuse = self.rng.choice(wrong_values(ftype)), True
            else:
                value = self._plausible(ftype)
            values.append(value)
        return cls(*values), must_refuse

    def _plausible(self, ftype: FieldType) -> Any:
        """A small value of the declared type, legal or not."""
        rng, shape = self.rng, ftype.shape
        if shape == "int":
            return rng.randint(-1, 6)
        if shape == "bool":
            return rng.random() < 0.5
        if shape == "str":
            return rng.choice(["", "?"])
        if shape == "optional":
            return None if rng.random() < 0.3 else self._plausible(ftype.parts[0])
        if shape == "fixed":
            return tuple(self._plausible(part) for part in ftype.parts)
        return tuple(self._plausible(ftype.parts[0]) for _ in range(rng.randint(0, 5)))


def snapshot(match: Match) -> Any:
    """A deep copy of the rules state that shares nothing mutable with it."""
    catalogue = bundled_catalogue(match.game)
    return copy.deepcopy(match.state, {id(catalogue): catalogue})


def hostile_walk(game: str, players: int, variant: str, seed: int, rate: float,
                 folder: Path | None = None) -> Tally:
    """Play one random game; before each move, with probability ``rate``, feed a hostile
    action. ``folder`` autosaves the session there and compares the file's bytes. The
    seed also picks the table options (each option's values in turn)."""
    rng = random.Random(seed)
    spec = GAMES[game]
    options = {name: values[seed % len(values)] for name, values in spec.options}
    match = new_match(game, players, variant, seed, options)
    path = None if folder is None else folder / f"{game}-{players}-{variant}-{seed}.json"
    session = Session(match, [Seat() for _ in range(players)], path)
    session.save()
    rules, hostile, tally = spec.rules, Hostile(match, rng), Tally(games=1)

    def feed() -> None:
        action, must_refuse = hostile.action()
        tally.fed += 1
        before, log = snapshot(match), list(match.actions)
        saved = path.read_bytes() if path is not None else b""
        try:
            session.play(action)
        except RuleError as exc:
            tally.refused += 1
            text = str(exc)
            if not text or "\n" in text or len(text) > 200:
                tally.problems.append(f"{action!r} was refused in no one plain line: {text!r}")
            if match.state != before or match.actions != log:
                tally.problems.append(f"refusing {action!r} changed the match")
            if path is not None and path.read_bytes() != saved:
                tally.problems.append(f"refusing {action!r} changed the save")
            return
        except Exception as exc:  # counted and reported, never hidden: the point of the run
            tally.other[type(exc).__name__] += 1
            tally.problems.append(f"{action!r} raised {type(exc).__name__}: {exc}")
            return
        tally.accepted += 1
        if must_refuse:
            tally.problems.append(f"{action!r} was accepted")
        elif action not in rules.legal_actions(before, action.seat):
            tally.problems.append(f"{action!r} was accepted but is not a legal move")
        elif rules.codec.decode(json.loads(json.dumps(action.to_dict()))) != action:
            tally.problems.append(f"{action!r} does not survive its save file")

    steps = 0
    while True:
        if rng.random() < rate:
            feed()
        if rules.is_over(match.state) or spec.capped(match.state):
            break
        seat = rng.choice([s for s in rules.to_act(match.state) if session.may_act(s)])
        session.play(rng.choice(rules.legal_actions(match.state, seat)))
        steps += 1
        assert steps < 5000, f"{game} seed {seed} does not end"
    for _ in range(5):
        feed()  # the game is over (or capped): still one sentence, nothing changed
    try:
        if path is None:
            again = from_record(json.loads(json.dumps(match.to_record()))).state
        else:
            again = Session.load(path).state
    except DataError as exc:
        tally.problems.append(f"{game} seed {seed}: the record does not load: {exc}")
        return tally
    if again == match.state:
        tally.replayed += 1
    else:
        tally.problems.append(f"{game} seed {seed}: the record replays another state")
    return tally


TABLES = [(game, players, spec.variants[i % len(spec.variants)], seed)
          for game, spec in GAMES.items()
          for i, players in enumerate(spec.player_counts) for seed in (11, 12)]


@pytest.mark.parametrize("game, players, variant, seed", TABLES)
def test_hostile_actions_are_refused_with_the_match_and_save_unchanged(
        tmp_path, game, players, variant, seed):
    tally = hostile_walk(game, players, variant, seed, rate=0.3, folder=tmp_path)
    assert tally.problems == []
    assert tally.fed > 30 and tally.refused > 0.8 * tally.fed
    assert tally.replayed == 1


@pytest.mark.parametrize("game", list(GAMES))
def test_some_hostile_actions_are_legal_moves_and_those_replay(game):
    """Near misses include legal moves (another seat's, a neighbouring square): the walk
    must see some accepted, or it never tests that accepted moves replay."""
    spec = GAMES[game]
    tally = Tally()
    for seed in range(3):
        tally.add(hostile_walk(game, spec.player_counts[0], spec.variants[0], seed, rate=1.0))
    assert tally.problems == [] and tally.accepted > 0 and tally.replayed == tally.games


def _session_at(tmp_path: Path, kind: str) -> tuple[Session, Action]:
    """A saved four-seat Goblins session played on until some seat may make a ``kind``
    move (order decisions are rare: one possible order is made for the team)."""
    for seed in range(40):
        rng = random.Random(seed)
        session = Session(new_match("goblins", 4, "standard", seed),
                          [Seat() for _ in range(4)], tmp_path / f"match-{seed}.json")
        while not session.is_over():
            for seat in session.to_act():
                found = [a for a in session.rules.legal_actions(session.state, seat)
                         if a.kind == kind]
                if found:
                    session.save()
                    return session, rng.choice(found)
            seat = rng.choice(session.to_act())
            session.play(rng.choice(session.rules.legal_actions(session.state, seat)))
    raise AssertionError(f"no {kind} move came up")


@pytest.mark.parametrize("kind, changes, message", [
    ("agendas", {"bet": None}, "the bet of this agendas move must be text"),
    ("order", {"dynamite": "abc"}, "the dynamite of this order move must be true or false"),
    ("steer", {"steer": 1.5}, "the steer of this steer move must be a whole number"),
    ("place", {"rot": 1.5}, "the rot of this place move must be a whole number"),
    ("place", {"square": 1.0}, "the square of this place move must be a whole number"),
    ("pass", {"tiles": [0, 1]}, "the tiles of this pass move must be a list of whole numbers"),
    ("place", {"seat": 4}, "a move must name a seat from 0 to 3"),
    ("place", {"seat": -(10**30)}, "a move must name a seat from 0 to 3"),
])
def test_the_reported_malformed_actions_are_refused(tmp_path, kind, changes, message):
    """The cases the reliability run found accepted or half-applied: each is now refused
    in one sentence, with the match, its log and its autosave as they were."""
    session, legal = _session_at(tmp_path, kind)
    before, log = snapshot(session.match), list(session.match.actions)
    saved = session.path.read_bytes()
    with pytest.raises(RuleError, match=f"^{message}$"):
        session.play(dataclasses.replace(legal, **changes))
    assert session.state == before and session.match.actions == log
    assert session.path.read_bytes() == saved
    session.play(legal)  # the well-formed move is still there to make


@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class EveryShape(Action):
    """An action with a field of each shape of the grammar (no game uses them all yet)."""

    kind = "every_shape"
    maybe: int | None
    pick: tuple[int, str]
    pairs: tuple[tuple[int, bool], ...]
    rows: tuple[tuple[int, ...] | None, ...]


def test_hostile_values_of_every_field_shape_are_refused_and_odd_ones_survive_a_save():
    """What the walks feed a game with other field types: every wrong value is refused
    by the live check; every odd value of the right type passes it and comes back equal
    through a save's JSON."""
    codec = ActionCodec([EveryShape])
    base = EveryShape(0, None, (1, "a"), ((1, True),), ((1, 2), None))
    codec.check(base, 1)
    for name, ftype in codec.fields(EveryShape)[1:]:
        for wrong in wrong_values(ftype):
            with pytest.raises(RuleError, match=f"^the {name} of this every_shape move must be"):
                codec.check(dataclasses.replace(base, **{name: wrong}), 1)
        for odd in odd_values(ftype, getattr(base, name)):
            action = dataclasses.replace(base, **{name: odd})
            codec.check(action, 1)
            assert codec.decode(json.loads(json.dumps(action.to_dict()))) == action
