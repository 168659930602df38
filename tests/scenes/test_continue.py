"""Continue on the title: a damaged newest file resumes the match from the generation
before it (one move earlier), damaged matches are passed over, and what cannot be
loaded is said in one short sentence that fits the notice line; the technical detail
goes to stderr only."""

from __future__ import annotations

import os

import pytest

import game.app as app_module
from game.paths import saves_dir
from game.rules.core.savefile import CANNOT_OPEN, DAMAGED, OTHER_VERSION, generations
from game.scenes.title import TitleScene
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import press

NOTICE_TEXT_WIDTH = 1500 - 24
"""The notice line's box (game/app.py draws it 1500 wide) less its margins."""


def _played(seed: int, moves: int, when: int) -> Session:
    """A match of one human and one AI, ``moves`` in, last written at ``when``."""
    session = Session.new("goblins", [Seat(HUMAN), Seat(AI, "random")], "standard", seed,
                          saves_dir())
    for _ in range(moves):
        seat = session.to_act()[0]
        session.play(session.rules.legal_actions(session.state, seat)[0])
    session.close()
    for path in generations(session.path):
        os.utime(path, (when, when))
    return session


def _title(make_app):
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    return app, title


def _resumed(app) -> Session:
    return next(s for s in app.scenes.scenes if hasattr(s, "session")).session


def test_a_damaged_newest_file_resumes_one_move_earlier_through_continue(make_app):
    session = _played(4, 9, 2_000_000)
    newest = session.path.read_bytes()
    session.path.write_bytes(newest[:len(newest) // 2])  # cut short, as by a crash
    app, _ = _title(make_app)
    press(app, "Continue")
    resumed = _resumed(app)
    assert resumed.path == session.path
    assert resumed.match.actions == session.match.actions[:8], "exactly one move earlier"
    assert resumed.state == Session.load(session.path.with_name(
        session.path.name + ".1")).state
    app.frame()
    assert app.notice == "The newest save was damaged; resumed from move 8."
    assert _drawn_width(app, app.notice) <= NOTICE_TEXT_WIDTH


def test_continue_passes_over_a_match_whose_every_file_is_damaged(make_app):
    good = _played(5, 3, 1_000_000)
    broken = _played(6, 4, 2_000_000)
    for path in generations(broken.path):
        path.write_text('{"format": 1,', encoding="utf-8")
    app, title = _title(make_app)
    assert title.latest == good.path
    press(app, "Continue")
    assert _resumed(app).path == good.path


def test_continue_passes_over_a_save_damaged_after_the_title_was_drawn(make_app):
    good = _played(5, 3, 1_000_000)
    newer = _played(6, 4, 2_000_000)
    app, title = _title(make_app)
    assert title.latest == newer.path
    for path in generations(newer.path):
        path.write_text("{", encoding="utf-8")
    press(app, "Continue")
    assert _resumed(app).path == good.path
    assert app.notice is None


def test_with_nothing_left_to_continue_it_says_so_and_greys_continue(make_app):
    only = _played(5, 3, 1_000_000)
    app, title = _title(make_app)
    for path in generations(only.path):
        path.write_text("{", encoding="utf-8")
    press(app, "Continue")
    assert app.notice == "No saved game can be continued."
    assert not next(w for w in title.widgets if w.label == "Continue").enabled
    assert app.scenes.top is title


def test_a_save_that_fails_to_open_is_one_plain_sentence_and_details_go_to_stderr(
        make_app, capsys):
    session = _played(5, 3, 1_000_000)
    session.path.write_text('{"format": 1, "game": "goblins", "actions": [}',
                            encoding="utf-8")
    for older in generations(session.path)[1:]:
        older.unlink()
    app, title = _title(make_app)
    title.open(session.path)
    assert app.notice == DAMAGED
    err = capsys.readouterr().err
    assert str(session.path) in err and "not valid JSON" in err


@pytest.mark.parametrize("sentence", [DAMAGED, CANNOT_OPEN, OTHER_VERSION,
                                      "No saved game can be continued."])
def test_every_sentence_continue_may_say_fits_the_notice_line(make_app, sentence):
    app, _ = _title(make_app)
    app.say(sentence)
    assert "\n" not in sentence and _drawn_width(app, sentence) <= NOTICE_TEXT_WIDTH


def _drawn_width(app, notice: str) -> int:
    """The width of ``notice`` as the next frame draws it on the notice line."""
    widths = []
    real = app_module.blit_text

    def spy(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        if text == notice:
            widths.append(rect.width)
        return rect

    app_module.blit_text = spy
    try:
        app.draw()
    finally:
        app_module.blit_text = real
    assert widths, "the notice was drawn"
    return widths[0]
