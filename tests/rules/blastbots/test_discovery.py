"""Discovery and Rocket cards (RULES-DECISIONS.md, Discovery and Rocket cards), worked
out by hand; none of them can be defended."""

from __future__ import annotations

import pytest

from game.rules.blastbots import engine
from game.rules.blastbots.actions import (
    NONE,
    Choose,
    Discard,
    Keep,
    Name,
    Pass,
    Pick,
    Place,
    Play,
)
from game.rules.blastbots.board import spot_name
from game.rules.blastbots.events import (
    Cut,
    Discarded,
    Handed,
    Kept,
    Looked,
    Named,
    Revived,
    Rockets,
    Shuffled,
    Switched,
    TotemMoved,
)
from game.rules.blastbots.secrets import view
from game.rules.blastbots.state import OVER
from tests.rules.blastbots.helpers import (
    BLUE,
    ORANGE,
    PURPLE,
    card,
    cards,
    do,
    kinds,
    names,
    refused,
    table,
)


def play(name, option="", target=NONE):
    return Play(BLUE, card(name), option, target, "")


def test_black_market_exchanges_one_to_three_other_cards_a_deck_per_card():
    state = table(blue={"hand": ["Black Market", "Mech", "Agent", "Teleporter"]},
                  decks={"rocket": ["+3 Rockets", "+1 Rocket"]})
    do(state, play("Black Market"))
    assert engine.legal_actions(state, BLUE) == [Discard(BLUE, c) for c in sorted(
        cards("Agent", "Mech", "Teleporter"))]
    do(state, Discard(BLUE, card("Mech")))
    assert Pass(BLUE) in engine.legal_actions(state, BLUE)
    do(state, Discard(BLUE, card("Teleporter")), Pass(BLUE))
    assert engine.legal_actions(state, BLUE) == [Choose(BLUE, "battle"),
                                                 Choose(BLUE, "discovery"),
                                                 Choose(BLUE, "rocket")]
    do(state, Choose(BLUE, "rocket"), Choose(BLUE, "rocket"))
    assert names(state.hands[BLUE]) == ["+1 Rocket", "+3 Rockets", "Agent"]
    assert state.actions_left == 4 and state.stack[-1][0] == "act"


def test_black_market_stops_asking_after_three_and_needs_another_card():
    state = table(blue={"hand": ["Black Market", "Mech", "Agent", "Teleporter", "Mech"]})
    do(state, play("Black Market"), Discard(BLUE, card("Mech")), Discard(BLUE, card("Mech")),
       Discard(BLUE, card("Agent")))
    assert state.stack[-1] == ("deck", BLUE, "market", 7) and len(state.stack) == 3
    lone = table(blue={"hand": ["Black Market"]})
    refused(lone, play("Black Market"),
            "Black Market cannot be played that way now")


def test_go_phish_bot_takes_every_copy_of_the_named_card_for_all_to_see():
    state = table(blue={"hand": ["Go-Phish-Bot"]}, orange={"hand": ["Mech", "Agent", "Mech"]})
    do(state, play("Go-Phish-Bot", target=ORANGE))
    assert len(engine.legal_actions(state, BLUE)) == 22
    events = do(state, Name(BLUE, card("Mech")))
    assert events == [Named(BLUE, ORANGE, card("Mech")), Handed(BLUE, ORANGE, card("Mech"), 2)]
    assert events[1].reveals
    assert state.hands == [cards("Mech", "Mech"), cards("Agent")]


def test_go_phish_bot_draws_one_from_a_chosen_deck_when_the_target_has_none():
    state = table(blue={"hand": ["Go-Phish-Bot"]}, orange={"hand": ["Agent"]},
                  decks={"discovery": ["Reallocator"]})
    do(state, play("Go-Phish-Bot", target=ORANGE), Name(BLUE, card("Mech")))
    assert engine.to_act(state) == (BLUE,) and state.stack[-1][0] == "deck"
    do(state, Choose(BLUE, "discovery"))
    assert state.hands == [cards("Reallocator"), cards("Agent")]


def test_go_phish_bot_needs_a_target_holding_a_card():
    state = table(blue={"hand": ["Go-Phish-Bot"]})
    refused(state, play("Go-Phish-Bot", target=ORANGE),
            "Go-Phish-Bot cannot be played that way now")


def test_junk_r_bot_cut_gives_two_cuts_and_is_marked_out_of_reach():
    state = table(blue={"hand": ["Junk-R-Bot"]})
    events = do(state, play("Junk-R-Bot", "cut", ORANGE))
    assert events[-1] == Cut(ORANGE, 2) and state.cuts == [0, 2]
    assert state.marked == 1 and state.fresh == [[], [], []]


