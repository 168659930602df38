"""Saves that survive anything (issue 12): every hostile file a saves folder can hold
ends in one plain sentence from the reader, the Load list and Continue, never a crash
or a hang, and stays exactly as it was; an autosave that cannot be written is a notice
and a retry while the game goes on, and the save catches up once the disk lets it."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import game.rules.core.savefile as savefile
import game.scenes.load as load_scene
import game.session as session_module
from game.paths import saves_dir
from game.rules.core import match as match_file
from game.rules.core.errors import DataError
from game.scenes.goblins.match import MatchScene
from game.scenes.load import LoadScene
from game.scenes.pause import SAVED_QUESTION, PauseScene, QuitScene
from game.scenes.title import TitleScene
from game.session import HUMAN, RETRY_SECONDS, Seat, Session, latest_save, read_save
from tests.scenes.clicker import act, press

HOSTILE = "hostile.json"
NEVER_HANG_SECONDS = 20


# -- the hostile files ------------------------------------------------------------------
# Each builder makes ``target`` hostile; ``good`` is a good save it may start from.
def _text(target: Path, text: str) -> None:
    target.write_text(text, encoding="utf-8")


def _record(target: Path, good: Path, change: Callable[[dict[str, Any]], Any],
            keep_checksum: bool = False) -> None:
    """The good save, changed; without its checksum (as a save from before checksums
    would be) unless ``keep_checksum``, so the check under test is the one that fires."""
    raw = json.loads(good.read_text(encoding="utf-8"))
    if not keep_checksum:
        del raw["checksum"]
    change(raw)
    _text(target, json.dumps(raw))


def _unreadable(target: Path, good: Path) -> None:
    target.write_text("{}", encoding="utf-8")
    target.chmod(0)


def _huge(target: Path, good: Path) -> None:
    with open(target, "wb") as sparse:
        sparse.truncate(savefile.MAX_BYTES + 1)


def _long_seed(target: Path, good: Path) -> None:
    text = good.read_text(encoding="utf-8")
    assert '"seed":3,' in text
    _text(target, text.replace('"seed":3,', '"seed":' + "7" * 5000 + ","))


Builder = Callable[[Path, Path], Any]
CASES: dict[str, tuple[Builder, str]] = {
    "deeply nested JSON": (lambda t, g: _text(t, "[" * 200_000 + "]" * 200_000),
                           "nested far too deeply"),
    "nesting the parser survives": (lambda t, g: _text(t, '{"format":1,"x":' + "[" * 400
                                                       + "]" * 400 + "}"),
                                    "nested far too deeply"),
    "5 000-digit seed": (_long_seed, "more than 30 digits"),
    "seed past 2**63": (lambda t, g: _record(t, g, lambda r: r.update(seed=2**64)),
                        "seed must be from 0"),
    "negative seed": (lambda t, g: _record(t, g, lambda r: r.update(seed=-1)),
                      "seed must be from 0"),
    "list for the game id": (lambda t, g: _record(t, g, lambda r: r.update(game=["goblins"])),
                             "unknown game ['goblins']"),
    "unknown bot level": (lambda t, g: _record(t, g, lambda r: r["client"]["seats"][1].update(
        kind="ai", level="godlike")), "a seat must be human or ai"),
    "list for a bot level": (lambda t, g: _record(t, g, lambda r: r["client"]["seats"][0]
                                                  .update(level=["hard"])),
                             "a seat must be human or ai"),
    "dangling symlink": (lambda t, g: t.symlink_to(t.with_name("gone.json")),
                         "a link to a file that does not exist"),
    "symlink loop": (lambda t, g: t.symlink_to(t), "cannot be opened"),
    "FIFO": (lambda t, g: os.mkfifo(t), "a pipe or a device, not a save file"),
    "link to a device": (lambda t, g: t.symlink_to("/dev/zero"),
                         "a pipe or a device, not a save file"),
    "directory": (lambda t, g: t.mkdir(), "a folder, not a save file"),
    "unreadable file": (_unreadable, "cannot be opened (Permission denied)"),
    "huge file": (_huge, "the limit is 33554432"),
    "invalid UTF-8": (lambda t, g: t.write_bytes(b'{"game": "\xff\xfe"}'), "not UTF-8 text"),
    "JSON number": (lambda t, g: _text(t, "3"), "holds one JSON object"),
    "JSON string": (lambda t, g: _text(t, '"save"'), "holds one JSON object"),
    "JSON null": (lambda t, g: _text(t, "null"), "holds one JSON object"),
    "NaN": (lambda t, g: _text(t, '{"seed": NaN}'), "holds NaN"),
    "float overflow": (lambda t, g: _text(t, '{"seed": 1e999}'), "too large"),
    "empty file": (lambda t, g: _text(t, ""), "not valid JSON"),
    "truncated": (lambda t, g: _text(t, g.read_text(encoding="utf-8")[:-30]),
                  "not valid JSON"),
    "changed after writing": (lambda t, g: _record(t, g, lambda r: r.update(variant="full"),
                                                   keep_checksum=True),
                              "checksum does not match"),
    "checksum not a string": (lambda t, g: _record(t, g, lambda r: r.update(checksum=[1]),
                                                   keep_checksum=True),
                              "checksum does not match"),
}


UNOPENABLE = frozenset({"dangling symlink", "symlink loop", "FIFO", "link to a device",
                        "directory", "unreadable file", "huge file"})
"""The cases that are no save at all; "list for the game id" is refused as a save from
another version; every other case is a damaged save."""


def _plain(case: str) -> str:
    if case in UNOPENABLE:
        return savefile.CANNOT_OPEN
    return savefile.OTHER_VERSION if case == "list for the game id" else savefile.DAMAGED


# -- helpers ----------------------------------------------------------------------------
@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A saves folder (the client's, through BOTYARD_HOME) holding one good save of
    three moves, written long ago so that every hostile file is newer than it."""
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    folder = saves_dir()
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 3, folder)
    for _ in range(3):
        seat = session.to_act()[0]
        session.play(session.rules.legal_actions(session.state, seat)[0])
    session.close()
    for path in folder.iterdir():
        os.utime(path, (1_000_000, 1_000_000))
    return folder


