"""Draw the screenshots of the in-game menu, the tutorial, the rules page and the final
standings of Goblins, Inc. into docs/screenshots (1920x1080 PNGs), headless:

    .venv/bin/python tools/guide_screenshots.py [folder]

The tutorial is played by the scripted newcomer of its tests up to the tip shown; the
final standings are those of a 4-player full game of seeded random moves."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BOTYARD_HOME", tempfile.mkdtemp(prefix="botyard-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FINAL_SEED = 5
MENU_SEED = 7
RULES_AT = "lines"
"""The rules page is shown scrolled to this picture."""


def _save(app: object, out: Path) -> None:
    import pygame

    for _ in range(2):
        app.frame()  # type: ignore[attr-defined]
    pygame.image.save(app.screen, str(out))  # type: ignore[attr-defined]
    print(f"wrote {out}")


def _app() -> object:
    from game.app import App
    from game.scenes.title import TitleScene
    from game.settings import Settings

    app = App(Settings(ai_pause=0.0))
    app.scenes.push(TitleScene(app))
    return app


def menu(out: Path) -> None:
    from game.rules.core.registry import get_game
    from game.scenes.entry import client
    from game.scenes.pause import PauseScene

    app = _app()
    try:
        match = client(get_game("goblins")).screenshot(app, "combat", MENU_SEED)
        match.refresh()
        app.scenes.push(PauseScene(app, match))
        _save(app, out)
    finally:
        app.close()  # type: ignore[attr-defined]


def tutorial(out: Path, tip: Callable[[int], bool]) -> None:
    """The tutorial played up to the first tip that ``tip`` accepts."""
    from game.scenes.goblins.tutorial import start
    from tests.scenes.goblins.tutorial_player import act, read_only

    app = _app()
    try:
        match = start(app)  # type: ignore[arg-type]
        app.scenes.push(match)  # type: ignore[attr-defined]
        for _ in range(600):
            app.frame()  # type: ignore[attr-defined]
            if app.scenes.top is match and match.animator.holding:  # type: ignore[attr-defined]
                match.animator.skip()
                continue
            match.follow()
            shown = match.guide.shown
            if shown is not None and tip(shown):
                _save(app, out)
                return
            if shown is not None and read_only(shown):
                match.dismiss()
                continue
            act(app)  # type: ignore[arg-type]
        raise RuntimeError("the tip never came up")
    finally:
        app.close()  # type: ignore[attr-defined]


def rules(out: Path) -> None:
    from game.rules.core.registry import get_game
    from game.scenes.rules import PAGE, RulesScene

    app = _app()
    try:
        page = RulesScene(app, get_game("goblins"))  # type: ignore[arg-type]
        app.scenes.push(page)  # type: ignore[attr-defined]
        y = 0
        for block in page.blocks:
            if block.text == RULES_AT:
                break
            y += block.height
        page.scroll(y - PAGE.height + next(b.height for b in page.blocks
                                           if b.text == RULES_AT) + 40)
        _save(app, out)
    finally:
        app.close()  # type: ignore[attr-defined]


def final(out: Path) -> None:
    from game.scenes.goblins.match import MatchScene
    from game.scenes.still import StillBots, advance
    from game.session import AI, HUMAN, Seat, Session

    app = _app()
    try:
        session = Session.new("goblins", [Seat(HUMAN)] + [Seat(AI, "normal")] * 3, "full",
                              FINAL_SEED, Path(tempfile.mkdtemp()), bots=StillBots())
        advance(session, session.is_over, FINAL_SEED, session.play)
        app.scenes.push(MatchScene(app, session))  # type: ignore[attr-defined]
        _save(app, out)
    finally:
        app.close()  # type: ignore[attr-defined]


def main(folder: Path) -> None:
    from game.scenes.goblins.steps import STEPS

    menu(folder / "goblins-menu.png")
    tutorial(folder / "goblins-tutorial-build.png",
             lambda k: STEPS[k].when == "build_placed")
    tutorial(folder / "goblins-tutorial-combat.png",
             lambda k: STEPS[k].when == "dials" and STEPS[k].anchor == "steer_dial")
    rules(folder / "goblins-rules.png")
    final(folder / "goblins-final.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots"))
