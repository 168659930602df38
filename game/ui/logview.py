"""A scrolling game log: the whole match, read back with the mouse wheel, the scrollbar
or PgUp/PgDn/Home/End while the pointer is over it.

New lines keep the view at the bottom unless the reader has scrolled up; then a
"N new lines" hint counts them and a click on it jumps to the latest. Entries are
wrapped once, when they arrive, and the box is composed into one picture only when
what it shows changes, so a frame costs one blit however long the game. What the
entries say is each game's own; this widget never reads a game's events.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.display import fast, pointer
from game.ui.palette import ACCENT, BACKGROUND, LINE, PANEL, PANEL_LIGHT, TEXT, TEXT_DIM
from game.ui.text import font, render, wrap
from game.ui.widgets import box

Colour = tuple[int, int, int]
Entry = str | tuple[str, Colour]
"""One log entry: its words, and optionally its colour (TEXT otherwise)."""

PAD = 18
HEADER = 50
"""Height of the title row above the lines."""
BAR = 12
"""Width of the scrollbar along the right edge."""
INDENT = 20
"""How far an entry's second and later lines sit in, so each entry reads as one."""
WHEEL_LINES = 3
"""Lines one notch of the mouse wheel scrolls."""
KEEP_RENDERED = 120
"""Rendered lines kept for scrolling back and forth; older ones are drawn again."""


