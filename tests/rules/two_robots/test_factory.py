"""Stacks and the Energy assignment (RULES-DECISIONS.md, Stacks and robots)."""

import pytest

from game.rules.core.errors import RuleError
from game.rules.two_robots import factory
from game.rules.two_robots.actions import NEW, PlayPart
from tests.rules.two_robots.helpers import act, cat, part, table


def shows(state, seat=0):
    return factory.shown(cat(), state.players[seat].stacks)


def test_the_rulebook_example_a_new_c_s_stack_beside_chemical_is_solar():
    state = table({"Scavenger": {"factory": [["ARMS CS", "HEAD C"]], "hand": ["LEGS CS"]},
                   "Guardian": {}}, "Scavenger")
    act(state, PlayPart(0, part("LEGS CS"), NEW))
    assert shows(state) == ["C", "S"]


def test_a_lone_hybrid_shows_a_question_mark_until_forced():
    state = table({"Scavenger": {"factory": [["ARMS CS"]]}, "Guardian": {}}, "Scavenger")
    assert shows(state) == ["?"]
    state = table({"Scavenger": {"factory": [["ARMS CS"], ["HEAD CS"]]}, "Guardian": {}},
                  "Scavenger")
    assert shows(state) == ["?", "?"]
    state = table({"Scavenger": {"factory": [["ARMS CS"], ["HEAD CE"], ["LEGS C"]]},
                   "Guardian": {}}, "Scavenger")
    assert shows(state) == ["S", "E", "C"]


def test_three_stacks_of_two_energies_are_refused():
    state = table({"Scavenger": {"factory": [["ARMS CS"], ["HEAD CS"]],
                                 "hand": ["LEGS CS", "LEGS C"]},
                   "Guardian": {}}, "Scavenger")
    with pytest.raises(RuleError):
        act(state, PlayPart(0, part("LEGS CS"), NEW))
    with pytest.raises(RuleError):
        act(state, PlayPart(0, part("LEGS C"), NEW))
    act(state, PlayPart(0, part("LEGS C"), 0))
    assert shows(state) == ["C", "S"]


def test_removing_parts_reopens_a_stack():
    stacks = [[part("ARMS CS"), part("HEAD C")]]
    assert factory.shown(cat(), stacks) == ["C"]
    stacks[0].pop()
    assert factory.shown(cat(), stacks) == ["?"]


def test_a_part_cannot_go_on_a_frozen_stack():
    state = table({"Scavenger": {"factory": [{"cards": ["ARMS C"], "frozen": True}],
                                 "hand": ["HEAD C", "HEAD E"]},
                   "Guardian": {}}, "Scavenger")
    with pytest.raises(RuleError):
        act(state, PlayPart(0, part("HEAD C"), 0))
    with pytest.raises(RuleError):
        act(state, PlayPart(0, part("HEAD C"), NEW))  # a second Chemical Stack
    act(state, PlayPart(0, part("HEAD E"), NEW))
    assert shows(state) == ["C", "E"]


def test_six_stacks_never_fit():
    state = table({"Scavenger": {"factory": [["ARMS C"], ["ARMS E"], ["ARMS M"], ["ARMS N"],
                                             ["ARMS S"]], "hand": ["HEAD CE"]},
                   "Guardian": {}}, "Scavenger")
    assert factory.places(cat(), state.players[0], part("HEAD CE")) == [0, 1]
