"""The kept agendas and the bet stay in sight through combat with their worth so far,
and the agenda choice shows what each card would score now: hand-worked figures on
hand-built positions."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins.catalogue import make_tile
from game.rules.goblins.geometry import square
from game.scenes.goblins.agenda_board import BOARD, board_lines, draw_agenda_board
from game.scenes.goblins.combat_panels import AgendaPanel
from game.ui.palette import BACKGROUND
from tests.rules.goblins.helpers import robot
from tests.scenes.goblins.matches import match_at, rebuild_panel

OWN = {"2,3": ("weapon", "S", "N"), "3,2": ("decoration", "NESW"),
       "3,4": ("engine", "NESW"), "4,3": ("armor", "N", "S")}
ENEMY = {"2,3": ("weapon", "S", "N")}


def _weapon():
    return make_tile(-1, "w", "weapon", False, 0b0100, (0,))


def _set_robots(state, armored: bool) -> None:
    """Seat 0's team: four tiles beside the cockpit; the enemy lost three weapons, three
    tokens and a goblin, so seat 0's team leads the tiebreak."""
    own, enemy = state.teams[state.team_of(0)], state.teams[1 - state.team_of(0)]
    crew = (lambda team: {seat: 2 for seat in team.seats}) if armored else (lambda team: {})
    own.robot = robot(OWN, crew(own))
    enemy.robot = robot(ENEMY, crew(enemy))
    if armored:
        own.robot.tokens = [(square(4, 3),)]  # the armor's one token
    enemy.robot.scrap_tiles = [_weapon(), _weapon(), _weapon()]
    enemy.robot.scrap_tokens, enemy.robot.scrap_goblins = 3, 1


@pytest.fixture
def combat(make_app, tmp_path):
    app = make_app()
    match = match_at(app, tmp_path, lambda state, session: state.phase == "choose")
    state = match.state
    _set_robots(state, armored=True)
    names = state.catalogue.agenda_named
    state.players[0].agendas = sorted(names(n).index for n in
                                      ("Camouflager", "Decoy", "Gun Nut", "Star"))
    state.players[0].bet = "Star"
    match._view = None
    return match


def test_the_board_shows_each_kept_agenda_with_its_worth_so_far(combat):
    view = combat.current_view()
    assert sorted(board_lines(view, 0)) == sorted([
        ("Camouflager", 8, "counted 4"),            # four tiles beside the cockpit
        ("Decoy", 2, "counted 1"),                   # one token aboard
        ("Gun Nut", 3, "counted 3: 1 set(s) of 2"),  # three enemy tokens lost
        ("Bet: Star", 4, "pays if your team wins; it is winning now")])


def _inked(view) -> pygame.mask.Mask:
    """The pixels the board paints over a plain background."""
    surface = pygame.Surface((1920, 1080))
    surface.fill(BACKGROUND)
    draw_agenda_board(surface, view, 0)
    mask = pygame.mask.from_threshold(surface, BACKGROUND, (1, 1, 1, 255))
    mask.invert()
    return mask


def test_the_board_is_drawn_in_combat_under_the_log_and_not_while_building(combat):
    view = combat.current_view()
    inked = _inked(view)
    assert inked.count() > 0
    assert all(BOARD.contains(rect) for rect in inked.get_bounding_rects())
    view.phase = "build"
    assert _inked(view).count() == 0


def test_the_agenda_choice_shows_what_each_card_would_score_now(make_app, tmp_path):
    app = make_app()
    match = match_at(app, tmp_path, lambda state, session: state.phase == "agendas"
                     and 0 in session.to_act())
    state = match.state
    _set_robots(state, armored=False)
    names = state.catalogue.agenda_named
    hand = {n: names(n).index for n in ("Camouflager", "Decoy", "Gun Nut", "Ninja",
                                        "Driller", "Greasemonkey", "Star")}
    state.players[0].hand = sorted(hand.values())
    rebuild_panel(match)
    panel = match.panel
    assert isinstance(panel, AgendaPanel)
    worth = {name: panel.worth[index] for name, index in hand.items()}
    assert worth == {
        "Camouflager": (("now: 8 points", True), "counted 4"),
        # goblins not in and no tokens down yet: counted as combat will start
        "Decoy": (("now: 2 points", True), "counted 1"),
        "Gun Nut": (("now: 3 points", True), "counted 3: 1 set(s) of 2"),
        "Ninja": (("now: 3 points", True), "counted 1"),
        "Driller": (("now: 7 points", True), "counted 7"),   # the enemy holds one of eight
        "Greasemonkey": (("now: 2 points", True), "counted 1"),
        "Star": (("now: Star 4, Snitch 0", True), "your team is winning"),
    }
