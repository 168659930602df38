"""The Load list names each save's game, players, how far it has got (the rules' own
words) and, for an ended match, that it is finished and who won; a save is replayed
again only when its files change."""

from __future__ import annotations

import random

import pytest

import game.scenes.load as load_scene
from game.paths import saves_dir
from game.rules.core.registry import GAMES, bundled_catalogue
from game.scenes.load import LoadScene
from game.scenes.still import StillBots
from game.session import HUMAN, Seat, Session


def _session(game: str, players: int = 3) -> Session:
    spec = GAMES[game]
    return Session.new(game, [Seat(HUMAN)] * players, spec.variants[-1], 5, saves_dir(),
                       bots=StillBots())


def _play(session: Session, moves: int, seed: int = 1) -> None:
    """Seeded random moves (fewer if the match ends first)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over():
            return
        seat = next(s for s in session.to_act() if session.may_act(s))
        options = session.rules.legal_actions(session.state, seat)
        session.play(options[rng.randrange(len(options))])


@pytest.mark.parametrize("game", list(GAMES))
def test_a_match_under_way_shows_its_title_players_and_progress(game, make_app):
    session = _session(game)
    _play(session, 40)
    label, problem = LoadScene.describe(session.path)
    assert problem is None
    spec = session.match.spec
    where = session.rules.progress(session.state)
    assert f"   {spec.title}, 3 players" in label and label.endswith(f", {where}")
    assert (f", {session.match.variant}," in label) == (len(spec.variants) > 1)
    assert "finished" not in label and "seed" not in label


def test_the_progress_words_of_each_game():
    goblins, robots = GAMES["goblins"].rules, GAMES["two_robots"].rules
    state = goblins.new_state(bundled_catalogue("goblins"), 3, "full", 1)
    assert goblins.progress(state) == f"round 1 of {state.rounds}, building"
    state.phase = "post_roll"
    assert goblins.progress(state) == f"round 1 of {state.rounds}, combat"
    state = robots.new_state(bundled_catalogue("two_robots"), 3, "standard", 1)
    assert robots.progress(state) == "turn 1"
    state.players[2].turns = 7
    assert robots.progress(state) == "turn 7"


def test_a_finished_match_says_so_and_who_won(make_app):
    session = _session("goblins", 2)
    _play(session, 5_000)
    assert session.is_over()
    winners = session.rules.winners(session.state)
    assert winners
    label, _ = LoadScene.describe(session.path)
    rounds = session.state.rounds
    names = " and ".join(("Orange", "Blue")[s] for s in winners)
    assert label.endswith(f", finished after round {rounds} of {rounds}, {names} won")


@pytest.mark.parametrize(("winners", "names", "words"), [
    ((), {}, "no winner"), ((1,), {}, "Blue won"), ((0, 2), {}, "Orange and Green won"),
    ((0, 1, 3), {}, "Orange, Blue and Purple won"), ((1, 3), {1: "Ann"}, "Ann and Purple won")])
def test_the_result_words(winners, names, words):
    seats = [Seat(HUMAN, name=names.get(seat, "")) for seat in range(4)]
    assert load_scene._result(winners, seats) == words


def test_a_save_is_replayed_again_only_when_it_changes(make_app, monkeypatch):
    session = _session("two_robots")
    reads = []
    real = load_scene.read_save

    def counting(path):
        reads.append(path)
        return real(path)

    monkeypatch.setattr(load_scene, "read_save", counting)
    first = LoadScene.describe(session.path)
    assert LoadScene.describe(session.path) == first and len(reads) == 1
    _play(session, 60)
    assert session.rules.progress(session.state) != "turn 1"
    again, _ = LoadScene.describe(session.path)
    assert len(reads) == 2 and again.endswith(session.rules.progress(session.state))
