"""The roll and the hits: how many dice each team rolls, the roll event, and what
each hit reports (a miss, a goblin, an empty cockpit, a token, destroyed tiles)."""

from __future__ import annotations

from game.rules.goblins import combat, engine
from game.rules.goblins.actions import PickTactic, Steer
from game.rules.goblins.events import DiceRolled, Hit
from game.rules.goblins.geometry import COCKPIT, N, W, square
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import duel, robot

GUNS = {"2,3": ("weapon", "S", "NN", True), "3,2": ("engine", "NESW"),
        "3,4": ("engine", "NESW")}
"""A premium weapon with two arrows forward and two engines."""


def _rolled(state: State) -> list:
    """Both pilots keep their front (and overheat), both tacticians pick the first card."""
    state.face_up = [0, 1, 2]
    engine.apply(state, Steer(0, 0, 0))
    engine.apply(state, PickTactic(0, 0))
    engine.apply(state, Steer(1, 1, 0))
    return engine.apply(state, PickTactic(1, 1))


def test_forward_arrows_give_dice_less_one_when_overheated(catalogue):
    state = duel(catalogue)
    for team in state.teams:
        team.robot = robot(GUNS, {team.seats[0]: 2})
    events = _rolled(state)
    rolled = {e.team: e.dice for e in events if isinstance(e, DiceRolled)}
    assert len(rolled[0]) == 1, "two arrows forward, overheated"
    assert rolled[1] == (), "turned right: no arrows on its new front"


def test_sabotage_adds_a_die_to_the_roll(catalogue):
    state = duel(catalogue)
    state.teams[0].robot = robot(GUNS, {0: 2})
    state.phase, state.pre_roll_queue = "pre_roll", []
    state.teams[0].overheat, state.teams[0].sabotage = False, True
    state.teams[1].overheat = True
    events: list = []
    combat.roll(state, events)
    rolled = {e.team: e.dice for e in events if isinstance(e, DiceRolled)}
    assert len(rolled[0]) == 3 and rolled[1] == ()
    assert [len(t.dice) for t in state.teams] == [3, 0]


def test_a_team_without_dice_is_not_asked_for_dice_tactics(catalogue):
    state = duel(catalogue)
    state.phase = "pre_roll"
    for team in state.teams:
        team.abilities, team.overheat = ["homing"], True
    state.teams[0].robot = robot(GUNS, {0: 2})
    events: list = []
    combat.roll(state, events)
    assert [t.done_tactics for t in state.teams] == [False, True]
    assert DiceRolled(1, ()) in events


def test_with_table_dice_every_rolling_team_waits_to_be_read(catalogue):
    state = duel(catalogue)
    state.table_dice = True
    for team in state.teams:
        team.robot = robot(GUNS, {team.seats[0]: 2})
    state.phase = "pre_roll"
    events: list = []
    combat.roll(state, events)
    assert state.phase == "roll" and events == []
    assert [t.reading for t in state.teams] == [(0, 1), (0, 1)]
    assert engine.to_act(state) == (0, 1)


def _hits(state: State, dice: list[int], target: int = 0) -> list:
    state.phase = "hits"
    state.teams[0].dice, state.teams[0].target = dice, target
    state.teams[1].dice = []
    combat.queue_hits(state)
    events: list = []
    combat.resolve_hits(state, events)
    assert (state.hit_team, state.pending_square) == (-1, -1), "no token choice pending"
    return [e for e in events if isinstance(e, Hit)]


def test_a_hit_on_an_empty_line_misses(catalogue):
    assert _hits(duel(catalogue), [1]) == [Hit(1, N, 1, -1, "miss")]


def test_hits_on_the_cockpit_take_goblins_until_it_is_empty(catalogue):
    state = duel(catalogue)
    target = state.teams[1].robot
    target.tiles[square(2, 3)], target.metal[square(2, 3)] = None, 0
    target.goblins = {1: 1}
    assert _hits(state, [3, 3]) == [Hit(1, N, 3, COCKPIT, "goblin", seat=1),
                                    Hit(1, N, 3, COCKPIT, "empty_cockpit", seat=-1)]


def test_the_first_seat_loses_its_goblin_like_any_other(catalogue):
    """Seat 0's goblin knocked out is a goblin hit, not an empty cockpit."""
    state = duel(catalogue)
    state.phase = "hits"
    ours = state.teams[0].robot
    ours.tiles[square(2, 3)], ours.metal[square(2, 3)] = None, 0
    state.teams[0].dice, state.teams[1].dice, state.teams[1].target = [], [3], 0
    combat.queue_hits(state)
    events: list = []
    combat.resolve_hits(state, events)
    assert events == [Hit(0, N, 3, COCKPIT, "goblin", seat=0)]
    assert ours.goblins == {0: 1}


def test_a_destroyed_tile_takes_the_tiles_that_came_loose_with_it(catalogue):
    state = duel(catalogue)
    target = state.teams[1].robot
    shape = {"3,2": ("engine", "NESW"), "3,1": ("decoration", "NESW"),
             "2,1": ("decoration", "NESW"), "3,4": ("weapon", "W", "E")}
    state.teams[1].robot = target = robot(shape, {1: 2})
    target.rots[square(2, 1)] = 3
    scrap = [target.tiles[sq].index for sq in (square(3, 2), square(3, 1), square(2, 1))]
    hits = _hits(state, [3], target=3)  # the enemy's left side: yard edge W, row 3
    assert hits == [Hit(1, W, 3, square(3, 1), "destroyed",
                        (square(3, 1), square(2, 1)), tiles=tuple(scrap[1:]), rots=(0, 3),
                        side=3)]


def test_a_hit_on_the_first_square_of_the_yard(catalogue):
    state = duel(catalogue)
    target = state.teams[1].robot
    corner = {"1,1": ("decoration", "NESW"), "1,2": ("decoration", "NESW"),
              "1,3": ("decoration", "NESW"), "2,3": ("weapon", "NS", "N")}
    state.teams[1].robot = target = robot(corner, {1: 2})
    target.tokens = [(0,)]
    assert _hits(state, [1, 1]) == [Hit(1, N, 1, 0, "token"),
                                    Hit(1, N, 1, 0, "destroyed", (0,),
                                        tiles=(target.scrap_tiles[0].index,), rots=(0,))]
