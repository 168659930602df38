"""Tactics before the roll (Sabotage, Duct Tape, Crane): what a team may do, what each
does to the robot and the token supply, and the event it reports."""

from __future__ import annotations

from game.rules.goblins import engine
from game.rules.goblins.actions import (
    EndTactics,
    UseCrane,
    UseDuctTape,
    UseSabotage,
)
from game.rules.goblins.events import TacticUsed
from game.rules.goblins.geometry import square
from game.rules.goblins.robot import crane_moves
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import duel

WEAPON, LEFT, RIGHT = square(2, 3), square(3, 2), square(3, 4)


def _before_roll(catalogue, *abilities: str) -> State:
    """Team 0 acts first before the roll, holding ``abilities``."""
    state = duel(catalogue)
    state.phase, state.pre_roll_queue = "pre_roll", [0]
    state.teams[0].abilities = list(abilities)
    return state


def test_a_card_with_several_tactics_before_the_roll_offers_them_all(catalogue):
    state = _before_roll(catalogue, "sabotage", "duct_tape", "crane")
    robot = state.teams[0].robot
    assert engine.legal_actions(state, 0) == [
        UseSabotage(0), UseDuctTape(0, WEAPON), UseDuctTape(0, LEFT), UseDuctTape(0, RIGHT),
        *[UseCrane(0, *move) for move in crane_moves(robot)], EndTactics(0)]
    assert engine.legal_actions(state, 1) == []


def test_duct_tape_needs_a_token_left_in_the_supply(catalogue):
    state = _before_roll(catalogue, "duct_tape")
    state.token_supply = 1
    assert UseDuctTape(0, WEAPON) in engine.legal_actions(state, 0)
    state.token_supply = 0
    assert engine.legal_actions(state, 0) == [EndTactics(0)]


def test_sabotage_adds_a_die_and_is_reported(catalogue):
    state = _before_roll(catalogue, "sabotage", "duct_tape")
    events = engine.apply(state, UseSabotage(0))
    assert events == [TacticUsed(0, "sabotage")]
    team = state.teams[0]
    assert team.sabotage and team.abilities == ["duct_tape"]
    assert state.pre_roll_queue == [0], "duct tape may still be used"


def test_duct_tape_covers_one_tile_from_the_supply(catalogue):
    state = _before_roll(catalogue, "duct_tape")
    state.token_supply = 5
    robot = state.teams[0].robot
    tokens = list(robot.tokens)
    events = engine.apply(state, UseDuctTape(0, LEFT))
    assert TacticUsed(0, "duct_tape", (LEFT,)) in events
    assert robot.tokens == [*tokens, (LEFT,)] and state.token_supply == 4
    assert state.teams[0].abilities == [] and state.phase != "pre_roll"


def test_the_crane_moves_a_tile_and_reports_the_move(catalogue):
    state = _before_roll(catalogue, "crane")
    robot = state.teams[0].robot
    move = next(m for m in crane_moves(robot) if m[0] == RIGHT and m[1] != RIGHT)
    engine_tile = robot.tiles[RIGHT]
    events = engine.apply(state, UseCrane(0, *move))
    assert TacticUsed(0, "crane", move) in events
    assert robot.tiles[RIGHT] is None and robot.tiles[move[1]] is engine_tile
    assert robot.rots[move[1]] == move[2]
