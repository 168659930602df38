"""Scoring a finished combat: the winner and the tiebreak, win points, the agendas each
variant scores, and the promotion card flipping exactly once."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules.goblins import engine
from game.rules.goblins.events import CombatEnded, Promoted, Scored
from game.rules.goblins.robot import Robot
from game.rules.goblins.scoring import agenda_count, score_round, winner
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import play_until, robot

ARMED = {"2,3": ("weapon", "S", "N"), "3,4": ("engine", "NESW"), "4,3": ("engine", "NESW")}
"""A small robot that is not disabled while a goblin sits in its cockpit."""


def _armed(seat: int, goblins: int = 2) -> Robot:
    return robot(ARMED, {seat: goblins})


def _lost(built: Robot, tokens: int = 0, goblins: int = 0) -> Robot:
    built.scrap_tokens, built.scrap_goblins = tokens, goblins
    return built


def _at_scoring(catalogue, players: int, variant: str) -> State:
    """A match in its first combat, every robot armed and crewed, no agendas kept."""
    state = engine.new_state(catalogue, players, variant, 3)
    play_until(state, "choose")
    for team in state.teams:
        team.robot = robot(ARMED, {seat: 2 for seat in team.seats})
    for player in state.players:
        player.agendas, player.bet = [], ""
    return state


@pytest.mark.parametrize("losses, expected", [((1, 3), 0), ((3, 1), 1)])
def test_tiebreak_goes_to_the_team_that_lost_less(losses, expected):
    """Both robots still fight: the team whose opponents' scrapyard is fuller wins."""
    robots = (_lost(_armed(0), tokens=losses[0]), _lost(_armed(1), tokens=losses[1]))
    assert winner(robots) == (expected, "tiebreak")


def test_tiebreak_counts_tiles_tokens_and_goblins_alike():
    first = _lost(_armed(0), goblins=1)
    first.scrap_tiles = list(_armed(9).tiles_in("all"))  # three tiles lost
    second = _lost(_armed(1), tokens=2, goblins=1)
    assert winner((first, second)) == (1, "tiebreak"), "4 lost against 3"
    second.scrap_tokens = 3
    assert winner((first, second)) == (-1, "tie")


def test_tiebreak_also_decides_when_both_robots_are_disabled():
    first, second = _lost(_armed(0, 0), goblins=2), _lost(_armed(1, 0), goblins=4)
    assert first.disabled() and second.disabled()
    assert winner((first, second)) == (0, "tiebreak")


def test_the_only_robot_still_fighting_wins_whatever_it_lost():
    first = _lost(_armed(0), tokens=9)
    second = _lost(_armed(1, 0), goblins=2)
    assert winner((first, second)) == (0, "disabled")
    assert winner((second, first)) == (1, "disabled")


def test_the_tiebreak_winner_scores_its_goblins(catalogue):
    state = _at_scoring(catalogue, 2, "standard")
    state.teams[1].robot.scrap_tokens = 2
    events: list = []
    score_round(state, events)
    ended = next(e for e in events if isinstance(e, CombatEnded))
    assert (ended.winner, ended.reason) == (0, "tiebreak")
    totals = {e.seat: e.total for e in events if isinstance(e, Scored)}
    assert totals == {0: 4, 1: 0}


def test_party_scores_the_shared_agendas_for_every_player(catalogue):
    """Party has no hidden agendas: all seats score the three agendas turned up."""
    state = _at_scoring(catalogue, 4, "party")
    names = {a.name: a.index for a in catalogue.agendas}
    state.shared_agendas = [names["Greasemonkey"], names["Ninja"], names["Decoy"]]
    state.teams[0].robot.tokens = [(7,)]
    state.teams[1].robot.scrap_goblins = 1
    events: list = []
    score_round(state, events)
    scored = {e.seat: e for e in events if isinstance(e, Scored)}
    assert sorted(scored) == [0, 1, 2, 3]
    for seat, event in scored.items():
        team = state.team_of(seat)
        points = {name: points for name, points, _ in event.lines}
        assert points["Greasemonkey"] == 4, "two engine tiles, 2 points each"
        assert points["Ninja"] == (3 if team == 0 else 0), "one enemy goblin lost"
        assert points["Decoy"] == (2 if team == 0 else 0), "one token on the own robot"
        assert state.players[seat].score == event.total


def test_a_kept_agenda_outside_party_is_scored_only_by_its_owner(catalogue):
    state = _at_scoring(catalogue, 2, "standard")
    greasemonkey = next(a.index for a in catalogue.agendas if a.name == "Greasemonkey")
    state.players[1].agendas = [greasemonkey]
    state.teams[1].robot.scrap_tokens = 1  # team 0 wins the tiebreak
    events: list = []
    score_round(state, events)
    lines = {e.seat: e.lines for e in events if isinstance(e, Scored)}
    assert [name for name, _, _ in lines[0]] == ["win"]
    assert [(name, points) for name, points, _ in lines[1]] == [("Greasemonkey", 4)]


def test_promotion_is_announced_once_when_the_score_reaches_fifty(catalogue):
    state = _at_scoring(catalogue, 2, "standard")
    state.teams[1].robot.scrap_tokens = 1  # seat 0 wins 4 points each combat
    state.players[0].score = 47
    first: list = []
    score_round(state, first)
    assert state.players[0].promoted
    assert [e.seat for e in first if isinstance(e, Promoted)] == [0]
    later: list = []
    score_round(state, later)
    assert state.players[0].score == 55
    assert any(isinstance(e, Scored) and e.seat == 0 and e.total == 4 for e in later)
    assert not any(isinstance(e, Promoted) for e in later), "the card flips only once"


