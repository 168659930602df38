"""Squares, facings and the board's edges: turns, steps, square text, the spiral's
quarter turn, walls seen from both sides, doors and their outside positions
(RULES-DECISIONS.md, Board)."""

from __future__ import annotations

import pytest

from game.rules.calamitron.board import DOOR, OPEN, WALL, make_board
from game.rules.calamitron.geometry import ahead, parse_square, rotate, show, turn


def test_turns_and_steps():
    assert [turn("N", w) for w in ("", "L", "R", "U")] == ["N", "W", "E", "S"]
    assert [turn("W", w) for w in ("L", "R", "U")] == ["S", "N", "E"]
    assert ahead((5, 5), "N") == (4, 5) and ahead((5, 5), "E", 3) == (5, 8)
    assert ahead((5, 5), "S", 2) == (7, 5) and ahead((5, 5), "W") == (5, 4)


@pytest.mark.parametrize("text, square", [
    ("5,12", (5, 12)), (" 5 , 12 ", (5, 12)), ("123,1", (123, 1)), ("0,3", (0, 3)),
    ("1234,1", None), ("5", None), ("5,1,2", None), ("a,1", None), ("\u00b2,1", None),
    ("-1,2", None), ("", None), (",", None)])
def test_square_text(text, square):
    assert parse_square(text) == square


def test_a_square_shows_as_row_comma_column():
    assert show((10, 0)) == "10,0"


def test_a_quarter_turn_of_the_spiral():
    assert rotate((1, 3), "N", 12) == ((3, 12), "E")
    assert rotate((4, 4), "", 12) == ((4, 9), "")
    assert rotate((2, 6), "W", 12) == ((6, 11), "N")


def test_edges_walls_from_both_sides_and_doors():
    b = make_board(4, 5, [(2, 2)], [((2, 3), "E")], [((1, 2), "N"), ((4, 5), "E")])
    assert b.edge((2, 3), "E") == WALL and b.edge((2, 4), "W") == WALL
    assert b.edge((2, 3), "S") == OPEN and b.edge((2, 4), "E") == OPEN
    assert b.edge((1, 2), "N") == DOOR and b.edge((1, 3), "N") == WALL
    assert b.edge((4, 5), "E") == DOOR and b.edge((4, 5), "S") == WALL
    assert b.edge((1, 1), "W") == WALL
    assert b.outsides() == {(0, 2): ((1, 2), "S"), (4, 6): ((4, 5), "W")}
    assert b.outside(((1, 2), "N")) == ((0, 2), "S")
    assert b.centre() == (5, 6)
    assert [b.on_board(sq) for sq in ((1, 1), (4, 5), (0, 1), (5, 1), (1, 0), (1, 6))] == [
        True, True, False, False, False, False]


def test_the_first_door_on_a_side_in_reading_order():
    b = make_board(6, 6, [], [], [((1, 5), "N"), ((1, 2), "N"), ((3, 6), "E")])
    assert b.door_on("N") == ((1, 2), "N") and b.door_on("E") == ((3, 6), "E")
    assert b.door_on("S") is None
    assert b.doors == (((1, 2), "N"), ((1, 5), "N"), ((3, 6), "E"))
