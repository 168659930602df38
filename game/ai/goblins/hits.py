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
from game.rules.goblins.geometry import COCKPIT, LINES
from game.rules.goblins.robot import Robot

FACES = (1, 2, 3, 4, 5)


def quick_hit(robot: Robot, edge: int, face: int) -> float:
    """Worth of one hit judged by the first square on its line only."""
    return quick_row(robot, edge)[face]


def quick_table(robot: Robot) -> list[list[float]]:
    """``quick_hit`` for every edge and face (index 0, the blank, is worth nothing)."""
    return [quick_row(robot, edge) for edge in range(4)]


def quick_row(robot: Robot, edge: int) -> list[float]:
    """``quick_hit`` for every face from one edge."""
    crew = robot.crew()
    cockpit = 0.0 if crew == 0 else (14.0 if crew == 1 else 7.0)
    weapon = 3.5 if robot.count_kind("weapon") == 1 else 2.2
    covered = 0
    for squares in robot.tokens:
        for sq in squares:
            covered |= 1 << sq
    tiles = robot.tiles
    row = [0.0]
    for line in LINES[edge][1:]:
        value = 0.0
        for sq in line:
            tile = tiles[sq]
            if tile is None:
                continue
            if sq == COCKPIT:
                value = cockpit
            elif covered >> sq & 1:
                value = 0.9
            else:
                value = weapon if tile.kind == "weapon" else 1.2
            break
        row.append(value)
    return row


class Damage:
    """Scores hits on one defending robot for one attacking seat."""

    __slots__ = ("agendas", "attacker", "base", "defender", "fast", "rounds", "table")

    def __init__(self, defender: Robot, attacker: Robot, agendas: Sequence[Agenda],
                 rounds_left: int, fast: bool) -> None:
        self.defender = defender
        self.attacker = attacker
        self.agendas = [a for a in agendas if a.type == "destructive"]
        self.rounds = max(0, rounds_left - 1)
        self.fast = fast
        self.base = 0.0 if fast else self._worth(defender)
        self.table = quick_table(defender) if fast else None

    def _worth(self, robot: Robot) -> float:
        return (-combat_worth(robot, self.rounds)
                + agenda_progress(self.agendas, self.attacker, robot))

    def hit(self, edge: int, face: int) -> float:
        if self.table is not None:
            return self.table[edge][face]
        after = self.defender.clone()
        land(after, edge, face)
        return self._worth(after) - self.base

    def per_die(self, edge: int) -> float:
        """Expected worth of one die thrown at ``edge`` (a blank misses)."""
        return sum(self.hit(edge, f) for f in FACES) / 6

    def sequence(self, edge: int, faces: Sequence[int]) -> float:
        """Worth of landing ``faces`` in this order."""
        robot = self.defender.clone()
        if self.fast:
            total = 0.0
            for face in faces:
                total += quick_row(robot, edge)[face]
                land(robot, edge, face)
            return total
        for face in faces:
            land(robot, edge, face)
        return self._worth(robot) - self.base

    def greedy(self, edge: int, faces: Sequence[int]) -> tuple[float, tuple[int, ...]]:
        """A good order found one hit at a time (each next die the most damaging)."""
        robot = self.defender.clone()
        left = sorted(f for f in faces if f)
        order: list[int] = []
        total = 0.0
        while left:
            if self.fast:
                row = quick_row(robot, edge)
                gains = {face: row[face] for face in left}
            else:
                gains = {face: self._step(robot, edge, face) for face in left}
            best_face = max(gains, key=lambda f: gains[f])
            total += gains[best_face]
            land(robot, edge, best_face)
            left.remove(best_face)
            order.append(best_face)
        return (total if self.fast else self.sequence(edge, order)), tuple(order)

    def _step(self, robot: Robot, edge: int, face: int) -> float:
        after = robot.clone()
        land(after, edge, face)
        return self._worth(after) - self._worth(robot)
