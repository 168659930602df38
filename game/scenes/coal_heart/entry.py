"""The Coal Heart client entry (game.scenes.entry.ClientEntry): the words of its
new-game options and its match screen. A plain, text-only screen stands in until the
full client (robot mats, hexes, Gear row) is written; it plays every move of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.coal_heart.match import MatchScene
from game.scenes.entry import SetupWords

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene
    from game.session import Session

SETUP = SetupWords(
    labels={},
    values={"variant": {"standard": "Standard", "drafting": "Drafting",
                        "demo": "Demo (short)"}})


def match_scene(app: App, session: Session) -> Scene:
    return MatchScene(app, session)
