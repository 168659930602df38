"""The generated music loop is a valid, audible, seamless and reproducible WAV; the
player never fails without an audio device, keeps its channel, and the settings change
its volume live."""

from __future__ import annotations

import array
import importlib
import sys
import wave
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.scenes.settings import SettingsScene
from game.settings import Settings
from game.ui.music import CHANNEL, Music
from game.ui.sound import Sounds

ROOT = Path(__file__).resolve().parents[2]
LOOP = ROOT / "game" / "assets" / "music" / "workshop.wav"
RATE = 22050


def _samples(path: Path = LOOP) -> array.array:
    with wave.open(str(path)) as wav:
        samples = array.array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The loop rebuilt by tools/make_music.py (run as a script would: tools/ on the path)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(ROOT / "tools"))
        generator = importlib.import_module("make_music")
        return generator.main(tmp_path_factory.mktemp("music"))


def test_the_loop_is_a_mono_wav_of_16_to_24_seconds_with_headroom():
    with wave.open(str(LOOP)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
        assert 16 <= wav.getnframes() / RATE <= 24
    assert LOOP.stat().st_size < 1_100_000
    samples = _samples()
    peak = max(abs(s) for s in samples)
    assert 0.5 * 32767 < peak < 0.8 * 32767  # about -3 dBFS: audible, never clipping


def test_the_loop_joins_its_start_without_a_click():
    samples = _samples()
    near = round(0.005 * RATE)  # what the signal does within 5 ms of the seam
    around = [*samples[-near:], *samples[:near]]
    steps = [b - a for a, b in pairwise(around)]
    seam = near - 1  # the step from the last sample to the first
    assert steps[seam] == samples[0] - samples[-1]
    others = steps[:seam] + steps[seam + 1:]
    assert abs(steps[seam]) <= max(abs(s) for s in others)
    bends = [b - a for a, b in pairwise(steps)]
    assert max(abs(bends[seam - 1]), abs(bends[seam])) <= max(abs(b) for b in bends) / 2 + 50
    # No fade to silence either side: the music plays straight through the seam.
    edge = round(0.02 * RATE)
    for part in (samples[:edge], samples[-edge:]):
        assert max(abs(s) for s in part) > 300


def test_the_generator_reproduces_the_committed_file(generated):
    assert generated.read_bytes() == LOOP.read_bytes()


def test_volume_is_clamped_applies_at_once_and_zero_stops_the_loop():
    pygame.init()
    music = Music(3.0)
    assert music.volume == 1.0
    music.volume = -1
    assert music.volume == 0.0
    music.start()  # asked for at volume 0: waits for a volume
    assert not music.playing
    music.volume = 0.4
    channel = pygame.mixer.Channel(CHANNEL)
    loop = channel.get_sound()
    assert music.playing and channel.get_busy() and loop is not None
    assert loop.get_volume() == pytest.approx(0.4, abs=0.01)
    music.volume = 0
    assert not music.playing and not channel.get_busy()
    music.volume = 0.7
    assert music.playing and channel.get_busy()
    assert loop.get_volume() == pytest.approx(0.7, abs=0.01)
    music.stop()
    assert not music.playing and not channel.get_busy()


def test_effects_never_take_the_music_channel():
    pygame.init()
    music = Music(0.5)
    music.start()
    loop = pygame.mixer.Channel(CHANNEL).get_sound()
    sounds = Sounds(1.0)
    for _ in range(pygame.mixer.get_num_channels() + 2):
        sounds.play("click")
    assert pygame.mixer.Channel(CHANNEL).get_sound() is loop
    music.stop()


def test_without_an_audio_device_or_file_it_is_silent(monkeypatch):
    pygame.init()
    missing = Music(0.5, name="no-such-tune")
    missing.start()
    assert not missing.available and not missing.playing
    missing.volume = 0.8

    def broken() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    music = Music(1.0)
    assert not music.available
    music.start()
    music.volume = 0.2
    music.stop()
    assert not music.playing


@pytest.fixture
def app(make_app):
    return make_app(Settings(music_volume=0.5))


def _click(scene: SettingsScene, label: str, arrow: int) -> None:
    chooser = next(w for w in scene.widgets if getattr(w, "label", "") == label)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                    pos=chooser.arrows[arrow].center))


def test_the_app_plays_music_and_the_settings_chooser_sets_its_volume(app):
    assert app.music.playing and app.music.volume == 0.5
    scene = SettingsScene(app)
    app.scenes.push(scene)
    _click(scene, "Music volume", 1)
    assert app.settings.music_volume == 0.6
    assert app.music.volume == 0.6
    assert pygame.mixer.Channel(CHANNEL).get_sound().get_volume() == pytest.approx(0.6, abs=0.01)
    for _ in range(6):
        _click(scene, "Music volume", 0)
    assert app.settings.music_volume == 0.0 and not app.music.playing
    _click(scene, "Music volume", 1)
    assert app.music.volume == 0.1 and app.music.playing
