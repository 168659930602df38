"""Dice rolled at the real table: the rules wait for the faces and never draw them."""

from __future__ import annotations

import json
import random
from math import comb

import pytest

from game.rules.core.errors import DataError, RuleError
from game.rules.core.match import from_record, new_match
from game.rules.goblins import engine
from game.rules.goblins.actions import EndTactics, ReadDice, UseEmergency, UseNitro
from game.rules.goblins.combat import BLANK
from game.rules.goblins.events import DiceRolled, TacticUsed


def _table_state(catalogue, seed: int = 3):
    """Random play in a table-dice game until the rules wait for a roll to be read."""
    state = engine.new_state(catalogue, 2, "standard", seed, dice="table")
    chooser = random.Random(seed)
    while state.phase != "roll":
        seat = chooser.choice(engine.to_act(state))
        engine.apply(state, chooser.choice(engine.legal_actions(state, seat)))
    return state


def test_the_roll_waits_for_each_rolling_team_to_be_read(catalogue):
    state = _table_state(catalogue)
    rolling = [t for t in state.teams if t.reading]
    assert rolling and engine.to_act(state) == tuple(sorted(t.tactician for t in rolling))
    team = rolling[0]
    options = engine.legal_actions(state, team.tactician)
    count = len(team.reading)
    assert len(options) == comb(6 + count - 1, count)
    assert all(isinstance(a, ReadDice) and list(a.faces) == sorted(a.faces) for a in options)
    rng_before = state.rng.clone()
    faces = tuple(sorted(random.Random(1).choices(range(6), k=count)))
    events = engine.apply(state, ReadDice(team.tactician, faces))
    assert DiceRolled(state.teams.index(team), faces) in events
    assert team.dice == list(faces) and not team.reading
    assert state.rng.clone().die() == rng_before.die(), "reading draws nothing from the RNG"


def test_a_wrong_reading_is_refused_and_changes_nothing(catalogue):
    state = _table_state(catalogue)
    team = next(t for t in state.teams if t.reading)
    count = len(team.reading)
    wrong = [(1,) * (count + 1), (6,) * count, (-1,) * count]
    if count > 1:
        wrong.append((5,) + (1,) * (count - 1))
    before = repr(state)
    for faces in wrong:
        with pytest.raises(RuleError):
            engine.apply(state, ReadDice(team.tactician, faces))
        assert repr(state) == before


def _to_post_roll_with(catalogue, ability: str):
    """A table-dice state after the roll where a team holds ``ability``."""
    for seed in range(200):
        state = engine.new_state(catalogue, 2, "standard", seed, dice="table")
        chooser = random.Random(seed)
        for _ in range(3000):
            if state.phase == "over":
                break
            team = next((t for t in state.teams if ability in t.abilities and t.dice
                         and not t.reading and not t.done_tactics), None)
            if state.phase == "post_roll" and team is not None and (
                    ability != "emergency" or BLANK in team.dice):
                return state, team
            seat = chooser.choice(engine.to_act(state))
            options = [a for a in engine.legal_actions(state, seat)
                       if not isinstance(a, UseNitro | UseEmergency)]
            engine.apply(state, chooser.choice(options or engine.legal_actions(state, seat)))
    raise AssertionError(f"no table-dice game reached a {ability} decision")


def test_nitro_rerolls_are_read_from_the_table(catalogue):
    state, team = _to_post_roll_with(catalogue, "nitro")
    index = state.teams.index(team)
    kept = team.dice[1:]
    before = tuple(team.dice)
    engine.apply(state, UseNitro(team.tactician, 0))
    assert team.reading == (0,) and engine.legal_actions(state, team.tactician) == [
        ReadDice(team.tactician, (f,)) for f in range(6)]
    events = engine.apply(state, ReadDice(team.tactician, (4,)))
    assert team.dice == [4, *kept]
    assert TacticUsed(index, "nitro", tuple(team.dice), before, (0,)) in events


def test_an_emergency_reroll_cannot_read_blank(catalogue):
    state, team = _to_post_roll_with(catalogue, "emergency")
    blanks = team.dice.count(BLANK)
    engine.apply(state, UseEmergency(team.tactician))
    options = engine.legal_actions(state, team.tactician)
    assert options and all(BLANK not in a.faces and len(a.faces) == blanks for a in options)
    with pytest.raises(RuleError):
        engine.apply(state, ReadDice(team.tactician, (BLANK,) * blanks))
    engine.apply(state, options[-1])
    assert BLANK not in team.dice


def test_an_emergency_reroll_reads_any_number_from_one(catalogue):
    state, team = _to_post_roll_with(catalogue, "emergency")
    read = tuple(1 if face == BLANK else face for face in team.dice)
    before = tuple(team.dice)
    blanks = tuple(i for i, face in enumerate(before) if face == BLANK)
    engine.apply(state, UseEmergency(team.tactician))
    ones = (1,) * team.dice.count(BLANK)
    assert engine.legal_actions(state, team.tactician)[0] == ReadDice(team.tactician, ones)
    events = engine.apply(state, ReadDice(team.tactician, ones))
    assert TacticUsed(state.teams.index(team), "emergency", read, before, blanks) in events


def test_only_the_rolling_teams_tactician_reads_its_dice(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 3, dice="table")
    chooser = random.Random(3)
    while state.phase != "roll":
        seat = chooser.choice(engine.to_act(state))
        engine.apply(state, chooser.choice(engine.legal_actions(state, seat)))
    team = next(t for t in state.teams if t.reading)
    assert team.pilot != team.tactician
    faces = (0,) * len(team.reading)
    assert engine.legal_actions(state, team.pilot) == []
    with pytest.raises(RuleError, match=r"^your team has no dice waiting to be read$"):
        engine.apply(state, ReadDice(team.pilot, faces))
    events = engine.apply(state, ReadDice(team.tactician, faces))
    assert DiceRolled(state.teams.index(team), faces) in events


def test_a_team_without_dice_tactics_is_done_once_its_dice_are_read(catalogue):
    state = _table_state(catalogue)
    team = next(t for t in state.teams if t.reading)
    team.abilities = []
    engine.apply(state, ReadDice(team.tactician, (1,) * len(team.reading)))
    assert team.done_tactics
    assert EndTactics(team.tactician) not in engine.legal_actions(state, team.tactician)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_table_dice_games_finish(catalogue, players):
    for seed in range(3):
        state = engine.new_state(catalogue, players, "standard", seed, dice="table")
        chooser = random.Random(seed)
        for _ in range(20_000):
            if engine.is_over(state):
                break
            seat = chooser.choice(engine.to_act(state))
            engine.apply(state, chooser.choice(engine.legal_actions(state, seat)))
        assert engine.is_over(state)


def test_the_dice_option_is_saved_and_replayed(catalogue):
    match = new_match("goblins", 2, "standard", 5, {"dice": "table"})
    chooser = random.Random(5)
    while not any(isinstance(a, ReadDice) for a in match.actions):
        seat = chooser.choice(engine.to_act(match.state))
        match.play(chooser.choice(engine.legal_actions(match.state, seat)))
    record = json.loads(json.dumps(match.to_record()))
    assert record["options"] == {"dice": "table"}
    again = from_record(record)
    assert again.state.rng == match.state.rng
    for state in (again.state, match.state):
        state.rng = None
    assert repr(again.state) == repr(match.state)
    record["options"] = {"dice": "loaded"}
    with pytest.raises(DataError, match="options"):
        from_record(record)
    with pytest.raises(RuleError):
        new_match("goblins", 2, "standard", 5, {"colour": "red"})
