"""Running a program instruction by instruction: what each instruction logs (the
client animates and sounds from ``how``), the choices a run asks, and the Upgrades
that change a run (RULES-DECISIONS.md, Programs; Retro movement; data/cards.yaml)."""

from __future__ import annotations

from game.rules.calamitron import program
from game.rules.calamitron.events import Damaged, Moved, Removed, Stood, Stunned, Trophy
from game.rules.calamitron.state import Run
from tests.rules.calamitron.helpers import board, run

SMALL = "board: {rows: 6, cols: 6, pits: ['3,1'], doors: ['3,6 E']}\n"
KEEP = '  Z: {kind: servobot, at: "6,6", facing: N}\n'
"""A Rogue far away, so no fall wins the game."""


def test_moves_and_turns_log_each_step_and_each_new_facing():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,2", facing: E, seat: 1}
""" + KEEP)
    events = run(s, 0, ("M1", "R", "B2", "U", "L"))
    assert events == [Moved("T", "5,3", "E", "step"), Moved("T", "5,3", "S", "turn"),
                      Moved("T", "4,3", "S", "step"), Moved("T", "3,3", "S", "step"),
                      Moved("T", "3,3", "N", "turn"), Moved("T", "3,3", "W", "turn")]
    assert s.run is None


def test_a_pushed_bot_moves_before_its_pusher():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,2", facing: E, seat: 1}
  A: {kind: servobot, at: "5,3", facing: N}
""" + KEEP)
    assert run(s, 0, ("M1",)) == [Moved("A", "5,4", "N", "pushed"),
                                  Moved("T", "5,3", "E", "step")]


def test_shove_forward_left_and_right_of_the_shover():
    text = SMALL + """pieces:
  T: {kind: treadbot, at: "5,2", facing: N, seat: 1}
  A: {kind: servobot, at: "4,2", facing: E}
""" + KEEP
    for way, square in (("F", "3,2"), ("L", "4,1"), ("R", "4,3")):
        s = board(text)
        assert run(s, 0, ("shove",), (way,)) == [Moved("A", square, "E", "shoved")]
        assert s.pieces["T"].at == (5, 2) and s.pieces["T"].facing == "N"


def test_tractor_pulls_and_forcer_forces_square_by_square():
    text = SMALL + """pieces:
  S: {kind: shotbot, at: "6,2", facing: N, seat: 1}
  A: {kind: servobot, at: "%s", facing: E}
""" + KEEP
    s = board(text % "2,2")
    assert run(s, 0, ("tractor",)) == [Moved("A", "3,2", "E", "pulled"),
                                       Moved("A", "4,2", "E", "pulled")]
    s = board(text % "5,2")
    assert run(s, 0, ("forcer",)) == [
        Moved("A", "4,2", "E", "forced"), Moved("A", "3,2", "E", "forced"),
        Moved("A", "2,2", "E", "forced"), Moved("A", "1,2", "E", "forced"),
        Damaged("A"), Stunned("A")]


def test_long_range_lets_the_tractor_pull_from_six_squares():
    text = "board: {rows: 8, cols: 8}\n" + """pieces:
  S: {kind: shotbot, at: "8,2", facing: N, seat: 1}
  A: {kind: servobot, at: "2,2", facing: E}"""
    s = board(text)
    assert run(s, 0, ("tractor",)) == []
    far = board(text)
    far.upgrades[0] = ["long-range"]
    assert run(far, 0, ("tractor",)) == [Moved("A", "3,2", "E", "pulled")]


def test_steady_legs_let_a_stunned_retro_run_four():
    text = SMALL + """pieces:
  T: {kind: treadbot, at: "6,2", facing: N, seat: 1, stunned: true}
""" + KEEP
    s = board(text)
    s.upgrades[0] = ["steady"]
    events = run(s, 0, ("M1",) * 6)
    assert events[0] == Stood("T") and s.pieces["T"].at == (2, 2)
    plain = board(text)
    plain.upgrades[0] = ["extra-memory"]
    run(plain, 0, ("M1",) * 6)
    assert plain.pieces["T"].at == (3, 2)


def test_an_empty_program_runs_nothing_and_a_stunned_retro_still_stands():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "6,2", facing: N, seat: 1, stunned: true}
""" + KEEP)
    assert run(s, 0, ()) == [Stood("T")] and s.run is None


def test_a_run_starts_at_its_first_instruction_driving_its_own_retro():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "6,2", facing: N, seat: 1}
""" + KEEP)
    s.programs[0] = ("M1", "R")
    program.start(s, 0)
    assert s.run == Run(0, ("M1", "R"), 0, "T")


TARGETS = SMALL + """pieces:
  N: {kind: nanobot, at: "3,5", facing: N, seat: 1}
  D: {kind: treadbot, at: "3,7", facing: W, seat: 2}
  F: {kind: servobot, at: "3,4", facing: N}
  A: {kind: servobot, at: "1,5", facing: N}
  B: {kind: rambot, at: "2,4", facing: N}
  C: {kind: rambot, at: "1,4", facing: N}
"""
"""D waits outside and comes before the others: the scan skips it and goes on."""