def _good_path(folder: Path) -> Path:
    return next(folder.glob("goblins-*.json"))


@pytest.fixture
def never_hang() -> Iterator[None]:
    """Fail (rather than hang the suite) if reading blocks: SIGALRM interrupts a
    blocking open() of a FIFO."""
    def timeout(signum: int, frame: Any) -> None:
        raise TimeoutError("reading the saves folder hung")

    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(NEVER_HANG_SECONDS)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def _deny_reading(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Root reads a chmod 0 file anyway; there the refusal a user would get is
    raised by hand, at the same call."""
    if os.geteuid() != 0:
        return
    real_open = os.open

    def guarded(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(name) == path:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(savefile.os, "open", guarded)


def _snapshot(folder: Path) -> dict[str, tuple[int, int, int, bytes | None]]:
    """Every entry as lstat shows it (never following a link or opening a FIFO), and
    the bytes of small regular files."""
    seen = {}
    for path in sorted(folder.iterdir()):
        info = os.lstat(path)
        small = stat.S_ISREG(info.st_mode) and info.st_size < 2**20
        seen[path.name] = (info.st_mode, info.st_size, info.st_mtime_ns,
                           path.read_bytes() if small and info.st_mode & 0o444 else None)
    return seen


def _one_line(message: str, phrase: str) -> None:
    assert "\n" not in message and len(message) < 300, message
    assert phrase in message, f"{message!r} does not say {phrase!r}"


# -- reading ----------------------------------------------------------------------------
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_save_is_one_sentence_and_left_untouched(case, saves, never_hang,
                                                           monkeypatch):
    build, phrase = CASES[case]
    path = saves / HOSTILE
    build(path, _good_path(saves))
    if case == "unreadable file":
        _deny_reading(monkeypatch, path)
    before = _snapshot(saves)

    with pytest.raises(DataError) as err:
        read_save(path)
    _one_line(str(err.value), phrase)
    assert str(path) in str(err.value)
    with pytest.raises(DataError) as again:
        Session.load(path)
    assert str(again.value) == str(err.value)
    if "bot level" not in case:  # seats are the client's part of the record
        with pytest.raises(DataError):
            match_file.load(path)
    label, problem = LoadScene.describe(path)
    assert problem == savefile.plain_problem(err.value) == _plain(case)
    _one_line(label, f"{HOSTILE}: {problem}")
    assert latest_save(saves) == _good_path(saves), "Continue takes the newest that loads"

    assert _snapshot(saves) == before, "nothing changed, created or removed"


def test_the_title_and_the_load_list_open_over_every_hostile_file_at_once(
        make_app, saves, never_hang, monkeypatch):
    """A folder of every hostile file, all newer than the one good save: the client
    starts to the title, Continue resumes the good save, and the Load list names each
    bad file as damaged (the good one not)."""
    good = _good_path(saves)
    names = {case: f"{number:02d}-{HOSTILE}" for number, case in enumerate(CASES)}
    for case, (build, _) in CASES.items():
        build(saves / names[case], good)
    _deny_reading(monkeypatch, saves / names["unreadable file"])
    before = _snapshot(saves)
    monkeypatch.setattr(load_scene, "SHOWN", len(CASES) + 1)

    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    title.load_game()
    listing = app.scenes.top
    assert isinstance(listing, LoadScene)
    app.frame()
    rows = [w for w in listing.widgets if w.label != "Back"]
    assert len(rows) == len(CASES) + 1
    damaged = {rows[i].label.split("   ", 1)[1].split(": ")[0] for i in listing.problems}
    assert damaged == set(names.values())
    assert {rows[i].label.split(": ", 1)[1] for i in listing.problems} == {
        _plain(case) for case in CASES}, "each in one short sentence, no parser words"
    fine = [row.label for i, row in enumerate(rows) if i not in listing.problems]
    assert len(fine) == 1 and "2 players" in fine[0] and "round 1 of" in fine[0]
    assert 0 not in listing.problems, "the save that loads is listed first"
    listing.back()

    title.continue_game()
    scene = app.scenes.top
    while not isinstance(scene, MatchScene):
        app.scenes.pop()
        scene = app.scenes.top
    assert scene.session.path == good
    assert len(scene.session.match.actions) == 3
    app.scenes.pop()
    assert _snapshot(saves) == before, "nothing changed, created or removed"


def test_a_damaged_newest_file_resumes_from_the_one_before_with_a_notice(make_app, saves):
    good = _good_path(saves)
    good.write_bytes(good.read_bytes()[:-10])
    before = _snapshot(saves)
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    label, problem = LoadScene.describe(good)
    assert problem is None and "resumes the one before" in label
    title.continue_game()
    app.step()
    assert app.notice == "The newest save was damaged; resumed from move 2."
    assert _snapshot(saves) == before


# -- writing ----------------------------------------------------------------------------
def _break_removed(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    shutil.rmtree(folder)
    return folder.mkdir


def _break_disk_full(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    full = [True]
    real = savefile._write_all

    def write(fd: int, data: bytes) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(savefile, "_write_all", write)
    return lambda: full.__setitem__(0, False)


def _break_read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """chmod 0o500; root writes there anyway, so for root the refusal is raised by
    hand where the temp file is opened."""
    folder.chmod(0o500)
    denied = [True]
    real_open = os.open

    def guarded(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if denied[0] and os.geteuid() == 0 and Path(path).parent == folder:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(savefile.os, "open", guarded)

    def mend() -> None:
        folder.chmod(0o755)
        denied[0] = False

    return mend


FAILURES = {"folder removed": (_break_removed, "No such file or directory"),
            "disk full": (_break_disk_full, "No space left on device"),
            "read-only folder": (_break_read_only, "Permission denied")}


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _play_one(app: Any, match: MatchScene) -> None:
    """Click through the screens until a move is made (a builder places several)."""
    moves = len(match.session.match.actions)
    while len(match.session.match.actions) == moves:
        act(app)


def _hot_seat_match(make_app) -> tuple[object, Path, Session, MatchScene]:
    """A two-seat hot-seat match on screen over the title, saving into the saves folder."""
    app = make_app()
    app.scenes.push(TitleScene(app))
    folder = saves_dir()
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 4, folder)
    match = MatchScene(app, session)
    app.scenes.push(match)
    return app, folder, session, match


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failing_autosave_is_a_notice_and_a_retry_and_the_game_goes_on(
        failure, make_app, tmp_path, monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(session_module.time, "monotonic", clock)
    app, folder, session, match = _hot_seat_match(make_app)
    app.frame()
    _play_one(app, match)
    break_it, reason = FAILURES[failure]
    mend = break_it(folder, monkeypatch)

    _play_one(app, match)  # no traceback: the move is made, the save fails
    app.step()
    assert app.notice == (f"The game could not be saved ({reason}); retrying every "
                          f"{RETRY_SECONDS:g} seconds.")
    moves = len(session.match.actions)
    _play_one(app, match)
    assert len(session.match.actions) > moves, "the game stays playable"

    mend()
    while app.scenes.top is not match:
        act(app)
    app.step()
    assert session.save_error is not None, "no retry before its time"
    clock.now += RETRY_SECONDS
    app.step()  # retries (from the session's poll)
    app.step()  # and tells
    assert session.save_error is None and app.notice == "The game is saved again."
    assert Session.load(session.path).match.actions == session.match.actions


def _unsaved_quit_question(make_app, monkeypatch):
    """A hot-seat match whose autosave fails, with the in-game menu's quit question up."""
    app, folder, session, match = _hot_seat_match(make_app)
    while app.scenes.top is not match:
        act(app)
    mend = _break_disk_full(folder, monkeypatch)
    _play_one(app, match)
    while app.scenes.top is not match:
        act(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()
    press(app, "Save and quit to title")
    question = app.scenes.top
    assert isinstance(question, QuitScene)
    assert question.question == ("The game is NOT saved (No space left on device). Quit "
                                 "anyway and lose the moves since the last save?")
    return app, session, match, mend


def test_quitting_an_unsaved_game_says_so_and_keeping_it_saves_later(make_app, monkeypatch):
    app, session, match, mend = _unsaved_quit_question(make_app, monkeypatch)
    press(app, "Keep playing")
    assert isinstance(app.scenes.top, PauseScene) and app.scenes.scenes[-2] is match
    mend()
    press(app, "Save and quit to title")
    assert app.scenes.top.question == SAVED_QUESTION, "asking again tries the save again"
    press(app, "Quit to title")
    assert isinstance(app.scenes.top, TitleScene)
    assert app.notice == "The game is saved; Continue on the title screen resumes it."
    assert Session.load(session.path).match.actions == session.match.actions


def test_quitting_an_unsaved_game_anyway_leaves_without_it(make_app, monkeypatch):
    app, session, _match, _ = _unsaved_quit_question(make_app, monkeypatch)
    press(app, "Quit without saving")
    assert isinstance(app.scenes.top, TitleScene)
    assert app.notice == "The game was not saved."
    assert len(Session.load(session.path).match.actions) < len(session.match.actions)
