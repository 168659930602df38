"""Typed seat names on the Goblins match screens: a hot-seat match of four named
players, played headless, names them in the log, over the yards, in the panels, the
score bar, the team-up, score and final screens ("Ann wins", "Ann & Bob win"), with
each seat's colour beside its name where the seat is first pointed out. A match
without names reads exactly as before, and the longest name a player may type fits
every place it shows at 1920x1080."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pygame
import pytest

import game.scenes.goblins.aim_panels as aim_panels
import game.scenes.goblins.match as match_module
import game.scenes.goblins.score as score_module
import game.scenes.goblins.score_bar as score_bar
import game.scenes.goblins.teamup as teamup
import game.scenes.goblins.tiles as tiles
from game.rules.goblins.state import State
from game.scenes.goblins.aim_panels import DialsPanel
from game.scenes.goblins.combat_panels import waiting_words
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import FinalScene, ScoreScene
from game.scenes.goblins.teamup import CREWS, TeamUpScene
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots, advance
from game.session import HUMAN, MAX_NAME, Seat, Session
from game.ui.palette import SEAT_NAMES
from game.ui.text import font
from tests.scenes.clicker import click

NAMES = ("Ann", "Bob", "Cleo", "Dev")
LONGEST = ("W" * MAX_NAME,) * 4
"""The widest names a player may type: sixteen of the widest letter."""
SCREEN = pygame.Rect(0, 0, 1920, 1080)
Drawn = list[tuple[str, pygame.Rect]]


def _match(app, tmp_path, names: Sequence[str], until: Callable[[State, Session], bool],
           seed: int = 2) -> tuple[MatchScene, list]:
    """A hot-seat match of four humans named ``names``, played by seeded random moves
    until ``until``, shown to seat 0; also the score screens it queued on the way."""
    session = Session.new("goblins", [Seat(HUMAN, name=n) for n in names], "standard", seed,
                          tmp_path, bots=StillBots())
    match = MatchScene(app, session)
    match.teamed_up = {(r, s) for r in range(1, 4) for s in range(4)}
    app.scenes.push(match)
    assert isinstance(app.scenes.top, HandoverScene), "hot-seat: handed over first"
    click(app, (960, 540))
    state = session.state
    advance(session, lambda: until(state, session), seed,
            lambda action: match.absorb(session.play(action)))
    match.animator.skip()
    while app.scenes.top is not match:
        app.scenes.pop()
    queued, match.waiting_scenes = match.waiting_scenes, []
    match.take_over(0)
    match.refresh()
    return match, queued


def _in_combat(state: State, session: Session) -> bool:
    return state.phase == "choose" and state.combat_round >= 2 and 0 in session.to_act()


def _drawn(app, monkeypatch, *modules) -> Drawn:
    """Every text the next frame draws through ``modules``' blit_text, with its rect."""
    drawn: Drawn = []
    reals = [module.blit_text for module in modules]
    for module, real in zip(modules, reals, strict=True):

        def spy(surface, text, pos, *args, _real=real, **kwargs) -> pygame.Rect:
            rect = _real(surface, text, pos, *args, **kwargs)
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(module, "blit_text", spy)
    match = next((s for s in app.scenes.scenes if isinstance(s, MatchScene)), None)
    if match is not None:
        match._layer = None   # the yards and headings are drawn again, not copied
    app.frame()
    for module, real in zip(modules, reals, strict=True):
        monkeypatch.setattr(module, "blit_text", real)
    return drawn


def _as_named(text: str, names: Sequence[str]) -> str:
    """An unnamed match's words with each colour swapped for the name typed there."""
    for colour, name in zip(SEAT_NAMES[:len(names)], names, strict=True):
        text = re.sub(rf"\b{colour}\b", name, text)
    return text


def _no_overlaps(drawn: Drawn) -> None:
    for i, (text, rect) in enumerate(drawn):
        assert SCREEN.contains(rect), f"{text!r} runs off the screen"
        for other, other_rect in drawn[i + 1:]:
            assert not rect.colliderect(other_rect), f"{text!r} overlaps {other!r}"


