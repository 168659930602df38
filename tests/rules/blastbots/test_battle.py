"""Battle cards (RULES-DECISIONS.md, Battle cards and Clarifications), worked out by
hand: each attack option, the target's defence window, Sacrificial Ram's sacrifice,
face-down picks and Magic Missile Mod's double attack."""

from __future__ import annotations

import copy

from game.rules.blastbots import engine
from game.rules.blastbots.actions import NONE, Aim, Defend, Home, Move, Pass, Pick, Play, Take
from game.rules.blastbots.board import spot_name
from game.rules.blastbots.events import (
    Cut,
    Declined,
    Defended,
    Discarded,
    Fizzled,
    Picked,
    Played,
    Rockets,
    Stolen,
    TokenMoved,
)
from game.rules.blastbots.state import ACT
from tests.rules.blastbots.helpers import (
    BLUE,
    ORANGE,
    PURPLE,
    card,
    cards,
    do,
    names,
    refused,
    table,
)


def attack(name, option, target=ORANGE, sacrifice=""):
    return Play(BLUE, card(name), option, target, sacrifice)


def test_the_target_is_asked_even_with_nothing_to_answer_and_a_mech_destroys_one():
    state = table(blue={"hand": ["Mech"]}, orange={"launchpad": 3})
    events = do(state, attack("Mech", "launchpad"))
    assert events == [Played(BLUE, card("Mech"), "launchpad", ORANGE)]
    assert engine.to_act(state) == (ORANGE,)
    assert engine.legal_actions(state, ORANGE) == [Pass(ORANGE)]
    events = do(state, Pass(ORANGE))
    assert events == [Declined(ORANGE, card("Mech")),
                      Rockets(ORANGE, ORANGE, "launchpad", BLUE, "junkyard", 1)]
    assert state.pad[ORANGE] == 2 and state.junk[BLUE] == [0, 1]
    assert state.actions_left == 4 and state.fresh[0] == cards("Mech")
    assert engine.to_act(state) == (BLUE,) and state.phase == ACT


def test_a_kaboomer_takes_all_if_fewer_than_two():
    state = table(blue={"hand": ["Kaboomer"]}, orange={"atmosphere": 1, "launchpad": 4})
    do(state, attack("Kaboomer", "atmosphere"), Pass(ORANGE))
    assert state.atmo[ORANGE] == 0 and state.pad[ORANGE] == 4 and state.junk[BLUE][ORANGE] == 1


def test_only_cards_whose_defence_blocks_the_attack_may_answer():
    state = table(blue={"hand": ["Kaboomer", "Mech"]}, orange={
        "launchpad": 2, "hand": ["Mech", "Kaboomer", "Agent", "Wrangler", "Hackerbot"]})
    do(state, attack("Kaboomer", "launchpad"))
    assert engine.legal_actions(state, ORANGE) == [
        Defend(ORANGE, card("Kaboomer"), ""), Defend(ORANGE, card("Mech"), ""),
        Defend(ORANGE, card("Wrangler"), ""), Pass(ORANGE)]
    before = copy.deepcopy(state)
    refused(state, Defend(ORANGE, card("Agent"), ""),
            "Agent does not block a Kaboomer")
    assert state == before
    events = do(state, Defend(ORANGE, card("Mech"), ""))
    assert events == [Defended(ORANGE, card("Mech"), card("Kaboomer"))]
    assert state.pad[ORANGE] == 2 and state.junk[BLUE] == [0, 0]
    assert sorted(state.fresh[0]) == sorted(cards("Kaboomer", "Mech"))
    assert state.actions_left == 4, "defending costs the defender nothing, the attack one"
    do(state, attack("Mech", "launchpad"))
    assert [a.card for a in engine.legal_actions(state, ORANGE) if isinstance(a, Defend)] == [
        card("Wrangler")], "Kaboomer does not block a Mech"


def test_a_sacrificial_ram_sacrifices_on_announcing_even_if_blocked():
    state = table(blue={"hand": ["Sacrificial Ram"], "launchpad": 1},
                  orange={"atmosphere": 4, "hand": ["Wrangler"]})
    legal = engine.legal_actions(state, BLUE)
    assert legal[:-1] == [attack("Sacrificial Ram", "atmosphere", sacrifice="launchpad")]
    events = do(state, legal[0])
    assert Rockets(BLUE, BLUE, "launchpad", ORANGE, "junkyard", 1) in events
    assert state.pad[BLUE] == 0 and state.junk[ORANGE][BLUE] == 1
    do(state, Defend(ORANGE, card("Wrangler"), ""))
    assert state.atmo[ORANGE] == 4 and state.junk[ORANGE][BLUE] == 1


