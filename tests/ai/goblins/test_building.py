"""The builder as a goblin engineer: it sees which empty squares no metal can reach any
more, keeps them reachable when it can, and dumps a doomed tile where nothing is lost."""

from __future__ import annotations

import pytest

from game.ai.bots import make_bot
from game.ai.goblins.building import free_squares
from game.ai.goblins.frontier import outlook
from game.rules.goblins import engine
from game.rules.goblins.geometry import COCKPIT, parse_square, square_name
from game.rules.goblins.robot import Robot
from tests.rules.goblins.helpers import robot

LEVELS = ("normal", "hard")


def _mask(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= 1 << parse_square(name)
    return mask


def test_an_empty_square_no_attached_metal_can_reach_is_dead():
    built = robot({"2,3": ("decoration", "NESW"), "2,2": ("engine", "ESW"),
                   "1,3": ("weapon", "S", "N")}, {})
    free = _mask("1,2", "2,4")
    seen = outlook(built, free)
    assert seen.dead == _mask("1,2")           # 2,2 and 1,3 show it no metal
    assert seen.doomed == seen.hopeful == 0
    turned = robot({"2,3": ("decoration", "NESW"), "2,2": ("engine", "NESW"),
                    "1,3": ("weapon", "S", "N")}, {})
    assert outlook(turned, free).dead == 0     # 2,2 now shows metal to its north


def test_a_square_reached_through_empty_squares_is_alive_but_costs_a_little():
    near = outlook(robot({}, {}), _mask("2,3"))
    far = outlook(robot({}, {}), _mask("2,3", "1,3"))
    assert near.dead == far.dead == 0
    assert near.expected_fallen == 0
    assert far.expected_fallen > 0             # 1,3 needs a tile on 2,3 to carry the chain


def test_a_loose_tile_is_hopeful_only_while_it_shows_metal_to_a_reachable_square():
    hopeful = robot({"1,3": ("engine", "S")}, {})
    seen = outlook(hopeful, _mask("2,3"))
    assert (seen.hopeful, seen.doomed) == (1, 0)
    seen = outlook(hopeful, 0)                 # 2,3 got a tile: no way left to join it
    assert (seen.hopeful, seen.doomed) == (0, 1)


FLANK_GUNS = {"3,1": ("weapon", "NES", "W"), "4,1": ("weapon", "NE", "W"),
              "3,5": ("weapon", "NSW", "E"), "2,5": ("weapon", "SW", "E")}
"""Guns on both flanks, so one more gun is worth only its own die."""


def _building(catalogue, filled: dict[str, tuple], free: tuple[str, ...], hand: list[str]):
    """A duel at a builder's decision on Octozoid: every buildable square but ``free``
    holds an all-metal decoration unless ``filled`` or ``FLANK_GUNS`` say otherwise."""
    state = engine.new_state(catalogue, 2, "standard", 5)
    while not any(state.players[s].tiles for s in engine.to_act(state)):
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[0])
    seat = next(s for s in engine.to_act(state) if state.players[s].tiles)
    state.blueprint = next(b.index for b in catalogue.blueprints if b.id == "octozoid")
    forbidden = catalogue.blueprints[state.blueprint].forbidden
    layout = {square_name(sq): ("decoration", "NESW") for sq in range(25)
              if sq != COCKPIT and sq not in forbidden}
    for name in free:
        del layout[name]
    layout.update(FLANK_GUNS)
    layout.update(filled)
    state.teams[state.team_of(seat)].robot = robot(layout, {})
    ids = {t.id: t.index for t in catalogue.tiles}
    state.players[seat].tiles = [ids[name] for name in hand]
    return state, seat


def _build_hand(state, seat: int, level: str) -> Robot:
    bot = make_bot("goblins", level, 7, 24)
    while state.players[seat].tiles:
        engine.apply(state, bot.choose(engine.view(state, seat), seat))
    return state.teams[state.team_of(seat)].robot


@pytest.mark.parametrize("level", LEVELS)
def test_the_all_metal_tile_goes_in_front_of_the_corner_and_the_spike_gun_behind_it(
        catalogue, level):
    # 1,2 can only be reached through 1,3: the spike gun (one metal edge) on 1,3 would
    # shut it, so the decoration takes 1,3 and the gun hangs on it from 1,2.
    state, seat = _building(catalogue, {"2,2": ("engine", "ESW"), "1,4": ("engine", "NES")},
                            ("1,2", "1,3"), ["W16", "D01"])
    built = _build_hand(state, seat, level)
    assert built.tiles[parse_square("1,3")].id == "D01"
    assert built.loose_squares() == []


@pytest.mark.parametrize("level", LEVELS)
def test_a_tile_with_nowhere_safe_to_go_is_dumped_on_a_dead_square(catalogue, level):
    # 5,3 is dead already; the spike gun attached on 1,3 would kill 1,2 as well.
    state, seat = _building(catalogue, {"2,2": ("engine", "ESW"), "1,4": ("engine", "NES"),
                                        "4,3": ("engine", "NEW"), "5,2": ("engine", "N"),
                                        "5,4": ("engine", "N")},
                            ("1,2", "1,3", "5,3"), ["W16"])
    robot_before = state.teams[state.team_of(seat)].robot
    assert outlook(robot_before, free_squares(state, robot_before)).dead == _mask("5,3")
    built = _build_hand(state, seat, level)
    assert built.tiles[parse_square("5,3")].id == "W16"
    assert outlook(built, free_squares(state, built)).dead == 0


@pytest.mark.parametrize("level", LEVELS)
def test_the_planner_passes_the_tiles_the_enemy_robot_cannot_keep(catalogue, level):
    # The enemy's last two squares are 1,3 and, behind it, 1,2: a tile with one metal
    # edge on 1,3 shuts 1,2, so two spike guns cost the enemy a tile; two
    # decorations would both stay on.
    state = engine.new_state(catalogue, 2, "standard", 5)
    seat = next(s for s in engine.to_act(state) if state.players[s].drawn)
    enemy = 1 - state.team_of(seat)
    state.blueprint = next(b.index for b in catalogue.blueprints if b.id == "octozoid")
    forbidden = catalogue.blueprints[state.blueprint].forbidden
    layout = {square_name(sq): ("decoration", "NESW") for sq in range(25)
              if sq != COCKPIT and sq not in forbidden and square_name(sq) not in ("1,2", "1,3")}
    layout.update(FLANK_GUNS)
    layout.update({"2,2": ("engine", "ESW"), "1,4": ("engine", "NES")})
    state.teams[enemy].robot = robot(layout, {})
    ids = {t.id: t.index for t in catalogue.tiles}
    state.players[seat].drawn = sorted(ids[name] for name in ("W16", "W19", "D01", "D02", "E01"))
    action = make_bot("goblins", level, 7, 24).choose(engine.view(state, seat), seat)
    assert sorted(catalogue.tiles[t].id for t in action.tiles) == ["W16", "W19"]
