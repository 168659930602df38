"""Hot-seat privacy, shared by every game: before another human's decision the screen
hides everything and asks for that player; nothing private is drawn until they click.
The words never say why the player is wanted beyond what is public, so a response
window's hand-over looks the same whether or not they hold an answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.scenes.base import Scene
from game.ui.palette import ACCENT, SEAT_COLOURS, TEXT_DIM, draw_glyph
from game.ui.seat_names import seat_title
from game.ui.text import blit_text, font
from game.ui.widgets import confirms

if TYPE_CHECKING:
    from game.app import App
    from game.session import Session


class HandsOver(Protocol):
    """The match screen under the hand-over: it switches to ``seat``'s view."""

    session: Session

    def take_over(self, seat: int) -> None: ...

    def refresh(self) -> None: ...


def hand_over_first(app: App, match: HandsOver, reason: str = "") -> bool:
    """Every game's match screen calls this on entering, before it draws anything: in
    a hot-seat match (new, continued or loaded) the first viewer is handed over to like
    any later one, so no seat's hand, agendas or dials show before its player says they
    are there. True when the hand-over screen was pushed (``match.take_over`` follows
    the click); False with one human or none, whose view may show at once. ``reason``
    is shown only when the first viewer's decision is due now."""
    session = match.session
    if not session.hot_seat:
        return False
    seat = session.first_viewer()
    app.scenes.push(HandoverScene(app, match, seat,
                                  reason if seat in session.humans_to_act() else ""))
    return True


class HandoverScene(Scene):
    def __init__(self, app: App, match: HandsOver, seat: int, reason: str = "") -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.reason = reason
        """A public reason shown under the name (the same for every seat asked)."""

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP or confirms(event):
            self.confirm()
        return True

    def confirm(self) -> None:
        """The seat is there: show the match from its view."""
        self.app.scenes.pop()
        self.match.take_over(self.seat)
        self.match.refresh()

    def words(self) -> str:
        """``Pass to Ann (Orange)``: the typed name, and the colour the seat plays."""
        return f"Pass to {seat_title(self.seat, self.match.session.seats[self.seat].name)}"

    def draw(self, surface: pygame.Surface) -> None:
        draw_glyph(surface, self.seat, (960, 380), 140)
        words = self.words()
        blit_text(surface, words, (960, 520), _fitting(words), SEAT_COLOURS[self.seat],
                  bold=True, anchor="center")
        if self.reason:
            blit_text(surface, self.reason, (960, 590), 36, ACCENT, anchor="center")
        blit_text(surface, "Everyone else, look away. Click when ready.", (960, 650), 40,
                  TEXT_DIM, anchor="center")
        blit_text(surface, "Your secrets stay hidden until you click.", (960, 710), 32,
                  ACCENT, anchor="center")


HEADLINE = (90, 80, 70, 60)
WIDTH = 1800
"""The hand-over's headline shrinks (90 px down to 60) until it fits this width."""


def _fitting(words: str) -> int:
    return next((size for size in HEADLINE if font(size, True).size(words)[0] <= WIDTH),
                HEADLINE[-1])
