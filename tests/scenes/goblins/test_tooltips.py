"""Hover help on the Goblins match screen sits beside what is hovered, never over it:
beside the whole yard for a yard square, so the squares around it stay in view, and
beside the tile for a tile in hand."""

from __future__ import annotations

import pygame
import pytest

import game.scenes.goblins.match as match_module
from game.scenes.goblins.build_panels import BuilderPanel, PlannerPanel
from game.scenes.goblins.tiles import square_rect
from tests.scenes.goblins.matches import match_at, rebuild_panel

SCREEN = pygame.Rect(0, 0, 1920, 1080)


@pytest.fixture
def combat(make_app, tmp_path):
    app = make_app()
    return app, match_at(app, tmp_path, lambda state, session: state.phase == "choose"
                         and state.combat_round >= 2)


def _drawn_tooltips(app, match, monkeypatch, pos) -> list[tuple[str, pygame.Rect]]:
    """Draw a frame with the pointer at ``pos``; the help boxes drawn, with their text."""
    boxes: list[tuple[str, pygame.Rect]] = []
    real = match_module.draw_tooltip

    def spy(surface, text, at, anchor=None):
        box = real(surface, text, at, anchor)
        boxes.append((text, box))
        return box

    monkeypatch.setattr(match_module, "draw_tooltip", spy)
    monkeypatch.setattr(match_module, "pointer", lambda: pos)
    app.frame()
    return boxes


def test_a_yard_square_s_help_sits_beside_the_yard(combat, monkeypatch):
    app, match = combat
    view = match.current_view()
    for yard, robot in ((match.own_yard, match.own_team(view).robot),
                        (match.enemy_yard, view.teams[1 - view.team_of(0)].robot)):
        squares = [sq for sq, tile in enumerate(robot.tiles)
                   if tile is not None and tile.kind != "cockpit"]
        assert squares, "a robot with tiles"
        for sq in squares:
            boxes = _drawn_tooltips(app, match, monkeypatch, square_rect(yard, sq).center)
            assert len(boxes) == 1
            text, box = boxes[0]
            assert text.startswith(robot.tiles[sq].id + ":")
            assert SCREEN.contains(box) and not box.colliderect(yard), (box, yard)


@pytest.mark.parametrize("panel", [PlannerPanel, BuilderPanel])
def test_a_hand_tile_s_help_sits_beside_that_tile(make_app, tmp_path, monkeypatch, panel):
    app = make_app()
    match = match_at(app, tmp_path, lambda state, session: state.phase == "build"
                     and 0 in session.to_act() and (bool(state.players[0].drawn)
                                                   and state.players[0].passed is None)
                     == (panel is PlannerPanel))
    rebuild_panel(match)
    assert isinstance(match.panel, panel)
    rects = (match.panel.rects if isinstance(match.panel, PlannerPanel)
             else [rect for _, rect in match.panel.hand_rects()])
    assert rects
    for rect in rects:
        boxes = _drawn_tooltips(app, match, monkeypatch, rect.center)
        assert len(boxes) == 1
        text, box = boxes[0]
        assert "metal" in text
        assert SCREEN.contains(box) and not box.colliderect(rect)
