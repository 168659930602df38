"""The scrolling log box: whole entries wrapped, the view following the newest lines
unless the reader scrolled up, the new-lines hint, and every way to scroll (wheel,
scrollbar, keys) only while the pointer is over the box."""

from __future__ import annotations

import pygame
import pytest

import game.ui.logview as logview
from game.ui.logview import KEEP_RENDERED, LogView

RECT = pygame.Rect(100, 100, 500, 300)
INSIDE, OUTSIDE = (300, 250), (50, 50)


@pytest.fixture
def log(make_app, monkeypatch):
    make_app()
    monkeypatch.setattr(logview, "pointer", lambda: INSIDE)
    return LogView(RECT)


def _entries(n: int, start: int = 0) -> list[str]:
    return [f"Entry number {k}." for k in range(start, start + n)]


def _wheel(log: LogView, notches: int) -> bool:
    return log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches))


def _press(log: LogView, pos, button: int = 1) -> bool:
    return log.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


def _key(log: LogView, key: int) -> bool:
    return log.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_a_long_entry_wraps_into_lines_that_keep_every_word(log):
    text = " ".join(f"word{k}" for k in range(80))
    log.show([text])
    assert len(log.lines) > 3
    assert " ".join(line for line, _, _ in log.lines) == text
    assert [more for _, _, more in log.lines] == [False] + [True] * (len(log.lines) - 1)
    width = pygame.font.Font(None, log.size).size
    assert all(width(line)[0] <= log.text_width for line, _, _ in log.lines)


def test_new_lines_follow_the_bottom_until_the_reader_scrolls_up(log):
    log.show(_entries(30))
    assert log.top == log.last_top == 30 - log.rows and log.following
    assert _wheel(log, 2)
    assert log.top == log.last_top - 6 and not log.following
    before = log.top
    log.show(_entries(33))
    assert log.top == before, "a reader who scrolled up keeps their place"
    assert log.unseen == 3 and log.hint_rect() is not None
    assert log.hint_rect().bottom <= RECT.y + logview.HEADER, "the hint covers no line"


def test_the_new_lines_hint_jumps_to_the_latest(log):
    log.show(_entries(30))
    _wheel(log, 3)
    log.show(_entries(32))
    hint = log.hint_rect()
    assert _press(log, hint.center)
    assert log.top == log.last_top and log.following and log.unseen == 0
    assert log.hint_rect() is None


def test_scrolling_back_down_to_the_bottom_follows_again(log):
    log.show(_entries(30))
    _wheel(log, 1)
    log.show(_entries(31))
    _wheel(log, -10)
    assert log.following and log.unseen == 0
    log.show(_entries(35))
    assert log.top == log.last_top


def test_the_wheel_and_keys_scroll_only_with_the_pointer_over_the_log(log, monkeypatch):
    log.show(_entries(40))
    monkeypatch.setattr(logview, "pointer", lambda: OUTSIDE)
    assert not _wheel(log, 1) and not _key(log, pygame.K_HOME)
    assert log.top == log.last_top
    monkeypatch.setattr(logview, "pointer", lambda: INSIDE)
    assert _key(log, pygame.K_HOME) and log.top == 0
    assert _key(log, pygame.K_PAGEDOWN) and log.top == log.rows - 1
    assert _key(log, pygame.K_PAGEUP) and log.top == 0
    assert _key(log, pygame.K_END) and log.top == log.last_top
    assert not _key(log, pygame.K_a), "other keys are the screen's"


def test_the_old_wheel_buttons_over_the_log_are_taken_so_they_click_nothing(log):
    log.show(_entries(40))
    assert _press(log, INSIDE, button=4)
    assert not _press(log, OUTSIDE, button=5)
    assert not _press(log, INSIDE), "a plain click on the text is left to the screen"


def test_the_scrollbar_thumb_drags_and_the_track_pages(log):
    log.show(_entries(60))
    track, thumb = log.track_rect(), log.thumb_rect()
    assert thumb.bottom == track.bottom
    assert _press(log, thumb.center)
    log.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.y - 50),
                                  rel=(0, 0), buttons=(1, 0, 0)))
    assert log.top == 0
    assert log.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=track.topleft, button=1))
    assert not log.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=track.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
    assert _press(log, (track.centerx, track.bottom - 2))
    assert log.top == log.rows - 1, "a click on the track below the thumb pages down"


def test_everything_fits_then_there_is_no_scrollbar(log):
    log.show(_entries(3))
    assert log.thumb_rect() is None and log.top == 0
    assert not _press(log, log.track_rect().center)


def test_another_readers_log_starts_at_its_newest_lines(log):
    log.show(_entries(40))
    _wheel(log, 4)
    log.show(_entries(20, start=100))
    assert log.following and log.unseen == 0 and log.top == log.last_top
    assert log.lines[0][0] == "Entry number 100."


def test_drawing_is_one_cached_picture_until_what_it_shows_changes(log):
    log.show(_entries(40), "Game log")
    surface = pygame.Surface((800, 600))
    log.draw(surface)
    first = log._picture
    log.draw(surface)
    assert log._picture is first
    _wheel(log, 1)
    log.draw(surface)
    assert log._picture is not first


def test_scrolling_through_a_long_log_keeps_few_lines_rendered(log):
    log.show(_entries(2000))
    surface = pygame.Surface((800, 600))
    for _ in range(200):
        _wheel(log, 3)
        log.draw(surface)
    assert 0 < len(log._rendered) <= KEEP_RENDERED
