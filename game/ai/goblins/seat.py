"""Who a seat is this round: its team, the enemy team, its robots and its agendas,
read from a view (or a determinised state) in one place."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.goblins.catalogue import Agenda
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import HIDDEN, State, Team

HAND_WEIGHT = 0.6
"""During the build a seat holds 7 agendas and will keep 4: each counts about this much."""


@dataclass(slots=True)
class Seat:
    state: State
    seat: int
    mine: int
    team: Team
    enemy: Team

    @property
    def robot(self) -> Robot:
        return self.team.robot

    @property
    def enemy_robot(self) -> Robot:
        return self.enemy.robot

    def agendas(self) -> list[Agenda]:
        """The agendas this seat will score this round (kept ones, or party ones)."""
        cat = self.state.catalogue
        if self.state.variant == "party":
            return [cat.agendas[a] for a in self.state.shared_agendas]
        return [cat.agendas[a] for a in self.state.players[self.seat].agendas if a != HIDDEN]

    def weighted_agendas(self) -> list[tuple[Agenda, float]]:
        """Agendas with a weight: kept ones count fully, a hand not yet chosen in part."""
        kept = self.agendas()
        if kept:
            return [(a, 1.0) for a in kept]
        cat = self.state.catalogue
        hand = self.state.players[self.seat].hand
        return [(cat.agendas[a], HAND_WEIGHT) for a in hand if a != HIDDEN]

    def rounds_left(self) -> int:
        """Combat rounds still to fire, this one included."""
        return max(1, 4 - self.state.combat_round + 1) if self.state.combat_round else 4


def seat_of(state: State, seat: int) -> Seat:
    mine = state.team_of(seat)
    return Seat(state, seat, mine, state.teams[mine], state.teams[1 - mine])
