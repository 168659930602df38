"""The pilot's and the tactician's panels show where shots will land, in the log's
robot-relative words, and what they show is what the rules then do: the targeted
edge and its lines, the new front and the dice of a dial setting, each die's hit in a
dice order (Dynamite included)."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins.actions import PickTactic, Steer
from game.rules.goblins.events import Hit
from game.rules.goblins.geometry import COCKPIT, LINES, E, N, S, W, side_edge, square
from game.rules.goblins.preview import dials_dice, first_struck, order_hits
from game.scenes.goblins import aim_panels
from game.scenes.goblins.aim_panels import DialsPanel, OrderPanel
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.shots import hit_words, line_point, line_words, side_words
from game.scenes.goblins.tiles import caption_top, square_rect
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session
from tests.rules.goblins.helpers import play_until, robot

ARMED = {"2,3": ("weapon", "NESW", "N"), "3,4": ("weapon", "NESW", "EE", True),
         "3,2": ("engine", "NESW"), "4,3": ("engine", "NESW", "", True)}
"""One arrow north, two east; four engines in all."""
TARGET = {"3,1": ("decoration", "NESW"), "2,1": ("decoration", "NESW"),
          "3,2": ("engine", "NESW"), "2,3": ("weapon", "NESW", "N"),
          "1,3": ("weapon", "NESW", "N")}


@pytest.fixture
def duel(make_app, tmp_path):
    """A 2-seat match at its first dials, both robots built by hand; seat 0 (the
    human) pilots team 0, whose enemy faces east (it turned its right to the front)."""
    app = make_app()
    session = Session.new("goblins", [Seat(HUMAN), Seat(AI)], "standard", 11, tmp_path,
                          bots=StillBots())
    state = session.state
    play_until(state, "choose")
    own, enemy = state.teams[state.team_of(0)], state.teams[1 - state.team_of(0)]
    own.robot = robot(ARMED, {0: 2})
    enemy.robot = robot(TARGET, {1: 2})
    enemy.robot.front = E
    state.face_up = [0, 1, 2]  # Nitro, Nitro, Homing: nothing to use before the roll
    match = MatchScene(app, session)
    match.teamed_up = {(r, 0) for r in range(1, 4)}
    app.scenes.push(match)
    return app, session, match


def _recorded(monkeypatch, names: tuple[str, ...]) -> dict[str, list]:
    calls: dict[str, list] = {name: [] for name in names}
    for name in names:
        monkeypatch.setattr(aim_panels, name,
                            lambda *args, name=name, **kw: calls[name].append(args[1:]))
    return calls


def test_words_are_robot_relative_like_the_log():
    assert side_words("their", 3) == "their left side"
    assert line_words("their", 3, 3) == "their left side, line 3"
    assert line_words("your", 1, 5) == "your right side, line 5"


def test_line_numbers_sit_where_each_line_enters_its_edge():
    yard = pygame.Rect(100, 100, 500, 500)
    for line in range(1, 6):
        column, row = square_rect(yard, square(1, line)), square_rect(yard, square(line, 1))
        assert line_point(yard, N, line, 20) == (column.centerx, 80)
        assert line_point(yard, S, line, 20) == (column.centerx, 620)
        assert line_point(yard, W, line, 20) == (80, row.centery)
        assert line_point(yard, E, line, 20) == (620, row.centery)
        assert square_rect(yard, LINES[S][line][0]).centerx == column.centerx


def test_dials_preview_the_edge_lines_front_and_dice_the_rules_then_use(duel, monkeypatch):
    app, session, match = duel
    panel = match.panel
    assert isinstance(panel, DialsPanel) and panel.is_pilot
    panel.steer, panel.target = 1, 3  # turn the right side to the front, aim at their left
    calls = _recorded(monkeypatch, ("draw_ruler", "draw_struck", "draw_new_front"))
    panel.draw(app.screen)
    enemy = session.state.teams[1].robot
    edge = side_edge(enemy.front, 3)
    assert edge == N, "their left, as they face east, is the yard's top edge"
    (ruler,) = calls["draw_ruler"]
    assert ruler[:3] == (match.enemy_yard, edge, "their left side")
    assert list(ruler[3]) == [line for line, sq in enumerate(first_struck(enemy, N), 1)
                              if sq < 0], "empty lines are dimmed"
    assert calls["draw_struck"] == [(match.enemy_yard, edge, first_struck(enemy, N))]
    assert first_struck(enemy, N) == (square(2, 1), square(3, 2), square(1, 3), -1, -1)
    assert calls["draw_new_front"] == [(match.own_yard, E, True)]
    own = session.state.teams[0].robot
    dice = dials_dice(own, 1, 3)
    words = [text for text, _ in panel.pilot_words()]
    assert words[0].startswith(f"{dice} dice ({dice + 1} with Sabotage): 2 arrows on your "
                               "new front")
    assert "Aim: their left side" in words[2]
    assert "if they turn, the side turns with their robot" in words[3]
    panel.pick = 0
    panel.confirm()
    session.play(Steer(1, 0, 0))  # the enemy keeps its front, so the mark holds
    session.play(PickTactic(1, 0))
    _finish_combat_round(session)
    events = session.history_for(0)
    rolled = next(e.dice for e in events if e.kind == "dice_rolled" and e.team == 0)
    assert len(rolled) == dice
    edges = {e.edge for e in events if e.kind == "hit" and e.team == 1}
    assert edges == ({edge} if any(rolled) else set())


def _finish_combat_round(session) -> None:
    """Both tacticians skip their dice tactics and order as rolled; pilots take the
    default token."""
    while session.state.phase in ("post_roll", "order", "token"):
        seat = session.to_act()[0]
        options = session.rules.legal_actions(session.state, seat)
        session.play(next((a for a in options if a.kind == "end_tactics"), options[0]))


def test_a_goof_is_said_and_aims_at_their_front(duel, monkeypatch):
    app, session, match = duel
    panel = match.panel
    session.state.teams[0].robot = robot({"2,3": ("weapon", "NESW", "N")}, {0: 2})
    panel.robot, panel.engines = session.state.teams[0].robot, 1
    panel.steer, panel.target = 2, 2
    calls = _recorded(monkeypatch, ("draw_ruler", "draw_struck", "draw_new_front"))
    panel.draw(app.screen)
    assert "GOOF" in panel.pilot_words()[1][0]
    assert calls["draw_ruler"][0][1:3] == (E, "their front side")
    assert calls["draw_new_front"] == [(match.own_yard, N, False)]


def _ordering(session, dice: list[int], abilities: list[str]) -> None:
    """Team 0 in the order step aiming at the enemy's left (the top edge: they face
    east), the enemy having nothing to throw."""
    state = session.state
    a, b = square(3, 1), square(3, 2)
    state.teams[1].robot.tokens = [(a, b), (a,)]
    state.phase = "order"
    own = state.teams[0]
    own.dice, own.abilities, own.target, own.ordered = list(dice), list(abilities), 3, False
    state.teams[1].dice, state.teams[1].ordered = [], True


def test_order_preview_lists_and_numbers_each_hit_as_the_rules_land_them(duel, monkeypatch):
    app, session, match = duel
    _ordering(session, [1, 3, 0, 1], ["dynamite"])
    view = session.view(0)
    panel = OrderPanel(match, view, 0)
    assert panel.order() == (1, 3, 1)
    panel.toggle()
    hits = order_hits(view, 0, (1, 3, 1), True)
    assert panel.preview() == hits
    assert panel.labels() == ["1", "1", "2", "3"], "Dynamite: the first die hits twice"
    assert [(h.edge, h.face, h.square, h.outcome) for h in hits] == [
        (N, 1, square(2, 1), "destroyed"), (N, 1, square(3, 1), "token"),
        (N, 3, square(1, 3), "destroyed"), (N, 1, square(3, 1), "token")]
    enemy = view.teams[1].robot
    lines = [text for text, _ in panel.preview_lines()]
    assert lines[0] == f"#1: line 1, {hit_words(hits[0], enemy)}"
    assert lines[1].startswith("#1 again (Dynamite): line 1, a defense token on 3,1")
    assert lines[3] == "#3: line 1, a defense token on 3,1 takes it"
    assert lines[2].startswith("#2: line 3, destroys weapon ")
    calls = _recorded(monkeypatch, ("draw_ruler", "draw_order"))
    panel.draw(app.screen)
    assert calls["draw_ruler"] == [(match.enemy_yard, N, "their left side")]
    assert calls["draw_order"] == [(match.enemy_yard, hits, ["1", "1", "2", "3"])]
    monkeypatch.undo()
    panel.confirm()
    _finish_combat_round(session)
    landed = [e for e in session.history_for(0) if isinstance(e, Hit)]
    assert landed == hits, "the preview is what happened"


def test_order_preview_follows_the_line_up(duel):
    """Line 2 first knocks out 3,2 and the two tiles it holds, leaving line 1 empty;
    line 1 first takes 2,1 alone."""
    _app, session, match = duel
    _ordering(session, [2, 1], [])
    session.state.teams[1].robot.tokens = []
    panel = OrderPanel(match, session.view(0), 0)
    assert panel.order() == (2, 1)
    first = panel.preview()
    assert [(h.square, h.outcome) for h in first] == [(square(3, 2), "destroyed"),
                                                       (-1, "miss")]
    assert first[0].destroyed == (square(3, 2), square(2, 1), square(3, 1))
    assert "and 2 more tiles fall off" in panel.preview_lines()[0][0]
    panel.row.reverse()
    assert [(h.square, h.outcome) for h in panel.preview()] == [
        (square(2, 1), "destroyed"), (square(3, 2), "destroyed")]


def test_order_preview_reaches_the_cockpit(duel):
    _app, session, match = duel
    _ordering(session, [3, 3, 3, 3], [])
    session.state.teams[1].robot.tokens = []
    panel = OrderPanel(match, session.view(0), 0)
    hits = panel.preview()
    assert [h.square for h in hits] == [square(1, 3), square(2, 3), COCKPIT, COCKPIT]
    assert hits[2].outcome == "goblin" and "Blue loses a goblin" in panel.preview_lines()[2][0]


def test_hit_words_name_what_each_outcome_does(catalogue):
    target = robot(TARGET, {1: 2})
    tile = target.tiles[square(3, 2)]
    assert hit_words(Hit(1, W, 3, square(3, 2), "destroyed", (square(3, 2), 10, 5)),
                     target) == f"destroys engine {tile.id} on 3,2, and 2 more tiles fall off"
    assert hit_words(Hit(1, W, 4, -1, "miss"), target) == "the line is empty: a miss"
    assert hit_words(Hit(1, W, 3, COCKPIT, "empty_cockpit"), target).startswith(
        "hits the empty cockpit")


def test_a_duel_pilot_words_fit_their_box_above_lock_in(duel):
    """A duel's pilot is its tactician too: the words share the panel with the cards
    and must stop above the Lock in button for every dial setting."""
    _app, _session, match = duel
    panel = match.panel
    assert panel.is_pilot and panel.is_tactician
    assert not panel.words_box.colliderect(panel.confirm_button.rect)
    for steer in range(4):
        for target in range(4):
            panel.steer, panel.target = steer, target
            size, lines = panel.fitted_words()
            height = sum(len(p) * (size + 4) + 6 for p in lines)
            assert height <= panel.words_box.height, (steer, target)
            assert any("dice" in line or " die" in line for line, _ in lines[0])


@pytest.mark.parametrize("edge", [N, E, S, W])
def test_the_new_front_mark_keeps_clear_of_the_captions(duel, edge):
    """Under the yard sit the crew and scrapyard lines: the new-front mark, wherever
    the dial puts the front, never covers them."""
    app, _session, match = duel
    yard = match.own_yard
    covered = aim_panels.draw_new_front(app.screen, yard, edge, True)
    captions = pygame.Rect(yard.x, caption_top(yard), yard.width, 60)
    assert not covered.colliderect(captions)
    assert not covered.colliderect(yard), "nor the yard itself"
