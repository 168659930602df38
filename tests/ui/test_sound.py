"""The generated effects are valid, short, audible and reproducible; playing them
never fails, with or without an audio device."""

from __future__ import annotations

import array
import importlib.util
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.ui.sound import NAMES, Sounds, sound_for

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "game" / "assets" / "sounds"


def _generator():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" /
                                                  "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_sounds"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", NAMES)
def test_each_effect_is_a_short_audible_mono_wav(name):
    with wave.open(str(SOUNDS / f"{name}.wav")) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        frames = wav.getnframes()
        assert frames / 22050 < 0.6
        samples = array.array("h", wav.readframes(frames))
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32767


def test_the_generator_is_deterministic(tmp_path):
    generator = _generator()
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    generator.main(first)
    generator.main(second)
    for name in NAMES:
        assert (first / f"{name}.wav").read_bytes() == (second / f"{name}.wav").read_bytes()
        assert (first / f"{name}.wav").read_bytes() == (SOUNDS / f"{name}.wav").read_bytes()


def test_playing_never_fails_and_volume_is_clamped():
    pygame.init()
    sounds = Sounds(3.0)
    assert sounds.volume == 1.0
    sounds.volume = -1
    assert sounds.volume == 0.0
    sounds.volume = 0.5
    for name in (*NAMES, "no-such-sound"):
        sounds.play(name)


def test_without_an_audio_device_it_is_silent(monkeypatch):
    def broken() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(1.0)
    assert not sounds.available
    sounds.play("roll")


def test_events_map_to_effects():
    assert sound_for("tile_placed") == "place"
    assert sound_for("hit", "destroyed") == "destroy"
    assert sound_for("hit", "goblin") == "goblin"
    assert sound_for("round_started") is None
