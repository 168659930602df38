"""Attack cards, the Homing window, Ice Blast and Rescue Drill, Supply Drop."""

import pytest

from game.rules.core.errors import RuleError
from game.rules.two_robots import engine
from game.rules.two_robots.actions import (
    NEW,
    Answer,
    Destroy,
    Freeze,
    Pass,
    PlayPart,
    Resupply,
    Steal,
    Thaw,
)
from game.rules.two_robots.state import COUNTER, HOMING, PLAY
from tests.rules.two_robots.helpers import act, card, counted, names, part, table


def surge_table(**guardian):
    return table({
        "Scavenger": {"factory": [["HEAD E"], ["ARMS C"]],
                      "hand": ["Power Surge", "Homing Missiles", "Homing Missiles"]},
        "Peacemaker": {"factory": [["LEGS EN"], ["HEAD M"]], "hand": ["Homing Missiles"]},
        "Guardian": {"factory": [["TORSO ES"]], **guardian},
    }, "Scavenger")


def test_a_destroy_card_must_take_two_parts_even_its_own():
    state = table({"Scavenger": {"factory": [["HEAD E"], ["ARMS C"]],
                                 "hand": ["Power Surge"]},
                   "Guardian": {"factory": [["TORSO ES"]]}}, "Scavenger")
    surge = card(state, 0, "Power Surge")
    with pytest.raises(RuleError, match="exactly 2"):
        act(state, Destroy(0, surge, (part("TORSO ES"),)))
    options = {a.parts for a in engine.legal_actions(state, 0) if isinstance(a, Destroy)}
    assert options == {tuple(sorted((part("HEAD E"), part("TORSO ES"))))}


def test_one_eligible_part_is_destroyed_alone_and_overkill_takes_three():
    state = table({"Scavenger": {"factory": [["HEAD C"], ["ARMS M"]], "hand": ["Power Surge"]},
                   "Guardian": {"factory": [["TORSO ES"]]}}, "Scavenger")
    surge = card(state, 0, "Power Surge")
    act(state, Destroy(0, surge, (part("TORSO ES"),)), Pass(1))
    assert state.players[1].stacks == [] and part("TORSO ES") in state.discard
    state = table({"Apocalypse": {"factory": [["HEAD E"], ["ARMS EC"]], "hand": ["Power Surge"]},
                   "Guardian": {"factory": [["TORSO ES"], ["LEGS EM"]]}}, "Apocalypse")
    picks = [a.parts for a in engine.legal_actions(state, 1) if isinstance(a, Destroy)]
    assert picks and all(len(p) == 3 for p in picks) and len(picks) == 4


def test_homing_missiles_cancel_the_whole_attack_unless_countered():
    state = surge_table()
    before = counted(state)
    surge = card(state, 0, "Power Surge")
    targets = tuple(sorted((part("LEGS EN"), part("TORSO ES"))))
    act(state, Destroy(0, surge, targets))
    assert state.step == HOMING and engine.to_act(state) == (1,)   # Peacemaker first
    act(state, Answer(1, card(state, 1, "Homing Missiles")))
    assert state.step == COUNTER and engine.to_act(state) == (0,)
    events = engine.apply(state, Pass(0))
    assert [(e.kind, e.cancelled) for e in events] == [("attack_done", True)]
    assert state.step == PLAY and state.plays == 1
    assert state.players[1].stacks and state.players[2].stacks    # nothing destroyed
    assert sorted(names(state.discard[-2:])) == ["Homing Missiles", "Power Surge"]
    assert counted(state) == before


def test_a_counter_is_a_play_and_restarts_the_asking():
    state = surge_table(hand=["Homing Missiles"])
    surge = card(state, 0, "Power Surge")
    targets = tuple(sorted((part("LEGS EN"), part("TORSO ES"))))
    act(state, Destroy(0, surge, targets))
    act(state, Answer(1, card(state, 1, "Homing Missiles")))
    act(state, Answer(0, card(state, 0, "Homing Missiles")))
    assert state.plays == 2 and state.step == HOMING and engine.to_act(state) == (1,)
    act(state, Pass(1))                                             # Peacemaker has none left
    act(state, Answer(2, card(state, 2, "Homing Missiles")))        # Guardian: no Stacks
    act(state, Answer(0, card(state, 0, "Homing Missiles")))        # needed (Bulwark)
    assert state.plays == 3
    act(state, Pass(1), Pass(2))
    assert state.players[1].stacks == [[part("HEAD M")]] and state.players[2].stacks == []
    assert state.step == PLAY and state.table == []


