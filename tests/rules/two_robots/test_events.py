"""The Event Phase: Powers, deploys, the Sentry window, damage, elimination and wins."""

import pytest

from game.rules.core.errors import RuleError
from game.rules.two_robots import engine, factory
from game.rules.two_robots.actions import (
    NEW,
    RESERVE,
    STOP,
    Answer,
    Choose,
    Deploy,
    LoseHealth,
    Pass,
    PlayPart,
    UsePower,
)
from game.rules.two_robots.state import (
    CHOOSE,
    FLIPPED,
    GONE,
    HEALTH,
    MELTDOWN,
    OVER,
    PLAY,
    SENTRY,
    UNFLIPPED,
)
from tests.rules.two_robots.helpers import act, card, cat, part, table

ROBOT = ["HEAD M", "TORSO M", "ARMS M", "LEGS M"]


def shots_only(state):
    """Every reveal turns up Shots Fired, so a test need not depend on the shuffle."""
    state.pile = (0,) * len(state.pile)
    return state


def settle(state):
    """Every damaged player gives up the first health card offered."""
    while state.step == HEALTH:
        seat = engine.to_act(state)[0]
        act(state, engine.legal_actions(state, seat)[0])
    return state


def pay(*cards):
    return tuple(sorted(part(c) for c in cards))


def test_a_power_costs_two_unfrozen_parts_and_flips_even_when_cancelled():
    state = table({"Samurai": {"factory": [["HEAD C", "ARMS C"], {"cards": ["LEGS E"],
                                                                   "frozen": True}]},
                   "Guardian": {"factory": [["HEAD N"], ["ARMS S"], ["LEGS M"]],
                                "hand": ["Sentry Gunship"]}},
                  "Samurai", event=True)
    with pytest.raises(RuleError, match="unfrozen"):
        act(state, UsePower(0, 2, pay("HEAD C", "LEGS E")))
    act(state, UsePower(0, 2, pay("HEAD C", "ARMS C")))         # Bushido
    assert state.step == CHOOSE and engine.legal_actions(state, 0) == [Choose(0, 1)]
    act(state, Choose(0, 1))
    assert state.step == SENTRY and engine.to_act(state) == (1,)
    act(state, Answer(1, card(state, 1, "Sentry Gunship")))
    assert state.players[1].health == 5 and state.players[0].powers[2] == FLIPPED
    assert {part("HEAD C"), part("ARMS C")} <= set(state.discard)
    assert state.active == 1                                     # Samurai's turn is over


def test_sentry_gunship_needs_three_stacks_except_for_guardian():
    state = table({"Samurai": {"factory": [["HEAD C", "ARMS C"]]},
                   "Scavenger": {"hand": ["Sentry Gunship"]},
                   "Guardian": {"hand": ["Sentry Gunship"]}}, "Samurai", event=True)
    act(state, UsePower(0, 2, pay("HEAD C", "ARMS C")), Choose(0, 1))
    assert engine.legal_actions(state, 1) == [Pass(1)]          # Scavenger asked anyway
    act(state, Pass(1))
    assert Answer(2, card(state, 2, "Sentry Gunship")) in engine.legal_actions(state, 2)


def test_a_frozen_robot_cannot_deploy_and_a_thawed_one_can():
    robot = {"cards": ROBOT, "frozen": True}
    state = table({"Samurai": {"factory": [robot, ["HEAD C"]],
                               "powers": {"flipped": ["Shogun", "Ronin", "Bushido"]}},
                   "Guardian": {}}, "Samurai", event=True)
    assert engine.legal_actions(state, 0) == [Pass(0)]
    state = shots_only(table({"Samurai": {"factory": [ROBOT, ["HEAD C"]]},
                              "Guardian": {}}, "Samurai", event=True))
    act(state, Deploy(0, part("HEAD M")))                        # the robot dismantles itself
    assert len(state.flight.revealed) == 2                       # Katana: two turned up
    assert engine.legal_actions(state, 0) == [Choose(0, 0)]      # both Shots Fired: one choice
    act(state, Choose(0, 0), Choose(0, 1), Pass(1))
    assert settle(state).players[1].health == 3                  # Shots Fired: 2 damage


