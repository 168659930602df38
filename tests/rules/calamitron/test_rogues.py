"""The Rogues' own moves: auto-turning, the move order, each type's special, stun
(RULES-DECISIONS.md, Rogues; Clarifications)."""

from __future__ import annotations

from game.rules.calamitron import flow, rogues
from game.rules.calamitron.events import Acting, Damaged, Moved, Removed, Stood
from tests.rules.calamitron.helpers import board, settle

SMALL = "board: {rows: 6, cols: 6, pits: ['2,1']}\n"


def moves(state, kind, side="S"):
    order = flow.queue_rogues(state, kind, side)
    return order, settle(state)


def test_a_blocked_rogue_turns_its_way_and_carries_on():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  V: {kind: servobot, at: '1,1', facing: N}")
    moves(s, "servobot")
    assert s.pieces["V"].at == (6, 1) and s.pieces["V"].facing == "S"


def test_a_pit_blocks_a_rogues_own_step():
    s = board(SMALL + "pieces:\n  V: {kind: servobot, at: '3,1', facing: N}")
    moves(s, "servobot")
    assert s.pieces["V"].at == (6, 3) and s.pieces["V"].facing == "E"


def test_four_turns_in_a_row_without_a_step_end_the_move():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  V: {kind: servobot, at: '1,1', facing: N}\n"
              "  A: {kind: minionbot, at: '1,2', facing: N, stunned: true}\n"
              "  B: {kind: minionbot, at: '2,1', facing: N, stunned: true}")
    _, events = moves(s, "servobot")
    turns = [e for e in events if isinstance(e, Moved) and e.piece == "V"]
    assert [e.facing for e in turns] == ["W", "S", "E", "N"]
    assert s.pieces["V"].at == (1, 1)


def test_no_turn_after_the_last_step():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  m: {kind: minionbot, at: '4,1', facing: N}")
    moves(s, "minionbot")
    assert s.pieces["m"].at == (1, 1) and s.pieces["m"].facing == "N"


def test_a_stunned_rogue_only_stands_up_facing_as_it_lies():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  V: {kind: servobot, at: '3,3', facing: E, stunned: true}")
    _, events = moves(s, "servobot")
    assert events == [Acting("V"), Stood("V")] and s.pieces["V"].at == (3, 3)
    assert s.pieces["V"].facing == "E"


def test_the_rambot_hits_what_is_just_ahead_after_each_step():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  R: {kind: rambot, at: '4,1', facing: N}\n"
              "  A: {kind: servobot, at: '2,1', facing: S}")
    _, events = moves(s, "rambot")
    assert [e.piece for e in events if isinstance(e, Damaged)] == ["A"]
    assert s.pieces["R"].at == (3, 3) and s.pieces["R"].facing == "E"


def test_the_laser_passes_over_pits_and_hits_the_first_piece():
    s = board(SMALL + "pieces:\n"
              "  L: {kind: laserbot, at: '6,1', facing: N}\n"
              "  A: {kind: servobot, at: '1,1', facing: S}")
    _, events = moves(s, "laserbot")
    assert s.pieces["L"].at == (3, 1)
    assert [e.piece for e in events if isinstance(e, Damaged)] == ["A"]


def test_flames_reach_ahead_then_ahead_left_then_ahead_right_over_a_wall():
    s = board("board: {rows: 6, cols: 6, walls: ['2,3 S']}\npieces:\n"
              "  F: {kind: flamebot, at: '6,3', facing: N}\n"
              "  C: {kind: servobot, at: '2,4', facing: N}\n"
              "  A: {kind: servobot, at: '2,3', facing: N}\n"
              "  B: {kind: servobot, at: '2,2', facing: N}")
    _, events = moves(s, "flamebot")
    assert s.pieces["F"].at == (3, 3)
    assert [e.piece for e in events if isinstance(e, Damaged)] == ["A", "B", "C"]


def test_the_visebot_pushes_a_bot_into_a_pit_without_a_trophy():
    s = board(SMALL + "pieces:\n"
              "  V: {kind: visebot, at: '4,1', facing: N}\n"
              "  A: {kind: servobot, at: '3,1', facing: E}")
    _, events = moves(s, "visebot")
    assert Removed("A", "pit") in events
    assert s.pieces["V"].at == (3, 3) and s.pieces["V"].facing == "E"


