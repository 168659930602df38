"""A match as its record: a refused action leaves the action list, the state and the
saved record exactly as they were, so a save never holds a move that cannot replay."""

from __future__ import annotations

import json

import pytest

from game.rules.core.errors import RuleError
from game.rules.core.match import Match, from_record, load, new_match, save
from game.rules.goblins.actions import PlaceTile, Steer


def _started(moves: int) -> Match:
    """A 2-player match after its first few legal moves."""
    match = new_match("goblins", 2, "standard", 8)
    for _ in range(moves):
        seat = match.spec.rules.to_act(match.state)[0]
        match.play(match.spec.rules.legal_actions(match.state, seat)[0])
    return match


@pytest.mark.parametrize("illegal", [Steer(0, 1, 1), PlaceTile(0, 99, 99, 0), Steer(7, 0, 0)])
def test_a_refused_action_is_not_logged(tmp_path, illegal):
    match = _started(3)
    actions, state, record = list(match.actions), match.state.clone(), match.to_record()
    assert all(illegal not in match.spec.rules.legal_actions(match.state, s) for s in (0, 1))
    with pytest.raises(RuleError):
        match.play(illegal)
    assert match.actions == actions
    assert match.state == state
    assert match.to_record() == record
    save(match, tmp_path / "game.json")
    again = load(tmp_path / "game.json")
    assert again.actions == actions and again.state == state



def test_a_malformed_action_is_refused_before_the_rules_see_it(monkeypatch):
    """The issue's worst case: PlaceTile(rot=1.5) put the tile on the robot, then crashed."""
    match = _started(2)  # both planners have passed: building starts
    rules = match.spec.rules
    legal = next(a for seat in rules.to_act(match.state)
                 for a in rules.legal_actions(match.state, seat) if isinstance(a, PlaceTile))
    seat, state, actions = legal.seat, match.state.clone(), list(match.actions)
    called = []
    monkeypatch.setattr(type(match.spec.rules), "apply", lambda *args: called.append(args))
    for bad in (PlaceTile(seat, legal.tile, legal.square, 1.5),
                PlaceTile(seat, legal.tile, legal.square, True),
                PlaceTile(2, legal.tile, legal.square, 0)):
        with pytest.raises(RuleError):
            match.play(bad)
    assert called == [] and match.actions == actions and match.state == state

def test_played_actions_are_logged_in_order_and_replay(tmp_path):
    match = _started(5)
    assert len(match.actions) == 5
    record = json.loads(json.dumps(match.to_record()))
    assert [a["kind"] for a in record["actions"]] == [a.kind for a in match.actions]
    assert from_record(record).state == match.state
