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


def test_the_setup_scene_is_the_new_game_screen_with_the_game_s_options(monkeypatch, tmp_path):
    """The new-game screen of each game, its seed field holding the seed given."""
    from game.scenes import setup as setup_module
    from game.screenshot import _render

    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    shown = []
    real = setup_module.SetupScene.draw

    def draw(self, surface):
        shown.append((self.spec.id, list(self.options), self.seed_field.text))
        real(self, surface)

    monkeypatch.setattr(setup_module.SetupScene, "draw", draw)
    pictures = {game: _render(game, "setup", 3) for game in ("goblins", "two_robots")}
    assert pictures["goblins"] != pictures["two_robots"]
    assert {s[0]: s[1:] for s in shown} == {"goblins": (["dice"], "3"),
                                           "two_robots": (["salvagers"], "3")}
