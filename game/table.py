"""The physical table in the client: the controllers the player set up, their links,
and what their events ask of the running match.

Each configured controller is a port URL and the seat it serves. Links run on their
own threads and report through one queue; the game loop drains it once a frame, so
controller input arrives exactly like mouse input, on the UI thread, and goes through
the same ``apply`` checks. A controller's role comes from its own HELLO.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.rules.core.actions import Action

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app import App
    from game.settings import Settings
    from hardware.link import Link, LinkEvent
    from hardware.table import TableInput


@dataclass
class ControllerEntry:
    """One controller in the settings: where it is plugged and whom it serves."""

    url: str
    seat: int | None = None


@dataclass
class TableReport:
    """What a drained queue asks of the match: actions to apply, lines to show."""

    actions: list[Action] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)


class TableMapping(Protocol):
    """A game's controller mapping module (``GameSpec.table_module``)."""

    def make_input(self) -> TableInput:
        """A fresh dial-to-action mapping with no controller assigned."""
        ...

    def bench(self, open_app: Callable[[Settings], App]) -> list[str]:
        """``botyard bench controller`` figures for this game's real controller path,
        timed in a client that ``open_app`` opens."""
        ...


def _mapping() -> TableMapping:
    """The controller mapping of the first registered game that has one: controllers
    serve that game's matches (one game is played at the table so far)."""
    from game.rules.core.registry import games

    for spec in games():
        if spec.table_module is not None:
            mapping: TableMapping = spec.table
            return mapping
    raise LookupError("no registered game is played with table controllers")


class Table:
    """Every configured controller's link, plus the mapping to rules actions."""

    def __init__(self, entries: list[ControllerEntry], **link_options: Any) -> None:
        """``link_options`` go to every Link (timeouts, or a clock for tests)."""
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self.entries: list[ControllerEntry] = []
        self.links: dict[str, Link] = {}
        self._input: TableInput | None = None
        self._link_options = link_options
        for entry in entries:
            self.add(entry)

    def add(self, entry: ControllerEntry) -> Link:
        """Open (and keep reopening) the controller at ``entry.url``."""
        if entry.url in self.links:
            return self.links[entry.url]
        from hardware.link import Link  # pyserial loads only once a controller is set up

        link = Link(entry.url, self.events, **self._link_options)
        self.entries.append(entry)
        self.links[entry.url] = link
        link.start()
        return link

    def remove(self, url: str) -> None:
        link = self.links.pop(url, None)
        if link is not None:
            link.stop()
        self.entries = [e for e in self.entries if e.url != url]

    def assign(self, url: str, seat: int | None) -> None:
        """Serve ``seat`` with the controller at ``url`` (None: serve nobody)."""
        for entry in self.entries:
            if entry.url == url:
                entry.seat = seat
        link = self.links.get(url)
        if link is not None and link.device is not None:
            self._bind(url, link.device.uid, link.device.role)

    @property
    def input(self) -> TableInput:
        """The dial-to-action mapping, made when a match or a controller first needs it
        (it brings pyserial, and the rules with the first match, which the title screen
        does without)."""
        if self._input is None:
            self._input = _mapping().make_input()
        return self._input

    def seat_of(self, url: str) -> int | None:
        return next((e.seat for e in self.entries if e.url == url), None)

    def close(self) -> None:
        for link in self.links.values():
            link.stop()

    # -- during a match ---------------------------------------------------------------------
    def poll(self, state: Any | None) -> TableReport:
        """Drain the links' events. With no match on screen (``state`` None) only
        connections and losses are noted; dial changes then have nothing to act on."""
        report = TableReport()
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return report
            if event.kind == "hello" and event.device is not None:
                self._bind(event.link, event.device.uid, event.device.role)
            if state is None and event.kind not in ("hello", "lost"):
                continue
            reaction = self.input.handle(event, state)
            report.actions += reaction.actions
            report.messages += reaction.messages

    def observe(self, state: Any) -> None:
        """Call after every change of the match, so ready switches arm correctly."""
        self.input.observe(state)

    def status(self, seat: int) -> str | None:
        return self.input.status(seat)

    def reader_faces(self, seats: tuple[int, ...]) -> tuple[int, ...] | None:
        """Stable faces of a connected dice reader serving one of ``seats``."""
        for entry in self.entries:
            link = self.links.get(entry.url)
            if (entry.seat in seats and link is not None and link.status == "run"
                    and link.device is not None and link.device.role == "dice"):
                from hardware.table import stable_faces

                faces = stable_faces(link.values)
                if faces:
                    return faces
        return None

    def _bind(self, url: str, uid: str, role: str) -> None:
        seat = self.seat_of(url)
        self.input.unassign(uid)
        if seat is not None:
            self.input.assign(uid, seat, role)
