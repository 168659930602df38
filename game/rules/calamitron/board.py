"""The board: size, walls on square edges, doors in the outer wall, pits.

What a one-square step meets is answered here once for every mover (Retro steps,
pushes, shoves, shots, Rogue steps, herding): an open edge, a wall, or a door with its
outside position. Pieces and filled pits live in the state, not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.calamitron.geometry import Square, ahead, rotate, turn

WALL = "wall"
DOOR = "door"
OPEN = "open"


@dataclass(frozen=True, slots=True)
class Board:
    rows: int
    cols: int
    pits: frozenset[Square]
    walls: frozenset[tuple[Square, str]]
    """Inner walls, stored from both sides: (square, the side of it the wall is on)."""
    doors: tuple[tuple[Square, str], ...]
    """Outer edges that are doors: (inside square, the side of it)."""

    def on_board(self, square: Square) -> bool:
        return 1 <= square[0] <= self.rows and 1 <= square[1] <= self.cols

    def outside(self, door: tuple[Square, str]) -> tuple[Square, str]:
        """A door's outside position and the facing that points in through it."""
        return ahead(door[0], door[1]), turn(door[1], "U")

    def outsides(self) -> dict[Square, tuple[Square, str]]:
        """Each outside position -> (the door's inside square, the facing in)."""
        return {ahead(sq, side): (sq, turn(side, "U")) for sq, side in self.doors}

    def edge(self, square: Square, facing: str) -> str:
        """What lies on the ``facing`` side of a board square: OPEN, WALL or DOOR."""
        if (square, facing) in self.walls:
            return WALL
        if self.on_board(ahead(square, facing)):
            return OPEN
        return DOOR if (square, facing) in self.doors else WALL

    def centre(self) -> tuple[int, int]:
        """The board's centre in doubled coordinates (rows+1, cols+1)."""
        return self.rows + 1, self.cols + 1

    def door_on(self, side: str) -> tuple[Square, str] | None:
        """The first door on that side of the board (reading order), if any."""
        found = sorted(d for d in self.doors if d[1] == side)
        return found[0] if found else None


def make_board(rows: int, cols: int, pits: list[Square], walls: list[tuple[Square, str]],
               doors: list[tuple[Square, str]]) -> Board:
    both = set()
    for square, side in walls:
        both.add((square, side))
        both.add((ahead(square, side), turn(side, "U")))
    return Board(rows, cols, frozenset(pits), frozenset(both), tuple(sorted(set(doors))))


def spiral(size: int, doors: list[tuple[Square, str]], walls: list[tuple[Square, str]],
           pits: list[Square], crates: list[Square], starts: list[tuple[Square, str]]
           ) -> tuple[Board, tuple[tuple[Square, str], ...], tuple[Square, ...]]:
    """The Deadly Spiral: the tile at NW, each next tile clockwise a quarter more. Start
    k+1 is start k turned, so the four copies of each tile start come one after another."""

    def turns(square: Square, facing: str) -> list[tuple[Square, str]]:
        out = [(square, facing)]
        for _ in range(3):
            out.append(rotate(*out[-1], size))
        return out

    all_doors = [d for sq, f in doors for d in turns(sq, f)]
    all_walls = [w for sq, f in walls for w in turns(sq, f)]
    all_pits = [p for sq in pits for p, _ in turns(sq, "")]
    all_crates = tuple(p for sq in crates for p, _ in turns(sq, ""))
    all_starts = tuple(s for sq, f in starts for s in turns(sq, f))
    return (make_board(size, size, all_pits, all_walls, all_doors), all_starts, all_crates)
