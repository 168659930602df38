"""Starting the graphical client: settings, window, title screen."""

from __future__ import annotations


def run_client() -> int:
    from game.app import App
    from game.scenes.title import TitleScene

    app = App()
    app.run(TitleScene(app))
    return 0
