"""What a robot and a seat's agendas are worth: the static evaluation the bots share.

``build_worth`` scores a robot under construction (firepower over the combat, cockpit
cover, tokens, attachment, the builder's own agendas); ``combat_worth`` scores a robot
in combat (crew, weapons, tiles, tokens, firepower for the rounds left). Agenda
estimates use only the seat's own agendas and the two robots, which are public.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.goblins.frontier import outlook
from game.ai.goblins.robotmath import arrows_by_edge, cockpit_cover, firepower
from game.rules.goblins.catalogue import Agenda
from game.rules.goblins.geometry import NEIGHBOUR, NEIGHBOURS
from game.rules.goblins.robot import Robot
from game.rules.goblins.scoring import agenda_count

SURVIVAL = 0.6
"""Share of a robot's tiles expected to still stand when combat ends."""
LOOSE_PENALTY = 4.5
"""Cost of one tile expected to fall off before combat (see ``frontier.outlook``)."""
DISABLED = 30.0
SHIELD = 0.3
"""Extra worth of an armor plate that also shields a weapon joined to it."""
FIRE = 1.6
"""Worth of one die over the combat (rounds weighted, see ``firepower``)."""
TILE = 0.45
"""Worth of an attached tile: one more hit the robot can absorb."""
COVER = 1.0
"""Worth of one layer of cover in front of the cockpit (see ``cockpit_cover``)."""


def build_worth(robot: Robot, buildable: int, agendas: Sequence[tuple[Agenda, float]]) -> float:
    """A robot in the yard: what it will do in combat (firepower over the rounds with
    its engines), how well the cockpit is covered, its tokens (more when a plate also
    shields a weapon), attach points left, and the seat's defensive agendas.
    ``buildable`` has a bit per square still free to build on (for attach points)."""
    attached = robot.attached_mask()
    tiles = robot.tiles
    metal = robot.metal
    count = weapons = engines = armor_tokens = hooks = shielded = 0
    for sq, tile in enumerate(tiles):
        if tile is None or sq == 12:
            continue
        if not attached >> sq & 1:
            continue
        count += 1
        kind = tile.kind
        if kind == "weapon":
            weapons += 1
        elif kind == "engine":
            engines += tile.engines
        m = metal[sq]
        if kind == "armor":
            armor_tokens += len(tile.plates)
            for plate in tile.rot_plates[robot.rots[sq]]:
                nb = NEIGHBOUR[sq][plate]
                if (nb >= 0 and m >> plate & 1 and (other := tiles[nb]) is not None
                        and other.kind == "weapon" and metal[nb] >> ((plate + 2) & 3) & 1):
                    shielded += 1
        for edge, nb in NEIGHBOURS[sq]:
            if m >> edge & 1 and buildable >> nb & 1 and tiles[nb] is None:
                hooks += 1
    arrows = arrows_by_edge(robot, attached)
    fire = firepower(arrows, 1 + engines)
    falls = outlook(robot, buildable, attached).expected_fallen
    value = (FIRE * fire + TILE * count - LOOSE_PENALTY * falls + 0.35 * min(weapons, 6)
             + 0.25 * min(engines, 4) + 0.55 * armor_tokens + SHIELD * shielded
             + COVER * cockpit_cover(robot, attached) + 0.12 * min(hooks, 10))
    if weapons == 0:
        value -= 4.0
    for agenda, weight in agendas:
        if agenda.source == "own_robot":
            count = agenda_count(agenda, robot, robot)
            value += weight * SURVIVAL * count * agenda.points / agenda.every
    return value


def combat_worth(robot: Robot, rounds_left: int) -> float:
    """A robot in combat, for its own team: being disabled costs most, then crew,
    weapons and firepower, then everything that can still go to the scrapyard."""
    crew = robot.crew()
    weapons = robot.count_kind("weapon")
    tiles = sum(1 for t in robot.tiles if t is not None) - 1
    value = 7.0 * crew + 0.9 * tiles + 0.9 * len(robot.tokens) + 0.8 * min(weapons, 5)
    if rounds_left > 0:
        arrows = arrows_by_edge(robot)
        weights = (1.0, 0.7, 0.5, 0.35)[:rounds_left]
        value += 1.0 * firepower(arrows, robot.engines(), robot.front, weights)
    if crew == 0 or weapons == 0:
        value -= DISABLED
    return value


def agenda_progress(agendas: Sequence[Agenda], own: Robot, enemy: Robot) -> float:
    """Smooth version of the seat's agenda points now (partial sets count in part), so
    a hit that brings a set closer is worth something."""
    total = 0.0
    for agenda in agendas:
        if agenda.type == "betting":
            continue
        total += agenda_count(agenda, own, enemy) * agenda.points / agenda.every
    return total
