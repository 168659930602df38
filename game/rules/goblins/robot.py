"""One robot in its construction yard: placing tiles, what is attached, engines,
arrows, defense tokens, and what a single hit does.

These are the rules of the robot's structure, shared by the match engine and the
scenario runner. A ``Robot`` holds only its own squares, tokens, goblins and
scrapyard; who pilots it and the table around it belong to the match state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.goblins.catalogue import COCKPIT_TILE, TileDef
from game.rules.goblins.geometry import COCKPIT, LINES, NEIGHBOURS, RING4, RING8, N

_JOINS = tuple(
    tuple((1 << edge, nb, 1 << ((edge + 2) & 3)) for edge, nb in NEIGHBOURS[sq])
    for sq in range(25)
)


@dataclass(slots=True)
class Robot:
    """A yard of 25 squares (index 12 is the cockpit), its tokens and its scrapyard.

    ``tokens`` lists each defense token as the squares it covers (one or two).
    ``goblins`` maps each crew seat to the figures it still has in the cockpit.
    """

    tiles: list[TileDef | None] = field(
        default_factory=lambda: [COCKPIT_TILE if sq == COCKPIT else None for sq in range(25)])
    rots: list[int] = field(default_factory=lambda: [0] * 25)
    metal: list[int] = field(
        default_factory=lambda: [0b1111 if sq == COCKPIT else 0 for sq in range(25)])
    tokens: list[tuple[int, ...]] = field(default_factory=list)
    front: int = N
    goblins: dict[int, int] = field(default_factory=dict)
    scrap_tiles: list[TileDef] = field(default_factory=list)
    scrap_tokens: int = 0
    scrap_goblins: int = 0

    def clone(self) -> Robot:
        return Robot(self.tiles[:], self.rots[:], self.metal[:], self.tokens[:], self.front,
                     dict(self.goblins), self.scrap_tiles[:], self.scrap_tokens,
                     self.scrap_goblins)

    # -- building -------------------------------------------------------------------
    def place(self, sq: int, tile: TileDef, rot: int) -> None:
        self.tiles[sq] = tile
        self.rots[sq] = rot
        self.metal[sq] = tile.rot_metal[rot]

    def lift(self, sq: int) -> TileDef:
        """Take a tile off its square (it is not destroyed; the crane uses this)."""
        tile = self.tiles[sq]
        assert tile is not None and sq != COCKPIT
        self.tiles[sq] = None
        self.metal[sq] = 0
        self.rots[sq] = 0
        return tile

    # -- structure ------------------------------------------------------------------
    def attached_mask(self) -> int:
        """Bit per square joined to the cockpit by a path of metal-to-metal joins."""
        return attached_from(self.metal)

    def occupied_mask(self) -> int:
        mask = 0
        for sq, tile in enumerate(self.tiles):
            if tile is not None:
                mask |= 1 << sq
        return mask

    def loose_squares(self) -> list[int]:
        """Tiles not attached to the cockpit, in reading order."""
        attached = self.attached_mask()
        return [sq for sq, tile in enumerate(self.tiles)
                if tile is not None and not attached >> sq & 1]

    def engines(self) -> int:
        """The cockpit's engine plus those of engine tiles (all tiles on a robot in
        combat are attached, since loose ones fall off)."""
        return sum(t.engines for t in self.tiles if t is not None)

    def arrows(self, edge: int) -> int:
        """Weapon arrows pointing out of yard edge ``edge``."""
        count = 0
        for sq, tile in enumerate(self.tiles):
            if tile is not None and tile.kind == "weapon":
                count += tile.rot_arrows[self.rots[sq]].count(edge)
        return count

    def count_kind(self, kind: str) -> int:
        return sum(1 for t in self.tiles if t is not None and t.kind == kind)

    def crew(self) -> int:
        return sum(self.goblins.values())

    def disabled(self) -> bool:
        """No goblin left in the cockpit, or no weapon tile left on the robot."""
        return self.crew() == 0 or self.count_kind("weapon") == 0

    def covered(self, sq: int) -> list[int]:
        """Indices of the tokens covering ``sq``."""
        return [i for i, squares in enumerate(self.tokens) if sq in squares]

    def has_token(self, sq: int) -> bool:
        return any(sq in squares for squares in self.tokens)

    # -- combat set-up --------------------------------------------------------------
    def drop_loose(self) -> list[int]:
        """Loose tiles fall into the scrapyard; returns their squares."""
        fallen = self.loose_squares()
        for sq in fallen:
            self.scrap_tiles.append(self.lift(sq))
        return fallen

    def held(self, squares: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Catalogue indices and turns of the tiles on ``squares`` (for events)."""
        return (tuple(t.index if (t := self.tiles[sq]) else -1 for sq in squares),
                tuple(self.rots[sq] for sq in squares))

    def token_layout(self) -> list[tuple[int, ...]]:
        """The tokens the armor plates give, in reading order, before any supply limit."""
        layout: list[tuple[int, ...]] = []
        for sq, tile in enumerate(self.tiles):
            if tile is None or tile.kind != "armor":
                continue
            for plate in tile.rot_plates[self.rots[sq]]:
                nb = _neighbour(sq, plate)
                if (nb >= 0 and nb != COCKPIT and self.metal[sq] >> plate & 1
                        and self.tiles[nb] is not None
                        and self.metal[nb] >> ((plate + 2) & 3) & 1):
                    layout.append((sq, nb))
                else:
                    layout.append((sq,))
        return layout

    # -- hits -----------------------------------------------------------------------
    def target(self, edge: int, face: int) -> int:
        """The first occupied square on the line a die ``face`` hits from ``edge``; -1
        for an empty line."""
        for sq in LINES[edge][face]:
            if self.tiles[sq] is not None:
                return sq
        return -1

    def token_options(self, sq: int) -> list[int]:
        """Tokens on ``sq`` that are really different choices (distinct coverage),
        those covering this tile alone first. (a, b) and (b, a) cover the same tiles."""
        seen: set[frozenset[int]] = set()
        options: list[int] = []
        for i in sorted(self.covered(sq), key=lambda i: len(self.tokens[i])):
            coverage = frozenset(self.tokens[i])
            if coverage not in seen:
                seen.add(coverage)
                options.append(i)
        return options

    def remove_token(self, index: int) -> None:
        del self.tokens[index]
        self.scrap_tokens += 1

    def destroy(self, sq: int) -> list[int]:
        """Destroy the tile on ``sq`` and every tile that comes loose with it; their
        tokens go too. Returns the destroyed squares, the hit one first."""
        lost = [sq]
        self.scrap_tiles.append(self.lift(sq))
        for loose in self.loose_squares():
            self.scrap_tiles.append(self.lift(loose))
            lost.append(loose)
        gone = set(lost)
        kept = [t for t in self.tokens if gone.isdisjoint(t)]
        self.scrap_tokens += len(self.tokens) - len(kept)
        self.tokens = kept
        return lost

    def knock_out(self, order: tuple[int, ...]) -> int:
        """Remove one goblin from the cockpit, taking from seats in ``order``; returns
        the seat that lost one, or -1 if the cockpit was already empty."""
        for seat in order:
            if self.goblins.get(seat, 0) > 0:
                self.goblins[seat] -= 1
                self.scrap_goblins += 1
                return seat
        return -1

    # -- scoring helpers ------------------------------------------------------------
    def tiles_in(self, area: str) -> list[TileDef]:
        squares = range(25) if area == "all" else (RING4 if area == "ring4" else RING8)
        return [t for sq in squares if (t := self.tiles[sq]) is not None and sq != COCKPIT]

    def empty_in(self, area: str) -> int:
        squares = range(25) if area == "all" else (RING4 if area == "ring4" else RING8)
        return sum(1 for sq in squares if self.tiles[sq] is None)


