"""``botyard screenshot``: render a scene in a set-up position to a PNG, headless.

The match is dealt from the seed and played forward by seeded random choices until
the wanted moment, with seat 0 as the human whose view is drawn.
"""

from __future__ import annotations

import io
import os
import random
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.client import headless, sigterm_held

if TYPE_CHECKING:
    from game.session import Session

TITLE = "title"
"""The title screen belongs to no game; every other scene is one of a game's
registered screenshot positions."""


def scenes(game: str) -> tuple[str, ...]:
    from game.rules.core.registry import get_game

    return (TITLE, *get_game(game).screenshots)


def _advance(session: Session, until: Callable[[], bool], seed: int,
             play: Callable[[object], None]) -> None:
    rng = random.Random(seed)
    for _ in range(5000):
        if until():
            return
        seats = session.to_act()
        seat = seats[rng.randrange(len(seats))]
        options = session.rules.legal_actions(session.state, seat)
        play(options[rng.randrange(len(options))])
    raise RuntimeError("the match never reached the wanted position")


def take(game: str, scene: str, seed: int, out: Path) -> None:
    """Draw ``scene`` of ``game`` from the seed to ``out``. An unknown scene or a path
    that cannot take a PNG is a RuleError before anything is drawn. The picture is
    written to a hidden file beside ``out`` that then replaces it, both with SIGTERM
    held back, so ``out`` is never left half-written, nor the hidden file behind."""
    from game.rules.core.errors import RuleError

    known = scenes(game)
    if scene not in known:
        from game.rules.core.registry import get_game

        raise RuleError(f"{get_game(game).title} has no screenshot scene {scene!r} "
                        f"(it has {', '.join(known)})")
    try:
        _check(out)
        with sigterm_held():
            _write(out.parent / f".{out.stem}-{secrets.token_hex(4)}.png", b"", None)
    except OSError as exc:
        raise RuleError(f"cannot write in {out.parent}: {exc.strerror or exc}") from exc
    picture = _render(scene, seed)
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


class _StillBots:
    """The bot host of a still picture: the position is played out by ``_advance``, so
    no worker process is started (a SIGTERM mid-start would leave it a traceback)."""

    def submit(self, seat: int, view: object) -> None:
        """The picture is drawn before any bot would answer."""

    def collect(self, wait: float = 0.0) -> None:
        return None

    def close(self) -> None:
        """Nothing was started."""


def _render(scene: str, seed: int) -> bytes:
    """The scene drawn from the seed, as PNG bytes."""
    headless("shot")
    import pygame

    from game.app import App
    from game.scenes.goblins.match import MatchScene
    from game.scenes.title import TitleScene
    from game.session import AI, HUMAN, Seat, Session
    from game.settings import Settings

    app = App(Settings())
    try:
        app.scenes.push(TitleScene(app))
        if scene != TITLE:
            seats = [Seat(HUMAN)] + [Seat(AI, "normal") for _ in range(3)]
            session = Session.new("goblins", seats, "standard", seed, Path(tempfile.mkdtemp()),
                                  bots=_StillBots())
            match = MatchScene(app, session)
            if scene != "teamup":
                match.teamed_up = {(r, 0) for r in range(1, session.state.rounds + 1)}
            app.scenes.push(match)
            state = session.state

            def play(action: object) -> None:
                match.absorb(session.play(action))

            if scene == "build":
                _advance(session, lambda: state.phase == "build" and bool(
                    state.players[0].tiles) and 0 in session.to_act(), seed, play)
            elif scene == "combat":
                _advance(session, lambda: state.phase == "choose" and state.combat_round >= 2
                         and 0 in session.to_act(), seed, play)
            elif scene == "score":
                _advance(session, lambda: state.round == 2, seed, play)
            match.animator.skip()
            match.show_waiting_scenes()
        for _ in range(2):
            app.frame()
        picture = io.BytesIO()
        pygame.image.save(app.screen, picture, "shot.png")
        return picture.getvalue()
    finally:
        app.close()
