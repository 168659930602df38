"""Damage: which health card to give up is asked only when the choice makes a
difference, and an effect's damage is all taken before anyone goes out."""

from __future__ import annotations

import pytest

from game.rules.two_robots import engine
from game.rules.two_robots.actions import RESERVE, Choose, LoseHealth, Pass, UsePower
from game.rules.two_robots.state import FLIPPED, GONE, HEALTH, UNFLIPPED
from tests.rules.two_robots.helpers import act, part, table

U, F, G = UNFLIPPED, FLIPPED, GONE
POWERS = ("Balance", "Truce", "Accord")


def _powers(cards):
    return {"unflipped": [n for n, c in zip(POWERS, cards, strict=True) if c == U],
            "flipped": [n for n, c in zip(POWERS, cards, strict=True) if c == F]}


def _bushido(powers, reserve):
    """Samurai's Bushido deals 1 to Peacemaker holding these health cards."""
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]},
                   "Peacemaker": {"powers": _powers(powers), "reserve": reserve}},
                  "Samurai", event=True)
    act(state, UsePower(0, 2, tuple(sorted((part("HEAD C"), part("TORSO C"))))),
        Choose(0, 1), Pass(1))
    return state


@pytest.mark.parametrize("powers, reserve, options", [
    ((U, G, G), 1, [0, RESERVE]),          # a Power or a Reserve: her choice
    ((U, F, G), 0, [0, 1]),                # an unflipped or a flipped Power
    ((F, F, G), 1, [0, 1, RESERVE]),       # flipped Powers are alike, a Reserve is not
    ((U, U, G), 0, [0, 1]),                # no Reserve left: none offered
])
def test_a_choice_of_health_card_is_asked_when_it_makes_a_difference(powers, reserve, options):
    state = _bushido(powers, reserve)
    assert state.step == HEALTH and engine.to_act(state) == (1,)
    assert engine.legal_actions(state, 1) == [LoseHealth(1, k) for k in options]


@pytest.mark.parametrize("powers, reserve, left", [
    ((F, F, G), 0, [F, G, G]),             # two flipped Powers: either is the same
    ((G, G, G), 2, [G, G, G]),             # Reserves only
])
def test_no_choice_is_asked_when_every_card_is_alike(powers, reserve, left):
    state = _bushido(powers, reserve)
    assert state.step != HEALTH and state.active == 1
    assert sorted(state.players[1].powers) == sorted(left)
    assert state.players[1].health == sum(1 for p in powers if p != G) + reserve - 1


def test_damage_beyond_the_last_health_card_asks_nothing():
    """Shogun turns up Precision Strike and Shots Fired; Samurai carries out Precision
    Strike at Guardian, who holds 1 health card: 3 damage take it without a question,
    the other 2 points find nothing, and Guardian is out while the game goes on."""
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]}, "Scavenger": {},
                   "Guardian": {"powers": {}, "reserve": 1},
                   "Apocalypse": {"powers": {"unflipped": ["Meltdown"]}, "reserve": 1}},
                  "Samurai", event=True)
    state.forced = (3, 0)                  # Precision Strike, then Shots Fired
    act(state, UsePower(0, 0, tuple(sorted((part("HEAD C"), part("TORSO C"))))))
    assert state.flight.revealed == (3, 0)
    act(state, Choose(0, 0), Choose(0, 2), Pass(1), Pass(2), Pass(3))
    assert [p.out for p in state.players] == [False, False, True, False]
    assert [p.health for p in state.players] == [5, 5, 0, 2]
    assert not state.winners and state.step != HEALTH


def test_two_points_on_two_health_cards_take_both_without_asking():
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]},
                   "Guardian": {"powers": {"unflipped": ["Fortify", "Armory"]}, "reserve": 0}},
                  "Samurai", event=True)
    state.forced = (0, 0)                  # two Shots Fired: one carried out, 2 damage
    act(state, UsePower(0, 0, tuple(sorted((part("HEAD C"), part("TORSO C"))))),
        Choose(0, 0), Choose(0, 1), Pass(1))
    assert state.players[1].out and state.winners == (0,)
