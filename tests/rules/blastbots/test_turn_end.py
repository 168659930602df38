"""Stages 4 and 5, the next turn, and the three ways a game ends (RULES-DECISIONS.md,
Stages 4 and 5, Winning), worked out by hand."""

from __future__ import annotations

from game.rules.blastbots import engine
from game.rules.blastbots.actions import Discard, EndTurn, Pass, Play
from game.rules.blastbots.events import GameOver, TotemMoved, TurnBegan
from game.rules.blastbots.rockets import instant_winner
from game.rules.blastbots.scoring import impact_points, points_winner
from game.rules.blastbots.state import OVER, STAGE1
from tests.rules.blastbots.helpers import (
    BLUE,
    ORANGE,
    PURPLE,
    RED,
    card,
    cards,
    do,
    kinds,
    names,
    refused,
    table,
)

EIGHT = ["Mech", "Mech", "Agent", "Teleporter", "Reallocator", "+1 Rocket", "+2 Rockets",
         "Khaos Magnet"]


def test_the_roller_discards_down_to_seven_then_the_totem_moves_and_the_next_turn_begins():
    state = table(players=("blue", "orange", "purple"), roller="orange",
                  orange={"hand": [*EIGHT, "Mech"], "totem": 7}, blue={"hand": EIGHT})
    do(state, EndTurn(ORANGE))
    assert engine.to_act(state) == (ORANGE,)
    assert engine.legal_actions(state, ORANGE) == [Discard(ORANGE, c) for c in sorted(
        set(cards(*EIGHT)))]
    do(state, Discard(ORANGE, card("Mech")))
    events = do(state, Discard(ORANGE, card("Agent")))
    assert kinds(events) == ["discarded", "totem_moved", "turn_began"]
    assert events[1:] == [TotemMoved(ORANGE, 6, "turn"), TurnBegan(PURPLE, 2)]
    assert len(state.hands[ORANGE]) == 7 and len(state.hands[BLUE]) == 8
    assert state.phase == STAGE1 and engine.to_act(state) == (PURPLE,)
    assert state.turn_start_totem == 10


def test_a_hand_of_seven_ends_the_turn_at_once_and_the_turn_passes_clockwise():
    state = table(players=("blue", "orange", "purple", "red"), roller="red")
    events = do(state, EndTurn(RED))
    assert events == [TotemMoved(RED, 9, "turn"), TurnBegan(BLUE, 2)]


def test_this_turns_discards_become_earlier_ones_when_the_next_turn_begins():
    state = table(blue={"hand": ["Mech"]}, orange={"launchpad": 1},
                  discards={"battle": {"before": ["Agent"]}})
    do(state, Play(BLUE, card("Mech"), "launchpad", ORANGE, ""), Pass(ORANGE))
    assert state.piles[0] == cards("Agent") and state.fresh[0] == cards("Mech")
    do(state, EndTurn(BLUE))
    assert state.piles[0] == cards("Agent", "Mech") and state.fresh[0] == []


def test_the_rollers_totem_reaching_impact_in_stage_five_ends_and_scores_the_game():
    state = table(players=("blue", "orange", "purple"),
                  blue={"totem": 1, "space": 5, "atmosphere": 2, "junkyard": {"orange": 4}},
                  orange={"space": 5, "junkyard": {"purple": 1}},
                  purple={"space": 3, "atmosphere": 4, "junkyard": {"blue": 4}})
    events = do(state, EndTurn(BLUE))
    assert kinds(events) == ["totem_moved", "game_over"]
    # blue: 10 + 2 + 4 = 16; orange: 10 + 0 + 1 = 11; purple: 6 + 4 + 4 = 14. Space is tied
    # (5, 5): no Slipspace; Junkyards tied (4, 4): no Flyswatter.
    assert state.points == ((10, 2, 4, 0, 0, 0, 16), (10, 0, 1, 0, 0, 0, 11),
                             (6, 4, 4, 0, 0, 0, 14))
    assert events[-1] == GameOver(BLUE, "impact", state.points)
    assert engine.winners(state) == (BLUE,) and engine.scores(state) == [1, 0, 0]


