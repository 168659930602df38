"""The final standings show, for every seat, each round's points line by line (the win
and every kept agenda), and each round's combat: winner, how, and both scrapyards.
They are replayed from the match record, so they must equal what the rules scored."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import game.scenes.goblins.score as score_module
from game.rules.goblins.scoring import winner
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.recap import Recap, Scrapyard, recap
from game.scenes.goblins.score import FinalScene, combat_lines, point_label
from game.scenes.still import StillBots, advance
from game.session import AI, HUMAN, Seat, Session

SEED = 5
"""A 4-player full game of seeded random moves that ends after three rounds."""


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Session, list, list]:
    """The match, and what the rules said as it was played: every event, and for each
    combat_ended event the two robots right after it (before a new round replaced them)."""
    session = Session.new("goblins", [Seat(HUMAN)] + [Seat(AI, "normal")] * 3, "full", SEED,
                          tmp_path_factory.mktemp("saves"), bots=StillBots())
    events: list = []
    robots: list = []

    def play(action) -> None:
        teams = session.state.teams
        for event in session.play(action):
            events.append(event)
            if event.kind == "combat_ended":
                robots.append((teams[0].robot.clone(), teams[1].robot.clone()))

    advance(session, session.is_over, SEED, play)
    return session, events, robots


def test_every_round_of_every_seat_adds_up_to_the_rules_scores(played):
    session, events, _ = played
    summary = recap(session.match)
    state = session.state
    assert state.rounds == 3 and len(summary.combats) == 3
    game_over = next(e for e in events if e.kind == "game_over")
    scored = [e for e in events if e.kind == "scored"]
    for player in state.players:
        rounds = summary.seats[player.seat]
        assert [r.round for r in rounds] == [1, 2, 3]
        assert summary.points(player.seat) == player.score == game_over.scores[player.seat]
        mine = [e for e in scored if e.seat == player.seat]
        assert [(r.lines, r.total) for r in rounds] == [(e.lines, e.total) for e in mine]
        for r in rounds:
            assert sum(points for _, points, _ in r.lines) == r.total
            agendas = [label for label, _, _ in r.lines if label != "win"]
            assert len(agendas) == 4, "each round shows the four kept agendas"


def test_each_combat_shows_the_winner_how_and_the_scrapyards_the_rules_used(played):
    session, events, robots = played
    ended = [e for e in events if e.kind == "combat_ended"]
    summary = recap(session.match)
    for combat, event, pair in zip(summary.combats, ended, robots, strict=True):
        assert (combat.winner, combat.reason) == (event.winner, event.reason)
        assert combat.scrap == (Scrapyard.of(pair[0]), Scrapyard.of(pair[1]))
        assert winner(pair) == (event.winner, event.reason), \
            "the robots held are the ones the rules judged"
        assert [bool(why) for why in combat.disabled] == list(event.disabled)
    last = summary.combats[-1]
    final = session.state.teams
    assert last.scrap == (Scrapyard.of(final[0].robot), Scrapyard.of(final[1].robot))
    assert last.teams == tuple(t.seats for t in final)


def test_combat_words_name_the_winner_and_the_reason(played):
    session, _, _ = played
    for combat in recap(session.match).combats:
        first, how = combat_lines(combat)
        if combat.winner < 0:
            assert first == "Nobody won the round"
            continue
        won, lost = (combat.scrap[combat.winner].total, combat.scrap[1 - combat.winner].total)
        assert first.endswith(" won")
        if combat.reason == "disabled":
            assert "disabled, no" in how
        else:
            assert how.endswith(f"knocked off more: {lost} to {won}")
    assert point_label("win") == "Won the round"
    assert point_label("Snitch") == "Star/Snitch bet: Snitch"


def _drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text the final standings draw in one frame, with where."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = score_module.blit_text

    def spy(surface, text, pos, *args, **kwargs) -> pygame.Rect:
        rect = real(surface, text, pos, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(score_module, "blit_text", spy)
    app.frame()
    monkeypatch.setattr(score_module, "blit_text", real)
    return drawn


def _fits(drawn: list[tuple[str, pygame.Rect]], final: FinalScene) -> None:
    screen = pygame.Rect(0, 0, 1920, 1080)
    assert all(screen.contains(rect) for _, rect in drawn)
    for i, (text, rect) in enumerate(drawn):
        for other, other_rect in drawn[i + 1:]:
            assert not rect.colliderect(other_rect), f"{text!r} overlaps {other!r}"
    assert all(final.buttons[0].rect.top > rect.bottom for _, rect in drawn)


def test_the_standings_fit_the_screen_without_overlaps(played, make_app, monkeypatch):
    session, _, _ = played
    app = make_app()
    match = MatchScene(app, session)
    app.scenes.push(match)
    final = app.scenes.top
    assert isinstance(final, FinalScene), "a finished match opens on its standings"
    drawn = _drawn(app, monkeypatch)
    _fits(drawn, final)
    texts = {text for text, _ in drawn}
    for player in session.state.players:
        assert f"{player.score} points" in texts
        for r in recap(session.match).seats[player.seat]:
            assert f"+{r.total}" in texts

    # A tie played off adds a fourth round: the bands shrink to fit.
    summary = final.recap
    final.recap = Recap((*summary.combats, replace(summary.combats[-1], round=4)),
                        tuple((*rounds, replace(rounds[-1], round=4))
                              for rounds in summary.seats))
    drawn = _drawn(app, monkeypatch)
    _fits(drawn, final)
    assert "Round 4" in {text for text, _ in drawn}


def test_a_resumed_match_shows_the_rounds_played_before_it_was_saved(played, tmp_path: Path):
    session, _, _ = played
    saved = Session.new("goblins", session.seats, "full", SEED, tmp_path, bots=StillBots())
    for action in session.match.actions:
        saved.play(action)
    resumed = Session.load(saved.path, bots=StillBots())
    assert recap(resumed.match) == recap(session.match)
