"""Settings -> Controllers: the table's pilot, tactics and dice controllers.

Shows the serial ports found on this machine and the controllers in use, each with
its connection state, what it reported about itself, its live dial positions, its
bad-line counters, the seat it serves, and buttons to zero its dials, ask for a fresh
snapshot (resync) or forget it. A pyserial URL (``socket://host:port`` for
``botyard controller-sim``) can be typed in. Changes are saved on leaving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.menu import MenuScene
from game.table import ControllerEntry
from game.ui.palette import ACCENT, DANGER, GOOD, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.seat_names import seat_title
from game.ui.text import blit_text
from game.ui.widgets import Button, Chooser, TextField
from hardware.link import Link, discover
from hardware.protocol import ROLE_FIELDS

if TYPE_CHECKING:
    from game.app import App
    from game.table import Table

ROW_TOP, ROW_HEIGHT, MAX_ROWS = 230, 130, 4
SEAT_CHOICES: list[int | None] = [None, 0, 1, 2, 3]
STATUS_TEXT = {"discover": "looking for it", "open": "waiting for its hello",
               "run": "connected", "lost": "lost: reconnecting every second"}
BAD_COUNTERS = ("bad_crc", "too_long", "malformed", "unknown_type", "bad_value", "wrong_proto")
ZERO_FOR = {"pilot": ("steer", "target"), "tactician": ("tactic",)}


def _seat_text(seat: int | None, names: list[str]) -> str:
    """``no seat``, ``Orange``, or ``Ann (Orange)`` when the last new game named it."""
    if seat is None:
        return "no seat"
    return seat_title(seat, names[seat] if seat < len(names) else "")


def describe_values(role: str, values: dict[str, str]) -> str:
    """Live positions in words, e.g. "steer 2 · target 1 · ready on"."""
    parts = []
    for key in ROLE_FIELDS.get(role, ()):
        value = values.get(key, "?")
        parts.append(f"{key} {'on' if value == '1' else 'off'}" if key == "ready"
                     else f"{key} {value}")
    return " · ".join(parts)


class ControllersScene(MenuScene):
    title = "Controllers"
    subtitle = "Pilot dials, tactics dials and dice readers at the table"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.url_field = TextField(pygame.Rect(260, 880, 900, 60),
                                   placeholder="click to type a port or URL",
                                   on_enter=self.add_typed)
        self.ports: list[str] = []
        self.rescan()

    @property
    def table(self) -> Table:
        return self.app.table

    def rescan(self) -> None:
        """Look for serial ports again and rebuild the rows."""
        used = set(self.table.links)
        self.ports = [p for p in discover() if p not in used][:4]
        self.layout()

    def layout(self) -> None:
        widgets: list[Button | Chooser] = []
        names = self.app.settings.last_names()
        for row, entry in enumerate(self.table.entries[:MAX_ROWS]):
            y = ROW_TOP + row * ROW_HEIGHT
            widgets.append(Chooser(pygame.Rect(1180, y + 8, 560, 54), "Seat", SEAT_CHOICES,
                                   SEAT_CHOICES.index(entry.seat),
                                   lambda seat: _seat_text(seat, names),
                                   lambda seat, url=entry.url: self.table.assign(url, seat),
                                   value_width=440))
            link = self.table.links[entry.url]
            widgets += [
                Button(pygame.Rect(1180, y + 70, 170, 50), "Resync", link.request_state,
                       size=28),
                Button(pygame.Rect(1365, y + 70, 170, 50), "Zero dials",
                       lambda link=link: self.zero(link), size=28),
                Button(pygame.Rect(1550, y + 70, 190, 50), "Forget",
                       lambda url=entry.url: self.forget(url), size=28),
            ]
        for i, port in enumerate(self.ports):
            widgets.append(Button(pygame.Rect(260 + i * 420, 790, 400, 60), f"Add {port}",
                                  lambda port=port: self.add(port), size=28))
        widgets += [
            self.url_field,
            Button(pygame.Rect(1180, 880, 200, 60), "Add URL", self.add_typed, size=30),
            Button(pygame.Rect(1400, 880, 340, 60), "Scan ports", self.rescan, size=30),
            Button(pygame.Rect(760, 975, 400, 80), "Done", self.back),
        ]
        self.widgets = widgets

    def zero(self, link: Link) -> None:
        role = link.device.role if link.device else ""
        if not ZERO_FOR.get(role) or link.status != "run":
            self.app.say("Only a connected pilot or tactics controller has dials to zero.")
            return
        for ctl in ZERO_FOR[role]:
            link.zero(ctl)
        self.app.say("Dials zeroed: their present positions now read as 0.")

    def add(self, url: str) -> None:
        if len(self.table.entries) >= MAX_ROWS:
            self.app.say(f"At most {MAX_ROWS} controllers fit here; forget one first.")
            return
        self.table.add(ControllerEntry(url))
        self.rescan()

    def add_typed(self) -> None:
        url = self.url_field.text.strip()
        if not url:
            self.app.say("Type a port such as /dev/ttyACM0 or socket://127.0.0.1:7001 first.")
            return
        self.url_field.text, self.url_field.editing = "", False
        self.add(url)

    def forget(self, url: str) -> None:
        self.table.remove(url)
        self.rescan()

    def back(self) -> None:
        self.app.settings.controllers = [{"url": e.url, "seat": e.seat}
                                         for e in self.table.entries]
        problem = self.app.settings.save()
        if problem:
            self.app.say(problem)
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        for row, entry in enumerate(self.table.entries[:MAX_ROWS]):
            self.draw_row(surface, row, entry)
        if not self.table.entries:
            blit_text(surface, "No controllers yet: add a detected port or type a URL below.",
                      (960, 400), 34, TEXT_DIM, anchor="center")
        blit_text(surface, "Detected serial ports" if self.ports else
                  "No other serial ports detected", (260, 750), 30, TEXT_DIM)
        super().draw(surface)

    def draw_row(self, surface: pygame.Surface, row: int, entry: ControllerEntry) -> None:
        y = ROW_TOP + row * ROW_HEIGHT
        link = self.table.links[entry.url]
        card = pygame.Rect(160, y, 1600, ROW_HEIGHT - 10)
        pygame.draw.rect(surface, PANEL, card, border_radius=12)
        pygame.draw.rect(surface, LINE, card, 2, border_radius=12)
        colour = {"run": GOOD, "lost": DANGER}.get(link.status, ACCENT)
        blit_text(surface, entry.url, (184, y + 12), 32, TEXT, bold=True)
        blit_text(surface, STATUS_TEXT.get(link.status, link.status), (184, y + 48), 28, colour)
        device = link.device
        if device is not None:
            blit_text(surface, f"{device.role} · uid {device.uid} · firmware {device.fw}",
                      (560, y + 48), 28, TEXT_DIM)
            blit_text(surface, describe_values(device.role, link.values), (184, y + 82), 30,
                      ACCENT)
        counters = link.counters
        bad = sum(counters.get(key, 0) for key in BAD_COUNTERS)
        blit_text(surface, f"{counters.get('lines', 0)} lines · {bad} bad · "
                  f"{counters.get('reconnects', 0)} reconnects", (1160, y + 12), 26, TEXT_DIM,
                  anchor="topright")
