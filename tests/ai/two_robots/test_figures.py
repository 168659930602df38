"""The arena's Two Robots figures: Salvagers, win routes and game length."""

from __future__ import annotations

import pytest

from game.ai.arena import table_options
from game.ai.two_robots.figures import DRAW, LAST, ROBOTS, report, summarise
from game.cli import main
from game.rules.core.errors import RuleError
from game.rules.core.registry import get_game
from game.rules.two_robots import factory
from tests.ai.two_robots.helpers import new_state, play_out


def test_a_finished_match_is_summarised_by_its_winner_and_route():
    state = new_state(3, 2)
    play_out(state, ["normal", "easy", "random"], 4)
    summary = summarise(state)
    names = [state.catalogue.salvagers[p.salvager].name for p in state.players]
    assert summary["salvagers"] == names
    assert summary["turns"] == max(p.turns for p in state.players)
    if not state.winners:
        assert summary == {**summary, "winner": "", "route": DRAW}
    else:
        seat = state.winners[0]
        assert summary["winner"] == names[seat]
        two = factory.robots(state.catalogue, state.players[seat]) >= 2
        assert summary["route"] == (ROBOTS if two else LAST)


def test_the_report_counts_wins_draws_routes_and_turns():
    games = [{"salvagers": ["Samurai", "Guardian"], "winner": "Samurai", "route": ROBOTS,
              "turns": 9},
             {"salvagers": ["Samurai", "Guardian"], "winner": "", "route": DRAW,
              "turns": 50},
             {"salvagers": ["Guardian", "Apocalypse"], "winner": "Guardian", "route": LAST,
              "turns": 12},
             {"salvagers": ["Samurai", "Apocalypse"], "winner": "Samurai", "route": ROBOTS,
              "turns": 7}]
    lines = report(games)
    samurai = next(line for line in lines if line.startswith("Samurai"))
    assert samurai.split()[1:] == ["3", "2", "1", "66.7%"]
    assert "two robots 50.0%, last one standing 25.0%, draw 25.0%" in "\n".join(lines)
    assert "median 10.5" in lines[-1]


def test_table_options_are_checked_against_the_game():
    spec = get_game("two_robots")
    assert table_options(spec, ["salvagers=random"]) == (("salvagers", "random"),)
    for bad in (["salvagers"], ["salvagers=some"], ["seats=3"]):
        with pytest.raises(RuleError):
            table_options(spec, bad)


def test_a_short_two_robots_arena_prints_the_salvager_figures(capsys):
    assert main(["arena", "--game", "two_robots", "--seats", "easy,random", "--games", "2",
                 "--option", "salvagers=random"]) == 0
    out = capsys.readouterr().out
    assert "2 duels" in out and "Salvager" in out and "win routes" in out
    assert main(["arena", "--game", "two_robots", "--seats", "easy,random", "--games", "2",
                 "--option", "salvagers=none"]) == 2
    assert get_game("two_robots").turn_cap == 50
