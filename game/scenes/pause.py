"""The in-game menu, the same for every game: Escape on a match screen opens it over the
match, which stands still beneath it (no AI move lands, no animation runs on). It
offers Resume (Escape again), the game's Rules, Settings, and Save and quit to title.

Quitting asks first. A game whose autosave keeps failing says so in that question,
which is its second chance: quitting then leaves without the unsaved moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.core.registry import get_game
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.ui.display import pointer
from game.ui.palette import ACCENT, BACKGROUND, DANGER, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button, box, confirms

if TYPE_CHECKING:
    from game.app import App
    from game.session import Session

DIM = (*BACKGROUND, 200)
"""The veil over the match: it stays visible, but plainly not live."""
MENU = pygame.Rect(660, 230, 600, 560)
QUESTION = pygame.Rect(510, 380, 900, 300)
SAVED_QUESTION = "Quit to the title? The game is saved; Continue resumes it."


class Leaves(Protocol):
    """A match screen the menu can stand on."""

    @property
    def session(self) -> Session: ...

    def leave(self) -> None:
        """Back to the title, saying whether the game was saved."""
        ...


def _veil(surface: pygame.Surface) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(DIM)
    surface.blit(veil, (0, 0))


class Modal(MenuScene):
    """A box over the match: every event stops here, none reaches the match."""

    opaque = False
    halts_below = True

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True


class PauseScene(Modal):
    title = "Paused"

    def __init__(self, app: App, match: Leaves) -> None:
        super().__init__(app)
        self.match = match
        self.spec = get_game(match.session.match.game)
        self.subtitle = self.spec.title

    def enter(self) -> None:
        x, w = MENU.x + 60, MENU.width - 120
        items = [("Resume", self.back), ("Rules", self.rules), ("Settings", self.settings),
                 ("Save and quit to title", self.quit)]
        self.widgets = [Button(pygame.Rect(x, MENU.y + 150 + i * 95, w, 75), label, action)
                        for i, (label, action) in enumerate(items)]

    def rules(self) -> None:
        self.app.scenes.push(RulesScene(self.app, self.spec))

    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.scenes.push(QuitScene(self.app, self))

    def leave(self) -> None:
        """Quitting was confirmed: close the menu, then the match."""
        self.app.scenes.pop()
        self.match.leave()

    def draw(self, surface: pygame.Surface) -> None:
        _veil(surface)
        surface.blit(box(MENU.width, MENU.height, PANEL, ACCENT, 3, 18), MENU)
        blit_text(surface, self.title, (MENU.centerx, MENU.y + 50), 64, ACCENT, bold=True,
                  anchor="center")
        blit_text(surface, self.subtitle, (MENU.centerx, MENU.y + 104), 32, TEXT_DIM,
                  anchor="center")
        mouse = pointer()
        for widget in self.widgets:
            widget.draw(surface, mouse)


class QuitScene(Modal):
    """Are you sure? The answer says whether the game is saved, trying once more first
    if the latest autosave failed."""

    def __init__(self, app: App, menu: PauseScene) -> None:
        super().__init__(app)
        self.menu = menu

    def enter(self) -> None:
        session = self.menu.match.session
        self.saved = session.save_error is None or session.save()
        if self.saved:
            self.question = SAVED_QUESTION
            labels = ("Quit to title", "Cancel")
        else:
            self.question = (f"The game is NOT saved ({session.save_error}). Quit anyway "
                             "and lose the moves since the last save?")
            labels = ("Quit without saving", "Keep playing")
        y = QUESTION.bottom - 106
        self.widgets = [Button(pygame.Rect(QUESTION.x + 60, y, 370, 76), labels[0], self.yes),
                        Button(pygame.Rect(QUESTION.right - 430, y, 370, 76), labels[1],
                               self.back)]

    def yes(self) -> None:
        self.app.scenes.pop()
        self.menu.leave()

    def handle(self, event: pygame.event.Event) -> bool:
        if confirms(event) and self.saved:
            self.yes()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        _veil(surface)
        surface.blit(box(QUESTION.width, QUESTION.height, PANEL, ACCENT if self.saved
                         else DANGER, 3, 18), QUESTION)
        lines = wrap(self.question, 38, QUESTION.width - 100)
        top = QUESTION.y + (QUESTION.height - 140 - 46 * len(lines)) // 2
        for k, line in enumerate(lines):
            blit_text(surface, line, (QUESTION.centerx, top + 23 + 46 * k), 38,
                      TEXT if self.saved else DANGER, anchor="center")
        pygame.draw.line(surface, LINE, (QUESTION.x + 40, QUESTION.bottom - 135),
                         (QUESTION.right - 40, QUESTION.bottom - 135), 2)
        mouse = pointer()
        for widget in self.widgets:
            widget.draw(surface, mouse)
