"""Where a tile in hand could join: now, later or never, per rotation and per square,
checked against hand-worked yards and against the join rule itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.goblins.catalogue import make_tile
from game.rules.goblins.geometry import COCKPIT, edges_mask, parse_edges, square
from game.rules.goblins.joining import (
    JOINS,
    LATER,
    NEVER,
    NOW,
    TURN,
    free_squares,
    join_chances,
    verdict,
)
from game.rules.goblins.robot import Robot


def tile(metal: str, kind: str = "weapon"):
    return make_tile(-1, "t", kind, False, edges_mask(parse_edges(metal)),
                     parse_edges("N") if kind == "weapon" else ())


SOUTH_ONLY = tile("S")
"""One metal edge: S at rotation 0, then W, N and E as it turns clockwise."""


def test_next_to_the_cockpit_only_the_rotation_facing_it_joins_now():
    chances = join_chances(Robot(), SOUTH_ONLY, square(2, 3), ())
    assert chances == (NOW, LATER, LATER, LATER)
    assert verdict(chances, 0) == JOINS
    assert verdict(chances, 1) == TURN


def test_metal_facing_a_forbidden_square_or_the_yard_edge_can_never_join():
    # 1,2: W faces the forbidden 1,1 and N faces off the yard; S and E face free squares.
    chances = join_chances(Robot(), SOUTH_ONLY, square(1, 2), (square(1, 1),))
    assert chances == (LATER, NEVER, NEVER, LATER)
    assert verdict(chances, 1) == LATER, "another rotation may still join later"


def test_a_corner_walled_in_by_forbidden_squares_can_never_join():
    forbidden = (square(4, 5), square(5, 4))
    chances = join_chances(Robot(), tile("NESW", "decoration"), square(5, 5), forbidden)
    assert chances == (NEVER,) * 4
    assert verdict(chances, 2) == NEVER


def test_placed_tiles_count_as_they_are_turned():
    robot = Robot()
    robot.place(square(2, 1), tile("S"), 0)   # no metal on its N edge
    robot.place(square(1, 2), tile("S"), 0)   # no metal on its W edge
    assert join_chances(robot, tile("NESW", "decoration"), square(1, 1), ()) == (NEVER,) * 4
    robot.place(square(1, 2), tile("WS"), 0)  # its W edge is metal now, but 1,2 is loose
    assert join_chances(robot, tile("E"), square(1, 1), ()) == (LATER, NEVER, NEVER, NEVER)


def test_a_chain_of_joins_to_the_cockpit_is_joined_now():
    robot = Robot()
    robot.place(square(2, 3), tile("NS"), 0)
    assert join_chances(robot, SOUTH_ONLY, square(1, 3), ()) == (NOW, LATER, NEVER, LATER)


def test_the_free_squares_are_the_empty_buildable_ones_and_each_has_a_verdict():
    robot = Robot()
    robot.place(square(2, 3), tile("NS"), 0)
    forbidden = (square(1, 1), square(5, 5))
    free = free_squares(robot, forbidden)
    assert free == [sq for sq in range(25) if sq not in (*forbidden, COCKPIT, square(2, 3))]
    answers = {sq: verdict(join_chances(robot, SOUTH_ONLY, sq, forbidden), 0) for sq in free}
    assert answers[square(1, 3)] == JOINS
    assert answers[square(4, 3)] == TURN, "it joins the cockpit turned N"
    assert answers[square(1, 2)] == LATER


masks = st.integers(0, 15)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.none(), masks), min_size=25, max_size=25),
       st.lists(st.integers(0, 24), max_size=5), masks, st.integers(0, 24), st.integers(0, 3),
       st.lists(masks, min_size=25, max_size=25))
def test_the_chances_agree_with_the_join_rule(layout, forbidden, metal, sq, rot, fill):
    """NOW is joined as placed; a tile that any filling of the free squares joins is
    never called NEVER."""
    robot = Robot()
    for where, mask in enumerate(layout):
        if mask is not None and where != COCKPIT and where not in forbidden:
            robot.place(where, make_tile(-1, "t", "decoration", False, mask), 0)
    free = free_squares(robot, forbidden)
    if sq not in free:
        return
    piece = make_tile(-1, "p", "decoration", False, metal)
    chances = join_chances(robot, piece, sq, forbidden)
    placed = robot.clone()
    placed.place(sq, piece, rot)
    assert (chances[rot] == NOW) == bool(placed.attached_mask() >> sq & 1)
    for other in free:
        if other != sq:
            placed.place(other, make_tile(-1, "f", "decoration", False, fill[other]), 0)
    if placed.attached_mask() >> sq & 1:
        assert chances[rot] != NEVER