def test_a_sacrificial_ram_destroys_three_in_one_section():
    state = table(blue={"hand": ["Sacrificial Ram"], "atmosphere": 2},
                  orange={"launchpad": 5, "atmosphere": 1})
    do(state, attack("Sacrificial Ram", "launchpad", sacrifice="atmosphere"), Pass(ORANGE))
    assert state.pad[ORANGE] == 2 and state.atmo[ORANGE] == 1
    assert state.junk[BLUE][ORANGE] == 3 and state.atmo[BLUE] == 1


def test_a_sacrificial_ram_needs_a_rocket_of_the_user_and_names_its_section():
    state = table(blue={"hand": ["Sacrificial Ram"]}, orange={"launchpad": 5})
    assert engine.legal_actions(state, BLUE) == [engine.legal_actions(state, BLUE)[-1]]
    refused(state, attack("Sacrificial Ram", "launchpad", sacrifice="launchpad"),
            "Sacrificial Ram cannot be played that way now")
    state = table(blue={"hand": ["Sacrificial Ram"], "launchpad": 1}, orange={"launchpad": 5})
    refused(state, attack("Sacrificial Ram", "launchpad"),
            "a Sacrificial Ram sacrifices a rocket from your Launchpad or Atmosphere")


def test_a_sacrificial_ram_defends_by_sacrificing_to_the_attackers_junkyard():
    state = table(blue={"hand": ["Agent"]},
                  orange={"hand": ["Sacrificial Ram", "Mech"], "atmosphere": 2})
    do(state, attack("Agent", "steal"))
    assert engine.legal_actions(state, ORANGE) == [
        Defend(ORANGE, card("Sacrificial Ram"), "atmosphere"), Pass(ORANGE)]
    events = do(state, Defend(ORANGE, card("Sacrificial Ram"), "atmosphere"))
    assert Rockets(ORANGE, ORANGE, "atmosphere", BLUE, "junkyard", 1) in events
    assert state.junk[BLUE][ORANGE] == 1 and state.hands[ORANGE] == cards("Mech")


def test_a_ram_defence_is_refused_without_a_launchpad_or_atmosphere_rocket():
    state = table(blue={"hand": ["Agent"]}, orange={"hand": ["Sacrificial Ram"]})
    do(state, attack("Agent", "shred"))
    assert engine.legal_actions(state, ORANGE) == [Pass(ORANGE)]
    refused(state, Defend(ORANGE, card("Sacrificial Ram"), "launchpad"),
            "a Sacrificial Ram defends by sacrificing a rocket from your Launchpad or Atmosphere")


def test_a_wrangler_herds_two_back_into_the_factory():
    state = table(blue={"hand": ["Wrangler"]}, orange={"launchpad": 3})
    events = do(state, attack("Wrangler", "launchpad"), Pass(ORANGE))
    assert Rockets(ORANGE, ORANGE, "launchpad", ORANGE, "factory", 2) in events
    assert state.pad[ORANGE] == 1 and state.factory[ORANGE] == 24 and state.junk[BLUE] == [0, 0]


def test_an_agent_steals_one_card_picked_face_down_after_the_attack_stands():
    state = table(blue={"hand": ["Agent"]},
                  orange={"hand": ["Mech", "Teleporter", "+2 Rockets"]})
    do(state, attack("Agent", "steal"), Pass(ORANGE))
    assert engine.legal_actions(state, BLUE) == [Pick(BLUE, 0), Pick(BLUE, 1), Pick(BLUE, 2)]
    events = do(state, Pick(BLUE, 2))
    assert events == [Picked(BLUE, ORANGE, (2,)),
                      Stolen(BLUE, ORANGE, tuple(cards("+2 Rockets")), (2,))]
    assert state.hands[BLUE] == cards("+2 Rockets")
    assert state.hands[ORANGE] == cards("Mech", "Teleporter")