def test_shogun_picks_one_card_and_sanctuary_caps_it_at_one():
    state = shots_only(table({"Samurai": {"factory": [["HEAD C", "ARMS C"]]},
                              "Peacemaker": {}, "Guardian": {}}, "Samurai", event=True))
    act(state, UsePower(0, 0, pay("HEAD C", "ARMS C")))
    assert state.step == CHOOSE and len(state.flight.revealed) == 2
    assert engine.legal_actions(state, 0) == [Choose(0, 0)]      # both Shots Fired: one choice
    act(state, Choose(0, 0), Choose(0, 1), Pass(1), Pass(2))
    assert settle(state).players[1].health == 4                  # 2 dealt, Sanctuary: 1


def test_shogun_carries_out_only_the_card_picked():
    state = table({"Samurai": {"factory": [["HEAD C", "ARMS C"]]},
                   "Peacemaker": {}, "Guardian": {"reserve": 1}}, "Samurai", event=True)
    jammed = state.catalogue.robot_cards.index(
        next(r for r in state.catalogue.robot_cards if r.id == "weapons_jammed"))
    shots = state.catalogue.robot_cards.index(
        next(r for r in state.catalogue.robot_cards if r.id == "shots_fired"))
    state.forced = (jammed, shots)
    act(state, UsePower(0, 0, pay("HEAD C", "ARMS C")))
    assert engine.legal_actions(state, 0) == [Choose(0, 0), Choose(0, 1)]
    act(state, Choose(0, 1))                                     # Shots Fired, not the dud
    assert engine.legal_actions(state, 0) == [Choose(0, 1), Choose(0, 2)]
    act(state, Choose(0, 2), Pass(1), Pass(2))
    assert state.step == HEALTH and engine.to_act(state) == (2,)
    options = engine.legal_actions(state, 2)
    assert LoseHealth(2, RESERVE) in options and len(options) == 4
    act(state, LoseHealth(2, RESERVE), LoseHealth(2, 1))
    assert state.players[2].powers == [UNFLIPPED, GONE, UNFLIPPED]
    assert state.players[2].reserve == 0 and state.players[1].health == 5


def test_meltdown_asks_each_rival_with_cards_discard_or_damage():
    state = table({"Apocalypse": {"factory": [["HEAD C", "ARMS C"]]},
                   "Samurai": {"hand": ["HEAD E"]}, "Scavenger": {},
                   "Guardian": {"hand": ["HEAD S"]}}, "Apocalypse", event=True)
    apocalypse = 3
    act(state, UsePower(apocalypse, 1, pay("HEAD C", "ARMS C")))
    act(state, Pass(0), Pass(1), Pass(2))                        # no Sentry Gunship
    assert state.step == MELTDOWN and engine.to_act(state) == (0,)
    act(state, Choose(0, part("HEAD E")))                        # Samurai discards
    assert engine.to_act(state) == (2,)                          # Scavenger's hand is empty
    act(state, Choose(2, STOP))                                  # Guardian takes the damage
    assert state.step == HEALTH
    act(state, LoseHealth(2, RESERVE))
    assert [p.health for p in state.players] == [5, 5, 4, 5]
    assert part("HEAD E") in state.discard


def test_cold_fusion_can_put_out_its_user_and_the_turn_passes_on():
    state = table({"Samurai": {"factory": [["HEAD E"]]},
                   "Scavenger": {"factory": [["HEAD N"]]},
                   "Apocalypse": {"factory": [["HEAD C", "ARMS C", "LEGS C"]],
                                  "powers": {"unflipped": ["Cold Fusion"]}, "reserve": 0,
                                  "hand": ["HEAD S"]}},
                  "Apocalypse", event=True)
    act(state, UsePower(2, 0, pay("HEAD C", "ARMS C")), Pass(0), Pass(1))
    settle(state)
    # After paying, every Factory holds one Part: all three are tied and suffer 1.
    assert state.players[2].out and state.players[2].hand == []
    assert part("HEAD S") in state.discard and part("LEGS C") in state.discard
    assert [p.health for p in state.players] == [4, 4, 0]
    assert state.active == 0 and state.step == PLAY


def test_balance_that_puts_everyone_out_is_a_draw():
    state = table({"Peacemaker": {"factory": [["HEAD C", "ARMS C"]],
                                  "powers": {"unflipped": ["Balance"]}, "reserve": 0},
                   "Guardian": {"powers": {}, "reserve": 1}}, "Peacemaker", event=True)
    act(state, UsePower(0, 0, pay("HEAD C", "ARMS C")), Pass(1))
    assert state.step == OVER and state.winners == () and engine.scores(state) == [0, 0]


