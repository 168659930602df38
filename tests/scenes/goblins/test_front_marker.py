"""The robot's front marker: drawn while building as in combat, inside its own band, and
never under the crew and scrapyard lines below the yards, whichever side is in front."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins.robot import Robot
from game.scenes.goblins.tiles import caption_top, draw_yard, front_marker_rect
from game.ui.palette import ACCENT, BACKGROUND, YARD
from tests.scenes.goblins.matches import match_at

SIDE = pygame.Rect(100, 150, 420, 420)


@pytest.mark.parametrize("front", range(4))
def test_the_marker_stays_inside_its_rect(make_app, front):
    make_app()
    robot = Robot()
    robot.front = front
    plain, marked = pygame.Surface((700, 700)), pygame.Surface((700, 700))
    draw_yard(plain, SIDE, robot, show_front=False)
    draw_yard(marked, SIDE, robot)
    changed = [(x, y) for x in range(0, 700, 2) for y in range(0, 700, 2)
               if plain.get_at((x, y)) != marked.get_at((x, y))]
    assert changed, "the front is marked"
    rect = front_marker_rect(SIDE, front)
    assert all(rect.collidepoint(p) for p in changed)
    assert rect.bottom <= caption_top(SIDE)


@pytest.fixture
def combat(make_app, tmp_path):
    app = make_app()
    return match_at(app, tmp_path, lambda state, session: state.phase == "choose"
                    and state.combat_round >= 2)


@pytest.mark.parametrize("front", range(4))
def test_no_caption_under_the_yards_covers_the_marker(combat, front):
    """Whatever side is in front, the marker's band holds only the marker, the yard's
    frame and the background (the crew and scrapyard lines are clear of it)."""
    for team in combat.state.teams:
        team.robot.front = front
    combat._view = None
    surface = pygame.Surface((1920, 1080))
    surface.fill(BACKGROUND)
    combat.draw_static(surface)
    allowed = {ACCENT, BACKGROUND, YARD}
    for yard in (combat.own_yard, combat.enemy_yard):
        band = front_marker_rect(yard, front)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(band.left, band.right)
                   for y in range(band.top, band.bottom)}
        assert colours <= allowed, colours - allowed