def _lines(events: list, seat: int) -> tuple:
    return next(e.lines for e in events if isinstance(e, Scored) and e.seat == seat)


def test_winners_score_their_own_and_their_partners_goblins(catalogue):
    """Four players: 2 per own goblin still aboard, 1 per partner's goblin."""
    state = _at_scoring(catalogue, 4, "standard")
    winners = state.teams[0]
    first, second = winners.seats
    winners.robot.goblins = {first: 2, second: 1}
    state.teams[1].robot.scrap_tokens = 1
    events: list = []
    score_round(state, events)
    assert _lines(events, first) == (("win", 5, "2 own goblins x2, 1 partner's"),)
    assert _lines(events, second) == (("win", 4, "1 own goblins x2, 2 partner's"),)
    for seat in state.teams[1].seats:
        assert _lines(events, seat) == ()


def test_a_solo_crew_scores_two_per_goblin_and_names_no_partner(catalogue):
    state = _at_scoring(catalogue, 3, "standard")
    solo = next(team for team in state.teams if len(team.seats) == 1)
    seat = solo.seats[0]
    solo.robot.goblins = {seat: 1}
    state.teams[1 - state.teams.index(solo)].robot.scrap_tokens = 1
    events: list = []
    score_round(state, events)
    assert _lines(events, seat) == (("win", 2, "1 own goblins x2"),)


BETTING = 20
"""Star/Snitch: 4 points for betting on the result the own team gets."""


@pytest.mark.parametrize("enemy_lost, bet, points, detail", [
    (1, "Star", 4, "bet on won, team won"),
    (1, "Snitch", 0, "bet on lost, team won"),
    (-1, "Snitch", 4, "bet on lost, team lost"),
    (-1, "Star", 0, "bet on won, team lost"),
    (0, "Star", 0, "bet on won, team tied"),
    (0, "Snitch", 0, "bet on lost, team tied"),
])
def test_a_bet_pays_only_when_the_team_gets_the_result_bet_on(catalogue, enemy_lost, bet,
                                                              points, detail):
    state = _at_scoring(catalogue, 2, "standard")
    assert catalogue.agendas[BETTING].type == "betting"
    state.players[0].agendas, state.players[0].bet = [BETTING], bet
    losers = state.teams[1 if enemy_lost > 0 else 0].robot
    losers.scrap_tokens = abs(enemy_lost)
    events: list = []
    score_round(state, events)
    betting = [line for line in _lines(events, 0) if line[0] != "win"]
    assert betting == [(bet, points, detail)]


@pytest.mark.parametrize("name, own_tiles, points, detail", [
    ("Guardian", 3, 1, "counted 3: 1 set(s) of 2"),
    ("Guardian", 4, 2, "counted 4: 2 set(s) of 2"),
    ("Junkdealer", 5, 2, "counted 5: 1 set(s) of 3"),
    ("Greasemonkey", 3, 4, "counted 2"),
    ("Sandbagger", 3, 3, "counted 3"),
    ("Driller", 5, 5, "counted 5"),
])
def test_agendas_score_complete_sets_and_say_what_they_counted(catalogue, name, own_tiles,
                                                               points, detail):
    """Guardian scores 1 per 2 tiles on the own robot, Junkdealer 2 per 3 standard
    tiles; "every N" counts complete sets only. Driller counts the empty squares
    around the enemy's cockpit (3 of its 8 are built on), not around its own."""
    state = _at_scoring(catalogue, 2, "standard")
    tiles = {"2,3": ("weapon", "S", "N"), "3,4": ("engine", "NESW"),
             "4,3": ("engine", "NESW"), "3,2": ("decoration", "NESW"),
             "2,2": ("decoration", "NESW")}
    keep = dict(list(tiles.items())[:own_tiles])
    state.teams[0].robot = robot(keep, {0: 2})
    agenda = next(a.index for a in catalogue.agendas if a.name == name)
    state.players[0].agendas = [agenda]
    events: list = []
    score_round(state, events)
    assert [line for line in _lines(events, 0) if line[0] != "win"] == [(name, points, detail)]


def test_agendas_after_the_bet_are_scored_too(catalogue):
    """The bet is one line among the kept agendas: scoring goes on past it whatever
    order the agendas come in (the card data happens to number the bet last)."""
    state = _at_scoring(catalogue, 2, "standard")
    guardian = next(a.index for a in catalogue.agendas if a.name == "Guardian")
    state.players[0].agendas, state.players[0].bet = [BETTING, guardian], "Star"
    state.teams[1].robot.scrap_tokens = 1
    events: list = []
    score_round(state, events)
    assert [name for name, _, _ in _lines(events, 0)] == ["win", "Star", "Guardian"]


@pytest.mark.parametrize("area, empty", [("ring8", 5), ("ring4", 1), ("all", 21)])
def test_empty_squares_are_counted_in_the_agendas_own_area(catalogue, area, empty):
    """An empty-squares agenda counts in the area its data names, not always the ring of
    eight that Driller happens to use."""
    driller = next(a for a in catalogue.agendas if a.name == "Driller")
    agenda = dataclasses.replace(driller, area=area)
    enemy = _armed(1)
    assert agenda_count(agenda, _armed(0), enemy) == empty