class LogView:
    """The log box at ``rect``: ``show`` gives it the entries, ``handle`` scrolls it,
    ``draw`` blits it."""

    def __init__(self, rect: pygame.Rect, size: int = 26, line_height: int = 30) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.line_height = line_height
        self.title = ""
        self.entries: list[Entry] = []
        self.lines: list[tuple[str, Colour, bool]] = []
        """Every entry wrapped to the box's width, oldest first: words, colour, and
        whether the line goes on an entry begun above."""
        self.top = 0
        """Index of the first line shown."""
        self.following = True
        """Whether the view stays on the newest lines as they arrive."""
        self.unseen = 0
        """Lines that arrived while the reader was scrolled up."""
        self._grab: int | None = None
        """While the scrollbar's thumb is dragged, where on it the pointer took hold."""
        self._rendered: dict[int, pygame.Surface] = {}
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] = ()

    # -- content --------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        """How many lines fit in the box."""
        return max(1, (self.rect.height - HEADER - PAD // 2) // self.line_height)

    @property
    def text_width(self) -> int:
        return self.rect.width - 2 * PAD - BAR - 8 - INDENT

    def show(self, entries: Sequence[Entry], title: str = "") -> None:
        """The whole log, oldest entry first. Entries already shown keep their lines
        (only the new ones are wrapped); a log that is not an extension of the one
        shown (another reader's, in hot-seat) starts again at its newest lines."""
        self.title = title
        old = len(self.entries)
        if len(entries) >= old and list(entries[:old]) == self.entries:
            fresh = entries[old:]
        else:
            self.entries, self.lines = [], []
            self._rendered.clear()
            self.following, self.unseen = True, 0
            fresh = entries
        added = 0
        for entry in fresh:
            text, colour = (entry, TEXT) if isinstance(entry, str) else entry
            wrapped = [(line, colour, k > 0)
                       for k, line in enumerate(wrap(text, self.size, self.text_width))]
            self.lines += wrapped
            added += len(wrapped)
        self.entries += fresh
        if self.following:
            self.top = self.last_top
        else:
            self.unseen += added

    @property
    def last_top(self) -> int:
        """The first line shown when the view is at the bottom."""
        return max(0, len(self.lines) - self.rows)

    def scroll_to(self, top: int) -> None:
        """Show lines from ``top`` (clamped); reaching the bottom follows again."""
        self.top = max(0, min(self.last_top, top))
        self.following = self.top >= self.last_top
        if self.following:
            self.unseen = 0

    # -- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll for the wheel, the scrollbar, the new-lines hint and PgUp/PgDn/Home/End
        over the box; True when the event was the log's. Other clicks on the box pass."""
        kind = event.type
        if kind == pygame.MOUSEMOTION and self._grab is not None:
            self._drag_to(event.pos[1])
            return True
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and self._grab is not None:
            self._grab = None
            return True
        if kind == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(pointer()):
                return False
            self.scroll_to(self.top - WHEEL_LINES * event.y)
            return True
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (4, 5):
            return self.rect.collidepoint(event.pos)  # the wheel's old button events
        if kind == pygame.KEYDOWN and self.rect.collidepoint(pointer()):
            return self._key(event.key)
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        return False

    def _key(self, key: int) -> bool:
        page = self.rows - 1
        moves = {pygame.K_PAGEUP: self.top - page, pygame.K_PAGEDOWN: self.top + page,
                 pygame.K_HOME: 0, pygame.K_END: self.last_top}
        if key not in moves:
            return False
        self.scroll_to(moves[key])
        return True

    def _press(self, pos: tuple[int, int]) -> bool:
        hint = self.hint_rect()
        if hint is not None and hint.collidepoint(pos):
            self.scroll_to(self.last_top)
            return True
        track, thumb = self.track_rect(), self.thumb_rect()
        if thumb is None or not track.inflate(12, 0).collidepoint(pos):
            return False
        if thumb.collidepoint(pos):
            self._grab = pos[1] - thumb.y
        else:
            page = self.rows - 1
            self.scroll_to(self.top - page if pos[1] < thumb.y else self.top + page)
        return True

    def _drag_to(self, y: int) -> None:
        track, thumb = self.track_rect(), self.thumb_rect()
        assert self._grab is not None and thumb is not None
        room = track.height - thumb.height
        share = (y - self._grab - track.y) / room if room > 0 else 1.0
        self.scroll_to(round(share * self.last_top))

    # -- geometry -----------------------------------------------------------------------
    def track_rect(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.right - PAD // 2 - BAR, r.y + HEADER, BAR,
                           r.height - HEADER - PAD // 2)

    def thumb_rect(self) -> pygame.Rect | None:
        """The scrollbar's thumb, or None when every line fits."""
        if len(self.lines) <= self.rows:
            return None
        track = self.track_rect()
        height = max(28, track.height * self.rows // len(self.lines))
        y = track.y + (track.height - height) * self.top // max(1, self.last_top)
        return pygame.Rect(track.x, y, track.width, height)

    def hint_rect(self) -> pygame.Rect | None:
        """The "N new lines" hint in the title row, shown while lines arrived below the
        view (the lines themselves are never covered)."""
        if not self.unseen or self.following:
            return None
        width = font(24).size(self._hint_text())[0] + 28
        rect = pygame.Rect(0, 0, width, 34)
        rect.midright = (self.rect.right - PAD // 2, self.rect.y + HEADER // 2 + 2)
        return rect

    def _hint_text(self) -> str:
        return f"{self.unseen} new line{'s' if self.unseen != 1 else ''}: show the latest"

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        hover = self.rect.collidepoint(pointer())
        key = (self.title, self.top, len(self.lines), self.unseen, self.following,
               self._grab is not None, hover)
        if self._picture is None or key != self._picture_key:
            self._picture_key = key
            self._picture = self._compose(hover)
        surface.blit(self._picture, self.rect)

    def _compose(self, hover: bool) -> pygame.Surface:
        """The box as one opaque picture in the canvas's own format, blitted as a
        straight copy (no blending: a quarter of the cost)."""
        r = self.rect
        picture = pygame.Surface(r.size, pygame.SRCALPHA)
        picture.fill((*BACKGROUND, 255))
        picture.blit(box(r.width, r.height, PANEL, LINE, 2, 14), (0, 0))
        picture.blit(render(self.title, 28, TEXT_DIM), (PAD, 12))
        shown = range(self.top, min(len(self.lines), self.top + self.rows))
        for row, index in enumerate(shown):
            indent = INDENT if self.lines[index][2] else 0
            picture.blit(self._line(index), (PAD + indent, HEADER + row * self.line_height))
        self._forget_far_lines()
        thumb = self.thumb_rect()
        if thumb is not None:
            track = self.track_rect().move(-r.x, -r.y)
            pygame.draw.rect(picture, PANEL_LIGHT, track, border_radius=BAR // 2)
            lit = hover or self._grab is not None
            pygame.draw.rect(picture, ACCENT if lit else LINE, thumb.move(-r.x, -r.y),
                             border_radius=BAR // 2)
        hint = self.hint_rect()
        if hint is not None:
            spot = hint.move(-r.x, -r.y)
            picture.blit(box(spot.width, spot.height, PANEL_LIGHT, ACCENT, 2, 16), spot)
            image = render(self._hint_text(), 24, ACCENT)
            picture.blit(image, image.get_rect(center=spot.center))
        picture = fast(picture)
        picture.set_alpha(None)
        return picture

    def _line(self, index: int) -> pygame.Surface:
        image = self._rendered.get(index)
        if image is None:
            text, colour, _ = self.lines[index]
            image = font(self.size).render(text, True, colour)
            self._rendered[index] = image
        return image

    def _forget_far_lines(self) -> None:
        """Keep the rendered lines near the view; the rest are drawn again if needed."""
        if len(self._rendered) > KEEP_RENDERED:
            middle = self.top + self.rows // 2
            for index in sorted(self._rendered, key=lambda i: -abs(i - middle))[
                    :len(self._rendered) - KEEP_RENDERED // 2]:
                del self._rendered[index]
