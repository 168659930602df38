"""Team Up and Build: seating, schedules, hands, passing and placing."""

from __future__ import annotations

import pytest

from game.rules.core.errors import RuleError
from game.rules.goblins import engine
from game.rules.goblins.actions import PassTiles, PlaceTile
from game.rules.goblins.geometry import COCKPIT
from tests.rules.goblins.helpers import play_until


def test_four_player_schedule_overlaps_planning_and_building(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 5)
    (a1, a2), (b1, b2) = state.teams[0].seats, state.teams[1].seats
    assert state.starter == 0 and a1 == 0
    card = catalogue.team_cards[state.team_card]
    side = next(s for s in card.sides if 0 in s)
    other = next(s for s in card.sides if 0 not in s)
    assert b1 == other[side.index(0)], "the starter's opposite plans with the starter"
    assert state.stages == [((), (a1, b1)), ((a1, b1), (a2, b2)), ((a2, b2), (a1, b1)),
                            ((a1, b1), (a2, b2)), ((a2, b2), ())]
    assert engine.to_act(state) == tuple(sorted((a1, b1)))
    assert len(state.players[a1].drawn) == 5 and not state.players[a2].drawn
    assert (state.teams[0].pilot, state.teams[0].tactician) == (a1, a2)


@pytest.mark.parametrize("players", [2, 3])
def test_small_tables_plan_then_build_in_turn(catalogue, players):
    state = engine.new_state(catalogue, players, "standard", 3)
    solo = state.teams[1].seats[0]
    assert len(state.stages) == 8
    assert all(solo in (planners or builders) for builders, planners in state.stages)
    for builders, planners in state.stages:
        assert not (builders and planners), "nobody plans and builds at once"


def test_agenda_hands(catalogue):
    four = engine.new_state(catalogue, 4, "standard", 1)
    assert [len(p.hand) for p in four.players] == [7, 7, 7, 7]
    three = engine.new_state(catalogue, 3, "standard", 1)
    solo = three.teams[1].seats[0]
    assert len(three.players[solo].hand) == 6
    assert all(len(p.hand) == 7 for p in three.players if p.seat != solo)
    full = engine.new_state(catalogue, 3, "full", 1)
    assert all(len(p.hand) == 7 for p in full.players)
    party = engine.new_state(catalogue, 4, "party", 1)
    assert all(not p.hand for p in party.players)
    assert len(party.shared_agendas) == 3
    assert all(catalogue.agendas[a].type != "betting" for a in party.shared_agendas)


def test_planners_swap_two_and_keep_three(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 2)
    a, b = state.stages[0][1]
    drawn_a, drawn_b = list(state.players[a].drawn), list(state.players[b].drawn)
    give_a, give_b = tuple(sorted(drawn_a)[:2]), tuple(sorted(drawn_b)[3:])
    engine.apply(state, PassTiles(a, give_a))
    assert state.players[a].passed == give_a and not state.players[b].tiles
    engine.apply(state, PassTiles(b, give_b))
    assert sorted(state.players[a].tiles) == sorted(
        [t for t in drawn_a if t not in give_a] + list(give_b))
    assert sorted(state.players[b].tiles) == sorted(
        [t for t in drawn_b if t not in give_b] + list(give_a))
    assert state.stage == 1
    assert set(engine.to_act(state)) == {a, b, *state.stages[1][1]}


def test_placing_rules(catalogue):
    state = engine.new_state(catalogue, 2, "standard", 4)
    for seat in (0, 1):
        engine.apply(state, PassTiles(seat, tuple(sorted(state.players[seat].drawn)[:2])))
    tile = state.players[0].tiles[0]
    forbidden = catalogue.blueprints[state.blueprint].forbidden[0]
    before = state.clone()
    for bad, reason in [
        (PlaceTile(0, tile, COCKPIT, 0), "not free"),
        (PlaceTile(0, tile, forbidden, 0), "not free"),
        (PlaceTile(0, tile, 0 if forbidden else 1, 4), "quarter turns"),
        (PlaceTile(0, state.players[1].tiles[0], 6, 0), "not in your hand"),
        (PlaceTile(0, tile, 25, 0), "not in the yard"),
    ]:
        with pytest.raises(RuleError, match=reason):
            engine.apply(state, bad)
        assert state == before
    square = next(sq for sq in range(25) if sq not in (COCKPIT, forbidden)
                  and sq not in catalogue.blueprints[state.blueprint].forbidden)
    engine.apply(state, PlaceTile(0, tile, square, 3))
    assert state.teams[0].robot.tiles[square] is catalogue.tiles[tile]
    with pytest.raises(RuleError, match="not free"):
        engine.apply(state, PlaceTile(0, state.players[0].tiles[0], square, 0))


def test_every_square_but_cockpit_and_forbidden_is_filled(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 8)
    play_until(state, "agendas")
    forbidden = set(catalogue.blueprints[state.blueprint].forbidden)
    for team in state.teams:
        placed = {sq for sq, t in enumerate(team.robot.tiles) if t is not None} - {COCKPIT}
        fallen = len(team.robot.scrap_tiles)
        assert len(placed) + fallen == 20
        assert not placed & forbidden
    assert len(state.bag) == 60 - 40
