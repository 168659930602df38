"""simulate counts games stopped at a game's turn cap as unfinished, apart from wins."""

from __future__ import annotations

from game.simulate import simulate


def test_games_stopped_at_the_turn_cap_are_reported_and_win_nothing():
    report = simulate("two_robots", 4, 3, 1)
    assert report.capped == 3 and report.scores == [] and report.wins == [0.0] * 4
    assert min(report.actions) > 1000
    assert report.lines()[-1] == ("stopped unfinished at the turn cap: 3 (100%); "
                                  "win shares are of finished games")
    finished = simulate("two_robots", 2, 2, 1)
    assert finished.capped == 0 and sum(finished.wins) == 2
    assert not any("turn cap" in line for line in finished.lines())


def test_wins_are_the_rules_winners_and_a_cooperative_table_wins_together():
    # a co-op table's seats win or lose together: the report gives the table's result
    report = simulate("calamitron", 2, 4, 1)
    finished = len(report.scores)
    assert report.cooperative and 0 <= report.won <= finished
    assert sum(report.wins) == report.won, "each won game's win shared by its winners"
    assert all(abs(w - report.wins[0]) < 1e-9 for w in report.wins), "won together"
    assert any(line.startswith(f"the table won {report.won} of {finished}")
               for line in report.lines())
    assert not any("wins" in line for line in report.lines())
