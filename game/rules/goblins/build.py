"""The Build phase: planners keep three tiles and pass two across the table; builders
place their five tiles on free squares of the yard."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from game.rules.core.actions import Action, Event
from game.rules.core.errors import RuleError
from game.rules.goblins.actions import PassTiles, PlaceTile
from game.rules.goblins.events import TilePlaced, TilesPassed
from game.rules.goblins.geometry import COCKPIT, square_name
from game.rules.goblins.state import State

PASS_COUNT = 2


def is_planner(state: State, seat: int) -> bool:
    player = state.players[seat]
    return (seat in state.stages[state.stage][1] and player.passed is None
            and bool(player.drawn))


def is_builder(state: State, seat: int) -> bool:
    return seat in state.stages[state.stage][0] and bool(state.players[seat].tiles)


@cache
def _buildable(forbidden: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sq for sq in range(25) if sq != COCKPIT and sq not in forbidden)


@cache
def _placements(seat: int, tile: int) -> tuple[PlaceTile, ...]:
    """PlaceTile values for one tile in square-major order, four rotations a square.
    Interned because a builder's choices run to hundreds per decision; the flat order
    lets a run of free squares be copied as one slice."""
    return tuple(PlaceTile(seat, tile, sq, rot) for sq in range(25) for rot in range(4))


def _free_runs(state: State, team: int) -> list[tuple[int, int]]:
    """Slices of a flat placement table that cover the squares a builder may use."""
    tiles = state.teams[team].robot.tiles
    forbidden = state.catalogue.blueprints[state.blueprint].forbidden
    runs: list[tuple[int, int]] = []
    start = prev = -2
    for sq in _buildable(forbidden):
        if tiles[sq] is not None:
            continue
        if sq != prev + 1:
            if prev >= 0:
                runs.append((4 * start, 4 * prev + 4))
            start = sq
        prev = sq
    if prev >= 0:
        runs.append((4 * start, 4 * prev + 4))
    return runs


def legal(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    player = state.players[seat]
    if is_planner(state, seat):
        actions += [PassTiles(seat, pair)
                    for pair in combinations(sorted(player.drawn), PASS_COUNT)]
    if is_builder(state, seat):
        runs = _free_runs(state, state.team_of(seat))
        for tile in sorted(set(player.tiles)):
            table = _placements(seat, tile)
            for start, stop in runs:
                actions += table[start:stop]
    return actions


def to_act(state: State) -> list[int]:
    # The same tests as is_builder/is_planner, inlined: this runs before every move.
    builders, planners = state.stages[state.stage]
    players = state.players
    seats = [s for s in builders if players[s].tiles]
    seats += [s for s in planners if players[s].drawn and players[s].passed is None]
    return sorted(seats)


def stage_done(state: State) -> bool:
    """Every planner of the stage has swapped tiles and every builder has placed all."""
    builders, planners = state.stages[state.stage]
    players = state.players
    return (all(not players[s].tiles for s in builders)
            and all(not players[s].drawn for s in planners))


def apply(state: State, action: Action, events: list[Event]) -> None:
    """Apply a build action (validated in full before anything changes)."""
    seat = action.seat
    player = state.players[seat]
    if isinstance(action, PassTiles):
        if not is_planner(state, seat):
            raise RuleError("you are not choosing tiles to pass right now")
        tiles = action.tiles
        if len(tiles) != PASS_COUNT or len(set(tiles)) != PASS_COUNT:
            raise RuleError("pass exactly two different tiles")
        if any(t not in player.drawn for t in tiles):
            raise RuleError("you can only pass tiles you drew")
        if list(tiles) != sorted(tiles):
            raise RuleError("list the passed tiles in ascending order")
        player.passed = tiles
        planners = state.stages[state.stage][1]
        if all(state.players[s].passed is not None for s in planners):
            _exchange(state, planners, events)
    elif isinstance(action, PlaceTile):
        if not is_builder(state, seat):
            raise RuleError("you are not building right now")
        if action.tile not in player.tiles:
            raise RuleError("that tile is not in your hand")
        if not 0 <= action.rot <= 3:
            raise RuleError("a tile can be turned 0, 1, 2 or 3 quarter turns")
        if not 0 <= action.square < 25:
            raise RuleError("that square is not in the yard")
        team = state.team_of(seat)
        forbidden = state.catalogue.blueprints[state.blueprint].forbidden
        if (state.teams[team].robot.tiles[action.square] is not None
                or action.square not in _buildable(forbidden)):
            raise RuleError(f"square {square_name(action.square)} is not free to build on")
        state.teams[team].robot.place(action.square, state.catalogue.tiles[action.tile],
                                      action.rot)
        player.tiles.remove(action.tile)
        events.append(TilePlaced(seat, team, action.tile, action.square, action.rot))
    else:
        raise RuleError("that is not a move of the build phase")


def _exchange(state: State, planners: tuple[int, ...], events: list[Event]) -> None:
    """Both planners of the stage swap the pairs they passed and keep their three."""
    a, b = planners
    pa, pb = state.players[a], state.players[b]
    assert pa.passed is not None and pb.passed is not None
    for giver, taker in ((pa, pb), (pb, pa)):
        events.append(TilesPassed(giver.seat, taker.seat))
    for player, received in ((pa, pb.passed), (pb, pa.passed)):
        assert player.passed is not None
        player.tiles = [t for t in player.drawn if t not in player.passed] + list(received)
    for player in (pa, pb):
        player.drawn = []
        player.passed = None
