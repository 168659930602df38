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