def test_one_player_may_take_both_bonuses():
    state = table(players=("blue", "orange", "purple"),
                  blue={"space": 6, "junkyard": {"orange": 2}}, orange={"space": 4})
    points = impact_points(state)
    assert points[BLUE] == (12, 0, 2, 3, 3, 0, 20) and points[ORANGE][-1] == 8


def test_tied_points_go_to_the_latest_seat_rank():
    state = table(players=("blue", "orange", "purple"), blue={"space": 3},
                  orange={"atmosphere": 6}, purple={"space": 3})
    points = impact_points(state)
    assert [p[-1] for p in points] == [6, 6, 6]
    assert points_winner(state, points) == PURPLE
    state.first = PURPLE
    assert points_winner(state, points) == ORANGE


def test_harebrained_goes_only_to_the_seat_named():
    state = table(blue={"space": 1})
    assert impact_points(state, BLUE)[BLUE] == (2, 0, 0, 3, 0, 2, 7)
    assert impact_points(state, -1)[BLUE] == (2, 0, 0, 3, 0, 0, 5)


def test_destruction_is_checked_after_the_action_with_its_defences():
    state = table(blue={"hand": ["Kaboomer"], "junkyard": {"orange": 13}},
                  orange={"launchpad": 2})
    do(state, Play(BLUE, card("Kaboomer"), "launchpad", ORANGE, ""))
    assert state.phase != OVER
    events = do(state, Pass(ORANGE))
    assert events[-1] == GameOver(BLUE, "destruction", ())
    assert engine.legal_actions(state, BLUE) == [] and engine.to_act(state) == ()


def test_several_instant_wins_at_once_go_to_the_latest_seat_rank():
    """A Ram's sacrifice gives orange its 15th Junkyard rocket as blue's attack gives blue
    16: both win by Destruction in the same step, and orange (seat rank 2) takes it."""
    state = table(blue={"hand": ["Sacrificial Ram"], "launchpad": 1,
                        "junkyard": {"orange": 13}},
                  orange={"launchpad": 3, "junkyard": {"blue": 14}})
    do(state, Play(BLUE, card("Sacrificial Ram"), "launchpad", ORANGE, "launchpad"))
    assert state.phase != OVER, "checked only once the action is complete"
    do(state, Pass(ORANGE))
    assert sum(state.junk[BLUE]) == 16 and sum(state.junk[ORANGE]) == 15
    assert state.phase == OVER and state.winner == ORANGE and state.victory == "destruction"


def test_the_game_over_refuses_everything():
    state = table(blue={"hand": ["Khaos Magnet"]}, orange={"totem": 1})
    do(state, Play(BLUE, card("Khaos Magnet"), "closer", ORANGE, ""))
    refused(state, EndTurn(BLUE),
            "the game is over")
    assert engine.progress(state) == "turn 1, impact"
    assert names(state.hands[BLUE]) == []


def test_of_several_instant_winners_the_latest_seat_rank_wins():
    """Two players past 15 after one step (RULES-DECISIONS.md, Winning): seat ranks run
    from the first player, and the latest rank wins, whichever way each won."""
    state = table(players=("blue", "orange", "purple"))
    state.first = 1
    state.space = [15, 0, 15]
    assert instant_winner(state) == (BLUE, "escape"), "ranks: orange 1, purple 2, blue 3"
    state.space = [0, 15, 0]
    state.junk[PURPLE] = [5, 5, 5]
    assert instant_winner(state) == (PURPLE, "destruction")
    state.first = 0
    state.space = [15, 15, 0]
    assert instant_winner(state) == (PURPLE, "destruction")
    state.junk[PURPLE] = [5, 5, 4]
    assert instant_winner(state) == (ORANGE, "escape")


def test_the_load_list_names_the_turn_and_the_nearest_meteor():
    state = table(players=("blue", "orange", "purple"), orange={"totem": 4},
                  purple={"totem": 6})
    assert engine.progress(state) == "turn 1, meteor at T-4"
