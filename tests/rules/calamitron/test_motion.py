"""Retro movement and what it does to others: pushes, grinds, doors, pits, crates, the
Nanobot's slip, shots, damage and stun (RULES-DECISIONS.md, Retro movement; Damage,
pits, crates)."""

from __future__ import annotations

from game.rules.calamitron.events import Damaged, Drew, Ended, Removed, Stunned, Upgraded
from tests.rules.calamitron.helpers import board, run

SMALL = "board: {rows: 6, cols: 6, pits: ['3,1'], doors: ['3,6 E']}\n"


def test_a_step_into_a_bot_pushes_it_one_square():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "4,2", facing: E, seat: 1}
  A: {kind: servobot, at: "4,3", facing: N}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("M1",))
    assert s.pieces["T"].at == (4, 3) and s.pieces["A"].at == (4, 4)
    assert s.pieces["A"].facing == "N" and not s.pieces["A"].stunned


def test_pushes_never_chain_each_blocked_step_grinds():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "4,2", facing: E, seat: 1}
  A: {kind: servobot, at: "4,3", facing: N}
  B: {kind: servobot, at: "4,4", facing: N}""")
    events = run(s, 0, ("M2",))
    assert [e.piece for e in events if isinstance(e, Damaged)] == ["A", "A"]
    assert (s.pieces["T"].at, s.pieces["A"].at, s.pieces["B"].at) == ((4, 2), (4, 3), (4, 4))
    assert s.pieces["A"].stunned and not s.pieces["B"].stunned


def test_a_wall_or_the_edge_wastes_the_step():
    s = board("board: {rows: 6, cols: 6, walls: ['4,2 E']}\n" + """pieces:
  T: {kind: treadbot, at: "4,2", facing: E, seat: 1}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("M2", "R", "M1"))
    assert s.pieces["T"].at == (5, 2) and s.pieces["T"].facing == "S"


def test_a_retro_enters_from_outside_but_never_leaves_by_a_door():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "3,7", facing: W, seat: 1}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("M1", "U", "M2"))
    assert s.pieces["T"].at == (3, 6) and s.pieces["T"].facing == "E"


def test_turns_outside_do_nothing():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "3,7", facing: W, seat: 1}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("R", "M1"))
    assert s.pieces["T"].at == (3, 6) and s.pieces["T"].facing == "W"


def test_the_minionbot_pushed_out_of_a_door_is_rescued_and_earns_an_upgrade():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "3,5", facing: E, seat: 1}
  m: {kind: minionbot, at: "3,6", facing: N}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    events = run(s, 0, ("M1",))
    assert Removed("m", "rescued") in events
    assert [e for e in events if isinstance(e, Upgraded)] == [
        Upgraded(0, "extra-memory", "")]
    assert s.pieces["T"].at == (3, 6) and s.upgrades[0] == ["extra-memory"]


def test_a_bot_pushed_into_a_pit_falls_and_the_pusher_keeps_it():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,1", facing: N, seat: 1}
  A: {kind: rambot, at: "4,1", facing: E}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    events = run(s, 0, ("M1",))
    assert Removed("A", "pit") in events and s.trophies[0] == ["A"]
    assert s.pieces["T"].at == (4, 1)


def test_a_crate_in_a_pit_fills_it_and_draws_a_calamity():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,1", facing: N, seat: 1}
  C: {kind: crate, at: "4,1"}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    events = run(s, 0, ("M3",))
    assert Removed("C", "filled") in events and sum(isinstance(e, Drew) for e in events) == 1
    assert s.pieces["T"].at == (2, 1) and (3, 1) in s.filled