def test_the_log_names_the_players_and_reads_as_before_without_names(make_app, tmp_path):
    app = make_app()
    named, _ = _match(app, tmp_path / "named", NAMES, _in_combat)
    plain, _ = _match(app, tmp_path / "plain", ("",) * 4, _in_combat)
    for seat in range(4):
        words = named.log.texts(seat, named.session.history_for(seat))
        before = plain.log.texts(seat, plain.session.history_for(seat))
        assert words == [_as_named(text, NAMES) for text in before]
        assert not any(re.search(rf"\b{c}\b", text) for text in words for c in SEAT_NAMES)
    words = named.log.texts(0, named.session.history_for(0))
    teams = named.session.state.teams
    crews = [" & ".join(NAMES[s] for s in team.seats) for team in teams]
    assert any(text.startswith(f"Round 1: {crews[0]} against {crews[1]}") for text in words)
    assert any(text.startswith(f"{crews[0]} rolled") or text.startswith(f"{crews[1]} rolled")
               or "had no dice" in text for text in words)
    app.frame()
    assert named.log.view.title == "Game log (you are Ann (Orange))"


def test_the_match_screen_names_the_players(make_app, tmp_path, monkeypatch):
    app = make_app()
    match, _ = _match(app, tmp_path, NAMES, _in_combat)
    drawn = _drawn(app, monkeypatch, match_module, tiles, score_bar, aim_panels)
    texts = [text for text, _ in drawn]
    state = match.session.state
    own = state.teams[state.team_of(0)]
    enemy = state.teams[1 - state.team_of(0)]
    assert f"Your robot: {' & '.join(NAMES[s] for s in own.seats)}" in texts
    assert f"Enemy: {' & '.join(NAMES[s] for s in enemy.seats)}" in texts
    for team in (own, enemy):
        assert f"pilot {NAMES[team.pilot]}, tactician {NAMES[team.tactician]}" in texts
    for player in state.players:
        assert f"{NAMES[player.seat]} {player.score}" in texts, "the score bar"
    panel = match.panel
    assert isinstance(panel, DialsPanel)
    if panel.is_tactician and not panel.is_pilot:
        assert any(text.startswith(f"{NAMES[own.pilot]} is your pilot") for text in texts)
    assert not any(re.search(rf"\b{c}\b", text) for text in texts for c in SEAT_NAMES)
    due = [NAMES[s] for s in match.session.to_act()]
    assert len(due) > 1
    assert waiting_words(match) == (f"Waiting for {', '.join(due[:-1])} and {due[-1]} to set "
                                    "their dials...")


def test_team_up_points_out_each_seat_with_its_colour(make_app, tmp_path, monkeypatch):
    app = make_app()
    match, _ = _match(app, tmp_path, NAMES, lambda state, session: True)
    view = match.session.view(0)
    app.scenes.push(TeamUpScene(app, view, 0, match.names))
    texts = [text for text, _ in _drawn(app, monkeypatch, teamup)]
    assert any(text.endswith("You are Ann (Orange).") for text in texts)
    assert "Ann (Orange, you)" in texts
    partner = next(s for s in view.teams[view.team_of(0)].seats if s != 0)
    assert f"{NAMES[partner]} ({SEAT_NAMES[partner]})" in texts
    assert f"{NAMES[view.starter]} starts the round." in texts


def test_the_score_and_final_screens_name_the_players(make_app, tmp_path, monkeypatch):
    app = make_app()
    match, queued = _match(app, tmp_path, NAMES, lambda state, session: session.is_over())
    score = next(s for s in queued if isinstance(s, ScoreScene))
    teams, ended = score.teams, score.ended
    app.scenes.push(score)
    texts = [text for text, _ in _drawn(app, monkeypatch, score_module)]
    if ended.winner >= 0:
        crew = teams[ended.winner]
        verb = "wins" if len(crew) == 1 else "win"
        assert f"{' & '.join(NAMES[s] for s in crew)} {verb} the round" in texts
    assert {NAMES[e.seat] for e in score.scored} <= set(texts)
    app.scenes.pop()
    final = FinalScene(app, match)
    app.scenes.push(final)
    texts = [text for text, _ in _drawn(app, monkeypatch, score_module)]
    ranking = final.ranking()
    if ranking[0].score > ranking[1].score:
        assert f"New Boss: {NAMES[ranking[0].seat]}" in texts
    for rank, player in enumerate(ranking, start=1):
        if rank == 1 or player.score != ranking[rank - 2].score:
            assert f"{rank}. {NAMES[player.seat]}" in texts
        assert f"{SEAT_NAMES[player.seat]}, {player.score} points" in texts
    for combat in final.recap.combats:
        for team in combat.teams:
            assert " & ".join(NAMES[s] for s in team) in texts, "the scrapyard table"


