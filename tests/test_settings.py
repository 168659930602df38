from __future__ import annotations

import errno
import json
import os

import pytest

from game import settings as settings_module
from game.settings import Settings, load_settings


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings(window_size=(1600, 900), fullscreen=True, sound_volume=0.3,
                    ai_pause=0.3).save(path) is None
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded == Settings(window_size=(1600, 900), fullscreen=True, sound_volume=0.3,
                              ai_pause=0.3)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


def test_damaged_settings_are_kept_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and "settings.bad-1.json" in problem and "\n" not in problem
    assert (tmp_path / "settings.bad-1.json").read_text(encoding="utf-8") == "{not json"
    assert not path.exists()
    assert load_settings(path) == (Settings(), None)


def test_good_fields_are_kept_and_bad_ones_reset(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "yes", "sound_volume": 0.3, "ai_pause": 0.3}),
                    encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings(sound_volume=0.3, ai_pause=0.3)
    assert problem.startswith("Settings fixed: fullscreen reset;")
    # The repaired settings replace the file, so the next launch says nothing.
    assert load_settings(path) == (Settings(sound_volume=0.3, ai_pause=0.3), None)


@pytest.mark.parametrize(("raw", "expected", "note"), [
    ({"sound_volume": 1.7}, Settings(sound_volume=1.0), "sound_volume set to 1.0"),
    ({"music_volume": -2}, Settings(music_volume=0.0), "music_volume set to 0.0"),
    ({"animation_speed": 1.4}, Settings(animation_speed=1.5), "animation_speed set to 1.5"),
    ({"ai_pause": 99}, Settings(ai_pause=1.2), "ai_pause set to 1.2"),
    ({"ai_pause": True}, Settings(), "ai_pause reset"),
    ({"window_size": [100, 5]}, Settings(), "window_size reset"),
    ({"window_size": [1600.0, 900]}, Settings(), "window_size reset"),
    ({"window_size": [1600, 900, 1]}, Settings(), "window_size reset"),
    ({"controllers": "COM3"}, Settings(), "controllers reset"),
    ({"controllers": [{"url": "a", "serial": "S1", "uid": "B070", "roles": {"goblins": "x"}},
                      {"url": ""}, {"url": "b", "uid": 5}, {"url": "c", "roles": {"g": 7}},
                      {"url": "d", "roles": ["x"]}, ["d"], {"url": "e", "seat": 1}]},
     Settings(controllers=[{"url": "a", "serial": "S1", "uid": "B070", "roles": {"goblins": "x"}},
                           {"url": "e", "serial": None, "uid": None, "roles": {}}]),
     "5 controller entries dropped"),
    ({"colour": "blue"}, Settings(), "unknown key 'colour' dropped"),
])
def test_each_field_is_repaired_on_its_own(tmp_path, raw, expected, note):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == expected
    assert f": {note};" in problem


def test_a_value_in_range_is_not_reported(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound_volume": 1, "animation_speed": 2, "ai_pause": 0}),
                    encoding="utf-8")
    assert load_settings(path) == (Settings(sound_volume=1.0, animation_speed=2.0,
                                            ai_pause=0.0), None)


def test_backups_take_the_first_free_number(tmp_path):
    path = tmp_path / "settings.json"
    (tmp_path / "settings.bad-1.json").write_text("one", encoding="utf-8")
    (tmp_path / "settings.bad-3.json").write_text("three", encoding="utf-8")
    for text, name in (("[]", "settings.bad-2.json"), ("7", "settings.bad-4.json")):
        path.write_text(text, encoding="utf-8")
        assert name in load_settings(path)[1]
        assert (tmp_path / name).read_text(encoding="utf-8") == text
    assert (tmp_path / "settings.bad-1.json").read_text(encoding="utf-8") == "one"
    assert (tmp_path / "settings.bad-3.json").read_text(encoding="utf-8") == "three"


