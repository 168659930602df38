import pytest

from game.rules.core.errors import DataError
from game.rules.goblins.actions import CODEC, OrderDice, PlaceTile, Steer, UseSabotage


def test_actions_round_trip_through_dicts():
    for action in (PlaceTile(1, 5, 7, 3), OrderDice(0, (3, 1, 1), True), UseSabotage(2),
                   Steer(3, 1, 2)):
        assert CODEC.decode(action.to_dict()) == action


def test_actions_of_different_kinds_never_compare_equal():
    assert Steer(0, 1, 2) != PlaceTile(0, 1, 2, 0)
    assert len({Steer(0, 1, 2), Steer(0, 1, 2)}) == 1


@pytest.mark.parametrize("raw, message", [
    ([1, 2], "must be a mapping"),
    ({"kind": "fly", "seat": 0}, "unknown action kind"),
    ({"kind": "steer", "seat": 0, "steer": 1}, "needs 'target'"),
    ({"kind": "steer", "seat": True, "steer": 1, "target": 0}, "whole number"),
    ({"kind": "steer", "seat": 0, "steer": 1, "target": 0, "x": 1}, "unexpected key"),
    ({"kind": "order", "seat": 0, "order": [1, "2"], "dynamite": False}, "list of whole"),
    ({"kind": "order", "seat": 0, "order": [1], "dynamite": 1}, "true or false"),
])
def test_bad_action_dicts_are_data_errors(raw, message):
    with pytest.raises(DataError, match=message):
        CODEC.decode(raw, "actions[3]")
