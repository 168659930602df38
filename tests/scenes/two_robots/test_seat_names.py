"""Typed seat names on the Two Robots match screen: a hot-seat match of named players,
played headless, names them in the log, the turn line, the Factories' headings, the
prompt and the result ("Ann wins!"), the viewer with its colour; without names it reads
as before; the longest names fit; and hover help sits beside the hovered card."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pygame

import game.scenes.two_robots.board as board
import game.scenes.two_robots.match as match_module
from game.rules.two_robots.state import OVER
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots
from game.scenes.two_robots.board import seat_panels
from game.scenes.two_robots.match import PROMPT, MatchScene
from game.scenes.two_robots.words import result_words, salvager_name, who
from game.session import HUMAN, MAX_NAME, Seat, Session
from game.ui.palette import SEAT_NAMES
from tests.scenes.clicker import click

NAMES = ("Ann", "Bob", "Cleo")
SCREEN = pygame.Rect(0, 0, 1920, 1080)


def _shown(app, tmp_path, names: Sequence[str], moves: int = 80,
           until_over: bool = False) -> MatchScene:
    """A hot-seat match of three humans named ``names`` after at least ``moves`` seeded
    random moves (on until seat 0 decides, or to the end), shown to seat 0 after its
    hand-over."""
    session = Session.new("two_robots", [Seat(HUMAN, name=n) for n in names], "standard", 7,
                          tmp_path, bots=StillBots())
    rng = random.Random(7)
    state = session.state
    for played in range(10_000):
        if state.step == OVER or (not until_over and played >= moves
                                  and 0 in session.to_act()):
            break
        seat = rng.choice(session.to_act())
        session.play(rng.choice(session.rules.legal_actions(state, seat)))
    match = MatchScene(app, session)
    app.scenes.push(match)
    while isinstance(app.scenes.top, HandoverScene):
        click(app, (960, 540))
    assert app.scenes.top is match and match.viewer == 0
    app.frame()
    return match


def _drawn(app, match, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    drawn: list[tuple[str, pygame.Rect]] = []
    real = board.blit_text

    def spy(surface, text, pos, *args, **kwargs) -> pygame.Rect:
        rect = real(surface, text, pos, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(board, "blit_text", spy)
    match._layer = None
    app.frame()
    monkeypatch.setattr(board, "blit_text", real)
    return drawn


def test_the_log_names_the_players_and_reads_as_before_without_names(make_app, tmp_path):
    app = make_app()
    named = _shown(app, tmp_path / "named", NAMES)
    plain = _shown(app, tmp_path / "plain", ("",) * 3)
    words, before = named.log.entries, plain.log.entries
    assert len(words) > 20 and words[0].startswith("Ann")
    swapped = []
    for text in before:
        for colour, name in zip(SEAT_NAMES, NAMES, strict=False):
            text = re.sub(rf"\b{colour}\b", name, text)
        swapped.append(text)
    assert words == swapped
    assert not any(re.search(rf"\b{c}\b", text) for text in words for c in SEAT_NAMES)


def test_the_board_and_prompt_name_the_players(make_app, tmp_path, monkeypatch):
    app = make_app()
    match = _shown(app, tmp_path, NAMES)
    view = match.current_view()
    texts = [text for text, _ in _drawn(app, match, monkeypatch)]
    assert f"You are Ann (Orange, {salvager_name(view, 0)})" in texts
    active = view.active
    assert any(text.startswith(f"{NAMES[active]}'s turn ") for text in texts)
    for seat in range(3):
        you = " (you)" if seat == 0 else ""
        assert any(text.startswith(f"{NAMES[seat]}{you}: {salvager_name(view, seat)}")
                   for text in texts)
    assert not any(re.search(rf"\b{c}\b", text) for text in texts for c in SEAT_NAMES
                   if not text.startswith("You are"))
    assert who(view, 1, match.names) == f"Bob ({salvager_name(view, 1)})"
    assert result_words((2,), match.names) == "Cleo wins!"
    assert result_words((2,)) == "Green wins!"


def test_the_game_over_names_the_winner(make_app, tmp_path):
    app = make_app()
    match = _shown(app, tmp_path, NAMES, until_over=True)
    view = match.current_view()
    assert view.step == OVER
    winners = view.winners
    if winners:
        assert match.heading == f"Game over. {NAMES[winners[0]]} wins!"


def test_the_longest_names_fit_the_board(make_app, tmp_path, monkeypatch):
    app = make_app()
    match = _shown(app, tmp_path, ("W" * MAX_NAME,) * 3)
    drawn = _drawn(app, match, monkeypatch)
    top = [(text, rect) for text, rect in drawn if rect.top < 70]
    assert len(top) == 2
    (_, first), (_, second) = top
    assert not first.colliderect(second) and all(SCREEN.contains(r) for _, r in top)
    assert all(rect.right <= PROMPT.x for _, rect in top)
    panels = seat_panels(3)
    for seat, panel in enumerate(panels):
        inside = [(text, rect) for text, rect in drawn
                  if panel.collidepoint(rect.topleft) and rect.top < panel.y + 40]
        assert len(inside) == 2, "the heading and the counts"
        (_, a), (_, b) = inside
        assert not a.colliderect(b) and panel.contains(a) and panel.contains(b), seat


def test_a_card_s_help_sits_beside_the_card(make_app, tmp_path, monkeypatch):
    app = make_app()
    match = _shown(app, tmp_path, NAMES)
    hand = dict(match.spots.hand)
    assert hand
    boxes = []
    real = match_module.draw_tooltip

    def spy(surface, text, at, anchor=None):
        box = real(surface, text, at, anchor)
        boxes.append(box)
        return box

    monkeypatch.setattr(match_module, "draw_tooltip", spy)
    for card, rect in hand.items():
        point = (rect.x + 6, rect.centery)
        monkeypatch.setattr(match_module, "pointer", lambda point=point: point)
        app.frame()
        shown = match.spots.hand[card] if match.hover == card else rect
        assert boxes and SCREEN.contains(boxes[-1])
        assert not boxes[-1].colliderect(shown), "the help covers the card it is about"
        boxes.clear()
