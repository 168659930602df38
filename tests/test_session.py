"""Sessions: autosave after every action, exact resume, damaged saves, AI off-thread."""

from __future__ import annotations

import json
import time

import pytest

from game.rules.core.errors import DataError
from game.session import AI, HUMAN, Seat, Session, latest_save


def _seats(*kinds: str) -> list[Seat]:
    return [Seat(kind, "random") for kind in kinds]


def _play_some(session: Session, count: int) -> None:
    for _ in range(count):
        seat = session.to_act()[0]
        session.play(session.rules.legal_actions(session.state, seat)[0])


def test_every_action_is_saved_and_resume_is_exact(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, HUMAN, AI, AI), "standard", 5, tmp_path)
    _play_some(session, 23)
    assert latest_save(tmp_path) == session.path
    again = Session.load(session.path)
    assert again.state == session.state
    assert again.match.actions == session.match.actions
    assert [s.kind for s in again.seats] == ["human", "human", "ai", "ai"]
    assert again.moves_by == session.moves_by
    session.close()
    again.close()


def test_damaged_saves_are_reported_and_left_alone(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, AI), "standard", 9, tmp_path)
    _play_some(session, 5)
    session.close()
    raw = json.loads(session.path.read_text())
    cases = {
        "truncated": session.path.read_text()[:-40],
        "bad move": json.dumps({**raw, "actions": [*raw["actions"][:-1],
                                                   {"kind": "pass", "seat": 0}]}),
        "no seats": json.dumps({k: v for k, v in raw.items() if k != "client"}),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as err:
            Session.load(path)
        assert "\n" not in str(err.value) and str(path) in str(err.value)
        assert path.read_text(encoding="utf-8") == text, "a damaged save is never rewritten"


def test_ai_seats_think_off_the_calling_thread(tmp_path):
    session = Session.new("goblins", _seats(AI, AI), "standard", 3, tmp_path)
    start = time.perf_counter()
    session.poll()
    assert time.perf_counter() - start < 0.05, "poll must return at once"
    deadline = time.time() + 20
    while not session.is_over() and time.time() < deadline:
        session.poll()
        time.sleep(0.0005)
    assert session.is_over()
    session.close()
