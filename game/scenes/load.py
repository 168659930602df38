"""Load game: every save, newest first. A damaged save is listed with its problem in
one sentence and left untouched on disk; a match whose newest file is damaged but an
older generation loads is listed as resumable from that generation."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.rules.core.errors import DataError
from game.rules.core.savefile import modified
from game.scenes.menu import MenuScene
from game.session import read_save, saved_games
from game.ui.palette import DANGER, TEXT_DIM
from game.ui.text import blit_text, font
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pathlib import Path


SHOWN = 8
ROW = pygame.Rect(460, 240, 1000, 66)


class LoadScene(MenuScene):
    title = "Load game"

    def enter(self) -> None:
        self.widgets = []
        self.problems: dict[int, str] = {}
        """Row -> why that save cannot be loaded."""
        for i, path in enumerate(saved_games()[:SHOWN]):
            label, problem = self.describe(path)
            if problem is not None:
                self.problems[i] = problem
            self.widgets.append(Button(ROW.move(0, i * 80), label,
                                       lambda p=path: self.open(p), size=_fitting(label)))
        self.widgets.append(Button(pygame.Rect(760, 240 + SHOWN * 80 + 20, 400, 70), "Back",
                                   self.back))

    @staticmethod
    def describe(path: Path) -> tuple[str, str | None]:
        """The row's label, and the one-sentence problem if the save cannot load. The
        save is read exactly as loading reads it, so what is listed as good loads."""
        when = time.strftime("%d %b %H:%M", time.localtime(modified(path)))
        try:
            match, _, notice = read_save(path)
        except DataError as exc:
            where = f" (at {exc.path})" if exc.path else ""
            problem = f"{exc.reason}{where}"
            return f"{when}   {path.name}: damaged, {problem}", problem
        label = (f"{when}   {match.spec.title}, {match.players} players, {match.variant}, "
                 f"seed {match.seed}, {len(match.actions)} moves")
        if notice is not None:
            label += " (newest file damaged; resumes the one before)"
        return label, None

    def open(self, path: Path) -> None:
        """Resume through the title, which says in one line why a save cannot load."""
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
        for row in self.problems:
            pygame.draw.rect(surface, DANGER, self.widgets[row].rect, 2, border_radius=10)


def _fitting(label: str) -> int:
    """The largest text size (30 down to 18) at which ``label`` fits in its row, so a
    damaged save's sentence shows whole."""
    return next((size for size in (30, 27, 24, 21) if font(size).size(label)[0] <= ROW.w - 24),
                18)
