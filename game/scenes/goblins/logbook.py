"""The match screen's game log: the viewer's chronicle (narrate.py) in a scrolling log
box (game/ui/logview.py). One chronicle per seat that has looked at the log, each
worded once per event, so a hot-seat hand-over shows the next seat its own log."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.core.actions import Event
from game.rules.core.match import new_match
from game.rules.goblins.state import State
from game.scenes.goblins.narrate import Chronicle
from game.session import Session
from game.ui.logview import LogView
from game.ui.seat_names import seat_title

BOX = pygame.Rect(1180, 90, 710, 370)


class GameLog:
    def __init__(self, session: Session, rect: pygame.Rect = BOX) -> None:
        self.session = session
        self.names = tuple(seat.name for seat in session.seats)
        """What each seat's player typed (empty: the seat goes by its colour)."""
        self.view = LogView(rect)
        self._chronicles: dict[int, Chronicle] = {}
        self._opening: State | None = None
        self._shown: tuple[int, int] = (-1, -1)

    def chronicle(self, viewer: int) -> Chronicle:
        """``viewer``'s chronicle, begun from its view of the match before any move
        (where the session's histories begin)."""
        if viewer not in self._chronicles:
            if self._opening is None:
                m = self.session.match
                self._opening = new_match(m.game, m.players, m.variant, m.seed,
                                          m.options).state
            start = self.session.rules.view(self._opening, viewer)
            self._chronicles[viewer] = Chronicle(viewer, start.catalogue, start, self.names)
        return self._chronicles[viewer]

    def texts(self, viewer: int, history: Sequence[Event]) -> list[str]:
        return [text for text, _ in self.chronicle(viewer).entries(history)]

    def draw(self, surface: pygame.Surface, viewer: int, unseen: int = 0) -> None:
        """``viewer``'s log without its last ``unseen`` events (still being animated)."""
        history = self.session.history_for(viewer)
        history = history[:len(history) - unseen]
        if self._shown != (viewer, len(history)):
            self._shown = (viewer, len(history))
            self.view.show(self.chronicle(viewer).entries(history),
                           f"Game log (you are {seat_title(viewer, self.names[viewer])})")
        self.view.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.view.handle(event)
