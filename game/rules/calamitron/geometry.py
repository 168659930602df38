"""Squares, facings and turns: the compass arithmetic every other module shares.

A square is ``(row, column)``, rows counted from the north edge, columns from the west,
both from 1; facings are N E S W and a right turn is clockwise (RULES-DECISIONS.md).
"""

from __future__ import annotations

Square = tuple[int, int]

FACINGS = ("N", "E", "S", "W")
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def turn(facing: str, way: str) -> str:
    """The facing after a quarter turn ``L`` or ``R``, ``U`` (half turn) or ``""`` (none)."""
    step = {"": 0, "L": -1, "R": 1, "U": 2}[way]
    return FACINGS[(FACINGS.index(facing) + step) % 4]


def ahead(square: Square, facing: str, n: int = 1) -> Square:
    dr, dc = DELTA[facing]
    return square[0] + dr * n, square[1] + dc * n


def parse_square(text: str) -> Square | None:
    """``"5,12"`` -> ``(5, 12)``; None for anything else. Only short ASCII digit runs
    reach int(): "²" passes str.isdigit, and 5000 digits exceed int()'s limit, and
    either would raise instead of being named as a bad square."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def show(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def rotate(square: Square, facing: str, size: int) -> tuple[Square, str]:
    """A quarter turn clockwise of a ``size`` board: ``r,c`` -> ``c,size+1-r``, N -> E."""
    return (square[1], size + 1 - square[0]), turn(facing, "R") if facing else facing