def _neighbour(sq: int, edge: int) -> int:
    for e, nb in NEIGHBOURS[sq]:
        if e == edge:
            return nb
    return -1


def attached_from(metal: list[int], start: int = COCKPIT) -> int:
    """Flood the joins from ``start`` over per-square metal masks; a bit per square."""
    seen = 1 << start
    stack = [start]
    while stack:
        sq = stack.pop()
        m = metal[sq]
        for bit, nb, back in _JOINS[sq]:
            if m & bit and not seen >> nb & 1 and metal[nb] & back:
                seen |= 1 << nb
                stack.append(nb)
    return seen


def crane_moves(robot: Robot, only: int | None = None) -> list[tuple[int, int, int]]:
    """Every (from, to, rotation) the Crane allows: a tile without tokens, not the
    cockpit, to any empty square or its own square, so that no tile ends up loose.
    Turning a tile in place counts; putting it back exactly as it was does not.
    ``only`` limits the answer to moves of the tile on that square."""
    moves: list[tuple[int, int, int]] = []
    covered = 0
    for squares in robot.tokens:
        for sq in squares:
            covered |= 1 << sq
    empties = [sq for sq in range(25) if robot.tiles[sq] is None]
    occupied = robot.occupied_mask()
    sources = range(25) if only is None else (only,) if 0 <= only < 25 else ()
    for src in sources:
        tile = robot.tiles[src]
        if tile is None or src == COCKPIT or covered >> src & 1:
            continue
        _crane_from(robot, src, tile, empties, occupied, moves)
    return moves


def _crane_from(robot: Robot, src: int, tile: TileDef, empties: list[int], occupied: int,
                moves: list[tuple[int, int, int]]) -> None:
    metal = robot.metal
    saved = metal[src]
    metal[src] = 0
    anchored = attached_from(metal)
    stranded = occupied & ~anchored & ~(1 << src)
    groups: list[int] = []
    rest = stranded
    while rest:
        low = (rest & -rest).bit_length() - 1
        group = attached_from(metal, low) & stranded
        groups.append(group)
        rest &= ~group
    rot_metal = tile.rot_metal
    for dst in (*empties, src):
        # Edges of dst that would join an anchored tile, and per stranded group the
        # edges that would reach it; then each rotation is a few mask tests.
        anchor_edges = 0
        group_edges = [0] * len(groups)
        for bit, nb, back in _JOINS[dst]:
            if metal[nb] & back:
                if anchored >> nb & 1:
                    anchor_edges |= bit
                else:
                    for i, group in enumerate(groups):
                        if group >> nb & 1:
                            group_edges[i] |= bit
        if not anchor_edges:
            continue
        for rot in range(4):
            m = rot_metal[rot]
            if (m & anchor_edges and all(m & edges for edges in group_edges)
                    and (dst != src or rot != robot.rots[src])):
                moves.append((src, dst, rot))
    metal[src] = saved
