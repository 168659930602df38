"""Calamitron's client entry (game.scenes.entry.ClientEntry): the words of its new-game
options and its match screen. A plain, text-only screen stands in until the full client
(board, program rails, playback) is written; it plays every move of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.calamitron.match import MatchScene
from game.scenes.entry import SetupWords

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene
    from game.session import Session

SETUP = SetupWords(
    labels={"boss": "Bossbot and Minionbot", "crates": "Crates"},
    values={"variant": {"standard": "Deadly Spiral"},
            "boss": {"off": "left out", "on": "in play"},
            "crates": {"on": "on the board", "off": "left out"}})


def match_scene(app: App, session: Session) -> Scene:
    return MatchScene(app, session)