def test_long_link_reaches_two_squares_along_rows_and_columns_not_outside():
    s = board(TARGETS)
    assert program.targets(s, 0) == ["F"]
    s.upgrades[0] = ["long-link"]
    # A is 2 up, B 1 up and 1 left; C is 3 away; D waits outside the door, 2 away.
    assert program.targets(s, 0) == ["A", "B", "F"]


def test_a_program_asks_self_first_then_the_targets_and_a_shove_at_nothing_asks_nothing():
    s = board(TARGETS)
    s.upgrades[0] = ["long-link"]
    s.run = Run(0, ("program",), 0, "N")
    assert program.choices(s) == ("self", "A", "B", "F")
    s.run = Run(0, ("shove",), 0, "N")
    assert program.choices(s) == ()
    s.pieces["N"].facing = "W"
    assert program.choices(s) == ("L", "R", "F")
    s.run = None
    assert program.choices(s) == ()


def test_a_nanobot_waiting_outside_can_only_program_itself():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "3,7", facing: W, seat: 1}
  A: {kind: servobot, at: "3,6", facing: N}
""" + KEEP)
    assert program.targets(s, 0) == []
    s.run = Run(0, ("program",), 0, "N")
    assert program.choices(s) == ("self",)


def test_outside_a_nanobot_cannot_back_in_and_a_shot_sees_nothing():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "3,7", facing: W, seat: 1}
  S: {kind: shotbot, at: "4,6", facing: N, seat: 2}
""" + KEEP)
    assert run(s, 0, ("B2",)) == [] and s.pieces["N"].at == (3, 7)
    shooter = board(SMALL + """pieces:
  S: {kind: shotbot, at: "3,7", facing: W, seat: 1}
  A: {kind: servobot, at: "3,5", facing: N}
""" + KEEP)
    assert run(shooter, 0, ("tractor", "forcer")) == []
    assert shooter.pieces["A"].at == (3, 5)


def test_a_seat_without_a_retro_has_no_program_to_check():
    s = board(SMALL + 'pieces:\n  T: {kind: treadbot, at: "5,2", facing: N, seat: 1}\n' + KEEP)
    s.retro[0] = ""
    assert program.seat_faults(s, 0, ("M1",)) == ["no-retro"]
    program.start(s, 0)
    assert s.run is None


def test_a_driven_rogue_that_falls_takes_no_more_steps_and_scores_for_the_hacker():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "4,2", facing: N, seat: 1}
  A: {kind: servobot, at: "4,1", facing: N}
  B: {kind: servobot, at: "2,1", facing: E}
""" + KEEP, in_play=["servobot", "rambot"])
    events = run(s, 0, ("program", "M3"), ("A",))
    assert events == [Moved("A", "3,1", "N", "step"), Removed("A", "pit"), Trophy(0, "A")]
    assert s.pieces["B"].at == (2, 1) and s.trophies == [["A"]]


def test_a_nanobot_slip_logs_one_move_to_where_it_stops():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "6,2", facing: N, seat: 1}
  A: {kind: servobot, at: "5,2", facing: N}
  B: {kind: servobot, at: "3,2", facing: N}
""" + KEEP)
    # M3 would end on B at 3,2: it stops on 4,2, the last free square, passing A.
    assert run(s, 0, ("M3",)) == [Moved("N", "4,2", "N", "step")]
    assert (s.pieces["A"].at, s.pieces["B"].at) == ((5, 2), (3, 2))


def test_program_self_drives_the_nanobot_itself():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "5,2", facing: N, seat: 1}
  A: {kind: servobot, at: "5,3", facing: N}
""" + KEEP)
    events = run(s, 0, ("program", "program", "M1"), ("A", "self"))
    assert events == [Moved("N", "4,2", "N", "step")]
    assert s.pieces["A"].at == (5, 3) and s.run is None


def test_a_shove_reaches_nothing_through_a_wall_or_from_outside():
    walled = board("board: {rows: 6, cols: 6, walls: ['4,2 E']}\n" + """pieces:
  T: {kind: treadbot, at: "4,2", facing: E, seat: 1}
  A: {kind: servobot, at: "4,3", facing: N}
""" + KEEP)
    assert run(walled, 0, ("shove",), ("F",)) == [] and walled.pieces["A"].at == (4, 3)
    outside = board(SMALL + """pieces:
  T: {kind: shotbot, at: "3,7", facing: W, seat: 1}
  A: {kind: servobot, at: "3,6", facing: N}
""" + KEEP)
    assert run(outside, 0, ("shove",), ("F",)) == [] and outside.pieces["A"].at == (3, 6)


def test_a_nanobot_stops_at_the_edge_on_the_last_square_it_reached():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "3,2", facing: N, seat: 1}
""" + KEEP)
    assert run(s, 0, ("M3",)) == [Moved("N", "1,2", "N", "step")]


def test_a_nanobot_stops_before_a_crate_on_the_last_free_square():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "6,2", facing: N, seat: 1}
  C: {kind: crate, at: "3,2"}
""" + KEEP)
    assert run(s, 0, ("M3",)) == [Moved("N", "4,2", "N", "step")]


def test_a_nanobot_slipping_onto_a_pit_logs_the_step_then_its_loss():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "5,1", facing: N, seat: 1}
""" + KEEP)
    events = run(s, 0, ("M2",))
    assert events[:2] == [Moved("N", "3,1", "N", "step"), Removed("N", "pit")]
