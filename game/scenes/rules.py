"""A game's short rules reference, in Botyard's own words (the text file under
game/assets that its registry entry names). Scroll with the wheel or the arrow keys."""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING

import pygame

from game.scenes.menu import MenuScene
from game.ui.palette import ACCENT, TEXT
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.registry import GameSpec


class RulesScene(MenuScene):
    title = "Rules"

    def __init__(self, app: App, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.subtitle = spec.title

    def enter(self) -> None:
        page = files("game.assets").joinpath(*self.spec.rules_page.split("/"))
        text = (page.read_text(encoding="utf-8") if self.spec.rules_page
                else "This game's rules page is still to be written.")
        self.lines = wrap(text.strip(), 32, 1300)
        self.offset = 0
        self.widgets = [Button(pygame.Rect(1560, 960, 300, 70), "Back", self.back)]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            self.scroll(2 if event.key == pygame.K_DOWN else -2)
            return True
        return super().handle(event)

    def scroll(self, lines: int) -> None:
        self.offset = max(0, min(len(self.lines) - 20, self.offset + lines))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        y = 220
        for line in self.lines[self.offset:self.offset + 22]:
            heading = line.isupper() and line.strip() != ""
            blit_text(surface, line, (310, y), 34 if heading else 32,
                      ACCENT if heading else TEXT, bold=heading)
            y += 36
