"""Positions built from a plain description (scenario files and these tests): defaults
of SCENARIOS.md, and every impossible position named by its key path and one reason."""

from __future__ import annotations

import pytest

from game.rules.blastbots.board import spot_name
from game.rules.blastbots.position import Board, Pile, PositionError, build
from game.rules.core.rng import Rng
from tests.rules.blastbots.helpers import cards, cat

TWO = ("blue", "orange")


@pytest.mark.parametrize("board, path, reason", [
    (Board(launchpad=6), ("board", "blue", "launchpad"), "a Launchpad holds at most 5"),
    (Board(space=15), ("board", "blue", "space"), "with 15 in Space the game is over"),
    (Board(junkyard={"purple": 1}), ("board", "blue", "junkyard", "purple"),
     "purple is not playing"),
    (Board(junkyard={"orange": 10, "blue": 5}), ("board", "blue", "junkyard"),
     "with 15 in a Junkyard the game is over"),
    (Board(assembly=["blue"]), ("board", "blue", "assembly", 0),
     "blue is not a rival at the table"),
    (Board(assembly=["orange", "red"]), ("board", "blue", "assembly", 1),
     "red is not a rival at the table"),
    (Board(tokens={"battle": [6, 7], "discovery": [5, 9], "rocket": [4]}),
     ("board", "blue", "tokens", "battle", 1),
     "7 is not a number of the Resource Grid (4, 5, 6, 8, 9, 10)"),
    (Board(tokens={"battle": [6, 6], "discovery": [5], "rocket": [4, 4]}),
     ("board", "blue", "tokens"), "a player has 2 T-2 token(s) on 5 or 9, not 1"),
    (Board(factory=24), ("board", "blue"), "blue's rockets number 24, not 25"),
    (Board(factory=24, launchpad=2), ("board", "blue"), "blue's rockets number 26, not 25"),
    (Board(hand=cards(*["Mech"] * 19)), (), "the position holds 19 Mech cards; the deck "
                                            "has 18"),
])
def test_an_impossible_board_is_named_by_its_path_and_one_reason(board, path, reason):
    with pytest.raises(PositionError) as err:
        build(cat(), TWO, {"blue": board})
    assert (err.value.path, err.value.reason, str(err.value)) == (path, reason, reason)


def test_the_limits_themselves_are_possible():
    state = build(cat(), TWO, {"blue": Board(launchpad=5, space=14, hand=cards(*["Mech"] * 18),
                                             junkyard={"orange": 10, "blue": 4})})
    assert (state.pad[0], state.space[0], state.junk[0], state.factory[0]) == (5, 14, [4, 10], 2)
    assert state.factory[1] == 15, "orange's rockets in blue's Junkyard are not in its Factory"


def test_marked_junk_r_bots_count_against_the_copies_and_lie_in_the_discovery_pile():
    hand = Board(hand=cards("Junk-R-Bot"))
    state = build(cat(), TWO, {"blue": hand}, discards={"discovery": Pile(marked=5)})
    assert state.marked == 5
    with pytest.raises(PositionError) as err:
        build(cat(), TWO, {"blue": hand}, discards={"discovery": Pile(marked=6)})
    assert err.value.reason == "the position holds 7 Junk-R-Bot cards; the deck has 6"
    with pytest.raises(PositionError) as err:
        build(cat(), TWO, {}, discards={"battle": Pile(marked=1)})
    assert err.value.path == ("discards", "battle", "marked")


def test_decks_hold_twenty_left_over_cards_unless_told_in_a_fixed_order():
    state = build(cat(), TWO, {"blue": Board(hand=cards("+3 Rockets") * 4)},
                  decks={"battle": 64})
    assert [len(d) for d in state.decks] == [64, 20, 20]
    assert cards("+3 Rockets")[0] not in state.decks[2], "all four are in blue's hand"
    again = build(cat(), TWO, {"blue": Board(hand=cards("+3 Rockets") * 4)},
                  decks={"battle": 64})
    assert again.decks == state.decks
    with pytest.raises(PositionError) as err:
        build(cat(), TWO, {}, decks={"rocket": 65})
    assert (err.value.path, err.value.reason) == (
        ("decks", "rocket"), "only 64 rocket cards are left for the deck, not 65")


def test_defaults_of_a_position():
    state = build(cat(), ("blue", "orange", "purple"), {}, roller="orange",
                  turn_start_totem=3)
    assert state.rng == Rng(0) and state.shuffle_slots is False and state.table_dice is False
    assert (state.roller, state.turns, state.actions_left, state.turn_start_totem) == (
        1, 1, 5, 3)
    assert state.stack == [("act", 1)]
    assert [spot_name(c) for c in state.tokens[2]] == [
        "battle:6", "discovery:8", "battle:5", "discovery:9", "rocket:10"]
    assert build(cat(), TWO, {"orange": Board(totem=4)}, roller="orange").turn_start_totem == 4


def test_cards_in_piles_and_written_decks_count_against_the_copies():
    with pytest.raises(PositionError) as err:
        build(cat(), TWO, {"blue": Board(hand=cards("Mech"))},
              discards={"battle": Pile(before=cards(*["Mech"] * 17), this_turn=cards("Mech"))})
    assert err.value.reason == "the position holds 19 Mech cards; the deck has 18"
    with pytest.raises(PositionError) as err:
        build(cat(), TWO, {"blue": Board(hand=cards("Teleporter"))},
              decks={"discovery": cards(*["Teleporter"] * 10)})
    assert err.value.reason == "the position holds 11 Teleporter cards; the deck has 10"
