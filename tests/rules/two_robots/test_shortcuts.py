"""What the rules keep or test in a faster form for speed agrees with the plain reading:
the per-card Energy table and the win test run after every action."""

import random

from game.rules.two_robots import engine, factory
from game.rules.two_robots.actions import NEW, PlayPart
from tests.rules.two_robots.helpers import act, cat, part, table


def test_the_energy_table_holds_each_cards_energies():
    catalogue = cat()
    assert len(catalogue.energy_bits) == len(catalogue.cards)
    for card in catalogue.cards:
        assert catalogue.energy_bits[card.index] == card.energies
        assert (catalogue.energy_bits[card.index] == 0) == (card.kind != "part")


def test_the_win_test_agrees_with_counting_robots_in_random_matches():
    seen = {True: 0, False: 0}
    for seed in range(12):
        state = engine.new_state(cat(), 2 + seed % 3, "standard", seed)
        pick = random.Random(seed)
        while not engine.is_over(state) and engine.turns_played(state) <= 50:
            for p in state.players:
                plain = not p.out and factory.robots(cat(), p) >= 2
                assert factory.two_robots(cat(), p) == plain
                seen[plain] += 1
            seat = pick.choice(engine.to_act(state))
            engine.apply(state, pick.choice(engine.legal_actions(state, seat)))
        for p in state.players:
            plain = not p.out and factory.robots(cat(), p) >= 2
            assert factory.two_robots(cat(), p) == plain
            seen[plain] += 1
    assert seen[True] > 0 and seen[False] > 0


def test_two_tall_stacks_win_only_when_both_are_complete():
    robot = ["HEAD C", "TORSO C", "ARMS C", "LEGS C"]
    no_legs = ["HEAD E", "TORSO E", "ARMS E", "ARMS EN"]
    state = table({"Scavenger": {"factory": [robot, no_legs], "hand": ["HEAD EN"]},
                   "Guardian": {}}, "Scavenger")
    act(state, PlayPart(0, part("HEAD EN"), 1))
    assert not engine.is_over(state)
    state = table({"Scavenger": {"factory": [robot, no_legs], "hand": ["LEGS EN"]},
                   "Guardian": {}}, "Scavenger")
    act(state, PlayPart(0, part("LEGS EN"), 1))
    assert engine.is_over(state) and state.winners == (0,)


def test_a_rival_holding_two_robots_wins_after_the_active_seats_action():
    state = table({"Scavenger": {"factory": [["HEAD C", "TORSO C", "ARMS C", "LEGS C"]],
                                 "hand": ["LEGS E"]},
                   "Guardian": {"factory": [["HEAD E", "TORSO E", "ARMS E", "LEGS EN"],
                                            ["HEAD N", "TORSO N", "ARMS N", "LEGS N"]]}},
                  "Scavenger")
    act(state, PlayPart(0, part("LEGS E"), NEW))
    assert engine.is_over(state) and state.winners == (1,)
