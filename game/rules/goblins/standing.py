"""What a seat's agendas and Star/Snitch bet are worth as things stand: the points they
would score if the combat ended now, read from that seat's own view.

Each figure is ``scoring.agenda_line`` on the robots as they are (during the agenda
choice, as they will enter combat: goblins in, tokens down), with the round's result
from ``scoring.winner``; nothing here counts an agenda a second way.
"""

from __future__ import annotations

from game.rules.goblins.combat import man_robots
from game.rules.goblins.robot import Robot
from game.rules.goblins.scoring import agenda_line, agendas_of, team_result, winner
from game.rules.goblins.state import State


def as_combat_starts(state: State) -> State:
    """During the agenda choice (goblins not yet in, no tokens down) a copy crewed and
    armored as combat will start; at any other time the state itself."""
    if state.phase != "agendas":
        return state
    ready = state.clone()
    man_robots(ready)
    return ready


def _robots(state: State, seat: int) -> tuple[Robot, Robot, str]:
    """The seat's robot, the enemy robot, and the result for the seat's team now."""
    index = state.team_of(seat)
    robots = (state.teams[0].robot, state.teams[1].robot)
    return robots[index], robots[1 - index], team_result(winner(robots)[0], index)


def result_now(state: State, seat: int) -> str:
    """won, lost or none for the seat's team if the combat ended now."""
    return _robots(as_combat_starts(state), seat)[2]


def agenda_worth(state: State, seat: int, agenda: int, bet: str = "") -> tuple[str, int, str]:
    """One agenda's score line for ``seat`` now (a betting agenda needs its ``bet``)."""
    own, enemy, result = _robots(as_combat_starts(state), seat)
    return agenda_line(state.catalogue.agendas[agenda], own, enemy, result, bet)


def bet_worth(state: State, seat: int, agenda: int) -> dict[str, int]:
    """What each side of a betting agenda would pay ``seat`` now."""
    return {side: agenda_worth(state, seat, agenda, side)[1]
            for side, _ in state.catalogue.agendas[agenda].bet}


def kept_worth(state: State, seat: int) -> list[tuple[int, tuple[str, int, str]]]:
    """The seat's scored agendas (kept, or shared at a party), each with its line now."""
    ready = as_combat_starts(state)
    own, enemy, result = _robots(ready, seat)
    bet = state.players[seat].bet
    agendas = state.catalogue.agendas
    return [(a, agenda_line(agendas[a], own, enemy, result, bet))
            for a in agendas_of(state, seat)]
