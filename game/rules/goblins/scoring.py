"""Scoring a finished combat: who won, win points, and every agenda counted as data.

``agenda_count``, ``set_points`` and ``bet_points`` read an agenda's data (source,
what to count, filters, sets of N, bets) so new agendas need no code; ``agenda_line`` scores
one agenda with them. ``score_round`` is where points are added; the scenario runner
reads its Scored events and the screens' worth-so-far figures call ``agenda_line``,
rather than adding their own.
"""

from __future__ import annotations

from game.rules.core.actions import Event
from game.rules.goblins.catalogue import Agenda
from game.rules.goblins.events import CombatEnded, Promoted, Scored
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import State


def agenda_count(agenda: Agenda, own: Robot, enemy: Robot) -> int:
    """How many things the agenda counts (before dividing into sets of ``every``)."""
    if agenda.source == "enemy_scrapyard":
        if agenda.count == "tokens":
            return enemy.scrap_tokens
        if agenda.count == "goblins":
            return enemy.scrap_goblins
        tiles = enemy.scrap_tiles
    else:
        robot = own if agenda.source == "own_robot" else enemy
        if agenda.count == "tokens":
            return len(robot.tokens)
        if agenda.count == "empty_squares":
            return robot.empty_in(agenda.area)
        tiles = robot.tiles_in(agenda.area)
    if agenda.count == "sets":
        return min(sum(1 for t in tiles if t.kind == kind) for kind in agenda.sets)
    kind, premium = agenda.kind, agenda.premium
    return sum(1 for t in tiles
               if (kind is None or t.kind == kind) and (premium is None or t.premium == premium))


def set_points(agenda: Agenda, count: int) -> int:
    """Points for ``count`` things counted: whole sets of ``every``, so many points each."""
    return count // agenda.every * agenda.points


def bet_points(agenda: Agenda, result: str, bet: str) -> int:
    """Points for a betting agenda on the side ``bet``; ``result`` is won, lost or none
    for the owner's team."""
    wanted = dict(agenda.bet).get(bet)
    return agenda.points if wanted == result else 0


def agenda_line(agenda: Agenda, own: Robot, enemy: Robot, result: str,
                bet: str) -> tuple[str, int, str]:
    """One agenda's line of a seat's score (label, points, how it was counted), for the
    seat whose robot is ``own``; ``result`` and ``bet`` matter to a betting agenda only."""
    if agenda.type == "betting":
        return (bet, bet_points(agenda, result, bet),
                f"bet on {dict(agenda.bet)[bet]}, team {result if result != 'none' else 'tied'}")
    count = agenda_count(agenda, own, enemy)
    detail = f"counted {count}"
    if agenda.every > 1:
        detail += f": {count // agenda.every} set(s) of {agenda.every}"
    return agenda.name, set_points(agenda, count), detail


def team_result(team_won: int, index: int) -> str:
    """won, lost or none for team ``index`` when ``team_won`` won (-1: nobody)."""
    return "none" if team_won < 0 else ("won" if team_won == index else "lost")


def agendas_of(state: State, seat: int) -> list[int]:
    """The agendas a seat scores: the table's shared ones at a party, else its kept ones."""
    return state.shared_agendas if state.variant == "party" else state.players[seat].agendas


def scrap_total(robot: Robot) -> int:
    """Everything a robot lost: tiles, tokens and goblins in its scrapyard."""
    return len(robot.scrap_tiles) + robot.scrap_tokens + robot.scrap_goblins


def winner(robots: tuple[Robot, Robot]) -> tuple[int, str]:
    """The winning team index (or -1) and why."""
    disabled = (robots[0].disabled(), robots[1].disabled())
    if disabled[0] != disabled[1]:
        return (1 if disabled[0] else 0), "disabled"
    lost = (scrap_total(robots[0]), scrap_total(robots[1]))
    if lost[0] == lost[1]:
        return -1, "tie"
    return (0 if lost[1] > lost[0] else 1), "tiebreak"


def win_points(robot: Robot, seat: int, partner: int) -> int:
    """2 per own goblin still in the cockpit, 1 per partner's (a solo crew scores 2 each)."""
    own = robot.goblins.get(seat, 0) * 2
    return own if partner == seat else own + robot.goblins.get(partner, 0)


def score_round(state: State, events: list[Event]) -> None:
    """Combat is over: decide the winner, then every seat scores win points and agendas."""
    robots = (state.teams[0].robot, state.teams[1].robot)
    team_won, reason = winner(robots)
    events.append(CombatEnded((robots[0].disabled(), robots[1].disabled()), team_won, reason))
    agendas = state.catalogue.agendas
    for player in state.players:
        index = state.team_of(player.seat)
        team = state.teams[index]
        own, enemy = robots[index], robots[1 - index]
        result = team_result(team_won, index)
        lines: list[tuple[str, int, str]] = []
        if result == "won":
            partner = team.partner(player.seat)
            mine = own.goblins.get(player.seat, 0)
            detail = f"{mine} own goblins x2" + (
                "" if partner == player.seat else f", {own.goblins.get(partner, 0)} partner's")
            lines.append(("win", win_points(own, player.seat, partner), detail))
        lines += [agenda_line(agendas[a], own, enemy, result, player.bet)
                  for a in agendas_of(state, player.seat)]
        total = sum(line[1] for line in lines)
        was_promoted = player.promoted
        player.score += total
        events.append(Scored(player.seat, tuple(lines), total))
        if player.promoted and not was_promoted:
            events.append(Promoted(player.seat))


def standings(state: State) -> tuple[int, ...]:
    """Seats with the highest score (several when tied)."""
    best = max(p.score for p in state.players)
    return tuple(p.seat for p in state.players if p.score == best)
