"""Robot structure: joins, loose tiles, engines, arrows, tokens, hits and the crane."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.goblins.catalogue import make_tile
from game.rules.goblins.geometry import COCKPIT, E, N, S, W, edges_mask, parse_edges, square
from game.rules.goblins.robot import Robot, crane_moves


def tile(kind: str, metal: str, arrows: str = "", plates: str = "", premium: bool = False):
    engines = (2 if premium else 1) if kind == "engine" else 0
    return make_tile(-1, "t", kind, premium, edges_mask(parse_edges(metal)),
                     parse_edges(arrows), parse_edges(plates), engines)


def robot_with(**placed) -> Robot:
    """robot_with(r2c3=("weapon", "ES", "N")) places tiles by square name."""
    robot = Robot()
    for name, spec in placed.items():
        r, c = int(name[1]), int(name[3])
        kind, metal, *rest = spec
        extra = rest[0] if rest else ""
        robot.place(square(r, c), tile(kind, metal, extra if kind == "weapon" else "",
                                       extra if kind == "armor" else ""), 0)
    return robot


def test_rotation_turns_metal_arrows_and_plates_clockwise():
    t = tile("weapon", "NE", "S")
    assert t.rot_metal[1] == edges_mask((E, S))
    assert t.rot_arrows[1] == (W,)
    assert t.rot_arrows[3] == (E,)
    a = tile("armor", "N", plates="NN", premium=True)
    assert a.rot_plates[2] == (S, S)


def test_join_needs_metal_on_both_facing_edges():
    robot = robot_with(r2c3=("decoration", "NESW"), r1c3=("weapon", "E", "N"))
    # 1,3 has no metal on S, so it is not joined to 2,3 even though 2,3 has metal on N.
    assert robot.loose_squares() == [square(1, 3)]
    robot.place(square(1, 3), tile("weapon", "S", "N"), 0)
    assert robot.loose_squares() == []


def test_loose_chains_fall_off_together():
    robot = robot_with(r3c4=("decoration", "NESW"), r1c1=("decoration", "NESW"),
                       r1c2=("decoration", "NESW"), r5c5=("weapon", "", "N"))
    assert robot.drop_loose() == [square(1, 1), square(1, 2), square(5, 5)]
    assert len(robot.scrap_tiles) == 3
    assert robot.tiles[square(3, 4)] is not None


def test_engines_and_arrows_count_rotated_tiles():
    robot = robot_with(r3c2=("decoration", "NESW"))
    robot.place(square(2, 3), tile("engine", "NESW", premium=True), 0)
    robot.place(square(4, 3), tile("weapon", "N", "SS", premium=True), 0)
    robot.place(square(3, 4), tile("weapon", "W", "E"), 1)  # the arrow turns to S
    assert robot.engines() == 3
    assert robot.arrows(S) == 3
    assert robot.arrows(N) == 0


def test_token_layout_shares_only_across_metal_with_attached_non_cockpit():
    robot = robot_with(r2c3=("armor", "NS", "SN"), r1c3=("decoration", "NESW"),
                       r3c2=("armor", "E", "E"), r3c4=("armor", "W", "E"))
    # 2,3: plate S faces the cockpit -> alone; plate N joins 1,3 -> shared.
    # 3,2: plate E faces the cockpit -> alone. 3,4: plate E has no metal -> alone.
    assert sorted(robot.token_layout()) == sorted([
        (square(2, 3),), (square(2, 3), square(1, 3)), (square(3, 2),), (square(3, 4),)])


def test_hit_removes_token_before_destroying_and_cascades():
    robot = robot_with(r2c3=("decoration", "NESW"), r1c3=("decoration", "NESW"),
                       r1c2=("weapon", "E", "N"), r4c3=("armor", "N", "N"))
    robot.tokens = robot.token_layout()
    assert robot.tokens == [(square(4, 3),)]
    assert robot.target(S, 3) == square(4, 3)
    robot.remove_token(robot.token_options(square(4, 3))[0])
    assert robot.scrap_tokens == 1 and not robot.has_token(square(4, 3))
    lost = robot.destroy(square(2, 3))
    assert lost == [square(2, 3), square(1, 2), square(1, 3)]
    assert robot.disabled()  # no weapon left


def test_cockpit_hits_take_pilot_goblins_first():
    robot = Robot()
    robot.goblins = {7: 1, 8: 2}
    assert robot.knock_out((7, 8)) == 7
    assert robot.knock_out((7, 8)) == 8
    assert robot.goblins == {7: 0, 8: 1}
    assert robot.knock_out((7, 8)) == 8
    assert robot.knock_out((7, 8)) == -1
    assert robot.scrap_goblins == 3


def test_token_options_list_distinct_coverage_alone_first():
    robot = robot_with(r1c1=("decoration", "NESW"))
    a, b = square(1, 1), square(1, 2)
    robot.tokens = [(a, b), (a,), (a, b), (a,)]
    assert robot.token_options(a) == [1, 0]


def test_two_plates_facing_each_other_give_two_alike_tokens_and_no_choice():
    """Armor at 1,3 and 2,3, plates toward each other: both tokens cover both tiles,
    so a hit on either leaves the pilot nothing to choose."""
    robot = robot_with(r2c3=("armor", "NS", "N"), r1c3=("armor", "S", "S"))
    a, b = square(2, 3), square(1, 3)
    robot.tokens = robot.token_layout()
    assert sorted(map(sorted, robot.tokens)) == [sorted((a, b))] * 2
    assert len(robot.token_options(a)) == len(robot.token_options(b)) == 1


def _naive_crane(robot: Robot) -> set[tuple[int, int, int]]:
    moves = set()
    covered = {sq for t in robot.tokens for sq in t}
    for src in range(25):
        t = robot.tiles[src]
        if t is None or src == COCKPIT or src in covered:
            continue
        for dst in range(25):
            if dst != src and robot.tiles[dst] is not None:
                continue
            for rot in range(4):
                if dst == src and rot == robot.rots[src]:
                    continue
                trial = robot.clone()
                moved = trial.lift(src)
                trial.place(dst, moved, rot)
                if not trial.loose_squares():
                    moves.add((src, dst, rot))
    return moves


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 20))
def test_crane_moves_match_brute_force(catalogue, seed, count):
    rng = random.Random(seed)
    robot = Robot()
    squares = [sq for sq in range(25) if sq != COCKPIT]
    rng.shuffle(squares)
    for sq in squares[:count]:
        robot.place(sq, rng.choice(catalogue.tiles), rng.randrange(4))
    robot.drop_loose()
    robot.tokens = robot.token_layout()
    assert set(crane_moves(robot)) == _naive_crane(robot)
    for src, dst, rot in crane_moves(robot)[:5]:
        assert crane_moves(robot, only=src).count((src, dst, rot)) == 1


def test_crane_may_turn_a_tile_in_place_but_not_strand_others():
    robot = robot_with(r2c3=("decoration", "NESW"), r1c3=("weapon", "S", "N"))
    moves = set(crane_moves(robot))
    # Lifting 2,3 would strand 1,3 unless 2,3 ends where it still holds 1,3.
    assert (square(2, 3), square(2, 3), 1) in moves
    assert all(src != square(2, 3) or dst == square(2, 3) for src, dst, _ in moves)
    assert (square(1, 3), square(1, 3), 0) not in moves