def test_the_last_player_in_wins():
    state = table({"Samurai": {"factory": [["HEAD C", "ARMS C"]]},
                   "Guardian": {"powers": {}, "reserve": 1}}, "Samurai", event=True)
    act(state, UsePower(0, 2, pay("HEAD C", "ARMS C")), Choose(0, 1), Pass(1))
    assert state.step == OVER and state.winners == (0,) and engine.scores(state) == [1, 0]
    with pytest.raises(RuleError, match="over"):
        act(state, Pass(0))


def test_two_robots_win_at_once_frozen_or_not():
    frozen_robot = {"cards": ["HEAD C", "TORSO C", "ARMS C", "LEGS C"], "frozen": True}
    state = table({"Scavenger": {"factory": [ROBOT[:3], frozen_robot], "hand": ["LEGS M"]},
                   "Guardian": {}}, "Scavenger")
    assert state.step == PLAY
    act(state, PlayPart(0, part("LEGS M"), 0))
    assert state.step == OVER and state.winners == (0,) and engine.to_act(state) == ()


def test_salvage_may_take_the_parts_just_sacrificed():
    state = table({"Scavenger": {"factory": [["HEAD C", "ARMS C"]]}, "Guardian": {}},
                  "Scavenger", event=True, discard=["Homing Missiles"])
    act(state, UsePower(0, 0, pay("HEAD C", "ARMS C")))
    options = [a.value for a in engine.legal_actions(state, 0)]
    assert part("HEAD C") in options and STOP in options
    act(state, Choose(0, part("HEAD C")), Choose(0, STOP), Pass(1))
    assert part("HEAD C") in state.players[0].hand


def test_rebuild_places_parts_from_the_discard_pile():
    state = table({"Scavenger": {"factory": [["HEAD C", "ARMS C"], ["LEGS M"]]},
                   "Guardian": {}}, "Scavenger", event=True, discard=["TORSO M"])
    act(state, UsePower(0, 1, pay("HEAD C", "ARMS C")))
    act(state, Choose(0, part("TORSO M")))
    assert sorted(a.value for a in engine.legal_actions(state, 0)) == [0]
    act(state, Choose(0, 0), Choose(0, part("HEAD C")), Choose(0, NEW), Pass(1))
    assert state.players[0].stacks == [[part("LEGS M"), part("TORSO M")], [part("HEAD C")]]


def test_truce_keeps_attack_cards_off_peacemaker_until_her_next_turn():
    state = table({"Peacemaker": {"factory": [["HEAD C", "ARMS C"], ["LEGS E"]]},
                   "Guardian": {"factory": [["HEAD M"], ["ARMS N"]], "hand": ["Power Surge"]}},
                  "Peacemaker", event=True, deck=30)
    act(state, UsePower(0, 1, pay("HEAD C", "ARMS C")), Pass(1))
    assert state.players[0].truce and state.active == 1
    surge = card(state, 1, "Power Surge")
    assert not [a for a in engine.legal_actions(state, 1) if getattr(a, "card", -1) == surge]


def test_the_draw_phase_reshuffles_only_when_it_needs_a_card():
    state = table({"Samurai": {"factory": [["HEAD C"]]}, "Guardian": {}}, "Samurai",
                  deck=2, discard=2, event=True)
    act(state, Pass(0))
    assert len(state.players[1].hand) == 4 and state.reshuffles == 1
    assert state.deck == [] and state.discard == []


def test_with_deck_and_discard_empty_the_draw_ends_short():
    state = table({"Samurai": {"factory": [["HEAD C"]]}, "Guardian": {}}, "Samurai",
                  deck=1, discard=2, event=True)
    act(state, Pass(0))
    assert len(state.players[1].hand) == 3 and state.deck == state.discard == []
    assert state.reshuffles == 1 and state.active == 1 and state.step == PLAY


