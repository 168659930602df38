"""The Load screen: saves that load come first, newest first, a page at a time."""

from __future__ import annotations

import os

import pygame

from game.paths import saves_dir
from game.rules.core.savefile import CANNOT_OPEN, DAMAGED, OTHER_VERSION
from game.scenes.load import PAD, SHOWN, SIZES, LoadScene
from game.scenes.title import TitleScene
from game.session import HUMAN, Seat, Session
from game.ui.text import font


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
    assert list(scene.problems) == [3] and second[3].endswith("broken.json: " + DAMAGED)
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


def test_a_damaged_save_is_one_short_sentence_that_fits_its_row(make_app):
    """Each kind of problem, behind a file name as long as a folder allows: the name is
    cut in the middle, the sentence shows whole, at a readable size."""
    folder = saves_dir()
    stem = "a-very-long-save-name-" * 10
    (folder / f"{stem}1.json").write_text('{"format": 1, "game": "goblins", "actions": [',
                                          encoding="utf-8")
    (folder / f"{stem}2.json").mkdir()
    (folder / f"{stem}3.json").write_text('{"format": 99}', encoding="utf-8")
    app = make_app()
    scene = LoadScene(app)
    app.scenes.push(scene)
    app.frame()
    rows = {scene.widgets[i].label.rsplit(": ", 1)[1]: scene.widgets[i] for i in scene.problems}
    assert set(rows) == {DAMAGED, CANNOT_OPEN, OTHER_VERSION}
    for row in rows.values():
        assert "…" in row.label and row.size >= SIZES[-1]
        assert font(row.size).size(row.label)[0] <= row.rect.width - PAD, row.label
        assert row.rect.left >= 0 and row.rect.right <= 1920
    assert "JSON" not in " ".join(row.label for row in rows.values())


def test_a_short_name_is_not_cut_and_named_players_are_listed(make_app):
    folder = saves_dir()
    session = Session.new("goblins", [Seat(HUMAN, name="Ann"), Seat(HUMAN),
                                      Seat(HUMAN, name="Bo")], "standard", 1, folder)
    session.close()
    (folder / "broken.json").write_text("{", encoding="utf-8")
    app = make_app()
    scene = LoadScene(app)
    app.scenes.push(scene)
    good, bad = (w.label for w in scene.widgets[:2])
    assert ", 3 players (Ann, Bo)," in good
    assert bad.endswith("   broken.json: " + DAMAGED)
