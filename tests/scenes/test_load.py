"""The Load screen: saves that load come first, newest first, a page at a time."""

from __future__ import annotations

import os

import pygame

from game.paths import saves_dir
from game.scenes.load import SHOWN, LoadScene
from game.scenes.title import TitleScene
from game.session import HUMAN, Seat, Session


def _rows(scene: LoadScene) -> list[str]:
    return [w.label for w in scene.widgets if w.label not in ("Back", "Newer", "Older")]


def _seeds(scene: LoadScene, page: int) -> list[int]:
    """The seeds of the good saves listed on ``page`` (each file is named by its seed)."""
    rows = scene.rows[page * SHOWN:(page + 1) * SHOWN]
    return [int(path.stem.rsplit("-", 1)[1]) for path, _, problem in rows if problem is None]


def _button(scene: LoadScene, label: str):
    return next(w for w in scene.widgets if w.label == label)


def test_pages_turn_and_damaged_saves_come_after_the_good_ones(make_app):
    folder = saves_dir()
    for seed in range(SHOWN + 3):
        Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", seed, folder)
        os.utime(next(folder.glob(f"*-{seed}.json")), (1000 + seed, 1000 + seed))
    (folder / "broken.json").write_text("{")  # the newest file of all
    app = make_app()
    app.scenes.push(TitleScene(app))
    scene = LoadScene(app)
    app.scenes.push(scene)
    app.frame()

    first = _rows(scene)
    assert len(first) == SHOWN and scene.problems == {}
    assert _seeds(scene, 0) == list(range(SHOWN + 2, 2, -1)), "newest first"
    assert not _button(scene, "Newer").enabled and _button(scene, "Older").enabled

    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    second = _rows(scene)
    assert len(second) == 4 and _seeds(scene, 1) == [2, 1, 0]
    assert list(scene.problems) == [3] and "broken.json cannot be loaded" in second[3]
    assert not _button(scene, "Older").enabled
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert _rows(scene) == second, "no page past the last"

    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    assert _rows(scene) == first


def test_one_page_needs_no_page_buttons(make_app):
    Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 1, saves_dir())
    app = make_app()
    scene = LoadScene(app)
    app.scenes.push(scene)
    assert [w.label for w in scene.widgets][1:] == ["Back"]