def test_a_ground_crate_opens_gives_adjacent_retros_upgrades_then_a_calamity():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "2,2", facing: E, seat: 1}
  U: {kind: shotbot, at: "1,3", facing: S, seat: 2}
  C: {kind: crate, at: "2,3"}
  B: {kind: servobot, at: "2,4", facing: N}
  Z: {kind: servobot, at: "6,6", facing: N}""", deck=["catastrophe"])
    events = run(s, 0, ("M2",))
    assert Removed("C", "opened") in events
    assert [e.seat for e in events if isinstance(e, Upgraded)] == [0, 1]
    assert s.catastrophes == 1
    assert s.pieces["T"].at == (2, 3)


def test_a_calamity_that_stuns_the_running_retro_drops_the_rest_of_its_program():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "2,2", facing: E, seat: 1}
  C: {kind: crate, at: "2,3"}
  B: {kind: servobot, at: "2,4", facing: N}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    s.deck = ["jam"]
    run(s, 0, ("M1", "M1"))
    assert s.pieces["T"].at == (2, 2) and s.pieces["T"].stunned
    assert s.run is None


def test_damage_wrecks_a_nanobot_unless_hardened():
    text = SMALL + """pieces:
  T: {kind: treadbot, at: "2,2", facing: E, seat: 1}
  N: {kind: nanobot, at: "2,3", facing: N, seat: 2}
  B: {kind: servobot, at: "2,4", facing: N}"""
    s = board(text)
    events = run(s, 0, ("M1",))
    assert Removed("N", "wrecked") in events and s.lost[1] == "nanobot"
    assert s.entry[1] == (3, 7)
    hard = board(text)
    hard.upgrades[1] = ["hardened"]
    run(hard, 0, ("M1",))
    assert hard.pieces["N"].stunned


def test_the_nanobot_slips_through_bots_but_a_crate_stops_it():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "5,1", facing: E, seat: 1}
  A: {kind: servobot, at: "5,2", facing: N}
  C: {kind: crate, at: "5,4"}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("M2",))
    assert s.pieces["N"].at == (5, 3) and s.pieces["A"].at == (5, 2)


def test_the_nanobot_falls_into_a_pit_on_its_path():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "5,1", facing: N, seat: 1}
  A: {kind: servobot, at: "4,1", facing: N}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    events = run(s, 0, ("M2",))
    assert Removed("N", "pit") in events and s.lost[0] == "nanobot"


def test_tractor_pulls_six_minus_distance_never_closer_than_the_next_square():
    s = board(SMALL + """pieces:
  S: {kind: shotbot, at: "6,2", facing: N, seat: 1}
  A: {kind: servobot, at: "2,2", facing: E}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("tractor",))
    assert s.pieces["A"].at == (4, 2)
    near = board(SMALL + """pieces:
  S: {kind: shotbot, at: "6,2", facing: N, seat: 1}
  A: {kind: servobot, at: "4,2", facing: E}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(near, 0, ("tractor",))
    assert near.pieces["A"].at == (5, 2)


def test_forcer_pushes_until_blocked_then_hits():
    s = board(SMALL + """pieces:
  S: {kind: shotbot, at: "6,2", facing: N, seat: 1}
  A: {kind: servobot, at: "5,2", facing: E}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    events = run(s, 0, ("forcer",))
    assert s.pieces["A"].at == (1, 2) and s.pieces["A"].stunned
    assert [e.piece for e in events if isinstance(e, Damaged)] == ["A"]


def test_forcer_out_of_range_does_nothing_and_long_range_reaches():
    text = "board: {rows: 8, cols: 8}\n" + """pieces:
  S: {kind: shotbot, at: "8,2", facing: N, seat: 1}
  A: {kind: servobot, at: "2,2", facing: E}"""
    s = board(text)
    run(s, 0, ("forcer",))
    assert s.pieces["A"].at == (2, 2)
    far = board(text)
    far.upgrades[0] = ["long-range"]
    run(far, 0, ("forcer",))
    assert far.pieces["A"].at == (1, 2)


def test_a_stunned_retro_stands_and_runs_only_three():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "6,2", facing: N, seat: 1, stunned: true}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("M1", "M1", "M1", "M1"))
    assert s.pieces["T"].at == (3, 2) and not s.pieces["T"].stunned


