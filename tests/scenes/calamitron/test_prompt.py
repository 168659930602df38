"""The prompt for a running program's choices, read as a person at the screen would."""

from __future__ import annotations

from game.rules.calamitron import engine, flow, program
from game.rules.calamitron.actions import Choose
from game.scenes.calamitron.prompt import build
from tests.rules.calamitron.helpers import board

SHOVER = """board: {rows: 6, cols: 6, pits: ["2,3"]}
pieces:
  T: {kind: treadbot, at: "3,4", facing: W, seat: 1}
  A: {kind: servobot, at: "3,3", facing: N}
  C: {kind: crate, at: "4,3"}"""


def _asked(text: str):
    state = board(text)
    state.programs[0] = ("shove",)
    program.start(state, 0)
    flow.advance(state)
    assert state.ask == ("shove", 0)
    return state, build(state, 0, engine.legal_actions(state, 0))


def test_a_shove_names_each_way_on_the_compass_and_where_it_leads():
    # the Treadbot faces west at 3,4 and shoves the Servobot at 3,3: to the Treadbot's
    # right (north) is the pit at 2,3, to its left (south) the crate at 4,3
    _, prompt = _asked(SHOVER)
    words = {action.option: (label, text) for label, action, text in prompt.choices}
    assert words["R"] == ("North: into a pit", "Into the pit at row 2, column 3.")
    assert words["L"] == ("South: blocked", "Something is in the way: it stays and takes a hit.")
    assert words["F"] == ("West", "To row 3, column 2.")
    assert prompt.lit == {(2, 3): Choose(0, "R"), (4, 3): Choose(0, "L"),
                          (3, 2): Choose(0, "F")}


def test_a_shove_against_the_board_edge_lights_no_square_off_the_board():
    _, prompt = _asked("""board: {rows: 6, cols: 6}
pieces:
  T: {kind: treadbot, at: "1,2", facing: W, seat: 1}
  A: {kind: servobot, at: "1,1", facing: N}""")
    words = {action.option: label for label, action, _ in prompt.choices}
    assert words == {"R": "North: blocked", "F": "West: blocked", "L": "South"}
    assert prompt.lit == {(2, 1): Choose(0, "L")}