def test_herding_steps_each_adjacent_bot_along_its_facing_into_a_pit_too():
    s = board("board: {rows: 6, cols: 6, pits: ['4,2']}\npieces:\n"
              "  P: {kind: progbot, at: '4,3', facing: N}\n"
              "  A: {kind: servobot, at: '3,4', facing: E}\n"
              "  B: {kind: servobot, at: '3,2', facing: S}")
    _, events = moves(s, "progbot")
    assert Removed("B", "pit") in events
    assert s.pieces["A"].at == (3, 5) and s.pieces["P"].at == (1, 3)
    assert s.trophies == []


def test_the_bossbot_takes_no_damage():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  R: {kind: rambot, at: '5,1', facing: N}\n"
              "  X: {kind: bossbot, at: '3,1', facing: E}")
    _, events = moves(s, "rambot")
    assert not any(isinstance(e, Damaged) for e in events)
    assert not s.pieces["X"].stunned


def test_order_nearest_the_edge_then_clockwise_by_bearing():
    s = board("pieces:\n"
              "  a: {kind: servobot, at: '6,6', facing: N}\n"
              "  b: {kind: servobot, at: '7,7', facing: N}\n"
              "  c: {kind: servobot, at: '5,8', facing: N}\n"
              "  d: {kind: servobot, at: '9,7', facing: N}")
    assert rogues.order(s, ["a", "b", "c", "d"], "S") == ["d", "a", "c", "b"]


def test_order_ties_go_clockwise_from_the_side_and_nearer_the_centre_on_one_bearing():
    s = board("board: {rows: 12, cols: 12}\npieces:\n"
              "  a: {kind: servobot, at: '7,11', facing: N}\n"
              "  b: {kind: servobot, at: '7,2', facing: N}")
    assert rogues.order(s, ["a", "b"], "S") == ["b", "a"]
    ray = board("board: {rows: 12, cols: 12}\npieces:\n"
                "  far: {kind: servobot, at: '8,5', facing: N}\n"
                "  near: {kind: servobot, at: '7,6', facing: N}\n"
                "  edge: {kind: servobot, at: '9,4', facing: N}")
    assert rogues.order(ray, ["far", "near", "edge"], "S") == ["edge", "near", "far"]
    assert rogues.order(ray, ["far", "near", "edge"], "N") == ["near", "far", "edge"]


def test_a_rogue_removed_before_its_turn_is_skipped():
    s = board("board: {rows: 6, cols: 6, pits: ['3,2']}\npieces:\n"
              "  V2: {kind: visebot, at: '4,2', facing: E}\n"
              "  V1: {kind: visebot, at: '5,2', facing: N}")
    order, events = moves(s, "visebot")
    assert order == ["V1", "V2"]
    assert [e.piece for e in events if isinstance(e, Acting)] == ["V1"]
    assert Removed("V2", "pit") in events


def test_bearings_go_clockwise_from_north_with_the_axes_exact():
    # On a 5x5 board the centre is the square 3,3 and the axes run through squares.
    s = board("board: {rows: 5, cols: 5}\npieces: {}")
    clockwise = [(1, 3), (1, 4), (2, 4), (2, 5), (3, 5), (4, 5), (4, 4), (5, 4), (5, 3),
                 (5, 2), (4, 2), (4, 1), (3, 1), (2, 1), (2, 2), (1, 2)]
    keys = [rogues.bearing(s, sq) for sq in clockwise]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert rogues.bearing(s, (3, 3)) == rogues.bearing(s, (1, 3))
    assert rogues.bearing(s, (2, 4)) == rogues.bearing(s, (1, 5))
    assert rogues.bearing(s, (4, 2)) == rogues.bearing(s, (5, 1))


def test_order_from_the_east_and_west_sides():
    east = board("board: {rows: 12, cols: 12}\npieces:\n"
                 "  a: {kind: servobot, at: '6,11', facing: N}\n"
                 "  b: {kind: servobot, at: '3,12', facing: N}\n"
                 "  c: {kind: servobot, at: '10,10', facing: N}")
    assert rogues.order(east, ["a", "b", "c"], "E") == ["b", "a", "c"]
    west = board("board: {rows: 12, cols: 12}\npieces:\n"
                 "  a: {kind: servobot, at: '6,2', facing: N}\n"
                 "  b: {kind: servobot, at: '3,1', facing: N}\n"
                 "  c: {kind: servobot, at: '10,3', facing: N}")
    # b is first (on the west edge) at about 302 degrees; clockwise from it c (225) comes
    # before a (just north of due west, about 276).
    assert rogues.order(west, ["a", "b", "c"], "W") == ["b", "c", "a"]


