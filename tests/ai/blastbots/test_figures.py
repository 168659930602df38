"""The arena's Blastbots figures: each match's route is the rules' own reason for the
end (``state.victory``, set where the rules end the game), and the report counts them."""

from __future__ import annotations

import random

from game.ai.blastbots.figures import IN_JUNKYARD, IN_SPACE, report, seat_figures, summarise
from game.cli import main
from game.rules.blastbots import engine
from game.rules.blastbots.events import GameOver
from tests.ai.blastbots.helpers import new_state


def _finished(players: int, seed: int) -> tuple:
    state = new_state(players, seed)
    events = []
    rng = random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        events += engine.apply(state, options[rng.randrange(len(options))])
    return state, events


def test_a_finished_match_is_summarised_by_the_rules_own_ending():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state, events = _finished(players, seed)
        over = [e for e in events if isinstance(e, GameOver)]
        assert len(over) == 1
        summary = summarise(state)
        assert summary["route"] == over[0].victory == state.victory
        assert summary["players"] == players
        turn_order = [(state.first + k) % players for k in range(players)]
        assert summary["rank"] == turn_order.index(over[0].winner) + 1


def test_the_seat_columns_are_the_rockets_where_the_match_left_them():
    state, events = _finished(3, 5)
    columns = seat_figures(events, 3)
    assert [s for s, _ in columns[IN_SPACE]] == [float(x) for x in state.space]
    assert [j for j, _ in columns[IN_JUNKYARD]] == [float(sum(x)) for x in state.junk]


def test_the_report_counts_each_ending_and_the_winners_seat_rank():
    games = [{"route": "escape", "players": 3, "rank": 1, "turns": 12},
             {"route": "impact", "players": 3, "rank": 3, "turns": 20},
             {"route": "escape", "players": 3, "rank": 1, "turns": 9},
             {"route": "destruction", "players": 3, "rank": 2, "turns": 15}]
    text = "\n".join(report(games))
    assert "escape 2 (50.0%" in text and "destruction 1 (25.0%" in text
    assert "impact 1 (25.0%" in text
    assert "1: 50.0%, 2: 25.0%, 3: 25.0%" in text
    assert "median 13.5" in text


def test_a_short_blastbots_arena_prints_the_endings(capsys):
    assert main(["arena", "--game", "blastbots", "--seats", "easy,random", "--games", "2",
                 "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "2 3-player games" in out and "game endings" in out and "space" in out
