"""What hits on a robot are worth to the attacker: per line of fire, and for a whole
ordered set of dice.

Two grades: ``quick`` looks only at the first square on the line (used inside
rollouts, where speed matters), the full grade lands the hit on a clone and compares
``combat_worth`` before and after, plus the attacker's destructive agenda progress.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.goblins.robotmath import land
from game.ai.goblins.worth import agenda_progress, combat_worth
from game.rules.goblins.catalogue import Agenda
from game.rules.goblins.geometry import COCKPIT
from game.rules.goblins.robot import Robot

FACES = (1, 2, 3, 4, 5)


def quick_hit(robot: Robot, edge: int, face: int) -> float:
    sq = robot.target(edge, face)
    if sq < 0:
        return 0.0
    if sq == COCKPIT:
        crew = robot.crew()
        return 0.0 if crew == 0 else (14.0 if crew == 1 else 7.0)
    if robot.has_token(sq):
        return 0.9
    tile = robot.tiles[sq]
    assert tile is not None
    if tile.kind == "weapon":
        return 3.5 if robot.count_kind("weapon") == 1 else 2.2
    return 1.2


class Damage:
    """Scores hits on one defending robot for one attacking seat."""

    __slots__ = ("agendas", "attacker", "base", "defender", "fast", "rounds")

    def __init__(self, defender: Robot, attacker: Robot, agendas: Sequence[Agenda],
                 rounds_left: int, fast: bool) -> None:
        self.defender = defender
        self.attacker = attacker
        self.agendas = [a for a in agendas if a.type == "destructive"]
        self.rounds = max(0, rounds_left - 1)
        self.fast = fast
        self.base = 0.0 if fast else self._worth(defender)

    def _worth(self, robot: Robot) -> float:
        return (-combat_worth(robot, self.rounds)
                + agenda_progress(self.agendas, self.attacker, robot))

    def hit(self, edge: int, face: int) -> float:
        if self.fast:
            return quick_hit(self.defender, edge, face)
        after = self.defender.clone()
        land(after, edge, face)
        return self._worth(after) - self.base

    def per_die(self, edge: int) -> float:
        """Expected worth of one die thrown at ``edge`` (a blank misses)."""
        return sum(self.hit(edge, f) for f in FACES) / 6

    def sequence(self, edge: int, faces: Sequence[int]) -> float:
        """Worth of landing ``faces`` in this order."""
        if self.fast:
            robot = self.defender.clone()
            total = 0.0
            for face in faces:
                total += quick_hit(robot, edge, face)
                land(robot, edge, face)
            return total
        robot = self.defender.clone()
        for face in faces:
            land(robot, edge, face)
        return self._worth(robot) - self.base

    def greedy(self, edge: int, faces: Sequence[int]) -> tuple[float, tuple[int, ...]]:
        """A good order found one hit at a time (each next die the most damaging)."""
        robot = self.defender.clone()
        left = sorted(f for f in faces if f)
        order: list[int] = []
        while left:
            best_face, best = left[0], None
            for face in dict.fromkeys(left):
                value = (quick_hit(robot, edge, face) if self.fast
                         else self._step(robot, edge, face))
                if best is None or value > best:
                    best_face, best = face, value
            land(robot, edge, best_face)
            left.remove(best_face)
            order.append(best_face)
        total = self.sequence(edge, order)
        return total, tuple(order)

    def _step(self, robot: Robot, edge: int, face: int) -> float:
        after = robot.clone()
        land(after, edge, face)
        return self._worth(after) - self._worth(robot)
