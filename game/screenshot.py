"""``botyard screenshot``: render a scene in a set-up position to a PNG, headless.

The title and new-game screens are drawn here; every other scene is one of a game's
registered positions, set up by its client entry (typically dealt from the seed and
played forward by seeded random choices, with seat 0 as the human whose view is drawn).
"""

from __future__ import annotations

import io
import os
import secrets
from pathlib import Path

from game.client import headless, sigterm_held

TITLE = "title"
SETUP = "setup"
"""The title screen belongs to no game and the new-game screen is the same for every
game (showing the game's own options); every other scene is one of a game's
registered screenshot positions."""


def scenes(game: str) -> tuple[str, ...]:
    from game.rules.core.registry import get_game

    return (TITLE, SETUP, *get_game(game).screenshots)


def take(game: str, scene: str | None, seed: int, out: Path) -> None:
    """Draw ``scene`` of ``game`` (the game's default scene when None) from the seed
    to ``out``. An unknown scene or a path
    that cannot take a PNG is a RuleError before anything is drawn. The picture is
    written to a hidden file beside ``out`` that then replaces it, both with SIGTERM
    held back, so ``out`` is never left half-written, nor the hidden file behind."""
    from game.rules.core.errors import RuleError
    from game.rules.core.registry import get_game

    spec = get_game(game)
    scene = scene or spec.default_screenshot
    known = scenes(game)
    if scene not in known:
        raise RuleError(f"{spec.title} has no screenshot scene {scene!r} "
                        f"(it has {', '.join(known)})")
    try:
        _check(out)
        with sigterm_held():
            _write(out.parent / f".{out.stem}-{secrets.token_hex(4)}.png", b"", None)
    except OSError as exc:
        raise RuleError(f"cannot write in {out.parent}: {exc.strerror or exc}") from exc
    picture = _render(game, scene, seed)
    try:
        with sigterm_held():
            _write(out.parent / f".{out.stem}-{secrets.token_hex(4)}.png", picture, out)
    except OSError as exc:
        raise RuleError(f"cannot write {out}: {exc.strerror or exc}") from exc


def _write(partial: Path, data: bytes, out: Path | None) -> None:
    """Write ``data`` to the new file ``partial`` and rename it to ``out``; with no
    ``out`` only prove that the folder takes a file. ``partial`` never stays behind."""
    # O_EXCL: never someone else's file; mode 0o666 less the umask, as for any new file.
    handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if out is not None:
            os.replace(partial, out)
    finally:
        partial.unlink(missing_ok=True)


def _check(out: Path) -> None:
    """RuleError unless ``out`` can become a PNG: a plain file or none, in a folder."""
    from game.rules.core.errors import RuleError

    if out.is_dir():
        raise RuleError(f"{out} is a folder: name a .png file in it")
    if out.suffix.lower() != ".png":
        raise RuleError(f"the screenshot is a PNG: name it something.png, not {out.name!r}")
    if out.is_symlink() or (out.exists() and not out.is_file()):
        raise RuleError(f"{out} is not a plain file; choose another name")
    folder = out.parent
    if not folder.is_dir():
        raise RuleError(f"{folder} is not a folder" if folder.exists()
                        else f"the folder {folder} does not exist")


def _render(game: str, scene: str, seed: int) -> bytes:
    """The scene drawn from the seed, as PNG bytes."""
    headless("shot")
    import pygame

    from game.app import App
    from game.rules.core.registry import get_game
    from game.scenes.entry import client
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    from game.settings import Settings

    app = App(Settings())
    try:
        app.scenes.push(TitleScene(app))
        if scene == SETUP:
            setup = SetupScene(app, get_game(game))
            setup.seed_field.text = str(seed)  # the same picture for the same seed
            app.scenes.push(setup)
        elif scene != TITLE:
            client(get_game(game)).screenshot(app, scene, seed)
        for _ in range(2):
            app.frame()
        picture = io.BytesIO()
        pygame.image.save(app.screen, picture, "shot.png")
        return picture.getvalue()
    finally:
        app.close()
