"""The arena's fallen-tiles column: each tile that falls off at combat start is charged
to the seat that placed it, per robot that seat built."""

from __future__ import annotations

import pytest

from game.ai.goblins.figures import FALLEN, seat_figures
from game.rules.goblins import engine
from game.rules.goblins.events import RoundStarted, TilePlaced, TilesFell


def test_a_fallen_tile_is_charged_to_its_placer_and_a_half_robot_to_each_builder():
    events = [RoundStarted(1, 0, 0, ((0, 1), (2, 3)), 0)]
    events += [TilePlaced(seat, 0, 100 + sq, sq, 0) for sq, seat in
               zip(range(20), [0, 1] * 10, strict=True)]
    events += [TilesFell(0, (4, 6, 9), (104, 106, 109), (0, 0, 0))]
    fallen = dict(enumerate(seat_figures(events, 4)[FALLEN]))
    assert fallen[0] == (2.0, pytest.approx(0.5))  # squares 4 and 6 were seat 0's
    assert fallen[1] == (1.0, pytest.approx(0.5))
    assert fallen[2] == fallen[3] == (0.0, 0.0)


def test_squares_are_matched_to_placers_round_by_round():
    events = [RoundStarted(1, 0, 0, ((0,), (1,)), 0), TilePlaced(0, 0, 5, 7, 0),
              RoundStarted(2, 0, 0, ((1,), (0,)), 1), TilePlaced(1, 0, 5, 7, 0),
              TilesFell(0, (7,), (5,), (0,))]
    assert seat_figures(events, 2)[FALLEN] == [(0.0, 0.05), (1.0, 0.05)]


def test_a_whole_duel_counts_every_fallen_tile_and_a_robot_a_seat_each_round(catalogue):
    state = engine.new_state(catalogue, 2, "standard", 9)
    events = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        events += engine.apply(state, engine.legal_actions(state, seat)[-1])
    fell = sum(len(e.squares) for e in events if isinstance(e, TilesFell))
    figures = seat_figures(events, 2)[FALLEN]
    assert fell > 0
    assert sum(amount for amount, _ in figures) == fell
    assert [robots for _, robots in figures] == pytest.approx([2.0, 2.0])  # 2 rounds