def test_shove_moves_the_piece_ahead_sideways_or_hits_it_when_blocked():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,2", facing: N, seat: 1}
  A: {kind: servobot, at: "4,2", facing: E}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    run(s, 0, ("shove",), ("R",))
    assert s.pieces["A"].at == (4, 3)
    blocked = board(SMALL + """pieces:
  T: {kind: treadbot, at: "2,1", facing: E, seat: 1}
  A: {kind: servobot, at: "2,2", facing: E}
  B: {kind: servobot, at: "1,2", facing: E}""")
    events = run(blocked, 0, ("shove",), ("L",))
    assert [e.piece for e in events if isinstance(e, Damaged)] == ["A"]


def test_program_drives_a_rogue_as_a_retro_into_a_pit_for_a_trophy():
    s = board(SMALL + """pieces:
  N: {kind: nanobot, at: "4,2", facing: N, seat: 1}
  A: {kind: servobot, at: "3,2", facing: E}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    events = run(s, 0, ("program", "L", "L", "M1"), ("A",))
    assert Removed("A", "pit") in events and s.trophies[0] == ["A"]
    assert s.pieces["N"].at == (4, 2) and s.pieces["N"].facing == "N"


def test_a_trophy_of_every_type_in_play_earns_one_upgrade_once():
    s = board("board: {rows: 6, cols: 6, pits: ['3,1', '5,1']}\n" + """pieces:
  T: {kind: treadbot, at: "6,1", facing: N, seat: 1}
  A: {kind: rambot, at: "5,1", facing: N}
  Z: {kind: servobot, at: "6,6", facing: N}""", in_play=["rambot", "servobot"],
              trophies_before={1: ["servobot"]}, filled=["5,1"])
    events = run(s, 0, ("M2",))
    assert [e.seat for e in events if isinstance(e, Upgraded)] == [0]
    assert s.full_set == [True]


def test_a_retro_waiting_outside_cannot_back_in():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "3,7", facing: W, seat: 1}
  Z: {kind: servobot, at: "6,6", facing: N}""")
    assert run(s, 0, ("B2",)) == [] and s.pieces["T"].at == (3, 7)


def test_a_second_hit_on_a_stunned_bot_is_damage_but_no_new_stun():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "4,2", facing: E, seat: 1}
  A: {kind: servobot, at: "4,3", facing: N}
  B: {kind: servobot, at: "4,4", facing: N}""")
    assert run(s, 0, ("M2",)) == [Damaged("A"), Stunned("A"), Damaged("A")]


def test_no_win_while_the_minionbot_is_on_the_board():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,1", facing: N, seat: 1}
  A: {kind: rambot, at: "4,1", facing: E}
  m: {kind: minionbot, at: "6,6", facing: N}""", in_play=["rambot", "servobot"])
    events = run(s, 0, ("M1",))
    assert Removed("A", "pit") in events and s.result == "playing"
    assert s.trophies == [["A"]]


def test_pitting_the_last_rogue_with_no_minionbot_wins_at_once():
    s = board(SMALL + """pieces:
  T: {kind: treadbot, at: "5,1", facing: N, seat: 1}
  A: {kind: rambot, at: "4,1", facing: E}""", in_play=["rambot", "servobot"])
    events = run(s, 0, ("M1", "R"))
    assert events[-1] == Ended("won") and s.result == "won"
    assert s.pieces["T"].at == (5, 1) and s.pieces["T"].facing == "N"


def test_the_nearest_door_ties_go_north_east_south_west_then_reading_order():
    from game.rules.calamitron.motion import nearest_door
    four = board("board: {rows: 5, cols: 5, doors: ['1,3 N', '3,5 E', '5,3 S', '3,1 W']}\n"
                 "pieces: {}")
    assert nearest_door(four, (3, 3)) == (0, 3)
    assert nearest_door(four, (4, 4)) == (3, 6)
    assert nearest_door(four, (4, 2)) == (6, 3)
    assert nearest_door(four, (4, 1)) == (3, 0)
    assert nearest_door(four, (5, 4)) == (6, 3)
    two = board("board: {rows: 5, cols: 5, doors: ['1,4 N', '1,2 N']}\npieces: {}")
    assert nearest_door(two, (2, 3)) == (0, 2) and nearest_door(two, (3, 5)) == (0, 4)
