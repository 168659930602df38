"""The title screen: the registered games (click one to pick it), and New game, Learn to
play (a guided first game, for games that offer one) and Rules for the picked game,
Continue, Load, Settings, Quit. Games are reached only through
their registry entries."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from game.rules.core.errors import DataError
from game.rules.core.registry import GameSpec, default_game, games, get_game
from game.rules.core.savefile import plain_problem
from game.scenes.entry import client
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.session import Session, latest_save, saved_games
from game.ui.palette import ACCENT, LINE, PANEL, TEXT_DIM
from game.ui.text import blit_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pathlib import Path

    from game.app import App


PANEL_RECT = pygame.Rect(940, 300, 680, 520)


class TitleScene(MenuScene):
    title = "BOTYARD"
    subtitle = "Robot tabletop games, at the table and on screen"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game: GameSpec = next(
            (spec for spec in games() if spec.id == app.settings.last_game and spec.offered),
            default_game())
        """The picked game: New game and Rules are for it (at first the game of the last
        new game set up)."""

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        x, w, h = 480, 400, 70
        self.latest = latest_save()
        items = [
            ("New game", self.new_game, True),
            ("Learn to play", self.tutorial, self.game.tutorial),
            ("Continue", self.continue_game, self.latest is not None),
            ("Load game", self.load_game, bool(saved_games())),
            ("Settings", self.settings, True),
            ("Rules", self.rules, True),
            ("Quit", self.app.quit, True),
        ]
        self.widgets = [Button(pygame.Rect(x, 280 + i * 88, w, h), label, action, enabled)
                        for i, (label, action, enabled) in enumerate(items)]
        self.tutorial_button = self.widgets[1]
        self.game_buttons = {
            spec.id: Button(pygame.Rect(PANEL_RECT.x + 20, PANEL_RECT.y + 84 + i * 62,
                                        PANEL_RECT.w - 40, 54),
                            spec.title, lambda spec=spec: self.pick(spec), spec.offered,
                            size=30)
            for i, spec in enumerate(games())}
        self.widgets += self.game_buttons.values()

    def pick(self, spec: GameSpec) -> None:
        self.game = spec
        self.tutorial_button.enabled = spec.tutorial

    def back(self) -> None:
        self.app.quit()

    def new_game(self) -> None:
        self.app.scenes.push(SetupScene(self.app, self.game))

    def tutorial(self) -> None:
        """A guided first game of the picked game, when its entry offers one."""
        if self.game.tutorial:
            self.app.scenes.push(client(self.game).tutorial(self.app))

    def continue_game(self) -> None:
        """Resume the newest match that loads, looked up again now: damaged files are
        passed over (the Load list names them), even one damaged since this screen
        was drawn."""
        self.latest = latest_save()
        if self.latest is None:
            self.app.say("No saved game can be continued.")
            self.build()
            return
        self.open(self.latest)

    def load_game(self) -> None:
        self.app.scenes.push(LoadScene(self.app, self.open))

    def open(self, path: Path) -> None:
        """Resume the save at ``path`` on its game's match screen, or say in one line
        why it cannot load."""
        try:
            session = Session.load(path)
        except DataError as exc:
            print(f"botyard: {exc}", file=sys.stderr)
            self.app.say(plain_problem(exc))
            return
        entry = client(get_game(session.match.game))
        self.app.scenes.push(entry.match_scene(self.app, session))

    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def rules(self) -> None:
        self.app.scenes.push(RulesScene(self.app, self.game))

    def draw(self, surface: pygame.Surface) -> None:
        panel = PANEL_RECT
        pygame.draw.rect(surface, PANEL, panel, border_radius=16)
        pygame.draw.rect(surface, LINE, panel, 2, border_radius=16)
        blit_text(surface, "Games", (panel.x + 30, panel.y + 24), 40, ACCENT, bold=True)
        super().draw(surface)
        for spec in games():
            rect = self.game_buttons[spec.id].rect
            note = (f"{min(spec.player_counts)}-{max(spec.player_counts)} players"
                    if spec.offered else "coming later")
            blit_text(surface, note, (rect.right - 14, rect.centery), 24, TEXT_DIM,
                      anchor="midright")
        picked = self.game_buttons[self.game.id].rect
        pygame.draw.rect(surface, ACCENT, picked.inflate(6, 6), 3, border_radius=12)
        # A shape as well as a colour marks the picked game.
        x, y = picked.x + 14, picked.centery
        pygame.draw.polygon(surface, ACCENT, [(x, y - 10), (x + 14, y), (x, y + 10)])
