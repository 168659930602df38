"""The base of the match screen's phase panels: the controls for one seat's current
decision, built from that seat's view and its legal actions only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from game.rules.goblins import engine
from game.ui.display import pointer
from game.ui.palette import LINE, PANEL, TEXT_DIM
from game.ui.text import blit_text
from game.ui.tooltip import Hover
from game.ui.widgets import Button, box

if TYPE_CHECKING:
    from game.scenes.goblins.match import MatchScene

AREA = pygame.Rect(30, 650, 1860, 410)


class Panel:
    """Controls for ``seat`` in the current phase; ``view`` is what the seat may see."""

    heading = ""

    def __init__(self, scene: MatchScene, view: Any, seat: int) -> None:
        self.scene = scene
        self.view = view
        self.seat = seat
        self.legal: list[Action] = engine.legal_actions(view, seat)
        self.buttons: list[Button] = []

    def play(self, *actions: Action) -> None:
        """Send actions in order; a refusal is shown, and the rest are not sent."""
        for action in actions:
            try:
                self.scene.apply(action)
            except RuleError as exc:
                self.scene.app.say(f"Not allowed: {exc}")
                return

    def own_robot(self) -> Any:
        """The own robot as this panel wants it drawn (None: as the view has it)."""
        return None

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        """Help for what is under ``pos`` in this panel, if anything, and the rect of
        what it is about (a card, a tile), which the help box is kept clear of."""
        return None

    def yard_key(self) -> tuple[Any, ...]:
        """Changes whenever ``own_robot`` would draw differently."""
        return ()

    def handle(self, event: pygame.event.Event) -> bool:
        return any(button.handle(event) for button in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(box(AREA.width, AREA.height, PANEL, LINE, 2, 16), AREA)
        if self.heading:
            blit_text(surface, self.heading, (AREA.x + 24, AREA.y + 16), 36, TEXT_DIM)
        mouse = pointer()
        for button in self.buttons:
            button.draw(surface, mouse)
