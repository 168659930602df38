"""Previews of combat choices (game.rules.goblins.preview) agree with what the rules
then do: the dice a dial setting gives, the square each line strikes first, and the
hits of a dice order, Dynamite, fall-off, tokens and goblins included."""

from __future__ import annotations

import pytest

from game.rules.core.errors import RuleError
from game.rules.goblins import engine
from game.rules.goblins.actions import ChooseToken, OrderDice, PickTactic, Steer
from game.rules.goblins.events import DiceRolled, Hit
from game.rules.goblins.geometry import COCKPIT, E, N, S, W, edge_side, side_edge, square
from game.rules.goblins.preview import dials_dice, first_struck, order_hits
from game.rules.goblins.view import view
from tests.rules.goblins.helpers import duel, robot

ARMED = {"2,3": ("weapon", "NESW", "N"), "3,4": ("weapon", "NESW", "EE", True),
         "3,2": ("engine", "NESW"), "4,3": ("engine", "NESW", "", True)}
"""One arrow north, two east, four engines in all (cockpit, one, a premium two)."""


def test_sides_and_edges_turn_with_the_front():
    assert [side_edge(N, side) for side in range(4)] == [N, E, S, W]
    assert [side_edge(E, side) for side in range(4)] == [E, S, W, N]
    assert [side_edge(W, side) for side in range(4)] == [W, N, E, S]
    for front in range(4):
        assert all(edge_side(front, side_edge(front, side)) == side for side in range(4))


@pytest.mark.parametrize(("steer", "target", "sabotage", "dice"), [
    (0, 0, False, 0),   # keeps its front: one arrow north, less one for overheating
    (1, 0, False, 2),   # turns its right (east) to the front: two arrows
    (1, 0, True, 3),    # ... plus Sabotage
    (0, 0, True, 1),    # overheated, one arrow plus Sabotage
    (2, 2, False, 0),   # costs 4 of 4 engines: back to the front, no arrows south
    (1, 1, False, 2),   # right + right costs 2
])
def test_dials_dice_is_the_roll_the_rules_then_make(catalogue, steer, target, sabotage, dice):
    state = duel(catalogue)
    state.teams[0].robot = robot(ARMED, {0: 2})
    state.face_up = [0, 1, 2]  # Nitro, Nitro, Homing: nothing to use before the roll
    assert dials_dice(state.teams[0].robot, steer, target, sabotage) == dice
    state.teams[0].sabotage = sabotage  # as if a Sabotage card had been played
    engine.apply(state, Steer(0, steer, target))
    engine.apply(state, PickTactic(0, 0))
    engine.apply(state, Steer(1, 0, 0))
    events = engine.apply(state, PickTactic(1, 1))
    rolled = {e.team: e.dice for e in events if isinstance(e, DiceRolled)}
    assert len(rolled[0]) == dice


def test_a_goof_turns_nothing_and_gives_the_overheated_front_arrows(catalogue):
    poor = robot({"2,3": ("weapon", "NESW", "NN", True), "3,4": ("weapon", "NESW", "E")},
                 {0: 2})
    assert poor.engines() == 1
    assert dials_dice(poor, 2, 0) == 1, "back costs 2 of 1 engine: goof, front stays"
    assert dials_dice(poor, 1, 0) == 1, "right costs 1: turns, one arrow east"


def test_first_struck_is_the_first_occupied_square_inward_per_line():
    built = robot({"3,1": ("decoration", "NESW"), "3,2": ("engine", "NESW"),
                   "2,3": ("weapon", "NESW", "N"), "2,2": ("decoration", "NESW")}, {0: 2})
    assert first_struck(built, W) == (-1, square(2, 2), square(3, 1), -1, -1)
    assert first_struck(built, N) == (square(3, 1), square(2, 2), square(2, 3), -1, -1)
    assert first_struck(built, S) == (square(3, 1), square(3, 2), COCKPIT, -1, -1)
    assert first_struck(built, E) == (-1, square(2, 3), COCKPIT, -1, -1)


TARGET = {"3,1": ("decoration", "NESW"), "2,1": ("decoration", "NESW"),
          "3,2": ("engine", "NESW"), "2,3": ("weapon", "NESW", "N"),
          "1,3": ("weapon", "NESW", "N")}
"""Row 3 from the west: 3,1 (holding 2,1 on), then 3,2, then the cockpit; column 3
from the north: 1,3 then 2,3."""


def _ordering(catalogue, dice: list[int], abilities: list[str], tokens: list) -> object:
    """A duel in the order step: team 0 aims at the enemy's left (the west edge, the
    enemy facing north) with ``dice``; team 1 has ordered nothing to throw."""
    state = duel(catalogue)
    state.teams[0].robot = robot(ARMED, {0: 2})
    enemy = robot(TARGET, {1: 2})
    enemy.tokens = list(tokens)
    state.teams[1].robot = enemy
    state.phase = "order"
    attacker = state.teams[0]
    attacker.dice, attacker.abilities, attacker.target = list(dice), list(abilities), 3
    state.teams[1].dice, state.teams[1].ordered = [], True
    return state


def _actual(state, order: tuple[int, ...], dynamite: bool) -> list[Hit]:
    events = engine.apply(state, OrderDice(0, order, dynamite))
    while state.phase == "token":
        events += engine.apply(state, engine.legal_actions(state, 1)[0])
    return [e for e in events if isinstance(e, Hit)]


def test_order_preview_with_dynamite_fall_off_and_a_shared_token(catalogue):
    a, b = square(3, 1), square(3, 2)
    state = _ordering(catalogue, [3, 1, 0, 3], ["dynamite"], [(a, b), (a,)])
    seen = view(state, 0)
    preview = order_hits(seen, 0, (3, 3, 1), True)
    assert [(h.edge, h.face, h.square, h.outcome) for h in preview] == [
        (W, 3, a, "token"),          # dynamite: the first 3 counts twice
        (W, 3, a, "token"),
        (W, 3, a, "destroyed"),      # 3,1 goes and 2,1 falls with it
        (W, 1, square(1, 3), "destroyed"),  # row 1 from the west: 1,3 first
    ]
    assert preview[2].destroyed == (a, square(2, 1))
    assert preview[0].token == 1, "the token on the tile alone goes first"
    assert seen.teams[1].robot.tokens == [(a, b), (a,)], "the view is not changed"
    assert _actual(state, (3, 3, 1), True) == preview


def test_order_preview_reaches_the_cockpit_and_knocks_out_goblins(catalogue):
    state = _ordering(catalogue, [3, 3, 3, 3], [], [])
    preview = order_hits(view(state, 0), 0, (3, 3, 3, 3), False)
    assert [(h.square, h.outcome, h.seat) for h in preview] == [
        (square(3, 1), "destroyed", -1), (square(3, 2), "destroyed", -1),
        (COCKPIT, "goblin", 1), (COCKPIT, "goblin", 1)]
    assert _actual(state, (3, 3, 3, 3), False) == preview


def test_order_preview_refuses_an_order_of_other_dice(catalogue):
    state = _ordering(catalogue, [3, 1], [], [])
    with pytest.raises(RuleError):
        order_hits(view(state, 0), 0, (5, 1), False)


def test_order_preview_names_the_token_the_pilot_is_asked_about(catalogue):
    a, b = square(3, 1), square(3, 2)
    state = _ordering(catalogue, [3], [], [(a, b), (a,)])
    preview = order_hits(view(state, 0), 0, (3,), False)
    engine.apply(state, OrderDice(0, (3,), False))
    assert state.phase == "token"
    assert engine.legal_actions(state, 1)[0] == ChooseToken(1, preview[0].token)