def test_junk_r_bot_trash_picks_one_card_to_throw_away():
    state = table(blue={"hand": ["Junk-R-Bot"]}, orange={"hand": ["Mech", "Teleporter"]})
    do(state, play("Junk-R-Bot", "trash", ORANGE))
    assert engine.legal_actions(state, BLUE) == [Pick(BLUE, 0), Pick(BLUE, 1)]
    events = do(state, Pick(BLUE, 1))
    assert events[-1] == Discarded(ORANGE, tuple(cards("Teleporter")), "trash")
    assert state.fresh[1] == cards("Junk-R-Bot", "Teleporter")


def test_khaos_magnet_moves_any_totem_but_never_away_from_ten():
    state = table(blue={"hand": ["Khaos Magnet", "Khaos Magnet"], "totem": 6},
                  orange={"totem": 10})
    plays = [a for a in engine.legal_actions(state, BLUE) if isinstance(a, Play)]
    assert plays == [play("Khaos Magnet", "closer", BLUE), play("Khaos Magnet", "closer", ORANGE),
                     play("Khaos Magnet", "away", BLUE)]
    events = do(state, play("Khaos Magnet", "closer", BLUE))
    assert events[-1] == TotemMoved(BLUE, 5, "magnet")
    do(state, play("Khaos Magnet", "closer", ORANGE))
    assert state.totem == [5, 9]


def test_khaos_magnet_to_impact_ends_the_game_with_the_harebrained_bonus():
    state = table(blue={"hand": ["Khaos Magnet"], "space": 2}, orange={"totem": 1, "space": 3})
    assert state.turn_start_totem == 10
    events = do(state, play("Khaos Magnet", "closer", ORANGE))
    assert kinds(events)[-2:] == ["totem_moved", "game_over"]
    assert state.phase == OVER and state.victory == "impact"
    # blue: 2 in Space = 4, + Harebrained 2 = 6; orange: 3 in Space = 6 + Slipspace 3 = 9.
    assert state.points == ((4, 0, 0, 0, 0, 2, 6), (6, 0, 0, 3, 0, 0, 9))
    assert state.winner == ORANGE


def test_no_harebrained_bonus_when_the_totem_began_the_turn_on_one():
    state = table(blue={"hand": ["Khaos Magnet"], "totem": 1, "space": 2},
                  orange={"space": 2})
    do(state, play("Khaos Magnet", "closer", BLUE))
    assert state.points == ((4, 0, 0, 0, 0, 0, 4), (4, 0, 0, 0, 0, 0, 4))
    assert state.winner == ORANGE, "a tie goes to the latest seat rank"


def test_khaos_magnet_pulls_an_atmosphere_rocket_down_or_wrecks_it_on_a_full_pad():
    state = table(blue={"hand": ["Khaos Magnet", "Khaos Magnet"]},
                  orange={"atmosphere": 2, "launchpad": 4})
    events = do(state, play("Khaos Magnet", "pull", ORANGE))
    assert events[-1] == Rockets(ORANGE, ORANGE, "atmosphere", ORANGE, "launchpad", 1)
    events = do(state, play("Khaos Magnet", "pull", ORANGE))
    assert events[-1] == Rockets(ORANGE, ORANGE, "atmosphere", BLUE, "junkyard", 1)
    assert (state.pad[ORANGE], state.atmo[ORANGE], state.junk[BLUE][ORANGE]) == (5, 0, 1)


def test_ol_switcheroo_swaps_with_a_totem_on_another_space():
    state = table(players=("blue", "orange", "purple"), blue={"hand": ["Ol' Switcheroo"],
                                                            "totem": 3},
                  orange={"totem": 3}, purple={"totem": 8})
    plays = [a for a in engine.legal_actions(state, BLUE) if isinstance(a, Play)]
    assert plays == [play("Ol' Switcheroo", target=PURPLE)]
    events = do(state, plays[0])
    assert events[1] == Switched(BLUE, PURPLE) and state.totem == [8, 3, 3]


def test_quantum_fabricator_looks_in_private_takes_one_and_shuffles():
    state = table(blue={"hand": ["Quantum Fabricator"]},
                  decks={"battle": ["Mech", "Agent", "Mech", "Wrangler", "Kaboomer"]})
    do(state, play("Quantum Fabricator"))
    events = do(state, Choose(BLUE, "battle"))
    assert events == [Looked(BLUE, 0, tuple(sorted(cards("Mech", "Agent", "Mech", "Wrangler",
                                                         "Kaboomer"))))]
    assert view(state, BLUE).decks[0] == sorted(state.decks[0])
    assert view(state, ORANGE).decks[0] == [-1] * 5
    assert engine.legal_actions(state, BLUE) == [Keep(BLUE, c) for c in sorted(
        cards("Agent", "Kaboomer", "Mech", "Wrangler"))]
    events = do(state, Keep(BLUE, card("Wrangler")))
    assert events == [Kept(BLUE, 0, card("Wrangler")), Shuffled(0)]
    assert state.hands[BLUE] == cards("Wrangler")
    assert sorted(state.decks[0]) == sorted(cards("Mech", "Agent", "Mech", "Kaboomer"))
    assert view(state, BLUE).decks[0] == [-1] * 4