def test_a_rogue_on_the_first_ones_bearing_comes_next():
    s = board("board: {rows: 12, cols: 12}\npieces:\n"
              "  edge: {kind: servobot, at: '9,4', facing: N}\n"
              "  near: {kind: servobot, at: '7,6', facing: N}\n"
              "  o: {kind: servobot, at: '8,3', facing: N}")
    assert rogues.order(s, ["o", "near", "edge"], "S") == ["edge", "near", "o"]


def test_herding_passes_over_crates_and_blocked_bots_to_the_next_square():
    # P steps to 3,3. Front 2,3: a crate (not herded). Right 3,4: B faces E into D (stays).
    # Back 4,3: empty. Left 3,2: E faces W and is herded to 3,1.
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  P: {kind: progbot, at: '4,3', facing: N}\n"
              "  C: {kind: crate, at: '2,3'}\n"
              "  B: {kind: servobot, at: '3,4', facing: E}\n"
              "  D: {kind: servobot, at: '3,5', facing: N}\n"
              "  E: {kind: servobot, at: '3,2', facing: W}")
    _, events = moves(s, "progbot")
    assert events[:3] == [Acting("P"), Moved("P", "3,3", "N", "step"),
                          Moved("E", "3,1", "W", "herded")]
    assert s.pieces["B"].at == (3, 4)


def test_nearer_the_centre_first_on_a_ray_that_runs_mostly_west():
    # near 7,5 and far 8,2 lie on one ray from the centre (6.5,6.5); e on the S edge is first.
    s = board("board: {rows: 12, cols: 12}\npieces:\n"
              "  far: {kind: servobot, at: '8,2', facing: N}\n"
              "  near: {kind: servobot, at: '7,5', facing: N}\n"
              "  e: {kind: servobot, at: '12,7', facing: N}")
    assert rogues.order(s, ["far", "near", "e"], "S") == ["e", "near", "far"]


def test_a_tie_at_the_edge_goes_clockwise_from_the_sides_own_bearing():
    # Both on row 1: from due north, 1,8 (just east of north) comes before 1,3 (north-west).
    s = board("board: {rows: 12, cols: 12}\npieces:\n"
              "  w: {kind: servobot, at: '1,3', facing: N}\n"
              "  e: {kind: servobot, at: '1,8', facing: N}")
    assert rogues.order(s, ["w", "e"], "N") == ["e", "w"]


def test_a_stunned_rogue_stands_up_unstunned():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  V: {kind: servobot, at: '3,3', facing: E, stunned: true}")
    moves(s, "servobot")
    assert s.pieces["V"].stunned is False


def test_a_visebot_outside_a_blocked_door_only_grinds_when_facing_in():
    # A Surplus Visebot waits outside the W door facing E; A on the door square cannot be
    # pushed (B behind it). Each grind turns it right (S); turned away from the door it has
    # no step, so it turns on round to E and grinds again: three grinds, then stranded.
    s = board("board: {rows: 5, cols: 5, doors: ['3,1 W']}\npieces:\n"
              "  A: {kind: servobot, at: '3,1', facing: N}\n"
              "  B: {kind: servobot, at: '3,2', facing: N}\n"
              "  V: {kind: visebot, at: '2,2', facing: N}")
    v = s.pieces["V"]
    v.at, v.facing = (3, 0), "E"
    rogues.move(s, v)
    assert [e.piece for e in s.log if isinstance(e, Damaged)] == ["A", "A", "A"]
    assert s.log[-1] == Removed("V", "stranded") and s.pieces["A"].at == (3, 1)


def test_a_visebot_push_is_logged_as_a_push():
    s = board("board: {rows: 6, cols: 6}\npieces:\n"
              "  V: {kind: visebot, at: '5,2', facing: N}\n"
              "  A: {kind: servobot, at: '4,2', facing: E}")
    _, events = moves(s, "visebot")
    assert events[1:3] == [Moved("A", "3,2", "E", "pushed"), Moved("V", "4,2", "N", "step")]


def test_herding_goes_on_after_rescuing_the_minionbot():
    # P steps to 2,3. Front 1,3: the Minionbot faces N into the door: rescued. Right 2,4:
    # A faces E and is herded to 2,5.
    s = board("board: {rows: 5, cols: 5, doors: ['1,3 N']}\npieces:\n"
              "  P: {kind: progbot, at: '3,3', facing: N}\n"
              "  m: {kind: minionbot, at: '1,3', facing: N}\n"
              "  A: {kind: servobot, at: '2,4', facing: E}")
    _, events = moves(s, "progbot")
    assert events[1:4] == [Moved("P", "2,3", "N", "step"), Removed("m", "rescued"),
                           Moved("A", "2,5", "E", "herded")]
