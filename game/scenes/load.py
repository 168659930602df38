"""Load game: every save, the ones that load first, newest first, a page at a time.
A damaged save is listed after them with its problem in one short sentence that fits
its row, and is left untouched on disk; a match whose newest file is damaged but an
older generation loads is listed as resumable from that generation. Seats whose
players typed names are listed by name."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.rules.core.errors import DataError
from game.rules.core.savefile import generations, modified, plain_problem
from game.scenes.menu import MenuScene
from game.session import Seat, read_save, saved_games
from game.ui.palette import DANGER, TEXT_DIM
from game.ui.seat_names import seat_label
from game.ui.text import blit_text, font
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App


SHOWN = 8
ROW = pygame.Rect(260, 240, 1400, 66)
SIZES = (30, 27, 24, 21)
"""Text sizes a row may use, largest first; 21 is the smallest that reads well."""
PAD = 24
"""Room left inside a row around its text."""


class LoadScene(MenuScene):
    title = "Load game"

    def __init__(self, app: App, resume: Callable[[Path], None] | None = None) -> None:
        """``resume`` opens a picked save once this screen has gone (the title's, which
        says in one line why a save cannot load); with none, picking only goes back."""
        super().__init__(app)
        self.resume = resume

    def enter(self) -> None:
        rows = [(path, *self.describe(path)) for path in saved_games()]
        self.rows = ([row for row in rows if row[2] is None]
                     + [row for row in rows if row[2] is not None])
        """(path, label, problem) of every save: the ones that load, then the damaged."""
        self.page = 0
        self.build()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rows) // SHOWN))

    def build(self) -> None:
        self.widgets = []
        self.problems: dict[int, str] = {}
        """Row on this page -> why that save cannot be loaded."""
        for i, (path, label, problem) in enumerate(
                self.rows[self.page * SHOWN:(self.page + 1) * SHOWN]):
            if problem is not None:
                self.problems[i] = problem
                label = _shortened(label[:-len(problem) - 2], f": {problem}")
            self.widgets.append(Button(ROW.move(0, i * 80), label,
                                       lambda p=path: self.open(p), size=fitting(label)))
        below = ROW.y + SHOWN * 80 + 20
        if self.pages > 1:
            self.widgets.append(Button(pygame.Rect(460, below, 260, 70), "Newer",
                                       lambda: self.turn(-1), self.page > 0))
            self.widgets.append(Button(pygame.Rect(1200, below, 260, 70), "Older",
                                       lambda: self.turn(1), self.page < self.pages - 1))
        self.widgets.append(Button(pygame.Rect(760, below, 400, 70), "Back", self.back))

    def turn(self, pages: int) -> None:
        """Show the page ``pages`` on (or back), staying within the list."""
        page = min(max(self.page + pages, 0), self.pages - 1)
        if page != self.page:
            self.page = page
            self.build()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        return super().handle(event)

    @staticmethod
    def describe(path: Path) -> tuple[str, str | None]:
        """The row's label, and the one-sentence problem if the save cannot load. The
        save is read exactly as loading reads it, so what is listed as good loads; the
        answer is kept while the file's modification time stays the same, so a visit
        replays only the saves written since the last."""
        stamp = _stamp(path)
        cached = _DESCRIBED.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        described = _describe(path)
        _DESCRIBED[path] = (stamp, described)
        return described

    def open(self, path: Path) -> None:
        self.app.scenes.pop()
        if self.resume is not None:
            self.resume(path)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.rows:
            blit_text(surface, "No saved games yet.", (960, 300), 36, TEXT_DIM, anchor="center")
        hint = "Every game saves itself after each move."
        if self.pages > 1:
            hint += f"   Page {self.page + 1} of {self.pages} (the wheel turns pages)."
        blit_text(surface, hint, (960, 190), 30, TEXT_DIM, anchor="center")
        for row in self.problems:
            pygame.draw.rect(surface, DANGER, self.widgets[row].rect, 2, border_radius=10)


def fitting(label: str) -> int:
    """The largest text size at which ``label`` fits in its row (every label is made
    to fit at the smallest, see ``_shortened``)."""
    return next((size for size in SIZES if font(size).size(label)[0] <= ROW.w - PAD),
                SIZES[-1])


def _shortened(name: str, rest: str) -> str:
    """``name`` + ``rest``, the file name cut in the middle (``match-2025…-7.json``)
    as far as needed for the row to fit at the smallest size: a file may be called
    anything, and the sentence after it must show whole."""
    def fits(text: str) -> bool:
        return font(SIZES[-1]).size(text)[0] <= ROW.w - PAD

    keep = len(name)
    while keep > 8 and not fits(_middle(name, keep) + rest):
        keep -= 1
    return _middle(name, keep) + rest


def _middle(name: str, keep: int) -> str:
    if keep >= len(name):
        return name
    head = keep // 2
    return f"{name[:head]}…{name[len(name) - (keep - head):]}"


_DESCRIBED: dict[Path, tuple[tuple[int, ...], tuple[str, str | None]]] = {}
"""Each save's row, with the stamp of the files it was read from."""


def _stamp(path: Path) -> tuple[int, ...]:
    """Modification and change times and size of every generation of ``path`` (zeros
    for one that is absent): a save is read again when any of them changes (the change
    time also moves when the file's permissions do)."""
    stamp: list[int] = []
    for candidate in generations(path):
        try:
            info = candidate.stat()
        except OSError:
            stamp += [0, 0, 0]
            continue
        stamp += [info.st_mtime_ns, info.st_ctime_ns, info.st_size]
    return tuple(stamp)


def _describe(path: Path) -> tuple[str, str | None]:
    when = time.strftime("%d %b %H:%M", time.localtime(modified(path)))
    try:
        match, seats, notice = read_save(path)
    except DataError as exc:
        problem = plain_problem(exc)
        return f"{when}   {path.name}: {problem}", problem
    spec, rules, state = match.spec, match.spec.rules, match.state
    variant = f", {match.variant}" if len(spec.variants) > 1 else ""
    where = rules.progress(state)
    if rules.is_over(state):
        where = f"finished after {where}, {_result(rules.winners(state), seats)}"
    names = [seat.name for seat in seats if seat.name]
    players = f"{match.players} players" + (f" ({', '.join(names)})" if names else "")
    label = f"{when}   {spec.title}, {players}{variant}, {where}"
    if notice is not None:
        label += " (newest file damaged; resumes the one before)"
    return label, None


def _result(winners: tuple[int, ...], seats: list[Seat]) -> str:
    """``Blue won``, ``Ann and Green won``, or ``no winner``."""
    names = [seat_label(seat, seats[seat].name if seat < len(seats) else "")
             for seat in winners]
    if not names:
        return "no winner"
    return (" and ".join(names) if len(names) < 3
            else ", ".join(names[:-1]) + " and " + names[-1]) + " won"
