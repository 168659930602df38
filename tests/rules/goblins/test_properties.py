"""Property tests for the Goblins, Inc. engine: random legal play keeps every
conservation law, illegal moves are refused without a trace, and match records
replay exactly (or fail with one located sentence when damaged).

Games are driven by a ``random.Random`` seeded from a hypothesis-drawn integer, so a
failing example prints the match seed and the play seed that reproduce it.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.core.actions import Action
from game.rules.core.errors import DataError, RuleError
from game.rules.core.match import Match, from_record, new_match
from game.rules.core.registry import bundled_catalogue
from game.rules.goblins import engine
from game.rules.goblins.actions import (
    ACTION_TYPES,
    OrderDice,
    PassTiles,
    PlaceTile,
)
from game.rules.goblins.controls import dice_count
from game.rules.goblins.geometry import COCKPIT
from game.rules.goblins.state import State

PLAYERS = (2, 3, 4)
VARIANTS = ("standard", "full", "party")
TABLES = [(p, v) for p in PLAYERS for v in VARIANTS]
STABLE_PHASES = {"build", "agendas", "choose", "pre_roll", "post_roll", "order", "token",
                 "playoff", "over"}
MAX_STEPS = 5000

# The session fixture's catalogue is the same cached object; hypothesis tests read it
# from here so that a failing example does not print the whole card list.
CATALOGUE = bundled_catalogue("goblins")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- driving a game ----------------------------------------------------------------------
def step(state: State, rng: random.Random) -> Action:
    """Pick a random seat with a decision and a random legal action for it."""
    seat = rng.choice(engine.to_act(state))
    return rng.choice(engine.legal_actions(state, seat))


def play_out(state: State, rng: random.Random,
             each: Callable[[State, int], None] | None = None) -> int:
    """Random legal play to the end; ``each(state, steps)`` runs before every action
    and once at the end. Returns the number of actions played."""
    steps = 0
    while not engine.is_over(state):
        assert steps < MAX_STEPS, "the game does not end"
        if each is not None:
            each(state, steps)
        engine.apply(state, step(state, rng))
        steps += 1
    if each is not None:
        each(state, steps)
    return steps


# -- invariants --------------------------------------------------------------------------
def robot_tile_indices(state: State) -> list[int]:
    out = []
    for team in state.teams:
        robot = team.robot
        out += [t.index for sq, t in enumerate(robot.tiles) if t is not None and sq != COCKPIT]
        out += [t.index for t in robot.scrap_tiles]
    return out


class Invariants:
    """Checks every conservation law; keeps the previous scores to see they never fall."""

    def __init__(self, catalogue: Any) -> None:
        self.catalogue = catalogue
        self.scores: list[int] | None = None
        self.phases: set[str] = set()

    def __call__(self, state: State, steps: int = 0) -> None:
        cat = self.catalogue
        phase = state.phase
        self.phases.add(phase)
        assert phase in STABLE_PHASES, f"the engine stopped in the transient {phase} step"
        assert 1 <= state.round <= state.rounds

        # Tiles: the bag, the hands, both robots and both scrapyards hold all 60, once.
        held = list(state.bag)
        for player in state.players:
            held += player.drawn + player.tiles
            if player.passed is not None:
                assert set(player.passed) <= set(player.drawn)
        held += robot_tile_indices(state)
        assert len(held) == len(cat.tiles) == 60
        assert sorted(held) == list(range(len(cat.tiles)))

        # Defense tokens: supply + on robots + scrapped == 16; a token lies on tiles.
        on_robots = sum(len(t.robot.tokens) for t in state.teams)
        scrapped = sum(t.robot.scrap_tokens for t in state.teams)
        assert state.token_supply >= 0
        assert state.token_supply + on_robots + scrapped == cat.defense_tokens
        for team in state.teams:
            for squares in team.robot.tokens:
                assert 1 <= len(squares) <= 2
                for sq in squares:
                    assert sq != COCKPIT and team.robot.tiles[sq] is not None

        # Goblins: 2 per crew member, in the cockpit or the scrapyard, once combat starts.
        in_combat = phase not in ("build", "agendas")
        for team in state.teams:
            robot = team.robot
            assert all(v >= 0 for v in robot.goblins.values())
            assert robot.scrap_goblins >= 0
            if in_combat:
                assert set(robot.goblins) == set(team.seats)
                assert robot.crew() + robot.scrap_goblins == 2 * len(team.seats)
                assert robot.loose_squares() == [], "a loose tile stayed on a robot in combat"
            else:
                assert robot.goblins == {} and robot.scrap_goblins == 0

        # Scores never negative, never fall.
        scores = [p.score for p in state.players]
        assert all(s >= 0 for s in scores)
        if self.scores is not None:
            assert all(new >= old for new, old in zip(scores, self.scores, strict=True))
        self.scores = scores

        # Dice: never more than five; at the roll, exactly what arrows/overheat/sabotage
        # give. (Dynamite repeats the first numbered die, but it is only allowed with
        # fewer than five dice, so the list never grows past five.)
        for team in state.teams:
            assert len(team.dice) <= 5
            assert all(0 <= d <= 5 for d in team.dice)
            if phase == "post_roll":
                robot = team.robot
                assert len(team.dice) == dice_count(robot.arrows(robot.front),
                                                    team.overheat, team.sabotage)

        # Who acts: exactly the seats with legal actions; nobody once the game is over.
        acting = engine.to_act(state)
        assert list(acting) == sorted(set(acting))
        if phase == "over":
            assert acting == ()
        else:
            assert acting, f"nobody can act in the {phase} step"
        for seat in range(state.n):
            legal = engine.legal_actions(state, seat)
            if seat in acting:
                assert legal, f"seat {seat} must act in {phase} but has no legal action"
                assert len(set(legal)) == len(legal), "duplicate legal actions"
            else:
                assert legal == [], f"seat {seat} is not to act but has legal actions"
        assert engine.legal_actions(state, -1) == []
        assert engine.legal_actions(state, state.n) == []

        if phase == "over":
            best = max(scores)
            assert state.winners == tuple(s for s, v in enumerate(scores) if v == best)
            assert state.round == state.rounds


@pytest.mark.parametrize(("players", "variant"), TABLES)
@settings(max_examples=30, **SETTINGS)
@given(seed=seeds, play_seed=seeds)
def test_random_play_to_the_end_keeps_invariants(players, variant, seed,
                                                 play_seed):
    catalogue = CATALOGUE
    state = engine.new_state(catalogue, players, variant, seed)
    check = Invariants(catalogue)
    play_out(state, random.Random(play_seed), check)
    assert state.phase == "over"
    # post_roll, order and token are decisions only when a card or the dice allow a
    # choice, so a random game may skip them.
    assert {"build", "choose", "over"} <= check.phases
    if variant != "party":
        assert "agendas" in check.phases


# -- illegal actions ---------------------------------------------------------------------
class Fuzzer:
    """Random actions of every type with plausible, wrong and absurd field values."""

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        cat = state.catalogue
        self.sides = sorted({side for a in cat.agendas for side, _ in a.bet})

    def seat(self) -> int:
        n = self.state.n
        return self.rng.choice([*range(n), *range(n), *range(n), -1, n, 4, 99])

    def some_tiles(self, seat: int) -> list[int]:
        """Tiles from anywhere: the seat's hand, others' hands, robots, the bag, junk."""
        s = self.state
        pool = [-1, 60, 61, 10**9]
        if 0 <= seat < s.n:
            pool += s.players[seat].drawn * 3 + s.players[seat].tiles * 3
        for p in s.players:
            pool += p.drawn + p.tiles
        pool += robot_tile_indices(s) + s.bag[:5]
        return pool

    def number(self, name: str, seat: int) -> int:
        rng, s = self.rng, self.state
        if name == "tile":
            return rng.choice(self.some_tiles(seat))
        if name in ("square", "source"):
            occupied = [sq for t in s.teams for sq, x in enumerate(t.robot.tiles) if x]
            forbidden = list(s.catalogue.blueprints[s.blueprint].forbidden)
            return rng.choice([*range(25), *occupied, *forbidden, COCKPIT, -1, 25, 10**6])
        if name == "rot":
            return rng.choice([0, 1, 2, 3, 0, 1, 2, 3, -1, 4, 90])
        if name in ("steer", "target"):
            return rng.choice([0, 1, 2, 3, -1, 4])
        if name == "slot":
            return rng.choice([0, 1, 2, -1, 3, 10])
        if name == "die":
            return rng.choice([-2, -1, 0, 1, 2, 3, 4, 5, 6])
        if name == "face":
            return rng.choice([-1, 0, 1, 2, 3, 4, 5, 6])
        if name == "token":
            most = max(len(t.robot.tokens) for t in s.teams)
            return rng.randint(-1, most + 1)
        raise AssertionError(f"no generator for int field {name}")

    def sequence(self, name: str, seat: int) -> tuple[int, ...]:
        rng, s = self.rng, self.state
        mine = s.players[seat] if 0 <= seat < s.n else None
        if name == "tiles":
            base = list(mine.drawn) if mine and mine.drawn else self.some_tiles(seat)
        elif name == "keep":
            base = list(mine.hand) if mine and mine.hand else list(range(-1, 22))
        else:  # order
            base = [d for t in s.teams for d in t.dice] + [0, 1, 2, 3, 4, 5, 6]
        size = rng.choice([0, 1, 2, 2, 2, 3, 4, 4, 4, 5])
        picks = [rng.choice(base) for _ in range(size)]
        if rng.random() < 0.5:
            picks.sort()
        return tuple(picks)

    def value(self, f: dataclasses.Field, seat: int) -> Any:
        kind = f.type if isinstance(f.type, str) else f.type.__name__
        if kind == "int":
            return self.number(f.name, seat)
        if kind == "bool":
            return self.rng.random() < 0.5
        if kind == "str":
            return self.rng.choice(["", "?", "won", *self.sides, *self.sides])
        assert kind.startswith("tuple"), kind
        return self.sequence(f.name, seat)

    def fresh(self) -> Action:
        cls = self.rng.choice(ACTION_TYPES)
        seat = self.seat()
        values = {f.name: self.value(f, seat) for f in dataclasses.fields(cls)
                  if f.name != "seat"}
        return cls(seat=seat, **values)

    def mutant(self) -> Action | None:
        """A legal action of some seat with one field changed (often a near miss)."""
        s = self.state
        seats = [seat for seat in range(s.n) if engine.legal_actions(s, seat)]
        if not seats:
            return None
        action = self.rng.choice(engine.legal_actions(s, self.rng.choice(seats)))
        f = self.rng.choice(dataclasses.fields(action))
        if f.name == "seat":
            return dataclasses.replace(action, seat=self.seat())
        return dataclasses.replace(action, **{f.name: self.value(f, action.seat)})

    def action(self) -> Action:
        if self.rng.random() < 0.5:
            mutant = self.mutant()
            if mutant is not None:
                return mutant
        return self.fresh()


def deep_copy(state: State) -> State:
    """A copy that shares nothing mutable with ``state`` (unlike a clone, whose sharing
    is what is under test), keeping the one catalogue."""
    return copy.deepcopy(state, {id(state.catalogue): state.catalogue})


def check_refused_or_accepted(state: State, action: Any) -> bool:
    """An action not in its seat's legal list is refused and changes nothing; one in the
    list applies. Returns whether it was legal."""
    seat = getattr(action, "seat", -1)
    legal = engine.legal_actions(state, seat) if isinstance(action, Action) else []
    if action in legal:
        engine.apply(state.clone(), action)
        return True
    before = state.clone()
    with pytest.raises(RuleError) as err:
        engine.apply(state, action)
    assert str(err.value) and "\n" not in str(err.value)
    assert state == before, f"a refused {action!r} changed the state"
    return False


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=20, **SETTINGS)
@given(seed=seeds, play_seed=seeds, variant=st.sampled_from(VARIANTS))
def test_illegal_actions_are_refused_without_changes(players, variant, seed,
                                                     play_seed):
    catalogue = CATALOGUE
    rng = random.Random(play_seed)
    state = engine.new_state(catalogue, players, variant, seed)
    fuzz = Fuzzer(state, rng)

    def poke(current: State, steps: int) -> None:
        if rng.random() < 0.3:
            # Now and then compare with a deep copy too, in case a clone shares parts.
            reference = deep_copy(current) if rng.random() < 0.25 else None
            for _ in range(8):
                check_refused_or_accepted(current, fuzz.action())
            for junk in (None, 3, "place", {"kind": "place"}):
                check_refused_or_accepted(current, junk)
            if reference is not None:
                assert current == reference, "refused actions or clones changed the state"

    play_out(state, rng, poke)
    # The game is over: everything is refused.
    for _ in range(20):
        check_refused_or_accepted(state, fuzz.action())


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=12, **SETTINGS)
@given(seed=seeds, play_seed=seeds, variant=st.sampled_from(VARIANTS))
def test_every_legal_action_applies(players, variant, seed, play_seed):
    catalogue = CATALOGUE
    rng = random.Random(play_seed)
    state = engine.new_state(catalogue, players, variant, seed)
    seen: set[str] = set()

    def try_all(current: State, steps: int) -> None:
        # Build steps have hundreds of placements each: try them all at a few of them.
        if current.phase == "build" and rng.random() > 0.05:
            return
        seen.add(current.phase)
        reference = deep_copy(current) if rng.random() < 0.3 else None
        for seat in engine.to_act(current):
            for action in engine.legal_actions(current, seat):
                engine.apply(current.clone(), action)
        # A clone shares nothing mutable: playing on clones left the state alone.
        assert reference is None or current == reference

    play_out(state, rng, try_all)
    assert "choose" in seen


def test_specific_build_mistakes_are_refused(catalogue):
    """Hand-picked wrong build moves at the first decision of a 4-player match."""
    state = engine.new_state(catalogue, 4, "standard", 7)
    planner = engine.to_act(state)[0]
    drawn = sorted(state.players[planner].drawn)
    other = next(s for s in range(4) if s != planner)
    bad = [
        PassTiles(planner, (drawn[0], drawn[0])),            # duplicated tile
        PassTiles(planner, (drawn[1], drawn[0])),            # not ascending
        PassTiles(planner, (drawn[0],)),                     # too few
        PassTiles(planner, tuple(drawn[:3])),                # too many
        PassTiles(planner, (drawn[0], state.bag[0])),        # a tile from the bag
        PassTiles(planner, (-1, 60)),                        # not tiles at all
        PassTiles(other, (drawn[0], drawn[1])),              # somebody else's draw
        PassTiles(9, (drawn[0], drawn[1])),                  # no such seat
        PlaceTile(planner, drawn[0], 0, 0),                  # planners do not build yet
        OrderDice(planner, (), False),                       # wrong step
    ]
    for action in bad:
        assert action not in engine.legal_actions(state, planner)
        assert not check_refused_or_accepted(state, action)


# -- save, load, replay ------------------------------------------------------------------
def random_match(players: int, variant: str, seed: int, play_seed: int,
                 limit: int | None = None) -> Match:
    rng = random.Random(play_seed)
    match = new_match("goblins", players, variant, seed)
    while not engine.is_over(match.state) and (limit is None or len(match.actions) < limit):
        match.play(step(match.state, rng))
    return match


def replay(catalogue: Any, players: int, variant: str, seed: int,
           actions: list[Action]) -> State:
    state = engine.new_state(catalogue, players, variant, seed)
    for action in actions:
        engine.apply(state, action)
    return state


@settings(max_examples=40, **SETTINGS)
@given(seed=seeds, play_seed=seeds, players=st.sampled_from(PLAYERS),
       variant=st.sampled_from(VARIANTS),
       limit=st.one_of(st.none(), st.integers(min_value=0, max_value=400)))
def test_record_round_trip_replays_the_same_state(seed, play_seed, players,
                                                  variant, limit):
    catalogue = CATALOGUE
    match = random_match(players, variant, seed, play_seed, limit)
    record = json.loads(json.dumps(match.to_record()))
    loaded = from_record(record)
    assert loaded.actions == match.actions
    assert loaded.state == match.state
    assert (loaded.players, loaded.variant, loaded.seed) == (players, variant, seed)
    assert loaded.to_record() == record
    # Determinism: the same seed and actions give the same state, twice.
    again = replay(catalogue, players, variant, seed, match.actions)
    assert again == match.state
    assert replay(catalogue, players, variant, seed, match.actions) == again


def round_start_tiles(state: State) -> list[int]:
    """The tile supply of the round in draw order (what planners drew, then the bag)."""
    drawn = [t for seat in state.stages[0][1] for t in state.players[seat].drawn]
    return drawn + state.bag


@settings(max_examples=30, **SETTINGS)
@given(a=seeds, b=seeds, players=st.sampled_from(PLAYERS), variant=st.sampled_from(VARIANTS))
def test_different_seeds_shuffle_differently(a, b, players, variant):
    catalogue = CATALOGUE
    first = engine.new_state(catalogue, players, variant, a)
    again = engine.new_state(catalogue, players, variant, a)
    assert first == again
    assert sorted(round_start_tiles(first)) == list(range(60))
    if a != b:
        other = engine.new_state(catalogue, players, variant, b)
        assert round_start_tiles(first) != round_start_tiles(other)


# -- damaged records ---------------------------------------------------------------------
def one_line_at(err: DataError, path: str) -> None:
    text = str(err)
    assert "\n" not in text
    assert path in text, f"{text!r} does not name {path}"
    assert err.path.startswith(path)


def occupied_place(catalogue: Any, record: dict, players: int, variant: str,
                   seed: int) -> tuple[int, dict] | None:
    """The first place action in the record re-aimed at a square its robot already
    uses (a tile if there is one, else the cockpit)."""
    state = engine.new_state(catalogue, players, variant, seed)
    for index, raw in enumerate(record["actions"]):
        action = engine.CODEC.decode(raw)
        if isinstance(action, PlaceTile):
            robot = state.teams[state.team_of(action.seat)].robot
            taken = [sq for sq, t in enumerate(robot.tiles) if t is not None and sq != COCKPIT]
            bad = dict(raw, square=taken[0] if taken else COCKPIT)
            return index, bad
        engine.apply(state, action)
    return None


@settings(max_examples=40, **SETTINGS)
@given(seed=seeds, play_seed=seeds, players=st.sampled_from(PLAYERS),
       variant=st.sampled_from(VARIANTS), data=st.data())
def test_damaged_records(seed, play_seed, players, variant, data):
    catalogue = CATALOGUE
    match = random_match(players, variant, seed, play_seed, limit=120)
    record = json.loads(json.dumps(match.to_record()))
    actions = record["actions"]
    count = len(actions)

    # A truncated action list is a shorter, valid match.
    cut = data.draw(st.integers(min_value=0, max_value=count), label="cut")
    short = from_record(dict(record, actions=actions[:cut]))
    assert short.actions == match.actions[:cut]
    assert short.state == replay(catalogue, players, variant, seed, match.actions[:cut])

    i = data.draw(st.integers(min_value=0, max_value=count - 1), label="index")
    where = f"actions[{i}]"

    def damaged(item: Any) -> dict:
        return dict(record, actions=[*actions[:i], item, *actions[i + 1:]])

    field = data.draw(st.sampled_from(sorted(k for k in actions[i] if k != "kind")),
                      label="field")
    tampered = {
        "unknown kind": damaged(dict(actions[i], kind="teleport")),
        "no kind": damaged({k: v for k, v in actions[i].items() if k != "kind"}),
        "missing field": damaged({k: v for k, v in actions[i].items() if k != field}),
        "extra field": damaged(dict(actions[i], colour="red")),
        "bool for int": damaged(dict(actions[i], seat=True)),
        "text for int": damaged(dict(actions[i], seat="0")),
        "float for int": damaged(dict(actions[i], seat=0.0)),
        "not a mapping": damaged([actions[i]]),
        "null action": damaged(None),
        "no such seat": damaged(dict(actions[i], seat=players)),
    }
    name = data.draw(st.sampled_from(sorted(tampered)), label="tamper")
    with pytest.raises(DataError) as err:
        from_record(tampered[name])
    one_line_at(err.value, where)

    found = occupied_place(catalogue, record, players, variant, seed)
    if found is not None:
        j, bad = found
        broken = dict(record, actions=[*actions[:j], bad, *actions[j + 1:]])
        with pytest.raises(DataError) as err:
            from_record(broken)
        one_line_at(err.value, f"actions[{j}]")
        assert "cannot be replayed" in str(err.value)


@pytest.mark.parametrize(("key", "value"), [
    ("rules_version", "goblins-0"),
    ("rules_version", None),
    ("data_hash", "0" * 64),
    ("format", 3),
    ("format", 2.0),
    ("format", True),
    ("game", "chess"),
    ("seed", True),
    ("seed", "12"),
    ("players", 2.0),
    ("variant", 3),
    ("actions", {"0": {}}),
])
def test_damaged_record_header(key, value):
    record = json.loads(json.dumps(random_match(2, "standard", 5, 5, limit=3).to_record()))
    with pytest.raises(DataError) as err:
        from_record(dict(record, **{key: value}))
    one_line_at(err.value, key)


@pytest.mark.parametrize("raw", [None, [], "save", 3, [{"format": 1}]])
def test_record_that_is_not_a_mapping(raw):
    with pytest.raises(DataError) as err:
        from_record(raw)
    assert "\n" not in str(err.value)


def test_record_with_an_impossible_table_names_the_key():
    """DESIGN.md: a bad save names the key path. ``from_record`` turns new_match's
    RuleError into a DataError with no path, so the user is not told which key.
    (Fails on purpose until ``from_record`` passes "players"/"variant" as the path.)"""
    record = json.loads(json.dumps(random_match(2, "standard", 5, 5, limit=0).to_record()))
    for key, value in (("players", 5), ("players", 1), ("variant", "solitaire")):
        with pytest.raises(DataError) as err:
            from_record(dict(record, **{key: value}))
        one_line_at(err.value, key)
