"""Hot-seat privacy: before another human's decision, the screen hides everything and
asks for that player; nothing private is drawn until they click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.scenes.goblins.narrate import seat_name
from game.ui.palette import ACCENT, SEAT_COLOURS, TEXT_DIM, draw_glyph
from game.ui.text import blit_text
from game.ui.widgets import confirms

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.goblins.match import MatchScene



class HandoverScene(Scene):
    def __init__(self, app: App, match: MatchScene, seat: int) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP or confirms(event):
            self.app.scenes.pop()
            self.match.take_over(self.seat)
            self.match.refresh()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_glyph(surface, self.seat, (960, 380), 140)
        blit_text(surface, f"Pass to {seat_name(self.seat)}", (960, 520), 90,
                  SEAT_COLOURS[self.seat], bold=True, anchor="center")
        blit_text(surface, "Everyone else, look away. Click when ready.", (960, 620), 40,
                  TEXT_DIM, anchor="center")
        blit_text(surface, "Your secrets stay hidden until you click.", (960, 680), 32,
                  ACCENT, anchor="center")
