"""Building that reads at a glance: loose tiles are marked on the yard, each free square
tells whether the tile in hand joins there, the front is marked, and a turn chosen for
one tile is not carried to the next."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins.catalogue import make_tile
from game.rules.goblins.geometry import COCKPIT, square
from game.rules.goblins.joining import JOINS, LATER, NEVER, TURN
from game.rules.goblins.robot import Robot
from game.scenes.goblins.build_guides import GUIDE_COLOURS, status
from game.scenes.goblins.build_panels import BuilderPanel
from game.scenes.goblins.tiles import draw_tile, draw_yard, square_rect
from game.ui.palette import BACKGROUND
from tests.scenes.clicker import click
from tests.scenes.goblins.matches import match_at, rebuild_panel

YARD = pygame.Rect(100, 150, 420, 420)
SLASHBACK = (0, 6, 18, 24)
"""Blueprint 5's forbidden squares: 1,1, 2,2, 4,4 and 5,5."""
W16, W17 = 15, 16
"""Catalogue weapons with one metal edge: W16's is S, W17's is W (at no turn)."""


def _tile(metal: int):
    return make_tile(-1, "t", "decoration", False, metal)


def _marked(surface: pygame.Surface, robot: Robot) -> list[int]:
    """Squares whose tile is drawn differently from the bare tile picture."""
    marked = []
    for sq, tile in enumerate(robot.tiles):
        if tile is None or sq == COCKPIT:
            continue
        rect = square_rect(YARD, sq).inflate(-4, -4)
        bare = pygame.Surface(rect.size)
        bare.fill(BACKGROUND)
        draw_tile(bare, tile, robot.rots[sq], bare.get_rect())
        inside = pygame.Rect(12, 12, rect.width - 24, rect.height - 24)
        drawn = surface.subsurface(rect).subsurface(inside)
        if any(drawn.get_at((x, y)) != bare.get_at((x + 12, y + 12))
               for x in range(0, inside.width, 3) for y in range(0, inside.height, 3)):
            marked.append(sq)
    return marked


def test_the_yard_marks_exactly_the_loose_tiles(make_app):
    make_app()
    robot = Robot()
    robot.place(square(2, 3), _tile(0b0101), 0)   # N and S metal: joined to the cockpit
    robot.place(square(1, 3), _tile(0b0100), 0)   # S metal: joined through 2,3
    robot.place(square(3, 4), _tile(0b0010), 0)   # E metal only: loose beside the cockpit
    robot.place(square(5, 1), _tile(0b1111), 0)   # all metal, far away: loose
    surface = pygame.Surface((1920, 1080))
    draw_yard(surface, YARD, robot)
    assert robot.loose_squares() == [square(3, 4), square(5, 1)]
    assert _marked(surface, robot) == [square(3, 4), square(5, 1)]


@pytest.fixture
def builder(make_app, tmp_path):
    """Seat 0 building on Slashback, its yard replaced by a hand-built one: the cockpit
    and W17 on 5,3 (only its W edge is metal, so it is loose); in hand W16 and W18."""
    app = make_app()
    match = match_at(app, tmp_path, lambda state, session: state.phase == "build"
                     and bool(state.players[0].tiles) and 0 in session.to_act()
                     and not state.players[0].drawn)
    state = match.state
    state.blueprint = 5
    robot = Robot()
    robot.place(square(5, 3), state.catalogue.tiles[W17], 0)
    state.teams[state.team_of(0)].robot = robot
    state.players[0].tiles = [W16, W17 + 1]
    rebuild_panel(match)
    assert isinstance(match.panel, BuilderPanel)
    assert state.catalogue.blueprints[5].forbidden == SLASHBACK
    return app, match


def _guides(match) -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for sq, verdict in match.panel.verdicts().items():
        found.setdefault(verdict, set()).add(sq)
    return found


def test_each_free_square_says_whether_the_tile_in_hand_joins_there(builder):
    app, match = builder
    panel = match.panel
    assert panel.selected == W16 and panel.rot == 0
    free = {sq for sq in range(25) if sq not in (*SLASHBACK, COCKPIT, square(5, 3))}
    guides = _guides(match)
    # W16 turned 0 has metal on S only: it joins on 2,3 (S faces the cockpit); beside
    # the cockpit elsewhere it joins once turned; 5,4 is walled in by 4,4 and 5,5
    # (forbidden) and by 5,3, whose E edge is bare; every other square needs later tiles.
    assert guides == {JOINS: {square(2, 3)},
                      TURN: {square(3, 2), square(3, 4), square(4, 3)},
                      NEVER: {square(5, 4)},
                      LATER: free - {square(2, 3), square(3, 2), square(3, 4), square(4, 3),
                                     square(5, 4)}}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    app.frame()
    assert panel.rot == 1
    guides = _guides(match)
    assert guides[JOINS] == {square(3, 4)}, "turned once its metal is on W"
    assert guides[TURN] == {square(2, 3), square(3, 2), square(4, 3)}


def test_the_guides_are_drawn_in_their_colours(builder):
    _, match = builder
    surface = pygame.Surface((1920, 1080))
    match.panel.draw(surface)
    for sq, verdict in match.panel.verdicts().items():
        rect = square_rect(match.own_yard, sq).inflate(-6, -6)
        assert surface.get_at((rect.centerx, rect.y + 1))[:3] == GUIDE_COLOURS[verdict], sq


def test_a_new_tile_starts_unturned_and_each_keeps_its_own_turn(builder):
    app, match = builder
    panel = match.panel
    first, second = (rect for _, rect in panel.hand_rects())
    click(app, first.center, button=3)
    click(app, first.center, button=3)
    assert (panel.selected, panel.rot) == (W16, 2)
    click(app, second.center)
    assert (panel.selected, panel.rot) == (W17 + 1, 0), "the turn is not carried over"
    click(app, first.center)
    assert (panel.selected, panel.rot) == (W16, 2), "the first tile kept its own turn"
    click(app, square_rect(match.own_yard, square(4, 3)).center)
    assert panel.tentative == [(W16, square(4, 3), 2)]
    assert (panel.selected, panel.rot) == (W17 + 1, 0), "the next tile starts unturned"
    click(app, panel.undo_button.rect.center)
    assert (panel.selected, panel.rot) == (W16, 2), "undo gives the tile back as it was"


def test_the_hovered_square_is_explained_for_this_turn_and_every_turn():
    text, _ = status(TURN, ("never", "now", "later", "later"), 0, "2,3")
    assert text == "2,3: turn it (R) and it joins here (turned as shown it never can)."
    text, colour = status(NEVER, ("never",) * 4, 1, "5,4")
    assert "can never join here, at any turn" in text and colour == GUIDE_COLOURS[NEVER]
    text, _ = status(LATER, ("later", "never", "never", "later"), 0, "1,2")
    assert text.startswith("1,2: not joined yet: it falls off unless")