def test_a_draw_that_reshuffles_says_so_and_every_reshuffle_counts():
    state = table({"Samurai": {"factory": [["HEAD C"]]}, "Guardian": {}}, "Samurai",
                  deck=2, discard=2, event=True)
    events = engine.apply(state, Pass(0))
    drew = events[-1]
    assert (drew.seat, drew.count, drew.reshuffled) == (1, 4, True)
    state.discard.append(state.players[1].hand.pop())   # as if Guardian had discarded it
    act(state, Pass(1))                    # Guardian's turn ends; Samurai draws 1 of 1
    assert state.reshuffles == 2 and len(state.players[0].hand) == 1


@pytest.mark.parametrize("samurai, event", [
    ({"factory": [["HEAD C"], ["TORSO E"]]}, True),                       # two Parts, Powers
    ({"factory": [["HEAD C"]]}, False),                                   # one Part only
    ({"factory": [["HEAD C"], {"cards": ["TORSO E"], "frozen": True}]}, False),
    ({"factory": [["HEAD C"], ["TORSO E"]],
      "powers": {"flipped": ["Shogun", "Ronin", "Bushido"]}}, False),     # no Power left
    ({"factory": [ROBOT], "powers": {"flipped": ["Shogun", "Ronin", "Bushido"]}}, True),
    ({"factory": [["TORSO M", "ARMS M", "LEGS M", "TORSO MN"]],           # no HEAD: no robot
      "powers": {"flipped": ["Shogun", "Ronin", "Bushido"]}}, False),
])
def test_the_event_phase_is_offered_exactly_when_there_is_an_event_to_choose(samurai, event):
    state = table({"Samurai": samurai, "Guardian": {}}, "Samurai")
    act(state, Pass(0))
    assert (state.active == 0 and state.step == "event") == event


def test_a_stack_of_four_parts_without_a_head_is_no_robot():
    state = table({"Samurai": {"factory": [["TORSO M", "ARMS M", "LEGS M", "TORSO MN"],
                                           ["TORSO C", "ARMS C", "LEGS C"]]},
                   "Guardian": {}}, "Samurai")
    assert factory.robots(cat(), state.players[0]) == 0
    assert not factory.can_deploy(cat(), state.players[0])


def test_katana_resolves_the_card_chosen_of_the_two_turned_up():
    for pick, damage in ((0, 2), (1, 0)):             # Shots Fired (2), or Weapons Jammed
        state = table({"Samurai": {"factory": [ROBOT, ["HEAD C"]]}, "Guardian": {}},
                      "Samurai", event=True)
        state.forced = (0, 1)
        act(state, Deploy(0, part("HEAD C")))
        assert state.flight.revealed == (0, 1)
        assert engine.legal_actions(state, 0) == [Choose(0, 0), Choose(0, 1)]
        act(state, Choose(0, pick))
        if damage:
            act(state, Choose(0, 1))
        act(state, Pass(1))
        assert settle(state).players[1].health == 5 - damage


def test_rebuild_lists_each_part_once_and_only_where_it_fits_after_the_first():
    state = table({"Scavenger": {"factory": [["HEAD C", "TORSO C", "ARMS C"]]}, "Guardian": {}},
                  "Scavenger", discard=["HEAD N", "TORSO N", "Power Surge"], event=True)
    act(state, UsePower(0, 1, pay("HEAD C", "TORSO C")))
    head, torso = part("HEAD N"), part("TORSO N")
    listed = [a.value for a in engine.legal_actions(state, 0)]
    assert sorted(listed) == sorted([head, torso, part("HEAD C"), part("TORSO C"), STOP])
    act(state, Choose(0, head))
    assert engine.legal_actions(state, 0) == [Choose(0, NEW)]          # C is taken
    act(state, Choose(0, NEW))
    listed = [a.value for a in engine.legal_actions(state, 0)]
    assert head not in listed and torso in listed and STOP in listed
    act(state, Choose(0, torso))
    assert engine.legal_actions(state, 0) == [Choose(0, 1)]            # onto the new N Stack
    act(state, Choose(0, 1))
    assert state.step == SENTRY
    act(state, Pass(1))
    assert state.players[0].stacks == [[part("ARMS C")], [head, torso]]


def test_armory_with_no_defense_card_in_the_discard_pile_asks_no_choice():
    state = table({"Samurai": {}, "Guardian": {"factory": [["HEAD C", "TORSO C"], ["ARMS E"]]}},
                  "Guardian", discard=["Power Surge", "LEGS N"], event=True)
    act(state, UsePower(1, 2, pay("HEAD C", "ARMS E")))
    assert state.step == SENTRY
