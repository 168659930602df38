"""Choosing which hidden agendas to keep and which side to bet on.

Combat has not started when agendas are chosen, but both robots are built and public,
so each agenda's points can be estimated: what is on the own robot and will likely
survive, what the own guns will likely knock off the enemy, and the chance to win.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.goblins.robotmath import arrows_by_edge, firepower
from game.ai.goblins.seat import Seat
from game.ai.goblins.worth import SURVIVAL, agenda_count, combat_worth
from game.rules.core.actions import Action
from game.rules.goblins.actions import ChooseAgendas
from game.rules.goblins.catalogue import Agenda
from game.rules.goblins.geometry import COCKPIT
from game.rules.goblins.robot import Robot

Scored = list[tuple[float, Action]]


def win_chance(own: Robot, enemy: Robot, rounds_left: int = 4) -> float:
    """A rough chance that the own team wins the combat, from the two robots' worth."""
    diff = combat_worth(own, rounds_left) - combat_worth(enemy, rounds_left)
    return 1.0 / (1.0 + math.exp(-0.12 * diff))


def expected_hits(attacker: Robot) -> float:
    """Numbered dice the attacker is likely to roll over a whole combat."""
    return firepower(arrows_by_edge(attacker), attacker.engines()) * 5 / 6


def cockpit_exposure(robot: Robot) -> float:
    """Share of the 20 lines of fire that reach the cockpit with nothing in the way."""
    open_lines = 0
    for edge in range(4):
        for face in range(1, 6):
            if robot.target(edge, face) == COCKPIT:
                open_lines += 1
    return open_lines / 20


def agenda_estimate(agenda: Agenda, own: Robot, enemy: Robot, hits: float) -> float:
    """Expected points from one non-betting agenda."""
    if agenda.source == "own_robot":
        count = agenda_count(agenda, own, enemy)
        if agenda.count == "tokens":
            return count * 0.5 * agenda.points / agenda.every
        return count * SURVIVAL * agenda.points / agenda.every
    tiles = [t for t in enemy.tiles if t is not None and t.kind != "cockpit"]
    lost_tiles = min(len(tiles), hits * 0.6)
    share = lost_tiles / len(tiles) if tiles else 0.0
    if agenda.source == "enemy_robot":
        holes = enemy.empty_in(agenda.area) if agenda.count == "empty_squares" else 0
        return (holes + share * (8 - holes)) * agenda.points / agenda.every
    if agenda.count == "tokens":
        lost = min(len(enemy.tokens), hits * 0.35)
    elif agenda.count == "goblins":
        lost = min(enemy.crew(), hits * (0.08 + cockpit_exposure(enemy)))
    elif agenda.count == "sets":
        lost = min(sum(1 for t in tiles if t.kind == kind) for kind in agenda.sets) * share
    else:
        matching = sum(1 for t in tiles if (agenda.kind is None or t.kind == agenda.kind)
                       and (agenda.premium is None or t.premium == agenda.premium))
        lost = matching * share
    already = agenda_count(agenda, own, enemy)
    return (already + lost) * agenda.points / agenda.every


def rank_agendas(seat: Seat, options: Sequence[ChooseAgendas]) -> Scored:
    own, enemy = seat.robot, seat.enemy_robot
    agendas = seat.state.catalogue.agendas
    hits = expected_hits(own)
    win = win_chance(own, enemy)
    values: dict[int, float] = {}
    for a in {a for option in options for a in option.keep}:
        agenda = agendas[a]
        if agenda.type != "betting":
            values[a] = agenda_estimate(agenda, own, enemy, hits)
    scored: Scored = []
    for option in options:
        total = sum(values.get(a, 0.0) for a in option.keep)
        if option.bet:
            wanted = next(dict(agendas[a].bet)[option.bet] for a in option.keep
                          if agendas[a].bet)
            chance = win if wanted == "won" else 1.0 - win
            total += chance * agendas[next(a for a in option.keep if agendas[a].bet)].points
        scored.append((total, option))
    return scored
