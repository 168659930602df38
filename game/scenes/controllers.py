"""Settings -> Controllers: the table's boards and the roles they play.

While this screen is open, USB ports are asked whether a board is behind them (opening
a port resets an Arduino, so never behind the player's back); only ports that answer
HELLO are listed, with every remembered board. Each row shows where the board is, its
connection, its identity (USB serial number and unit id), its kind and firmware
(named when it is not the one this Botyard expects), its live controls, its bad-line
counters and the last message it sent; the role it plays in the table's game is
chosen here, and it can be resynced, zeroed, given an id of its own or forgotten. Two
boards with one identity are shown refused until one gets a new id. A pyserial URL
(``socket://host:port`` for ``botyard controller-sim``) can be typed in. The remembered
boards are saved on leaving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.menu import MenuScene
from game.table import table_games
from game.ui.palette import ACCENT, DANGER, GOOD, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text, font
from game.ui.widgets import Button, Chooser, TextField
from hardware.boards import BOARDS, FIRMWARE_VERSION, PROTO_MAJOR, PROTO_MINOR

if TYPE_CHECKING:
    from game.app import App
    from game.table import Table
    from game.table_boards import Board
    from game.table_mapping import BoardRole

ROW_TOP, ROW_HEIGHT, MAX_ROWS = 222, 96, 7
"""Seven rows: a four-player table with two dice trays needs six boards."""
LEFT, RIGHT, SPLIT = 160, 1760, 1090
"""The row card's edges and where its text ends and its controls begin."""
STATUS_TEXT = {"discover": "not plugged in", "open": "waiting for its hello",
               "run": "connected", "lost": "lost: reconnecting every second",
               "mismatch": "another protocol version"}
BAD_COUNTERS = ("bad_crc", "too_long", "malformed", "unknown_type", "bad_value", "wrong_proto")