def test_a_name_and_a_crew_agree_with_their_verb():
    from game.scenes.goblins.narrate import crew_does

    assert crew_does(((1,), (0,)), 1, "win", NAMES) == "Ann wins"
    assert crew_does(((0, 1), (2, 3)), 0, "win", NAMES) == "Ann & Bob win"
    assert crew_does(((0, 1), (2, 3)), 1, "have", NAMES) == "Cleo & Dev have"
    assert crew_does(((0, 1), (2, 3)), 1, "have", ("Ann", "", "", "Dev")) == "Green & Dev have"


# -- the longest names fit ------------------------------------------------------------------

def test_the_longest_names_fit_the_score_bar_beside_the_heading(make_app, tmp_path,
                                                                monkeypatch):
    app = make_app()
    _match(app, tmp_path, LONGEST, _in_combat)
    drawn = _drawn(app, monkeypatch, match_module, score_bar)
    bar = [(text, rect) for text, rect in drawn if text.startswith(LONGEST[0])]
    assert len(bar) == 4, "every seat's score, the whole name"
    heading = next((text, rect) for text, rect in drawn if text.startswith("Round 1 of"))
    _no_overlaps([heading, *bar])
    assert all(rect.height >= font(20).get_height() for _, rect in bar), "readable"
    for text, rect in drawn:
        assert SCREEN.contains(rect), text
        if text.startswith(("Your robot:", "Enemy:")):
            assert "…" not in text and rect.right < 1180, "clear of the log box"


def test_the_longest_names_fit_the_team_up(make_app, tmp_path, monkeypatch):
    app = make_app()
    match, _ = _match(app, tmp_path, LONGEST, lambda state, session: True)
    app.scenes.push(TeamUpScene(app, match.session.view(0), 0, match.names))
    drawn = _drawn(app, monkeypatch, teamup)
    crew = [(text, rect) for text, rect in drawn if text.startswith(LONGEST[0])]
    assert len(crew) == 5, "four crew members and who starts"
    for text, rect in crew:
        assert "…" not in text
        assert CREWS.contains(rect), f"{text!r} leaves the crews box"
    _no_overlaps(drawn)
    assert f"You are {LONGEST[0]} (Orange)." in " ".join(text for text, _ in drawn)


def test_the_longest_names_fit_the_score_and_final_standings(make_app, tmp_path,
                                                              monkeypatch):
    app = make_app()
    match, queued = _match(app, tmp_path, LONGEST, lambda state, session: session.is_over())
    app.scenes.push(next(s for s in queued if isinstance(s, ScoreScene)))
    drawn = _drawn(app, monkeypatch, score_module)
    _no_overlaps(drawn)
    assert sum(text == LONGEST[0] for text, _ in drawn) == 4
    app.scenes.pop()
    final = FinalScene(app, match)
    app.scenes.push(final)
    drawn = _drawn(app, monkeypatch, score_module)
    _no_overlaps(drawn)
    for _, column in final.columns():
        header = next(rect for text, rect in drawn if text.endswith(f". {LONGEST[0]}")
                      and column.x <= rect.x < column.right)
        assert header.right <= column.right and header.height >= font(22, True).get_height()
    assert sum(text.endswith(f". {LONGEST[0]}") for text, _ in drawn) == 4, "whole names"
    assert all(final.buttons[0].rect.top > rect.bottom for _, rect in drawn)


@pytest.mark.parametrize("names", [NAMES, LONGEST])
def test_the_hand_over_after_a_named_match_still_names_the_seat(make_app, tmp_path, names):
    app = make_app()
    match, _ = _match(app, tmp_path, names, _in_combat)
    app.scenes.push(HandoverScene(app, match, 1))
    assert app.scenes.top.words() == f"Pass to {names[1]} (Blue)"
