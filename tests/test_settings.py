from __future__ import annotations

import json

from game.settings import Settings, load_settings


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    Settings(window_size=(1600, 900), fullscreen=True, sound_volume=0.3, glyphs=False).save(path)
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded == Settings(window_size=(1600, 900), fullscreen=True, sound_volume=0.3,
                              glyphs=False)


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


def test_damaged_settings_are_kept_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and "settings.bad.json" in problem and "\n" not in problem
    assert (tmp_path / "settings.bad.json").read_text(encoding="utf-8") == "{not json"
    assert not path.exists()


def test_wrong_types_are_refused_not_guessed(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "yes"}), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings() and "fullscreen" in problem
    path.write_text(json.dumps({"window_size": [100, 5]}), encoding="utf-8")
    assert "window_size" in load_settings(path)[1]
