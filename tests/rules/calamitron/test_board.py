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


def test_the_state_finds_pieces_on_board_squares_only_and_knows_filled_pits():
    from tests.rules.calamitron.helpers import board
    s = board("board: {rows: 6, cols: 6, pits: ['3,1', '5,5'], doors: ['3,6 E']}\n"
              "filled: ['5,5']\npieces:\n"
              "  T: {kind: treadbot, at: '3,7', facing: W, seat: 1}\n"
              "  A: {kind: servobot, at: '5,5', facing: N}\n"
              "  C: {kind: crate, at: '2,2'}")
    assert s.at((3, 7)) is None and s.at((5, 5)) is s.pieces["A"] and s.at((2, 3)) is None
    assert s.open_pit((3, 1)) and not s.open_pit((5, 5)) and not s.open_pit((2, 2))
    assert s.outside(s.pieces["T"]) and not s.outside(s.pieces["A"])
    assert s.seat_retro(0) is s.pieces["T"]
    assert s.pieces["C"].is_crate and not s.pieces["C"].is_retro
    assert s.pieces["T"].is_retro and not s.pieces["A"].is_retro
    s.effects = {"program-up": 2}
    assert not s.active("program-up")
    s.round = 2
    assert s.active("program-up") and not s.active("program-down")