def test_reallocator_places_every_token_again_within_its_tier():
    state = table(blue={"hand": ["Reallocator"]})
    do(state, play("Reallocator"))
    assert len(engine.legal_actions(state, BLUE)) == 21
    do(state, Place(BLUE, ("rocket:8", "rocket:8")), Place(BLUE, ("battle:9", "rocket:5")))
    assert len(engine.legal_actions(state, BLUE)) == 6
    do(state, Place(BLUE, ("discovery:4",)))
    assert [spot_name(c) for c in state.tokens[BLUE]] == [
        "rocket:8", "rocket:8", "battle:9", "rocket:5", "discovery:4"]
    assert state.stack[-1][0] == "act" and state.actions_left == 4


def test_some_assembly_required_names_a_rival_and_stacks():
    state = table(blue={"hand": ["Some Assembly Required", "Some Assembly Required"]})
    do(state, play("Some Assembly Required", target=ORANGE),
       play("Some Assembly Required", target=ORANGE))
    assert state.assembly == [[ORANGE, ORANGE], []]


@pytest.mark.parametrize("option, pad, atmo, after", [
    ("launchpad", 3, 0, (2, 0, 1)), ("atmosphere", 0, 3, (0, 1, 2)),
    ("atmosphere", 2, 1, (2, 0, 1))])
def test_teleporter_beams_rockets_straight_into_space(option, pad, atmo, after):
    state = table(blue={"hand": ["Teleporter"], "launchpad": pad, "atmosphere": atmo})
    do(state, play("Teleporter", option))
    assert (state.pad[BLUE], state.atmo[BLUE], state.space[BLUE]) == after


def test_teleporter_needs_a_rocket_where_it_beams_from():
    state = table(blue={"hand": ["Teleporter"], "launchpad": 2})
    assert [a for a in engine.legal_actions(state, BLUE) if isinstance(a, Play)] == [
        play("Teleporter", "launchpad")]


def test_zombitron_collider_draws_two_at_random_among_cards_discarded_before_this_turn():
    state = table(blue={"hand": ["Zombitron Collider", "Zombitron Collider"]},
                  discards={"discovery": {"before": ["Teleporter", "Reallocator",
                                                     "Khaos Magnet"],
                                          "this_turn": ["Black Market"], "marked": 2},
                            "battle": {"this_turn": ["Mech"]}})
    do(state, play("Zombitron Collider"))
    assert engine.legal_actions(state, BLUE) == [Choose(BLUE, "discovery")]
    events = do(state, Choose(BLUE, "discovery"))
    (revived,) = [e for e in events if isinstance(e, Revived)]
    assert len(revived.cards) == 2 and set(revived.cards) <= set(
        cards("Teleporter", "Reallocator", "Khaos Magnet"))
    assert sorted(state.hands[BLUE]) == sorted(cards("Zombitron Collider") + list(revived.cards))
    assert len(state.piles[1]) == 1 and state.marked == 2
    do(state, play("Zombitron Collider"), Choose(BLUE, "discovery"))
    assert state.piles[1] == [] and len(state.hands[BLUE]) == 3


def test_zombitron_collider_needs_an_eligible_card():
    state = table(blue={"hand": ["Zombitron Collider"]},
                  discards={"discovery": {"this_turn": ["Teleporter"], "marked": 1}})
    refused(state, play("Zombitron Collider"),
            "Zombitron Collider cannot be played that way now")


@pytest.mark.parametrize("name, pad, factory, space, junk, after", [
    ("+1 Rocket", 0, 25, 0, 0, (1, 24)), ("+2 Rockets", 4, 21, 0, 0, (5, 20)),
    ("+3 Rockets", 1, 24, 0, 0, (4, 21)), ("+3 Rockets", 5, 20, 0, 0, (5, 20)),
    ("+2 Rockets", 0, 1, 14, 10, (1, 0))])
def test_rocket_cards_build_what_fits_and_are_always_playable(name, pad, factory, space, junk,
                                                              after):
    state = table(blue={"hand": [name], "launchpad": pad, "factory": factory, "space": space},
                  orange={"junkyard": {"blue": junk}})
    assert play(name) in engine.legal_actions(state, BLUE)
    do(state, play(name))
    assert (state.pad[BLUE], state.factory[BLUE]) == after


def test_a_card_that_cannot_be_played_does_not_hide_the_cards_after_it():
    state = table(blue={"hand": ["Magic Missile Mod", "Reallocator", "Zombitron Collider",
                                 "+1 Rocket"]})
    assert [a for a in engine.legal_actions(state, BLUE) if isinstance(a, Play)] == [
        play("Reallocator"), play("+1 Rocket")]
