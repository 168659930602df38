"""Small positions for the Coal Heart unit tests, built straight on the State."""

from __future__ import annotations

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import End, Select
from game.rules.coal_heart.setup import new_seat
from game.rules.coal_heart.state import SELECT, State
from game.rules.core.registry import bundled_catalogue
from game.rules.core.rng import Rng

ROBOTS = ("lord_reforge", "extractor_esquire", "professor_syphon", "the_executioner",
          "gizmo_guru", "dr_constructor")


def cat():
    return bundled_catalogue("coal_heart")


def table(n: int = 3, robots: tuple[str, ...] = (), seed: int = 1, **seats) -> State:
    """``n`` fresh robots (no cubes, 20 HP); ``seats`` maps ``s0``.. to field changes."""
    robots = robots or ROBOTS[:n]
    state = State(cat(), n, "standard", Rng(seed))
    state.seats = [new_seat(state, r) for r in robots]
    for key, changes in seats.items():
        seat = state.seats[int(key[1:])]
        for field, value in changes.items():
            setattr(seat, field, value)
    held = [sum(s.cubes[i] for s in state.seats) for i in range(4)]
    state.supply = [15 - h for h in held]
    state.gained, state.dealt = [0] * n, [0] * n
    state.dealt4 = [False] * n
    state.capped = [[0] * n for _ in range(n)]
    state.stage = SELECT
    return state


def start(state: State, active: int, hex_id: str) -> None:
    """``active`` leads a fresh round's first Phase and selects ``hex_id``."""
    state.first, state.phase_no, state.used = active, 0, []
    engine.apply(state, Select(active, hex_id))


def end_turns_until(state: State, seat: int) -> None:
    """Every Turn before ``seat``'s ends with nothing done."""
    while flow.deciding(state) != seat:
        engine.apply(state, End(flow.deciding(state)))


def total_cubes(state: State) -> list[int]:
    return [sum(s.cubes[i] for s in state.seats) + state.quarry[i] + state.supply[i]
            for i in range(4)]
