"""The arena's schedule is fair and its figures are computed as it says."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from game.ai.arena import Match, Result, play, report, schedule, wilson
from game.cli import main


def test_duels_come_in_side_swapped_pairs_on_one_seed():
    matches = schedule(("hard", "normal"), 2, 6, 1, 8, "goblins", "standard")
    for first, second in zip(matches[::2], matches[1::2], strict=True):
        assert first.seed == second.seed
        assert first.levels == second.levels[::-1]
    assert len({m.seed for m in matches}) == 3


def test_four_player_games_seat_each_level_equally_often():
    matches = schedule(("hard", "normal"), 4, 12, 1, None, "goblins", "standard")
    per_seat = Counter((seat, lv) for m in matches for seat, lv in enumerate(m.levels))
    assert set(per_seat.values()) == {6}


def test_three_player_games_seat_each_level_in_every_seat_equally_often():
    matches = schedule(("hard", "normal"), 3, 12, 1, None, "goblins", "standard")
    assert {m.levels for m in matches[:6]} == {
        ("hard", "hard", "normal"), ("hard", "normal", "hard"), ("normal", "hard", "hard"),
        ("normal", "normal", "hard"), ("normal", "hard", "normal"), ("hard", "normal", "normal")}
    assert len({m.seed for m in matches[:6]}) == 1
    per_seat = Counter((seat, lv) for m in matches for seat, lv in enumerate(m.levels))
    assert set(per_seat.values()) == {6}


def test_a_game_column_is_each_levels_amount_over_its_weight():
    def result(levels, scores, pairs):
        return Result(levels, scores, {lv: [0.001] for lv in levels},
                      columns={"fallen/robot": pairs})
    results = [result(("hard", "normal", "normal"), [5, 3, 1], [(1, 1), (3, 0.5), (0, 0.5)]),
               result(("normal", "hard", "hard"), [2, 9, 0], [(6, 1), (0, 0.5), (2, 0.5)])]
    lines = report(("hard", "normal"), results, 1.0, 3, "seed 1",
                   {"fallen/robot": "tiles lost"})
    assert "fallen/robot" in lines[2]
    hard = next(line for line in lines if line.startswith("hard ")).split()
    normal = next(line for line in lines if line.startswith("normal ")).split()
    assert hard[-1] == "1.50" and normal[-1] == "4.50"   # (1+0+2)/2 and (3+0+6)/2
    assert hard[1] == "2.0"                               # both games won by a hard seat
    assert "fallen/robot: tiles lost" in lines


def test_wilson_interval_brackets_the_rate_and_narrows_with_games():
    low, high = wilson(65, 100)
    assert low < 0.65 < high
    wide = wilson(13, 20)
    assert wide[1] - wide[0] > high - low
    assert wilson(0, 10)[0] == 0.0


def test_a_short_arena_prints_the_table(capsys):
    assert main(["arena", "--seats", "normal,random", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "2 duels" in out and "win rate" in out and "p95 ms" in out and "CPU p95" in out
    assert main(["arena", "--seats", "normal,normal", "--games", "2"]) == 2
    assert main(["arena", "--seats", "easy,random", "--players", "3", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 3-player games" in out and "fallen/robot" in out


def test_a_game_stopped_at_the_turn_cap_is_scored_as_a_draw_and_reported():
    mixed = ("random", "easy") * 2
    games = (play(Match(0, seed, ("random",) * 4, None, "two_robots", "standard"))
             for seed in range(1, 9))        # random 4-player games mostly reach the cap
    capped = replace(next(g for g in games if g.capped), levels=mixed)
    won = replace(play(Match(0, 1, ("easy",) * 4, None, "two_robots", "standard")),
                  levels=mixed)              # rules-of-thumb seats build robots and win
    assert capped.capped and capped.scores == [0, 0, 0, 0]
    assert not won.capped and sorted(won.scores) == [0, 0, 0, 1]
    lines = report(("random", "easy"), [capped, won], 1.0, 4, "seed 1")
    assert "1 games stopped unfinished at the turn cap, scored as draws" in lines
    assert not any("turn cap" in line for line in report(("random", "easy"), [won], 1.0, 4,
                                                         "seed 1"))


def test_hard_budget_defaults_per_game():
    from game.ai.bots import default_iterations, make_bot
    from game.ai.budget import DEFAULT_ITERATIONS
    from game.ai.two_robots.levels import HARD_ITERATIONS

    assert default_iterations("goblins") == DEFAULT_ITERATIONS
    assert default_iterations("two_robots") == HARD_ITERATIONS != DEFAULT_ITERATIONS
    assert make_bot("two_robots", "hard", 1).budget.iterations == HARD_ITERATIONS
    assert make_bot("two_robots", "hard", 1, 10).budget.iterations == 10
