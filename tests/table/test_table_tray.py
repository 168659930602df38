"""Dice trays at the table, game-agnostic: what a tray of either kind shows and when it
confirms a fresh roll."""

from __future__ import annotations

import pytest

from game.table_mapping import fresh_roll, tray_faces

EMPTY = {"d0": "A-", "d1": "A-"}


def pair(first: str, second: str) -> dict[str, str]:
    return {"d0": first, "d1": second}


@pytest.mark.parametrize(("board", "values", "faces"), [
    ("dice2d6", pair("S6", "S1"), ("6", "1")),
    ("dice2d6", pair("A-", "S6"), ("6",)),
    ("dice2d6", EMPTY, ()),
    ("dice2d6", pair("S6", "R-"), None),
    ("dice2d6", pair("T-", "S2"), None),
    ("dice2d6", pair("H-", "H-"), None),
    ("dice2d6", pair("S-", "S2"), None),
    ("dice2d6", pair("SB", "S2"), None),  # a six-sided die has no blank
    ("dice", {"d0": "S3", "d1": "SB", "d2": "A-", "d3": "S5", "d4": "A-"}, ("3", "B", "5")),
    ("dice", {"d0": "S6", "d1": "A-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
])
def test_tray_faces_of_either_kind(board, values, faces):
    assert tray_faces(values, board) == faces


@pytest.mark.parametrize(("values", "confirms"), [
    (pair("S6", "S1"), True),
    (pair("S6", "A-"), None),  # a die still to be put in
    (pair("S6", "R-"), False),
    (pair("H-", "H-"), False),
    (EMPTY, False),
])
def test_a_fresh_roll_of_two_dice(values, confirms):
    assert fresh_roll(values, "dice2d6", 2) is confirms


def test_the_controllers_screen_reads_a_two_dice_tray_out():
    from game.scenes.controllers import describe_values

    assert describe_values("dice2d6", pair("S6", "R-")) == "dice: 6, rolling"
    assert describe_values("dice", {"d0": "SB", "d1": "S-", "d2": "A-", "d3": "H-",
                                    "d4": "T-"}) == "dice: blank, unread, empty, handled, tilted"