def test_homing_missiles_need_their_gold_number_and_a_play_left_to_counter():
    state = table({"Scavenger": {"factory": [["HEAD E"], ["ARMS C"]],
                                 "hand": ["Power Surge", "Homing Missiles"]},
                   "Peacemaker": {"factory": [["LEGS EN"]], "hand": ["Homing Missiles"]}},
                  "Scavenger", plays_used=4)
    surge = card(state, 0, "Power Surge")
    act(state, Destroy(0, surge, tuple(sorted((part("HEAD E"), part("LEGS EN"))))))
    assert engine.legal_actions(state, 1) == [Pass(1)]             # one Stack: gold 2 unmet
    with pytest.raises(RuleError):
        act(state, Answer(1, card(state, 1, "Homing Missiles")))
    act(state, Pass(1))
    assert state.step != HOMING and part("HEAD E") in state.discard


def test_space_pod_steals_a_part_into_a_legal_place():
    state = table({"Scavenger": {"factory": [["HEAD C"], ["ARMS M"], ["LEGS N"]],
                                 "hand": ["Space Pod"]},
                   "Guardian": {"factory": [{"cards": ["TORSO C", "LEGS CS"], "frozen": True}]}},
                  "Scavenger")
    pod = card(state, 0, "Space Pod")
    with pytest.raises(RuleError):
        act(state, Steal(0, pod, part("TORSO C"), NEW))           # a second Chemical Stack
    act(state, Steal(0, pod, part("TORSO C"), 0), Pass(1))
    assert state.players[0].stacks[0] == [part("HEAD C"), part("TORSO C")]
    assert state.players[1].stacks == [[part("LEGS CS")]] and state.players[1].ice[0] >= 0


def test_a_stack_left_empty_vanishes_with_its_ice_blast():
    state = table({"Scavenger": {"factory": [["HEAD C"], ["ARMS M"], ["LEGS N"]],
                                 "hand": ["Space Pod"]},
                   "Guardian": {"factory": [{"cards": ["TORSO S"], "frozen": True}]}},
                  "Scavenger")
    act(state, Steal(0, card(state, 0, "Space Pod"), part("TORSO S"), NEW), Pass(1))
    assert state.players[1].stacks == [] and state.players[1].ice == []
    assert sorted(names(state.discard)) == ["Ice Blast", "Space Pod"]


def test_ice_blast_freezes_and_rescue_drill_thaws():
    state = table({"Scavenger": {"factory": [["HEAD E"], ["ARMS M"]], "hand": ["Ice Blast"]},
                   "Guardian": {"factory": [["TORSO C"]], "hand": ["Rescue Drill", "HEAD C"]}},
                  "Scavenger")
    ice = card(state, 0, "Ice Blast")
    with pytest.raises(RuleError):
        act(state, Freeze(0, ice, 0, 0))                          # not your own Stack
    act(state, Freeze(0, ice, 1, 0), Pass(1))
    assert state.players[1].ice == [ice] and ice not in state.discard
    state.active, state.plays = 1, 0
    with pytest.raises(RuleError):
        act(state, PlayPart(1, part("HEAD C"), 0))
    drill = card(state, 1, "Rescue Drill")
    act(state, Thaw(1, drill, 0))
    assert state.players[1].ice == [-1] and {ice, drill} <= set(state.discard)
    act(state, PlayPart(1, part("HEAD C"), 0))


def test_gold_counts_a_lone_hybrid_and_a_frozen_stack():
    state = table({"Scavenger": {"factory": [["HEAD CS"], {"cards": ["ARMS M"], "frozen": True},
                                             ["LEGS N"]], "hand": ["Space Pod"]},
                   "Guardian": {"factory": [["TORSO E"]]}}, "Scavenger")
    assert any(isinstance(a, Steal) for a in engine.legal_actions(state, 0))
    state = table({"Scavenger": {"factory": [["HEAD CS"], ["LEGS N"]], "hand": ["Space Pod"]},
                   "Guardian": {"factory": [["TORSO E"]]}}, "Scavenger")
    assert not any(isinstance(a, Steal) for a in engine.legal_actions(state, 0))


def test_supply_drop_draws_before_it_reaches_the_discard_pile():
    state = table({"Scavenger": {"factory": [["HEAD C"]], "hand": ["Supply Drop"]},
                   "Guardian": {}}, "Scavenger",
                  deck=1, discard=["Homing Missiles"])
    drop = card(state, 0, "Supply Drop")
    act(state, Resupply(0, drop))
    assert len(state.players[0].hand) == 2 and state.reshuffles == 1
    assert state.discard == [drop] and state.deck == []


def test_five_plays_end_the_play_phase():
    state = table({"Scavenger": {"hand": ["HEAD C", "ARMS C", "LEGS C", "TORSO C",
                                          "HEAD M", "ARMS M"]},
                   "Guardian": {}}, "Scavenger", deck=10)
    for name in ("HEAD C", "ARMS C", "LEGS C", "TORSO C"):
        act(state, PlayPart(0, part(name), 0 if state.players[0].stacks else NEW))
    assert state.step == PLAY
    act(state, PlayPart(0, part("HEAD M"), NEW))
    assert state.step == PLAY and state.plays == 5
    assert engine.legal_actions(state, 0) == [Pass(0)]
    with pytest.raises(RuleError, match="all 5 plays"):
        act(state, PlayPart(0, part("ARMS M"), 1))
