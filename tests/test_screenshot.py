"""``botyard screenshot`` renders each named scene headless to a full-size PNG."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from game.rules.core.registry import get_game
from game.screenshot import scenes

SCENES = scenes("goblins")


def _shot(folder, name: str, *scene: str) -> pygame.Surface:
    env = {"BOTYARD_HOME": str(folder), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PATH": ""}
    out = folder / f"{name}.png"
    done = subprocess.run([sys.executable, "-m", "game", "screenshot", "--game", "goblins",
                           *scene, "--seed", "3", str(out)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return pygame.image.load(str(out))


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shots")
    return {scene: _shot(folder, scene, "--scene", scene) for scene in SCENES}


@pytest.mark.parametrize("scene", SCENES)
def test_each_scene_is_a_full_opaque_picture(shots, scene):
    image = shots[scene]
    assert image.get_size() == (1920, 1080)
    mask = pygame.mask.from_surface(image, 254)
    assert mask.count() == 1920 * 1080


def test_scenes_differ_and_build_is_not_hidden_behind_the_team_up(shots):
    raw = {name: pygame.image.tobytes(image, "RGB") for name, image in shots.items()}
    assert len(set(raw.values())) == len(SCENES)


def test_without_a_scene_the_games_default_scene_is_drawn(shots, tmp_path):
    default = get_game("goblins").default_screenshot
    assert default != "title"
    drawn = _shot(tmp_path, "default")
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(shots[default], "RGB")
