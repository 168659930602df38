"""Play-outs run the rules' own round on a copy: the candidate program, then (for the
look-ahead) the next round's Rogue moves with every program empty, charging only the
Retros those moves would lose."""

from __future__ import annotations

from game.ai.calamitron.planner import judge
from game.ai.calamitron.playout import play_out, rogues_next
from game.ai.calamitron.worth import RETRO_LOST, worth
from game.rules.calamitron.state import PROGRAM
from tests.ai.calamitron.helpers import programming

LANE = """board: {rows: 6, cols: 6, pits: ['6,6'], doors: ['3,6 E']}
pieces:
  T: {kind: treadbot, at: "5,1", facing: N, seat: 1}
  S: {kind: servobot, at: "1,1", facing: E}
"""
"""A Servobot (5 steps, turns left when blocked) along the top row, a Treadbot below."""


def test_a_play_out_runs_the_round_on_a_copy():
    state = programming(LANE)
    after = play_out(state, 0, ("M2",), True)
    assert state.pieces["T"].at == (5, 1) and state.pieces["S"].at == (1, 1)
    assert after.phase == PROGRAM and after.round == 2
    assert after.pieces["S"].at == (1, 6) and after.pieces["T"].at == (3, 1)


def test_the_look_ahead_plays_only_the_rogues_next_moves():
    after = play_out(programming(LANE), 0, (), True)
    later = rogues_next(after, 0)
    assert after.pieces["S"].at == (1, 6)
    assert later.pieces["S"].at == (1, 1) and later.pieces["S"].facing == "W"
    """Blocked by the edge ahead (E) and then north, it turns left twice and walks
    five squares west."""
    assert later.pieces["T"].at == (5, 1) and later.round == 3


BRINK = """board: {rows: 6, cols: 6, pits: ['3,1'], doors: ['3,6 E']}
pieces:
  T: {kind: treadbot, at: "3,2", facing: W, seat: 1}
  P: {kind: progbot, at: "6,3", facing: N}
"""
"""The Treadbot faces a pit; the Progbot's third step north lands beside it, and each
bot beside a Progbot after its step steps along its own facing: into the pit."""


def test_the_look_ahead_charges_a_retro_the_next_rogues_would_drop_in_a_pit():
    state = programming(BRINK)
    later = rogues_next(state, 0)
    assert "T" not in later.pieces and later.pieces["P"].at == (3, 3)
    assert judge(state, 0, False) == worth(state, 0)
    assert judge(state, 0, True) == worth(state, 0) - RETRO_LOST
    """Only the loss is charged: the Progbot's new square does not enter the figure."""
