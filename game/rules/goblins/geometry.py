"""The 5x5 construction yard: squares, edges, rotation, neighbours and lines of fire.

Squares are numbered 0..24 in reading order (``r,c`` with r, c in 1..5 written for
people); edges are N=0, E=1, S=2, W=3 and a metal mask has bit ``1 << edge``.
Everything here is precomputed tables so the rules never recompute geometry.
"""

from __future__ import annotations

N, E, S, W = 0, 1, 2, 3
EDGES = (N, E, S, W)
EDGE_NAMES = "NESW"
COCKPIT = 12
SQUARES = range(25)
ALL_METAL = 0b1111

SIDES = ("front", "right", "back", "left")
"""Robot-relative sides, clockwise from the front; the index is a quarter-turn offset."""


def side_edge(front: int, side: int) -> int:
    """The yard edge that is side ``side`` (an index into SIDES) of a robot whose front
    is yard edge ``front``."""
    return (front + side) & 3


def edge_side(front: int, edge: int) -> int:
    """Which side (an index into SIDES) yard edge ``edge`` is of a robot facing ``front``."""
    return (edge - front) & 3


def square(r: int, c: int) -> int:
    return (r - 1) * 5 + (c - 1)


def square_name(sq: int) -> str:
    return f"{sq // 5 + 1},{sq % 5 + 1}"


def parse_square(text: object) -> int | None:
    """``"2,3"`` -> 7; None when the text is not a square of the yard. Only short ASCII
    digit runs reach int(): "²" passes str.isdigit and 5 000 digits exceed int()'s limit,
    and either would raise ValueError instead of returning None."""
    if not isinstance(text, str):
        return None
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        return None
    r, c = int(parts[0]), int(parts[1])
    if not (1 <= r <= 5 and 1 <= c <= 5):
        return None
    return square(r, c)


def parse_edges(text: object) -> tuple[int, ...] | None:
    """``"NE"`` -> (0, 1), repeats kept; None when a letter is not an edge."""
    if not isinstance(text, str) or any(ch not in EDGE_NAMES for ch in text):
        return None
    return tuple(EDGE_NAMES.index(ch) for ch in text)


def edges_mask(edges: tuple[int, ...]) -> int:
    mask = 0
    for edge in edges:
        mask |= 1 << edge
    return mask


def opposite(edge: int) -> int:
    return (edge + 2) & 3


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Turn a metal mask clockwise by ``quarter_turns`` (N becomes E)."""
    q = quarter_turns & 3
    return ((mask << q) | (mask >> (4 - q))) & ALL_METAL


def _neighbour(sq: int, edge: int) -> int | None:
    r, c = divmod(sq, 5)
    dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[edge]
    r, c = r + dr, c + dc
    if 0 <= r < 5 and 0 <= c < 5:
        return r * 5 + c
    return None


NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((edge, nb) for edge in EDGES if (nb := _neighbour(sq, edge)) is not None)
    for sq in SQUARES
)
"""For each square, its (edge, neighbour square) pairs inside the yard."""

NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (nb := _neighbour(sq, edge)) is None else nb for edge in EDGES)
    for sq in SQUARES
)
"""NEIGHBOUR[sq][edge]: the square across that edge, or -1 off the yard."""


def _line(edge: int, k: int) -> tuple[int, ...]:
    if edge == N:
        return tuple(square(r, k) for r in range(1, 6))
    if edge == S:
        return tuple(square(r, k) for r in range(5, 0, -1))
    if edge == W:
        return tuple(square(k, c) for c in range(1, 6))
    return tuple(square(k, c) for c in range(5, 0, -1))


LINES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_line(edge, k) for k in range(0, 6)) for edge in EDGES
)
"""LINES[edge][face]: the squares a hit from ``edge`` with die ``face`` passes, in order.
Face k selects column k from N or S and row k from W or E (index 0 is unused)."""

RING4: tuple[int, ...] = tuple(nb for _, nb in NEIGHBOURS[COCKPIT])
RING8: tuple[int, ...] = tuple(
    square(r, c) for r in (2, 3, 4) for c in (2, 3, 4) if (r, c) != (3, 3)
)
