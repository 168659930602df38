"""The balance figures: a game's win route read from its end, each robot's share of the
wins (a shared win split), the balance verdict (only the balance run's), and the arena counting the
real winner (Coal Heart's scores mark the winners, not the parts)."""

from __future__ import annotations

from game.ai.arena import Match, play
from game.ai.coal_heart.figures import acceptance, report, robot_wins, route, summarise
from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import Attack
from game.rules.coal_heart.catalogue import ROBOTS
from game.rules.coal_heart.vocabulary import SLOTS
from tests.rules.coal_heart.helpers import start, table


def test_breaking_the_last_rival_is_the_break_route_and_scores_only_the_winner():
    state = table(s0={"built": ["l_arm", "r_arm"]}, s1={"hp": 4},
                  s2={"hp": 0, "built": list(SLOTS[:9])})
    start(state, 0, "fight")
    engine.apply(state, Attack(0, 1, ()))
    assert engine.winners(state) == (0,)
    assert route(state) == "break"
    assert engine.scores(state) == [1, 0, 0], "the broken robot had more parts"
    assert summarise(state)["robots"] == ["lord_reforge", "extractor_esquire",
                                          "professor_syphon"]


def test_the_eleventh_part_is_the_build_route_and_an_unfinished_game_a_draw():
    from game.rules.coal_heart.actions import Build, End
    from tests.rules.coal_heart.helpers import end_turns_until

    state = table(s1={"built": [s for s in SLOTS if s != "r_foot"], "cubes": [0, 0, 0, 1]})
    assert route(state) == "draw"
    start(state, 0, "upgrade")
    engine.apply(state, End(0))
    end_turns_until(state, 1)
    engine.apply(state, Build(1, "r_foot", ("G",)))
    assert route(state) == "build" and summarise(state)["winners"] == [1]


def _game(robots, winners, how="break", rounds=9):
    return {"robots": list(robots), "winners": list(winners), "route": how,
            "rounds": rounds}


def test_shared_wins_split_and_every_robot_counts_its_games():
    games = [_game(["lord_reforge", "gizmo_guru", "dr_constructor"], [0, 1]),
             _game(["lord_reforge", "the_executioner", "dr_constructor"], [2], "build")]
    wins = robot_wins(games)
    assert wins["lord_reforge"] == (0.5, 2) and wins["gizmo_guru"] == (0.5, 1)
    assert wins["dr_constructor"] == (1.0, 2) and wins["professor_syphon"] == (0.0, 0)


def test_the_balance_verdict_says_which_targets_are_missed():
    robots = ["lord_reforge", "extractor_esquire", "professor_syphon", "the_executioner"]
    lopsided = [_game(robots, [0], "break", 30) for _ in range(10)]
    assert acceptance(lopsided) == ("acceptance (RULES-DECISIONS.md): robot shares MISSED, routes "
                         "MISSED, median rounds MISSED")
    even = []
    for i in range(24):  # each robot leads (and wins) four games, routes alternate
        seats = [ROBOTS[(i + k) % 6] for k in range(4)]
        even.append(_game(seats, [0], ("build", "break")[i % 2], 10))
    assert acceptance(even).endswith("robot shares met, routes met, median rounds met")
    lines = report(even)
    assert "routes: build 12 (50.0%" in next(line for line in lines
                                             if line.startswith("routes"))
    assert not any("acceptance" in line for line in lines), (
        "the arena's tables mix levels, so its report gives no balance verdict")


def test_an_arena_match_summarises_its_game():
    result = play(Match(0, 3, ("normal", "random", "normal", "random"), 2, "coal_heart",
                        "standard"))
    summary = result.summary
    assert summary["route"] in ("build", "break", "draw")
    assert len(summary["robots"]) == 4 and len(set(summary["robots"])) == 4
    if summary["winners"]:
        assert [result.scores[w] for w in summary["winners"]] == [1] * len(
            summary["winners"])
        assert sum(result.scores) == len(summary["winners"])