def test_an_agent_shreds_two_and_the_picks_stay_hidden_until_the_last():
    state = table(blue={"hand": ["Agent"]},
                  orange={"hand": ["Mech", "Teleporter", "+2 Rockets", "Agent"]})
    do(state, attack("Agent", "shred"), Pass(ORANGE))
    events = do(state, Pick(BLUE, 1))
    assert events == [] and len(state.hands[ORANGE]) == 4
    assert Pick(BLUE, 1) not in engine.legal_actions(state, BLUE)
    events = do(state, Pick(BLUE, 3))
    assert events == [Picked(BLUE, ORANGE, (1, 3)),
                      Discarded(ORANGE, tuple(cards("Teleporter", "Agent")), "shred")]
    assert state.hands[ORANGE] == cards("Mech", "+2 Rockets")
    assert state.fresh == [cards("Agent", "Agent"), cards("Teleporter"), []]


def test_a_shred_of_a_one_card_hand_picks_that_card():
    state = table(blue={"hand": ["Agent"]}, orange={"hand": ["Mech"]})
    do(state, attack("Agent", "shred"), Pass(ORANGE), Pick(BLUE, 0))
    assert state.hands[ORANGE] == [] and engine.to_act(state) == (BLUE,)


def test_picks_shuffle_the_hand_in_a_real_match():
    state = table(blue={"hand": ["Agent"]},
                  orange={"hand": ["Mech", "Teleporter", "+2 Rockets", "Agent", "Wrangler",
                                   "Reallocator"]})
    state.shuffle_slots = True
    before = list(state.hands[ORANGE])
    do(state, attack("Agent", "steal"), Pass(ORANGE))
    assert sorted(state.hands[ORANGE]) == sorted(before)
    assert state.hands[ORANGE] != before


def test_a_burglebot_takes_one_rocket_of_a_chosen_colour():
    state = table(players=("blue", "orange", "purple"), blue={"hand": ["Burglebot"]},
                  orange={"junkyard": {"blue": 1, "purple": 2}})
    do(state, attack("Burglebot", "junk"), Pass(ORANGE))
    assert engine.legal_actions(state, BLUE) == [Take(BLUE, BLUE), Take(BLUE, PURPLE)]
    do(state, Take(BLUE, PURPLE))
    assert state.junk[BLUE] == [0, 0, 1] and state.junk[ORANGE] == [1, 0, 1]
    assert engine.to_act(state) == (BLUE,) and state.stack[-1][0] == "act"


def test_a_burglebot_thief_taking_their_own_colour_chooses_factory_or_junkyard():
    state = table(blue={"hand": ["Burglebot", "Burglebot"]}, orange={"junkyard": {"blue": 3}})
    do(state, attack("Burglebot", "junk"), Pass(ORANGE), Take(BLUE, BLUE))
    assert engine.legal_actions(state, BLUE) == [Home(BLUE, 0), Home(BLUE, 1)]
    do(state, Home(BLUE, 0))
    assert state.junk[BLUE][BLUE] == 1 and state.factory[BLUE] == 22
    do(state, attack("Burglebot", "homecoming"), Pass(ORANGE))
    assert engine.legal_actions(state, BLUE) == [Home(BLUE, 0), Home(BLUE, 1), Home(BLUE, 2)]
    events = do(state, Home(BLUE, 1))
    assert Rockets(BLUE, BLUE, "junkyard", BLUE, "factory", 1) in events
    assert state.junk == [[2, 0], [0, 0]] and state.factory[BLUE] == 23


def test_a_homecoming_needs_your_colour_and_a_junk_needs_any_rocket():
    state = table(players=("blue", "orange", "purple"), blue={"hand": ["Burglebot"]},
                  orange={"junkyard": {"purple": 1}})
    plays = [a for a in engine.legal_actions(state, BLUE) if isinstance(a, Play)]
    assert plays == [attack("Burglebot", "junk")]


def test_a_hackerbot_moves_one_or_two_tokens_within_their_tiers():
    state = table(blue={"hand": ["Hackerbot"]},
                  orange={"tokens": {"battle": [6, 6], "rocket": [5, 9, 4]}})
    do(state, attack("Hackerbot", "tokens"), Pass(ORANGE))
    first = engine.legal_actions(state, BLUE)
    assert len(first) == 5 + 5 + 5 + 5 and Pass(BLUE) not in first
    assert Move(BLUE, "battle:6", "rocket:8") in first
    assert Move(BLUE, "battle:6", "battle:5") not in first
    events = do(state, Move(BLUE, "battle:6", "rocket:8"))
    assert events == [TokenMoved(ORANGE, "battle:6", "rocket:8")]
    second = engine.legal_actions(state, BLUE)
    assert Pass(BLUE) in second and Move(BLUE, "rocket:8", "discovery:6") not in second
    assert Move(BLUE, "battle:6", "discovery:8") in second
    do(state, Move(BLUE, "battle:6", "discovery:8"))
    assert sorted(spot_name(c) for c in state.tokens[ORANGE]) == [
        "discovery:8", "rocket:4", "rocket:5", "rocket:8", "rocket:9"]
    assert engine.to_act(state) == (BLUE,) and state.stack[-1][0] == "act"


