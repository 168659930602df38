"""Positions described by name (tests and scenario files) become match states, and an
impossible one is refused in one sentence naming what is wrong."""

from __future__ import annotations

import pytest

from game.rules.two_robots.position import build
from game.rules.two_robots.state import EVENT, GONE, PLAY
from tests.rules.two_robots.helpers import cat, part


@pytest.mark.parametrize("players, active, kw, sentence", [
    ({"Samurai": {"hand": ["Laser"]}, "Guardian": {}}, "Samurai", {},
     "there is no card called 'Laser'"),
    ({"Samurai": {"hand": ["HEAD C"]}, "Guardian": {"factory": [["HEAD C"]]}}, "Samurai", {},
     "HEAD C is used twice"),
    ({"Samurai": {"hand": ["Homing Missiles"] * 11}, "Guardian": {}}, "Samurai", {},
     "Homing Missiles has more copies than exist"),
    ({"Robot": {}, "Guardian": {}}, "Guardian", {}, "there is no Salvager called 'Robot'"),
    ({"Samurai": {"powers": {"unflipped": ["Katana"]}}, "Guardian": {}}, "Samurai", {},
     "'Katana' is not a Power of Samurai"),
    ({"Samurai": {"powers": {"unflipped": ["Shogun"], "flipped": ["Shogun"]}}, "Guardian": {}},
     "Samurai", {}, "the Power Shogun is listed twice"),
    ({"Samurai": {"factory": [[]]}, "Guardian": {}}, "Samurai", {},
     "a Stack holds at least one Part"),
    ({"Samurai": {"factory": [["Ice Blast"]]}, "Guardian": {}}, "Samurai", {},
     "only Parts go in a Factory"),
    ({"Samurai": {"factory": [["HEAD C"], ["TORSO C"]]}, "Guardian": {}}, "Samurai", {},
     "Samurai's Stacks cannot take different Energies"),
    ({"Samurai": {"powers": {}, "reserve": 0}, "Guardian": {}}, "Samurai", {},
     "Samurai has no health card but is not out"),
    ({"Samurai": {}}, "Samurai", {}, "a position seats 2 to 4 Salvagers"),
    ({name: {} for name in ("Samurai", "Scavenger", "Peacemaker", "Guardian", "Apocalypse")},
     "Samurai", {}, "a position seats 2 to 4 Salvagers"),
    ({"Samurai": {}, "samurai": {}}, "Samurai", {}, "a Salvager is seated twice"),
    ({"Samurai": {}, "Guardian": {}}, "Samurai", {"deck": 100, "discard": 1},
     "only 100 cards are left for the deck and discard pile"),
    ({"Samurai": {}, "Guardian": {}}, "Scavenger", {}, "Scavenger is not at the table"),
    ({"Samurai": {"out": True}, "Guardian": {}, "Scavenger": {}}, "Samurai", {},
     "Samurai is out and cannot be the active player"),
])
def test_an_impossible_position_is_refused_in_one_sentence(players, active, kw, sentence):
    with pytest.raises(ValueError) as refused:
        build(cat(), players, active, **kw)
    assert str(refused.value) == sentence


def test_a_position_seats_in_turn_order_with_its_defaults():
    state = build(cat(), {"Guardian": {"powers": {"flipped": ["Armory"]}, "reserve": 1},
                          "samurai": {"out": True}, "Scavenger": {}}, "guardian")
    assert [p.salvager for p in state.players] == [0, 1, 3]
    samurai, scavenger, guardian = state.players
    assert samurai.out is True and samurai.health == 0
    assert samurai.powers == [GONE] * 3 and samurai.reserve == 0
    assert scavenger.out is False and scavenger.health == 5 and scavenger.powers == [0, 0, 0]
    assert guardian.powers == [GONE, GONE, 1] and guardian.health == 2
    assert state.active == 2 and state.step == PLAY and state.plays == 0
    assert len(state.deck) == 40 and state.discard == [] and state.event_damage == [0, 0, 0]


def test_deck_and_discard_take_the_cards_left_and_the_same_position_deals_the_same():
    players = {"Samurai": {"factory": [{"cards": ["HEAD C"], "frozen": True}]}, "Guardian": {}}
    # 100 cards less HEAD C, its Ice Blast and TORSO C: the deck may take all 97 left.
    state = build(cat(), players, "Samurai", plays_used=3, deck=97, discard=["TORSO C"],
                  event=True)
    assert len(state.deck) == 97 and state.discard == [part("TORSO C")]
    assert state.step == EVENT and state.plays == 3
    ice = state.players[0].ice[0]
    assert cat().cards[ice].name == "Ice Blast" and ice not in state.deck
    assert len(build(cat(), {"Samurai": {}, "Guardian": {}}, "Samurai", deck=100).deck) == 100
    again = build(cat(), players, "Samurai", plays_used=3, deck=97, discard=["TORSO C"],
                  event=True, seed=0)
    assert again.deck == state.deck
    other = build(cat(), players, "Samurai", deck=97, discard=["TORSO C"], seed=1)
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    counted = build(cat(), {"Samurai": {}, "Guardian": {}}, "Samurai", deck=10, discard=4)
    assert len(counted.deck) == 10 and len(counted.discard) == 4
    assert not set(counted.deck) & set(counted.discard)
