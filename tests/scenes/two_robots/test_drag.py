"""A hand card can be dragged onto what it is played on: dropped on a lit Stack it is
played there, dropped on nothing it stays chosen, and a press that barely moves is an
ordinary click (which chooses the card)."""

from __future__ import annotations

import pygame

from game.rules.two_robots.state import PLAY
from game.scenes.still import StillBots, advance
from game.scenes.two_robots.match import MatchScene
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import drag
from tests.scenes.two_robots.clicker import card_point


def _orange_builds(session: Session) -> bool:
    state = session.state
    return (state.step == PLAY and state.active == 0
            and any(a.kind == "part" for a in session.rules.legal_actions(state, 0)))


def _match(make_app, tmp_path) -> tuple:
    app = make_app()
    session = Session.new("two_robots", [Seat(HUMAN), Seat(AI, "random")], "standard", 4,
                          tmp_path, bots=StillBots())
    advance(session, lambda: _orange_builds(session), 4, session.play)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    return app, session, match


def test_a_part_dropped_on_a_lit_stack_is_built_there(make_app, tmp_path):
    app, session, match = _match(make_app, tmp_path)
    build = next(a for a in match.options() if a.kind == "part")
    moves = len(session.match.actions)
    start = card_point(match.spots.hand[build.card])
    match.card = build.card                 # light the targets to find the drop point
    match.layout()
    app.frame()
    target = match.spots.stacks[(0, build.stack)].center
    match.card = None
    match.layout()
    app.frame()
    drag(app, start, target)
    assert len(session.match.actions) == moves + 1
    played = session.match.actions[-1]
    assert played.kind == "part" and played.card == build.card  # type: ignore[attr-defined]
    assert played.stack == build.stack  # type: ignore[attr-defined]


def test_a_card_dropped_on_nothing_stays_chosen_and_a_short_press_is_a_click(
        make_app, tmp_path):
    app, session, match = _match(make_app, tmp_path)
    card = next(a.card for a in match.options() if a.kind == "part")  # type: ignore[attr-defined]
    moves = len(session.match.actions)
    start = card_point(match.spots.hand[card])
    drag(app, start, (700, 560))            # the empty floor between Factories and piles
    assert match.card == card and len(session.match.actions) == moves
    match.card = None
    match.layout()
    app.frame()
    drag(app, start, (start[0] + 3, start[1] + 3))
    assert match.card == card and len(session.match.actions) == moves   # as a click


def test_a_dragged_card_lights_its_targets_before_it_is_dropped(make_app, tmp_path):
    app, _session, match = _match(make_app, tmp_path)
    card = next(a.card for a in match.options() if a.kind == "part")  # type: ignore[attr-defined]
    start = card_point(match.spots.hand[card])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 560), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.frame()
    assert match.card == card and match.marks.stacks
