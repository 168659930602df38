"""Every level answers every kind of decision with a legal move, from the seat's view,
at every table size and in every variant."""

from __future__ import annotations

import pytest

from game.ai.bots import LEVELS, make_bot
from game.rules.coal_heart import engine
from tests.ai.coal_heart.helpers import TINY, new_state, play_out, positions

KINDS = {"pick", "select", "mine", "upgrade", "fight", "gear", "capture", "scavenge",
         "quarry", "perk", "heart", "give", "shield", "punch", "trigger", "may_attack",
         "gear_pick", "draft", "order"}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_level_answers_every_decision_legally(players):
    found = positions(players, 40 + players)
    assert {"pick", "select", "mine", "upgrade", "fight", "gear"} <= set(found)
    assert set(found) <= KINDS
    for kind, states in found.items():
        for state in states:
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            for level in LEVELS:
                action = make_bot("coal_heart", level, 3, TINY).choose(
                    engine.view(state, seat), seat)
                assert action in legal, (level, kind)


@pytest.mark.parametrize("variant", ["drafting", "demo"])
def test_the_variants_play_to_the_end(variant):
    state = new_state(4, 9, variant)
    play_out(state, ["hard", "normal", "easy", "random"], 5, stop=3000)
    assert engine.is_over(state)


def test_every_pending_kind_turns_up_and_is_answered():
    """Across tables the rarer choices (a Force Field, a Rocket Punch, a cube to give,
    Overload or Mend, the order of abilities that trigger together) are met and
    answered legally too."""
    seen: set[str] = set()
    for players in (3, 4, 5, 6):
        seen |= set(positions(players, 70 + players, games=6))
    assert {"heart", "give", "shield", "punch", "quarry", "perk", "order"} <= seen
