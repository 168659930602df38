"""Calamity cards: Surplus Rogues, the designed effects and how long they last
(RULES-DECISIONS.md, Cards; data/cards.yaml)."""

from __future__ import annotations

import pytest

from game.rules.calamitron import calamity, flow, rogues
from game.rules.calamitron.events import Removed
from tests.rules.calamitron.helpers import board, settle

TWO = """pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  V1: {kind: servobot, at: "8,8", facing: W}
  R1: {kind: rambot, at: "5,8", facing: N}
  R2: {kind: rambot, at: "6,9", facing: E, stunned: true}
  X: {kind: bossbot, at: "4,7", facing: S}
"""


def draw(state, card):
    state.deck = [card]
    calamity.draw(state)
    return settle(state)


def test_surplus_brings_the_type_with_most_figures_off_the_board_through_that_door():
    state = board(TWO, in_play=["rambot", "servobot"])
    draw(state, "surplus-N")
    s = state.pieces["surplus1"]
    assert s.kind == "servobot"
    # In at 1,3 facing S; 2,3 3,3 4,3; 5,3 is a pit, so it turns left (E) to 4,4.
    assert s.at == (4, 4) and s.facing == "E"


def test_a_surplus_tie_goes_to_the_first_type_in_this_rounds_turn_order():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  U: {kind: treadbot, at: "0,3", facing: S, seat: 2}""", in_play=["rambot", "servobot"])
    state.deal = ["rambot", "servobot"]
    state.pry = 1
    draw(state, "surplus-E")
    assert state.pieces["surplus1"].kind == "servobot"


def test_a_surplus_rogue_that_cannot_get_in_is_stranded():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  A: {kind: rambot, at: "1,3", facing: N, stunned: true}""", in_play=["servobot"])
    events = draw(state, "surplus-N")
    assert Removed("surplus1", "stranded") in events


def test_no_surplus_when_every_figure_is_on_the_board():
    squares = ["5,5", "5,6", "5,7", "5,8", "6,5"]
    pieces = "".join(f"  S{i}: {{kind: servobot, at: '{sq}', facing: N}}\n"
                     for i, sq in enumerate(squares))
    state = board("pieces:\n" + pieces, in_play=["servobot"])
    draw(state, "surplus-S")
    assert "surplus1" not in state.pieces and len(state.pieces) == 5


@pytest.mark.parametrize("card, check", [
    ("overhaul", lambda s: not s.pieces["T"].stunned),
    ("power-cut", lambda s: s.pieces["V1"].stunned and s.pieces["R1"].stunned
     and not s.pieces["X"].stunned and not s.pieces["T"].stunned),
    ("spin-cycle", lambda s: (s.pieces["V1"].facing, s.pieces["R1"].facing) == ("E", "S")),
    ("shake-up", lambda s: (s.pieces["V1"].facing, s.pieces["R1"].facing) == ("S", "E")),
    ("reboot", lambda s: not s.pieces["R2"].stunned),
    ("turnabout", lambda s: s.pieces["T"].facing == "N" and s.pieces["I"].facing == "S"),
    ("jam", lambda s: s.pieces["I"].stunned and not s.pieces["T"].stunned),
])
def test_designed_cards_act_at_once(card, check):
    state = board(TWO + '  I: {kind: shotbot, at: "9,9", facing: E, seat: 2, stunned: '
                  + ("true" if card == "overhaul" else "false") + "}\n")
    if card == "overhaul":
        state.pieces["T"].stunned = True
        state.pieces["T"].at = (9, 8)
    draw(state, card)
    assert check(state)


def test_lasting_cards_work_in_the_next_round_only():
    state = board(TWO)
    draw(state, "overclock")
    assert rogues.steps_of(state, "servobot") == 5
    state.round += 1
    assert rogues.steps_of(state, "servobot") == 6
    state.round += 1
    flow.start_round(state)
    assert rogues.steps_of(state, "servobot") == 5 and state.effects == {}


def test_short_memory_shortens_next_rounds_programs():
    state = board(TWO)
    draw(state, "short-memory")
    state.round += 1
    from game.rules.calamitron import program
    assert program.seat_faults(state, 0, ("M1",) * 5) == ["too-long"]
    assert program.seat_faults(state, 0, ("M1",) * 4) == []
