"""Hand-made positions where one move is clearly right; normal and hard must find it."""

from __future__ import annotations

import pytest

from game.ai.bots import make_bot
from game.rules.goblins import engine
from game.rules.goblins.actions import OrderDice, PlaceTile, Steer
from game.rules.goblins.geometry import parse_square
from game.rules.goblins.robot import Robot
from tests.rules.goblins.helpers import play_until, robot

LEVELS = ("normal", "hard")
ENEMY = {"2,3": ("weapon", "S", "N"), "3,2": ("engine", "NESW"),
         "3,4": ("engine", "NESW"), "4,3": ("armor", "N", "E")}


def _decide(level, state, seat):
    return make_bot("goblins", level, 7, 24).choose(engine.view(state, seat), seat)


@pytest.fixture
def duel(catalogue):
    state = engine.new_state(catalogue, 2, "standard", 11)
    play_until(state, "choose")
    for team in state.teams:
        team.robot = robot(ENEMY, {team.seats[0]: 2})
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_a_one_engine_robot_turns_to_its_guns_without_goofing(duel, level):
    seat = duel.teams[0].pilot
    duel.teams[0].robot = robot({"3,4": ("weapon", "W", "E")}, {seat: 2})
    action = _decide(level, duel, seat)
    assert action == Steer(seat, 1, 0)


@pytest.mark.parametrize("level", LEVELS)
def test_dynamite_doubles_the_die_that_empties_the_enemy_cockpit(duel, level):
    ours, theirs = duel.teams
    seat = ours.tactician
    theirs.robot = robot({"3,2": ("weapon", "E", "W"), "3,4": ("weapon", "W", "E")},
                         {theirs.seats[0]: 2})
    duel.phase = "order"
    ours.dice, ours.abilities, ours.target, ours.ordered = [2, 3], ["dynamite"], 0, False
    theirs.dice, theirs.ordered = [], True
    assert len(engine.legal_actions(duel, seat)) == 4
    assert _decide(level, duel, seat) == OrderDice(seat, (3, 2), True)


@pytest.mark.parametrize("level", LEVELS)
def test_a_tile_that_would_fall_off_is_not_placed_loose(catalogue, level):
    state = engine.new_state(catalogue, 2, "standard", 5)
    while not any(state.players[s].tiles for s in engine.to_act(state)):
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[0])
    seat = next(s for s in engine.to_act(state) if state.players[s].tiles)
    spike = next(t.index for t in catalogue.tiles if t.id == "W16")
    state.players[seat].tiles = [spike]
    state.teams[state.team_of(seat)].robot = Robot()
    action = _decide(level, state, seat)
    assert isinstance(action, PlaceTile)
    engine.apply(state, action)
    assert state.teams[state.team_of(seat)].robot.loose_squares() == []


@pytest.mark.parametrize("level", LEVELS)
def test_a_hit_gives_up_the_token_that_shields_one_tile(duel, level):
    theirs = duel.teams[1]
    seat = theirs.pilot
    shield = {"2,3": ("armor", "NESW", "SN"), "1,3": ("weapon", "S", "N")}
    theirs.robot = robot(shield, {seat: 2})
    theirs.robot.tokens = theirs.robot.token_layout()
    square = parse_square("2,3")
    duel.phase, duel.hit_team, duel.pending_square = "token", 1, square
    duel.hits = [(1, 1, 2)]
    options = engine.legal_actions(duel, seat)
    assert len(options) == 2
    action = _decide(level, duel, seat)
    assert duel.teams[1].robot.tokens[action.token] == (square,)


@pytest.mark.parametrize("combat_round, turns", [(3, True), (4, False)])
def test_turning_to_bring_the_guns_round_pays_only_if_a_round_is_left(duel, combat_round,
                                                                       turns):
    """Guns point back, one engine: no turn fires this round, but a quarter turn now lets
    the robot face its guns next round. In the last combat round there is no next one,
    so it keeps its engine."""
    ours, theirs = duel.teams
    seat = ours.pilot
    ours.robot = robot({"4,3": ("weapon", "N", "SS", True)}, {seat: 2})
    theirs.robot = robot({"2,3": ("weapon", "S", ""), "3,2": ("armor", "E", "E")},
                         {theirs.seats[0]: 2})
    duel.combat_round = combat_round
    action = _decide("normal", duel, seat)
    assert isinstance(action, Steer) and action.target == 0
    assert (action.steer in (1, 3)) == turns, action
