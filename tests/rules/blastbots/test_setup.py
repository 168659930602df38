"""Setup (RULES-DECISIONS.md, Setup and length): boards, the roll for first player with
re-rolls among the tied, token placement in turn order and the opening hands."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules.blastbots import engine
from game.rules.blastbots.actions import Place, Roll, TableRoll
from game.rules.blastbots.board import SPOTS, spot, spot_name
from game.rules.blastbots.events import Drew, FirstPlayer, FirstRoll, Placed, TurnBegan
from game.rules.blastbots.state import FIRST, PLACE, STAGE1
from game.rules.core.errors import RuleError
from tests.rules.blastbots.helpers import cat, do, kinds, refused


def fresh(players: int = 3, dice: str = "table", seed: int = 4):
    return engine.new_state(cat(), players, "standard", seed, dice)


def test_a_new_match_has_every_board_at_its_start():
    state = fresh(4)
    assert state.totem == [10] * 4
    assert state.pad == [2] * 4 and state.factory == [23] * 4
    assert state.atmo == [0] * 4 and state.space == [0] * 4
    assert state.junk == [[0] * 4 for _ in range(4)]
    assert [len(d) for d in state.decks] == [64, 64, 64]
    assert Counter(state.decks[2]) == Counter(cat().deck_cards[2])
    assert state.hands == [[]] * 4 and state.phase == FIRST
    assert state.tokens == [[-1] * 5] * 4, "no token is placed yet"
    assert state.cuts == [0] * 4 and state.assembly == [[]] * 4 and state.marked == 0
    assert state.contest == (0, 1, 2, 3) and state.contest_rolls == ()
    assert engine.to_act(state) == (0,)


def test_the_decks_are_shuffled_from_the_seed():
    assert fresh(seed=1).decks != fresh(seed=2).decks
    assert fresh(seed=1).decks == fresh(seed=1).decks
    assert fresh(seed=1).decks[0] != list(cat().deck_cards[0])


def test_with_table_dice_every_reading_is_legal_and_marked_chance():
    state = fresh()
    legal = engine.legal_actions(state, 0)
    assert len(legal) == 36 and all(type(a) is TableRoll and a.chance for a in legal)
    assert {a.dice for a in legal} == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert engine.legal_actions(state, 1) == []


def test_with_rules_dice_the_one_legal_roll_carries_the_engines_dice():
    state = fresh(dice="rules")
    (roll,) = engine.legal_actions(state, 0)
    assert type(roll) is Roll and not roll.chance
    assert all(1 <= die <= 6 for die in roll.dice)
    other = Roll(0, (1, 1) if roll.dice != (1, 1) else (2, 2))
    with pytest.raises(RuleError, match=f"^the dice rolled {roll.dice[0]} and "
                                        f"{roll.dice[1]}$"):
        engine.apply(state, other)
    events = engine.apply(state, roll)
    assert events == [FirstRoll(0, roll.dice)]


def test_the_highest_sum_starts_and_players_tied_for_it_roll_again():
    state = fresh(4)
    events = do(state, TableRoll(0, (6, 3)), TableRoll(1, (5, 5)), TableRoll(2, (2, 1)),
                TableRoll(3, (4, 6)))
    assert kinds(events) == ["first_roll"] * 4
    assert state.phase == FIRST and state.contest == (1, 3)
    assert engine.to_act(state) == (1,)
    do(state, TableRoll(1, (6, 6)), TableRoll(3, (6, 6)))
    assert state.contest == (1, 3) and engine.to_act(state) == (1,)
    events = do(state, TableRoll(1, (1, 2)), TableRoll(3, (1, 3)))
    assert events[-1] == FirstPlayer(3)
    assert state.first == 3 and state.phase == PLACE
    assert engine.to_act(state) == (3,)


def test_twelve_is_simply_the_highest():
    state = fresh(2)
    do(state, TableRoll(0, (6, 6)), TableRoll(1, (6, 5)))
    assert state.first == 0


def test_each_player_in_turn_order_places_t1_then_t2_then_t3():
    state = fresh(3)
    do(state, TableRoll(0, (1, 1)), TableRoll(1, (3, 3)), TableRoll(2, (2, 2)))
    assert state.first == 1
    order = []
    for _ in range(9):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        order.append((seat, len(legal), legal[0].spots))
        do(state, legal[0])
    assert [o[0] for o in order] == [1, 1, 1, 2, 2, 2, 0, 0, 0]
    assert [o[1] for o in order] == [21, 21, 6] * 3
    assert [o[2] for o in order[:3]] == [("battle:6", "battle:6"), ("battle:5", "battle:5"),
                                         ("battle:4",)]


def test_a_tier_goes_only_on_its_own_numbers():
    state = fresh(2)
    do(state, TableRoll(0, (6, 6)), TableRoll(1, (1, 1)))
    refused(state, Place(0, ("battle:5", "rocket:8")),
            "place the T-1 tokens, each on 6 or 8 in any section")
    with pytest.raises(RuleError):
        engine.apply(state, Place(0, ("battle:6",)))
    assert do(state, Place(0, ("discovery:8", "rocket:6"))) == [
        Placed(0, ("discovery:8", "rocket:6"))]
    assert [spot_name(c) for c in state.tokens[0][:2]] == ["discovery:8", "rocket:6"]


def test_a_spot_is_coded_by_its_deck_and_number():
    assert [spot(d, 6) for d in range(3)] == [6, 22, 38]
    assert spot_name(spot(2, 10)) == "rocket:10" and SPOTS["discovery:4"] == spot(1, 4)


def test_the_opening_hands_are_one_card_per_token_then_the_first_turn_begins():
    state = fresh(2)
    do(state, TableRoll(0, (1, 1)), TableRoll(1, (1, 2)))
    decks = [d[:] for d in state.decks]
    moves = [Place(1, ("battle:6", "battle:8")), Place(1, ("rocket:5", "rocket:5")),
             Place(1, ("discovery:10",)), Place(0, ("discovery:6", "discovery:6")),
             Place(0, ("discovery:9", "rocket:9"))]
    do(state, *moves)
    events = do(state, Place(0, ("rocket:4",)))
    drew = [e for e in events if isinstance(e, Drew)]
    # Orange (the first player) draws first: battle, battle, rocket, rocket, discovery.
    assert [(e.seat, e.deck) for e in drew] == [(1, 0), (1, 0), (1, 2), (1, 2), (1, 1),
                                                (0, 1), (0, 1), (0, 1), (0, 2), (0, 2)]
    assert drew[0].cards == (decks[0][-1],) and drew[1].cards == (decks[0][-2],)
    assert drew[5].cards == (decks[1][-2],)  # orange's discovery card was the top one
    assert [len(h) for h in state.hands] == [5, 5]
    assert TurnBegan(1, 1) in events
    assert state.phase == STAGE1 and engine.to_act(state) == (1,)
    assert state.roller == 1 and state.turn_start_totem == 10


@pytest.mark.parametrize("players, variant, dice, reason", [
    (1, "standard", "rules", "Blastbots is for 2 to 4 players"),
    (5, "standard", "rules", "Blastbots is for 2 to 4 players"),
    (3, "party", "rules", "Blastbots has only the standard game"),
    (3, "standard", "tray", "the dice option is one of rules, table"),
])
def test_a_table_the_game_does_not_have_is_refused_in_one_sentence(players, variant, dice,
                                                                   reason):
    with pytest.raises(RuleError) as err:
        engine.new_state(cat(), players, variant, 1, dice)
    assert str(err.value) == reason


def test_the_rules_roll_the_dice_unless_the_table_option_says_otherwise():
    state = engine.new_state(cat(), 2, "standard", 4)
    assert not state.table_dice and state.stack[-1][2] is not None


def test_the_load_list_says_the_setup_step_and_nobody_has_won_yet():
    state = fresh(2)
    assert engine.progress(state) == "rolling for first player"
    assert engine.winners(state) == ()
    do(state, TableRoll(0, (6, 6)), TableRoll(1, (1, 1)))
    assert state.phase == PLACE and engine.progress(state) == "placing tokens"
    assert engine.winners(state) == ()


def test_the_registry_handle_starts_the_same_match_as_the_engine():
    for dice in ("rules", "table"):
        assert engine.RULES.new_state(cat(), 3, "standard", 5, dice) == engine.new_state(
            cat(), 3, "standard", 5, dice)
    assert engine.RULES.new_state(cat(), 2, "standard", 5) == engine.new_state(
        cat(), 2, "standard", 5, "rules")
    with pytest.raises(RuleError, match=r"^Blastbots is for 2 to 4 players$"):
        engine.RULES.new_state(cat(), 5, "standard", 5)