def clip(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels at ``size``."""
    face = font(size)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


DIE_WORDS = {"R": "rolling", "T": "tilted", "H": "handled", "A": "empty"}


def _die(value: str) -> str:
    """A dice slot in words: its face when it lies still, else what it is doing."""
    if value[:1] == "S":
        return {"B": "blank", "-": "unread"}.get(value[1:], value[1:])
    return DIE_WORDS.get(value[:1], value)


def describe_values(kind: str, values: dict[str, str]) -> str:
    """Live controls in words, e.g. "steer 2 · target 1 · ready on", or a tray's slots
    "dice: 3, blank, rolling, empty, empty"."""
    board = BOARDS.get(kind)
    keys = list(board.fields) if board else sorted(values)
    if board is not None and board.faces:
        return "dice: " + ", ".join(_die(values.get(key, "?")) for key in keys)
    parts = []
    for key in keys:
        value = values.get(key, "?")
        parts.append(f"{key} {'on' if value == '1' else 'off'}" if key == "ready"
                     else f"{key} {value}")
    return " · ".join(parts)


def free_id(table: Table) -> str:
    """The lowest unit id no known board has (0001 upwards)."""
    taken = {entry.uid for entry in table.entries if entry.uid}
    taken |= {b.link.device.uid.upper() for b in table.boards if b.link.device}
    return next(f"{n:04X}" for n in range(1, 0xFFFF) if f"{n:04X}" not in taken)


class ControllersScene(MenuScene):
    title = "Controllers"
    subtitle = (f"Boards at the table · this Botyard speaks protocol {PROTO_MAJOR}."
                f"{PROTO_MINOR} and expects firmware {FIRMWARE_VERSION}")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.url_field = TextField(pygame.Rect(LEFT, 910, 700, 56),
                                   placeholder="click to type a port or URL",
                                   on_enter=self.add_typed)
        self._shape: tuple[object, ...] = ()

    @property
    def table(self) -> Table:
        return self.app.table

    def enter(self) -> None:
        self.table.ports.probing = True
        self.table.scan()
        self.layout()

    def exit(self) -> None:
        self.table.ports.probing = False

    def rows(self) -> list[Board]:
        """The boards shown: every board but ports still being asked (they may be no
        board at all), at most MAX_ROWS."""
        shown = [b for b in self.table.boards
                 if not (b.link.probe and b.link.device is None and b.entry is None)]
        return shown[:MAX_ROWS]

    def update(self, dt: float) -> None:
        shape = (self.table.game, *((b.name, b.link.status, b.link.device, self.table.role_of(b))
                                    for b in self.rows()))
        if shape != self._shape:
            self.layout()

    def layout(self) -> None:
        rows = self.rows()
        self._shape = (self.table.game, *((b.name, b.link.status, b.link.device,
                                           self.table.role_of(b)) for b in rows))
        widgets: list[Button | Chooser] = []
        games = table_games()
        if len(games) > 1:
            from game.rules.core.registry import get_game

            widgets.append(Chooser(pygame.Rect(LEFT, 150, 700, 50), "Roles of", games,
                                   games.index(self.table.game),
                                   lambda game: get_game(game).title, self.set_game))
        for row, board in enumerate(rows):
            y = ROW_TOP + row * ROW_HEIGHT
            choices = self.role_choices(board)
            current = self.table.role_of(board)
            widgets.append(Chooser(pygame.Rect(SPLIT + 10, y + 6, 640, 40), "", choices,
                                   choices.index(current) if current in choices else 0,
                                   self.role_text,
                                   lambda role, board=board: self.set_role(board, role),
                                   value_width=640))
            device = board.link.device if board.running else None
            kind = BOARDS.get(device.role) if device else None
            buttons = (("Resync", board.link.request_state, device is not None),
                       ("Zero dials", lambda b=board: self.zero(b), bool(kind and kind.dials)),
                       ("New id", lambda b=board: self.new_id(b),
                        device is not None and "setid" in device.caps),
                       ("Forget", lambda b=board: self.forget(b), True))
            for i, (label, action, enabled) in enumerate(buttons):
                widgets.append(Button(pygame.Rect(SPLIT + 10 + i * 162, y + 50, 152, 38), label,
                                      action, enabled, size=24))
        widgets += [
            self.url_field,
            Button(pygame.Rect(880, 910, 220, 56), "Add URL", self.add_typed, size=28),
            Button(pygame.Rect(1120, 910, 300, 56), "Scan ports", self.rescan, size=28),
            Button(pygame.Rect(1440, 910, 320, 56), "Done", self.back, size=30),
        ]
        self.widgets = widgets

    def role_choices(self, board: Board) -> list[BoardRole | None]:
        """No role, or a role of the table's game that takes this kind of board."""
        device = board.link.device
        return [None, *(role for role in self.table.roles()
                        if device is None or role.board == device.role)]

    @staticmethod
    def role_text(role: BoardRole | None) -> str:
        return "no role" if role is None else role.label

    def set_game(self, game: str) -> None:
        self.table.game = game
        self.layout()

    def set_role(self, board: Board, role: BoardRole | None) -> None:
        self.table.bind(board, None if role is None else role.key)
        self.layout()

    def zero(self, board: Board) -> None:
        link = board.link
        kind = BOARDS.get(link.device.role) if link.device else None
        if kind is None or not kind.dials or link.status != "run":
            self.app.say("Only a connected console has dials to zero.")
            return
        for ctl in kind.dials:
            link.zero(ctl)
        self.app.say("Dials zeroed: where they point now reads as 0, on the board itself.")

    def new_id(self, board: Board) -> None:
        uid = free_id(self.table)
        problem = self.table.set_id(board, uid)
        self.app.say(problem or f"Asked the board to take the id {uid}.")

    def add_typed(self) -> None:
        url = self.url_field.text.strip()
        if not url:
            self.app.say("Type a port such as /dev/ttyACM0 or socket://127.0.0.1:7001 first.")
            return
        self.url_field.text, self.url_field.editing = "", False
        self.table.add(url)
        self.layout()

    def rescan(self) -> None:
        self.table.scan(probe=True)
        self.app.say("Asking every USB port whether a board is there.")

    def forget(self, board: Board) -> None:
        self.table.forget(board)
        self.layout()

    def back(self) -> None:
        self.app.settings.controllers = self.table.saved()
        problem = self.app.settings.save()
        if problem:
            self.app.say(problem)
        self.app.scenes.pop()

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        rows = self.rows()
        for row, board in enumerate(rows):
            self.draw_row(surface, row, board)
        hidden = len(self.table.boards) - len(rows)
        if not rows:
            blit_text(surface, "No boards yet: plug one in and press Scan ports, or type a "
                      "URL below.", (960, 480), 34, TEXT_DIM, anchor="center")
        elif hidden > 0 and len(rows) == MAX_ROWS:
            blit_text(surface, f"and {hidden} more: forget a board to see them", (LEFT, 884),
                      24, TEXT_DIM)
        super().draw(surface)

    def draw_row(self, surface: pygame.Surface, row: int, board: Board) -> None:
        y = ROW_TOP + row * ROW_HEIGHT
        link = board.link
        card = pygame.Rect(LEFT, y, RIGHT - LEFT, ROW_HEIGHT - 6)
        pygame.draw.rect(surface, PANEL, card, border_radius=12)
        pygame.draw.rect(surface, DANGER if board.duplicate_of else LINE, card, 2,
                         border_radius=12)
        width = SPLIT - LEFT - 40
        status = STATUS_TEXT.get(link.status, link.status)
        colour = {"run": GOOD, "lost": DANGER, "mismatch": DANGER}.get(link.status, ACCENT)
        name = blit_text(surface, clip(link.url, 28, 520), (LEFT + 20, y + 8), 28, TEXT,
                         bold=True)
        blit_text(surface, clip(status, 26, SPLIT - name.right - 40), (name.right + 16, y + 10),
                  26, colour)
        device = link.device
        if device is not None:
            kind = BOARDS.get(device.role)
            about = [str(board.identity) if board.identity else f"id {device.uid}",
                     kind.title if kind else f"a {device.role} board this Botyard does not know",
                     f"firmware {device.fw}"]
            blit_text(surface, clip(" · ".join(about), 24, width), (LEFT + 20, y + 40), 24,
                      TEXT_DIM)
        counters = link.counters
        bad = sum(counters.get(key, 0) for key in BAD_COUNTERS)
        blit_text(surface, f"{counters.get('lines', 0)} lines · {bad} bad · "
                  f"{counters.get('reconnects', 0)} reconnects", (SPLIT - 20, y + 42), 22,
                  TEXT_DIM, anchor="topright")
        problem = self.problem(board)
        if problem:
            line, colour = problem, DANGER
        elif device is not None and link.values:
            line, colour = describe_values(device.role, link.values), ACCENT
        else:
            line, colour = "", ACCENT
        if board.messages:
            said = f"says “{board.messages[-1]}”"
            line = f"{line} · {said}" if line else said
        blit_text(surface, clip(line, 24, width), (LEFT + 20, y + 66), 24, colour)

    def problem(self, board: Board) -> str | None:
        """What is wrong with a board, in one line, or None."""
        device = board.link.device
        flash = f"`make flash PORT={board.link.url}`"
        if board.duplicate_of:
            return (f"refused: {', '.join(board.duplicate_of)} has the same identity; "
                    "press New id on one of them")
        if board.link.status == "mismatch" and device is not None:
            return (f"speaks protocol {device.proto}, this Botyard {PROTO_MAJOR}: flash "
                    f"firmware {FIRMWARE_VERSION} with {flash}")
        if device is not None and device.fw != FIRMWARE_VERSION:
            return (f"firmware {device.fw}, expected {FIRMWARE_VERSION}: quit Botyard (it "
                    f"holds the port) and run {flash}")
        return None