def test_a_file_that_cannot_be_set_aside_is_left_untouched(tmp_path, monkeypatch):
    def refuse(_src: object, _dst: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(settings_module.os, "rename", refuse)
    path = tmp_path / "settings.json"
    for text in ("{bad", '{"fullscreen": 3}'):
        path.write_text(text, encoding="utf-8")
        settings, problem = load_settings(path)
        assert settings == Settings()
        assert "could not be set aside (Read-only file system)" in problem
        assert "left as it is" in problem and "\n" not in problem
        assert path.read_text(encoding="utf-8") == text
        assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_too_many_backups_leave_the_file_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(settings_module, "MAX_BACKUPS", 2)
    for n in (1, 2):
        (tmp_path / f"settings.bad-{n}.json").write_text("old", encoding="utf-8")
    path = tmp_path / "settings.json"
    path.write_text("{bad", encoding="utf-8")
    assert "2 older backups are in the way" in load_settings(path)[1]
    assert path.read_text(encoding="utf-8") == "{bad"


def test_save_reports_a_problem_instead_of_raising(tmp_path):
    (tmp_path / "settings.json").mkdir()
    problem = Settings().save(tmp_path / "settings.json")
    assert problem is not None and problem.startswith("Settings could not be saved (")
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert Settings().save(tmp_path / "gone" / "settings.json").startswith(
        "Settings could not be saved (")


def test_save_is_not_blocked_by_a_fifo_left_at_the_old_temporary_name(tmp_path):
    os.mkfifo(tmp_path / "settings.tmp")
    assert Settings(fullscreen=True).save(tmp_path / "settings.json") is None
    assert load_settings(tmp_path / "settings.json") == (Settings(fullscreen=True), None)


def test_an_unusable_user_folder_gives_defaults_and_one_line(tmp_path, monkeypatch):
    (tmp_path / "home").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path / "home"))
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem.startswith("Settings could not be read (") and "\n" not in problem
    assert Settings().save().startswith("Settings could not be saved (")


def test_the_retired_colour_blind_key_is_dropped_without_a_word(tmp_path):
    """Seat glyphs are always drawn now; a file from before says nothing and is left
    as it is (the next save writes it without the key)."""
    path = tmp_path / "settings.json"
    text = json.dumps({"glyphs": False, "sound_volume": 0.3})
    path.write_text(text, encoding="utf-8")
    assert load_settings(path) == (Settings(sound_volume=0.3), None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert path.read_text(encoding="utf-8") == text
    assert not hasattr(Settings(), "glyphs")


GOOD_SETUP = {"players": 2, "variant": "standard", "options": {"dice": "table"},
              "seats": [{"kind": "human", "level": "normal", "name": "Ann"},
                        {"kind": "ai", "level": "hard", "name": ""}]}


def test_remembered_setups_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings(last_game="goblins", setups={"goblins": GOOD_SETUP})
    assert settings.save(path) is None
    assert load_settings(path) == (settings, None)


def _seat(**change):
    return {**GOOD_SETUP, "seats": [{**GOOD_SETUP["seats"][0], **change}]}


@pytest.mark.parametrize("bad", [
    "goblins", [GOOD_SETUP], {**GOOD_SETUP, "players": 99}, {**GOOD_SETUP, "players": True},
    {**GOOD_SETUP, "variant": ""}, {**GOOD_SETUP, "variant": "x" * 41},
    {**GOOD_SETUP, "options": {"dice": 3}}, {**GOOD_SETUP, "options": [["dice", "table"]]},
    {**GOOD_SETUP, "seats": [GOOD_SETUP["seats"][0]] * 9}, {**GOOD_SETUP, "seed": 4},
    {k: v for k, v in GOOD_SETUP.items() if k != "seats"}, _seat(kind="robot"),
    _seat(level="godlike"), _seat(name="x" * 17), _seat(name="a\nb"), _seat(name=" Ann"),
    _seat(name=None), {**GOOD_SETUP, "seats": [{"kind": "human", "level": "normal"}]}])
def test_a_bad_remembered_setup_is_dropped_and_the_rest_kept(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"last_game": "goblins", "sound_volume": 0.3,
                                "setups": {"two_robots": GOOD_SETUP, "goblins": bad}}),
                    encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings == Settings(last_game="goblins", sound_volume=0.3,
                                setups={"two_robots": GOOD_SETUP})
    assert notice.startswith("Settings fixed: 1 remembered setup dropped;")
    assert load_settings(path) == (settings, None)


@pytest.mark.parametrize(("raw", "note"), [
    ({"setups": "all"}, "setups reset"), ({"last_game": 3}, "last_game reset"),
    ({"last_game": "x" * 41}, "last_game reset"), ({"last_game": "a\u0000"}, "last_game reset"),
    ({"setups": {"x" * 41: GOOD_SETUP}}, "1 remembered setup dropped")])
def test_bad_setup_fields_are_reset(tmp_path, raw, note):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings == Settings() and note in notice
