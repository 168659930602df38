"""Load game: every save, newest first. A damaged save is listed with its problem and
left untouched on disk."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

import pygame

from game.paths import saves_dir
from game.scenes.menu import MenuScene
from game.ui.palette import DANGER, TEXT_DIM
from game.ui.text import blit_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pathlib import Path


SHOWN = 8


class LoadScene(MenuScene):
    title = "Load game"

    def enter(self) -> None:
        paths = sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime,
                       reverse=True)[:SHOWN]
        self.widgets = []
        self.problems: dict[int, str] = {}
        for i, path in enumerate(paths):
            label = self.describe(path)
            self.widgets.append(Button(pygame.Rect(460, 240 + i * 80, 1000, 66), label,
                                       lambda p=path: self.open(p), size=30))
        self.widgets.append(Button(pygame.Rect(760, 240 + SHOWN * 80 + 20, 400, 70), "Back",
                                   self.back))

    @staticmethod
    def describe(path: Path) -> str:
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            return (f"{when}   {raw['game']}, {raw['players']} players, {raw['variant']}, "
                    f"seed {raw['seed']}, {len(raw['actions'])} moves")
        except (OSError, ValueError, KeyError, TypeError):
            return f"{when}   {path.name} (damaged)"

    def open(self, path: Path) -> None:
        from game.scenes.title import TitleScene

        self.app.scenes.pop()
        top = self.app.scenes.top
        if isinstance(top, TitleScene):
            top.open(path)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if len(self.widgets) == 1:
            blit_text(surface, "No saved games yet.", (960, 300), 36, TEXT_DIM, anchor="center")
        blit_text(surface, "Every game saves itself after each move.", (960, 190), 30,
                  TEXT_DIM, anchor="center")
        for widget in self.widgets:
            if "(damaged)" in getattr(widget, "label", ""):
                pygame.draw.rect(surface, DANGER, widget.rect, 2, border_radius=10)
