"""Hover help on the Goblins match screen: a tile's arrows, plates and metal edges are
told in the robot's own side words, counted from its front as it stands (never compass
points, nor are the blueprints' notes on the team-up), and the help box sits beside
what is hovered, never over it: beside the whole yard for a yard square, so the squares
around it stay in view."""

from __future__ import annotations

import re

import pygame
import pytest

import game.scenes.goblins.match as match_module
from game.rules.goblins.geometry import E, N, S, W
from game.scenes.goblins.build_panels import BuilderPanel, PlannerPanel
from game.scenes.goblins.teamup import in_robot_words
from game.scenes.goblins.tiles import square_rect
from game.scenes.goblins.tooltip import describe_tile
from tests.scenes.goblins.matches import match_at, rebuild_panel

COMPASS = re.compile(r"\b(north|south|east|west)(ern|erly|ward|wards)?\b|\b[NESW]\b",
                     re.IGNORECASE)
SCREEN = pygame.Rect(0, 0, 1920, 1080)


def test_no_tile_is_described_in_compass_points_at_any_turn_or_facing(catalogue):
    for tile in catalogue.tiles:
        for rot in range(4):
            for front in range(4):
                words = describe_tile(tile, rot, front)
                assert not COMPASS.search(words.replace(tile.id, "")), words
                assert tile.note not in words or not tile.note


def test_an_arrow_at_the_robot_s_front_reads_front(catalogue):
    w02 = next(t for t in catalogue.tiles if t.id == "W02")
    assert w02.arrows == (E,), "W02's printed arrow points to the yard's right edge"
    # As printed, on robots facing each of the four yard edges.
    assert "arrow pointing right;" in describe_tile(w02, 0, N)
    assert "arrow pointing front;" in describe_tile(w02, 0, E)
    assert "arrow pointing left;" in describe_tile(w02, 0, S)
    assert "arrow pointing back;" in describe_tile(w02, 0, W)
    # Turned a quarter (the arrow to the yard's bottom edge) on a robot facing it.
    assert "arrow pointing front;" in describe_tile(w02, 1, S)
    for tile in catalogue.tiles:
        for rot in range(4):
            for front in range(4):
                words = describe_tile(tile, rot, front)
                if front in tile.rot_arrows[rot]:
                    assert "pointing front" in words, words
                if front in tile.rot_plates[rot]:
                    assert "facing front" in words, words


def test_twin_arrows_plates_and_metal_are_counted_in_side_words(catalogue):
    by_id = {t.id: t for t in catalogue.tiles}
    assert describe_tile(by_id["W28"], 0) == (
        "W28: premium weapon; 2 arrows pointing left; metal on the right.")
    assert describe_tile(by_id["W32"], 1) == (
        "W32: premium weapon; arrows pointing right and left; metal on the front and back.")
    assert describe_tile(by_id["A08"], 0, E) == (
        "A08: premium armor; plates facing front and back; metal on the front.")
    assert describe_tile(by_id["E01"], 0).endswith("; metal on all four sides.")


def test_blueprint_notes_on_the_team_up_read_in_robot_words(catalogue):
    notes = [in_robot_words(blueprint.note) for blueprint in catalogue.blueprints]
    assert not [note for note in notes if COMPASS.search(note)]
    notch = next(b for b in catalogue.blueprints if "from the north" in b.note)
    assert "leaving column 3 open from the front:" in in_robot_words(notch.note)


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


def test_a_yard_square_s_help_sits_beside_the_yard_in_the_robot_s_words(combat, monkeypatch):
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
            assert text.split("\n")[0] == describe_tile(robot.tiles[sq], robot.rots[sq],
                                                        robot.front)
            assert SCREEN.contains(box) and not box.colliderect(yard), (box, yard)
            assert not COMPASS.search(text.replace(robot.tiles[sq].id, ""))


def test_the_help_follows_the_robot_when_it_turns(combat, monkeypatch):
    """A weapon on the own yard: its arrow is told from the robot's front, so after the
    robot turns the same arrow is named by its new side."""
    app, match = combat
    robot = match.own_team(match.state).robot   # the robot itself, as steering turns it
    sq = next(sq for sq, tile in enumerate(robot.tiles)
              if tile is not None and tile.kind == "weapon")
    arrow = robot.tiles[sq].rot_arrows[robot.rots[sq]][0]
    point = square_rect(match.own_yard, sq).center
    for front, side in ((arrow, "front"), ((arrow + 1) & 3, "left"), ((arrow + 2) & 3, "back"),
                        ((arrow + 3) & 3, "right")):
        robot.front = front
        match._view = None
        text, _ = _drawn_tooltips(app, match, monkeypatch, point)[0]
        assert f"pointing {side}" in text, (front, text)


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
        assert "pointing" in text or "facing" in text or "metal" in text
        assert SCREEN.contains(box) and not box.colliderect(rect)
