"""Following a burst of events on a copy of the view before it (game.rules.goblins
.follow) ends on the board the rules reached, and shows each hit's step on the way."""

from __future__ import annotations

import random
from collections import Counter

from game.rules.goblins import engine
from game.rules.goblins.actions import OrderDice
from game.rules.goblins.follow import follow
from game.rules.goblins.geometry import COCKPIT, square
from game.rules.goblins.state import State
from game.rules.goblins.view import view
from tests.rules.goblins.helpers import duel, robot


def board(state: State) -> list:
    """Everything about the table that a yard or its labels show (the dice as rolled:
    their order is an action, not an event)."""
    return [state.combat_round, [
        (t.pilot, t.tactician, sorted(t.dice), t.robot.front,
         [tile.index if tile else None for tile in t.robot.tiles], t.robot.rots,
         t.robot.metal, t.robot.tokens, t.robot.goblins, len(t.robot.scrap_tiles),
         t.robot.scrap_tokens, t.robot.scrap_goblins) for t in state.teams]]


def _kind(event) -> str:
    detail = getattr(event, "outcome", "") or getattr(event, "ability", "")
    return f"{event.kind}:{detail}" if detail else event.kind


def test_following_every_burst_of_random_matches_reaches_the_rules_board(catalogue):
    """Random matches of 2, 3 and 4 seats: after every action, the view before it
    followed through the action's events equals the view after it (unless the burst
    starts a new round)."""
    seen: Counter[str] = Counter()
    for players, seed in ((2, 5), (3, 8), (4, 13), (2, 1)):
        state = engine.new_state(catalogue, players, "standard", seed)
        rng = random.Random(seed)
        while not engine.is_over(state):
            before = view(state, 0)
            seat = rng.choice(engine.to_act(state))
            events = engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
            frame = before.clone()
            if all(follow(frame, event) for event in events):
                assert board(frame) == board(view(state, 0)), [_kind(e) for e in events]
                seen.update(_kind(e) for e in events)
    wanted = {"hit:token", "hit:destroyed", "hit:goblin", "hit:miss", "tactic_used:crane",
              "tactic_used:duct_tape", "tactic_used:homing", "tactic_used:nitro",
              "tiles_fell", "combat_ready", "revealed", "combat_round", "tile_placed"}
    assert wanted <= set(seen), wanted - set(seen)


def test_each_hit_is_seen_in_turn(catalogue):
    state = duel(catalogue)
    a, b = square(3, 1), square(3, 2)
    enemy = robot({"3,1": ("decoration", "NESW"), "2,1": ("decoration", "NESW"),
                   "3,2": ("engine", "NESW"), "2,3": ("weapon", "NESW", "N")}, {1: 2})
    enemy.tokens = [(a,)]
    state.teams[1].robot = enemy
    state.phase, state.teams[1].dice, state.teams[1].ordered = "order", [], True
    state.teams[0].dice, state.teams[0].target = [3, 3, 3], 3
    before = view(state, 0)
    events = [e for e in engine.apply(state, OrderDice(0, (3, 3, 3), False))
              if e.kind == "hit"]
    frame = before.clone()
    shown = frame.teams[1].robot
    follow(frame, events[0])
    assert shown.tokens == [] and shown.tiles[a] is not None and frame.phase == "hits"
    follow(frame, events[1])
    assert shown.tiles[a] is None and shown.tiles[square(2, 1)] is None, "2,1 fell too"
    assert shown.tiles[b] is not None
    follow(frame, events[2])
    assert shown.tiles[b] is None and shown.goblins == {1: 2}
    assert before.teams[1].robot.tiles[a] is not None, "the copy, not the view, moves on"
    assert COCKPIT not in events[2].destroyed


def test_a_new_round_is_not_followed(catalogue):
    from game.rules.goblins.events import RoundStarted

    frame = duel(catalogue)
    kept = board(frame)
    assert not follow(frame, RoundStarted(2, 0, 0, ((0,), (1,)), 0))
    assert board(frame) == kept
