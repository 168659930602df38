"""Each seat's history survives a save: loading replays the match, and the events of
that replay, redacted per seat by the rules, are the histories the seats saw live. For
every registered game, so a new game's log is restored (and kept private) for free."""

from __future__ import annotations

import random

import pytest

from game.rules.core.registry import GAMES
from game.session import HUMAN, Seat, Session

PLAYABLE = sorted(GAMES)


def _play_random(session: Session, moves: int, rng: random.Random) -> list[list[int]]:
    """Play ``moves`` seeded random legal moves (fewer if the match ends first); after
    each, how long every seat's history was."""
    lengths = []
    for _ in range(moves):
        if session.is_over():
            break
        seat = rng.choice([s for s in session.to_act() if session.may_act(s)])
        session.play(rng.choice(session.rules.legal_actions(session.state, seat)))
        lengths.append([len(session.history_for(s)) for s in range(len(session.seats))])
    return lengths


def _new(game: str, folder, seed: int) -> Session:
    spec = GAMES[game]
    folder.mkdir(parents=True, exist_ok=True)
    players = max(spec.player_counts)
    return Session.new(game, [Seat(HUMAN)] * players, spec.variants[0], seed, folder)


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_loaded_match_gives_every_seat_the_history_it_saw_live(game, tmp_path):
    session = _new(game, tmp_path, 21)
    _play_random(session, 60, random.Random(21))
    live = [list(session.history_for(s)) for s in range(len(session.seats))]
    assert all(live), "every seat saw something happen"
    if GAMES[game].private_events:
        assert len({tuple(map(repr, h)) for h in live}) > 1, \
            "some event is private, so the seats' histories differ"
    again = Session.load(session.path)
    try:
        for seat, history in enumerate(live):
            assert list(again.history_for(seat)) == history
    finally:
        again.close()
        session.close()


@pytest.mark.parametrize("game", PLAYABLE)
def test_play_after_a_load_goes_on_adding_to_the_restored_history(game, tmp_path):
    """A match saved, resumed and played on has the history of one never stopped."""
    straight = _new(game, tmp_path / "straight", 5)
    rng = random.Random(5)
    stopped = _new(game, tmp_path / "stopped", 5)
    twin = random.Random(5)
    _play_random(straight, 50, rng)
    _play_random(stopped, 25, twin)
    resumed = Session.load(stopped.path)
    _play_random(resumed, 25, twin)
    try:
        assert resumed.match.actions == straight.match.actions
        for seat in range(len(straight.seats)):
            assert list(resumed.history_for(seat)) == list(straight.history_for(seat))
    finally:
        for session in (straight, stopped, resumed):
            session.close()


@pytest.mark.parametrize("game", PLAYABLE)
def test_resuming_an_older_generation_restores_the_history_of_that_move(game, tmp_path):
    session = _new(game, tmp_path, 8)
    lengths = _play_random(session, 12, random.Random(8))
    session.path.write_text(session.path.read_text(encoding="utf-8")[:-25], encoding="utf-8")
    again = Session.load(session.path)
    try:
        assert len(again.match.actions) == len(session.match.actions) - 1
        for seat in range(len(session.seats)):
            restored = list(again.history_for(seat))
            assert len(restored) == lengths[-2][seat]
            assert restored == list(session.history_for(seat))[:len(restored)]
    finally:
        again.close()
        session.close()


def test_a_session_made_from_a_played_match_replays_it_for_the_histories(tmp_path):
    """Built straight from a match (as the table bench does), the histories still
    cover the whole match rather than starting empty."""
    session = _new(PLAYABLE[0], tmp_path, 3)
    _play_random(session, 20, random.Random(3))
    again = Session(session.match, session.seats, None)
    try:
        for seat in range(len(session.seats)):
            assert list(again.history_for(seat)) == list(session.history_for(seat))
    finally:
        again.close()
        session.close()