def test_a_hackerbot_lockout_gives_one_cut():
    state = table(blue={"hand": ["Hackerbot"]}, orange={"cut": 1})
    events = do(state, attack("Hackerbot", "lockout"), Pass(ORANGE))
    assert events[-1] == Cut(ORANGE, 2) and state.cuts[ORANGE] == 2


def test_only_another_player_with_something_to_act_on_can_be_attacked():
    state = table(blue={"hand": ["Mech", "Agent"], "launchpad": 3})
    refused(state, Play(BLUE, card("Mech"), "launchpad", BLUE, ""),
            "Mech cannot target you")
    refused(state, attack("Mech", "launchpad"),
            "Mech cannot be played that way now")
    refused(state, attack("Mech", "space"),
            "Mech's options are launchpad, atmosphere")
    refused(state, attack("Agent", "steal"),
            "Agent cannot be played that way now")
    assert [a.kind for a in engine.legal_actions(state, BLUE)] == ["end_turn"]


def test_a_magic_missile_mod_attacks_twice_for_one_action_and_the_second_may_fizzle():
    state = table(blue={"hand": ["Magic Missile Mod", "Mech", "Sacrificial Ram"],
                        "launchpad": 1}, orange={"launchpad": 1, "hand": ["Mech"]})
    mod = Play(BLUE, card("Magic Missile Mod"), "", NONE, "")
    assert mod in engine.legal_actions(state, BLUE)
    do(state, mod)
    assert engine.legal_actions(state, BLUE) == [attack("Mech", "launchpad")]
    do(state, attack("Mech", "launchpad"))
    assert engine.legal_actions(state, BLUE) == [Aim(BLUE, "launchpad", ORANGE)]
    do(state, Aim(BLUE, "launchpad", ORANGE))
    assert engine.to_act(state) == (ORANGE,)
    events = do(state, Pass(ORANGE))
    assert events[-1] == Fizzled(BLUE, card("Mech"), "launchpad", ORANGE)
    assert state.pad[ORANGE] == 0 and state.junk[BLUE][ORANGE] == 1
    assert state.actions_left == 4 and state.hands[ORANGE] == cards("Mech")
    assert sorted(state.fresh[1] + state.fresh[0]) == sorted(cards("Magic Missile Mod",
                                                                   "Mech"))


def test_each_attack_of_a_mod_is_defended_on_its_own():
    state = table(players=("blue", "orange", "purple"),
                  blue={"hand": ["Magic Missile Mod", "Kaboomer"]},
                  orange={"atmosphere": 3, "hand": ["Kaboomer"]}, purple={"launchpad": 2})
    do(state, Play(BLUE, card("Magic Missile Mod"), "", NONE, ""),
       attack("Kaboomer", "atmosphere"), Aim(BLUE, "launchpad", PURPLE))
    assert engine.to_act(state) == (ORANGE,)
    do(state, Defend(ORANGE, card("Kaboomer"), ""))
    assert engine.to_act(state) == (PURPLE,)
    do(state, Pass(PURPLE))
    assert state.atmo[ORANGE] == 3 and state.pad[PURPLE] == 0
    assert state.junk[BLUE] == [0, 0, 2]


def test_a_mod_goes_with_no_sacrificial_ram():
    state = table(blue={"hand": ["Magic Missile Mod", "Sacrificial Ram"], "launchpad": 2},
                  orange={"launchpad": 2})
    assert Play(BLUE, card("Magic Missile Mod"), "", NONE, "") not in engine.legal_actions(
        state, BLUE)
    assert names(state.hands[BLUE]) == ["Magic Missile Mod", "Sacrificial Ram"]


def test_a_mod_goes_with_any_other_battle_card_listed_after_a_ram():
    state = table(blue={"hand": ["Magic Missile Mod", "Sacrificial Ram", "Wrangler"],
                        "launchpad": 1}, orange={"launchpad": 2})
    do(state, Play(BLUE, card("Magic Missile Mod"), "", NONE, ""))
    assert engine.legal_actions(state, BLUE) == [attack("Wrangler", "launchpad")]
