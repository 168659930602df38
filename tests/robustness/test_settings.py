"""Hostile settings files: the client starts, uses defaults for what is bad (good fields
kept), says once in one line what it changed, keeps the original as a numbered backup
that never overwrites another, and the next launch is clean."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.settings import Settings, load_settings
from tests.robustness.helpers import snapshot


def _json(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "mine.txt").write_text("the player's own file", encoding="utf-8")


def _backup_is_a_folder(path: Path) -> None:
    (path.parent / "settings.bad-1.json").mkdir()
    (path.parent / "settings.bad-2.json").write_text("older", encoding="utf-8")
    path.write_text("{broken", encoding="utf-8")


DEFAULTS = Settings()
# name -> (builder, the settings the client starts with, what the notice must say).
CASES: dict[str, tuple[Callable[[Path], None], Settings, str]] = {
    "deep nesting": (_json("[" * 30_000 + "]" * 30_000), DEFAULTS, "(nested too deeply)"),
    "deep nesting in a field": (_json('{"fullscreen": true, "x": ' + "[" * 30_000 + "]" * 30_000
                                      + "}"), DEFAULTS, "(nested too deeply)"),
    "over the size limit": (_json('{"fullscreen": true}' + " " * 70_000), DEFAULTS,
                            "the limit is 65536"),
    "folder": (_folder, DEFAULTS, "(this is a folder, not a file)"),
    "FIFO": (os.mkfifo, DEFAULTS, "(this is a pipe or a device, not a file)"),
    "symlink loop": (lambda path: os.symlink(path.name, path), DEFAULTS,
                     "(Too many levels of symbolic links)"),
    "dangling symlink": (lambda path: os.symlink("gone.json", path), DEFAULTS,
                         "(this is a link to a file that does not exist)"),
    "NaN and infinities": (_json('{"sound_volume": NaN, "music_volume": Infinity, '
                                 '"ai_pause": -Infinity, "fullscreen": true}'),
                           Settings(fullscreen=True),
                           "sound_volume reset, music_volume reset, ai_pause reset"),
    "1e400": (_json('{"animation_speed": 1e400, "fullscreen": true}'),
              Settings(fullscreen=True), "animation_speed reset"),
    "huge whole numbers": (_json('{"window_size": [1' + "0" * 5000 + ', 900], '
                                 '"sound_volume": -' + "9" * 5000 + "}"),
                           DEFAULTS, "window_size reset, sound_volume reset"),
    "negative and too large": (_json('{"sound_volume": -0.5, "music_volume": 12, '
                                     '"animation_speed": -3, "ai_pause": 1e300}'),
                               Settings(sound_volume=0.0, music_volume=1.0,
                                        animation_speed=0.5, ai_pause=1.2),
                               "sound_volume set to 0.0, music_volume set to 1.0, "
                               "animation_speed set to 0.5, ai_pause set to 1.2"),
    "wrong types": (_json(json.dumps({"window_size": "1600x900", "fullscreen": 1,
                                      "sound_volume": "loud", "ai_pause": None,
                                      "controllers": {"url": "COM3"}, "music_volume": 0.2})),
                    Settings(music_volume=0.2),
                    "window_size reset, fullscreen reset, sound_volume reset, ai_pause reset, "
                    "controllers reset"),
    "window too small": (_json('{"window_size": [10, 10], "fullscreen": true}'),
                         Settings(fullscreen=True), "window_size reset"),
    "bad controllers": (_json(json.dumps({"controllers": [
        {"url": "/dev/ttyACM0", "seat": 0}, {"url": "a\u0000b"},
        {"url": "x" * 1000}, {"url": "ok", "uid": "\u0000"}, {"url": "ok", "serial": "s" * 99},
        {"url": "ok", "roles": {"goblins": None}}, "COM4", None]})),
        Settings(controllers=[{"url": "/dev/ttyACM0", "serial": None, "uid": None,
                               "roles": {}}]),
        "7 controller entries dropped"),
    "unknown keys": (_json('{"fullscreen": true, "theme": "dark", "volume": 3}'),
                     Settings(fullscreen=True), "2 unknown keys dropped"),
    "unprintable unknown key": (_json('{"a\\nb\\u0000": 1}'), DEFAULTS,
                                "unknown key 'a\\nb\\x00' dropped"),
    "top level list": (_json("[1, 2, 3]"), DEFAULTS, "(not a JSON object)"),
    "top level null": (_json("null"), DEFAULTS, "(not a JSON object)"),
    "empty file": (_json(""), DEFAULTS, "(not valid JSON, line 1: Expecting value)"),
    "NUL bytes": (_bytes(b'{"fullscreen": \x00}'), DEFAULTS, "(not valid JSON, line 1:"),
    "Latin-1 bytes": (_bytes(b'{"x": "caf\xe9"}'), DEFAULTS, "(not UTF-8 text)"),
    "backup name taken by a folder": (_backup_is_a_folder, DEFAULTS,
                                      "the old file is kept as settings.bad-3.json"),
}


def _others(folder: Path) -> dict[str, tuple[object, ...]]:
    return {p.name: snapshot(p) for p in folder.iterdir() if p.name != "settings.json"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_settings_start_the_client_with_one_line(tmp_path, name):
    build, expected, said = CASES[name]
    path = tmp_path / "settings.json"
    build(path)
    original = snapshot(path)
    others = _others(tmp_path)

    settings, notice = load_settings(path)

    assert settings == expected
    assert notice is not None and "\n" not in notice and said in notice, notice
    backup = notice.rsplit("the old file is kept as ", 1)[1].rstrip(".")
    assert backup == f"settings.bad-{len(others) + 1}.json"
    assert snapshot(tmp_path / backup) == original
    assert _others(tmp_path) == {**others, backup: original}
    if notice.startswith("Settings reset to defaults: "):
        assert not os.path.lexists(path)
    else:
        assert notice.startswith("Settings fixed: ")
        assert json.loads(path.read_text(encoding="utf-8"))["fullscreen"] is expected.fullscreen
    assert load_settings(path) == (expected, None)


def test_backups_are_numbered_and_never_overwritten(tmp_path):
    path = tmp_path / "settings.json"
    written = []
    for n in range(1, 6):
        text = "{broken " + str(n)
        path.write_text(text, encoding="utf-8")
        written.append(text)
        assert f"settings.bad-{n}.json" in load_settings(path)[1]
    for n, text in enumerate(written, 1):
        assert (tmp_path / f"settings.bad-{n}.json").read_text(encoding="utf-8") == text


def test_a_bom_is_read_not_reported(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"fullscreen": True}).encode())
    assert load_settings(path) == (Settings(fullscreen=True), None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def _launch(home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BOTYARD_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", "play", "--first-frame"],
                          capture_output=True, text=True, env=env, timeout=60, check=False)


@pytest.mark.parametrize("build", [os.mkfifo, _json("[" * 30_000 + "]" * 30_000)],
                         ids=["FIFO", "deep nesting"])
def test_the_client_launches_past_a_hostile_settings_file(tmp_path, build):
    build(tmp_path / "settings.json")
    done = _launch(tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("first-frame cpu="), done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("settings")) == [
        "settings.bad-1.json"]


def test_the_app_shows_the_notice_once(tmp_path, monkeypatch):
    from game.app import App

    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text('{"sound_volume": NaN, "fullscreen": true}',
                                            encoding="utf-8")
    first = App()
    try:
        assert first.notice == ("Settings fixed: sound_volume reset; the old file is kept as "
                                "settings.bad-1.json.")
        assert first.settings == Settings(fullscreen=True)
    finally:
        first.close()
    second = App()
    try:
        assert second.notice is None and second.settings == Settings(fullscreen=True)
    finally:
        second.close()
