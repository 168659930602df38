"""The title screen: the registered games, and New, Continue, Load, Settings, Rules, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.core.errors import DataError
from game.rules.core.registry import games
from game.scenes.menu import MenuScene
from game.session import Session, latest_save, saved_games
from game.ui.palette import ACCENT, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pathlib import Path


COMING = ("Blastbots", "Robots: Battle for the Coal Heart", "Calamitron", "Two Robots")


class TitleScene(MenuScene):
    title = "BOTYARD"
    subtitle = "Robot tabletop games, at the table and on screen"

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        x, w, h = 480, 400, 70
        self.latest = latest_save()
        items = [
            ("New game", self.new_game, True),
            ("Continue", self.continue_game, self.latest is not None),
            ("Load game", self.load_game, bool(saved_games())),
            ("Settings", self.settings, True),
            ("Rules", self.rules, True),
            ("Quit", self.app.quit, True),
        ]
        self.widgets = [Button(pygame.Rect(x, 300 + i * 90, w, h), label, action, enabled)
                        for i, (label, action, enabled) in enumerate(items)]

    def back(self) -> None:
        self.app.quit()

    def new_game(self) -> None:
        from game.scenes.setup import SetupScene

        self.app.scenes.push(SetupScene(self.app))

    def continue_game(self) -> None:
        """Resume the newest match that loads (damaged newer files are passed over;
        the Load list names them)."""
        if self.latest is not None:
            self.open(self.latest)

    def load_game(self) -> None:
        from game.scenes.load import LoadScene

        self.app.scenes.push(LoadScene(self.app))

    def open(self, path: Path) -> None:
        try:
            session = Session.load(path)
        except DataError as exc:
            self.app.say(f"Cannot continue: {exc}")
            return
        from game.scenes.goblins.match import MatchScene

        self.app.scenes.push(MatchScene(self.app, session))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.scenes.push(RulesScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = pygame.Rect(980, 300, 560, 520)
        pygame.draw.rect(surface, PANEL, panel, border_radius=16)
        pygame.draw.rect(surface, LINE, panel, 2, border_radius=16)
        blit_text(surface, "Games", (panel.x + 30, panel.y + 24), 40, ACCENT, bold=True)
        y = panel.y + 90
        for spec in games():
            blit_text(surface, spec.title, (panel.x + 30, y), 36, TEXT)
            blit_text(surface, f"{min(spec.player_counts)}-{max(spec.player_counts)} players",
                      (panel.right - 30, y + 4), 28, TEXT_DIM, anchor="topright")
            y += 56
        for name in COMING:
            blit_text(surface, name, (panel.x + 30, y), 32, TEXT_DIM)
            blit_text(surface, "coming later", (panel.right - 30, y + 4), 26, TEXT_DIM,
                      anchor="topright")
            y += 50
