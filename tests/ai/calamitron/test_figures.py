"""The co-op table runner and the arena's Calamitron lines report what was played."""

from __future__ import annotations

from game.ai.calamitron import figures, table
from game.cli import main


def test_a_table_game_is_played_to_its_end_and_reported():
    outcome = table.play(table.Game("easy", 1, 3, None))
    assert outcome.rounds >= 1 and outcome.plan_wall and len(outcome.plan_cpu) == len(
        outcome.plan_wall)
    lost = table.Outcome(False, 9, 0, [0.5], [0.25], [0.0])
    lines = table.report("easy", 1, [outcome, lost])
    assert lines[0].startswith(f"easy x1: {int(outcome.won)}/2 won")
    assert "rounds median" in lines[0] and "CPU p50" in lines[1]


def test_the_arena_prints_the_table_s_win_rate(capsys):
    assert main(["arena", "--game", "calamitron", "--seats", "easy,random", "--games", "2",
                 "--budget", "20"]) == 0
    assert "the table won" in capsys.readouterr().out


def test_the_summary_counts_a_won_table_and_its_trophies():
    lines = figures.report([{"won": True, "rounds": 4, "trophies": 6},
                            {"won": False, "rounds": 8, "trophies": 2}])
    assert lines[0].startswith("the table won 1 of 2 games (50%")
    assert "rounds median 6" in lines[0] and "trophies per game 4.0" in lines[0]
