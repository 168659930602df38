"""Shared look for menu screens: a title, a column of widgets, Escape to go back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.ui.display import pointer
from game.ui.palette import ACCENT, TEXT_DIM
from game.ui.text import blit_text
from game.ui.widgets import Button, Chooser

if TYPE_CHECKING:
    from game.app import App



class MenuScene(Scene):
    title = ""
    subtitle = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Button | Chooser] = []

    def back(self) -> None:
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return any(widget.handle(event) for widget in self.widgets)

    def draw(self, surface: pygame.Surface) -> None:
        blit_text(surface, self.title, (960, 120), 96, ACCENT, bold=True, anchor="center")
        if self.subtitle:
            blit_text(surface, self.subtitle, (960, 190), 36, TEXT_DIM, anchor="center")
        mouse = pointer()
        for widget in self.widgets:
            widget.draw(surface, mouse)
