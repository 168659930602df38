"""New game for one registered game: player count, variant, the game's own table options
(e.g. where dice are rolled), who sits in each seat (human or AI level), seed. Every
row comes from the game's registry entry and the words from its client entry."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.ai.bots import LEVELS
from game.rules.core.registry import GameSpec, default_game
from game.scenes.entry import client
from game.scenes.menu import MenuScene
from game.session import AI, HUMAN, Seat, Session
from game.ui.palette import SEAT_NAMES, TEXT_DIM, draw_glyph
from game.ui.text import blit_text
from game.ui.widgets import Button, Chooser, TextField

if TYPE_CHECKING:
    from game.app import App


SEAT_OPTIONS = [(HUMAN, "normal")] + [(AI, level) for level in LEVELS]
ROWS_TOP = 230
ROW_STEP = 70
SEAT_STEP = 75


DIGITS = frozenset("0123456789")
"""What the seed box takes: str.isdigit would also let in '²', which int() refuses."""
SEED_DIGITS = 9
"""The seed box's length: it fits the box, and any seed it holds is far within
game.rules.core.match.MAX_SEED."""


def _seat_text(option: tuple[str, str]) -> str:
    kind, level = option
    return "Human" if kind == HUMAN else f"AI ({level})"


class SetupScene(MenuScene):
    title = "New game"

    def __init__(self, app: App, spec: GameSpec | None = None) -> None:
        super().__init__(app)
        self.spec = spec or default_game()
        self.subtitle = self.spec.title
        words = client(self.spec).SETUP
        counts = list(self.spec.player_counts)
        self.players = Chooser(pygame.Rect(560, ROWS_TOP, 800, 60), "Players", counts,
                               index=len(counts) - 1, on_change=lambda _: self.layout())
        self.variant = Chooser(pygame.Rect(560, ROWS_TOP + ROW_STEP, 800, 60), "Variant",
                               list(self.spec.variants),
                               describe=lambda v: words.describe("variant", v))
        self.options = {
            key: Chooser(pygame.Rect(560, ROWS_TOP + (2 + i) * ROW_STEP, 800, 60),
                         words.label(key), list(values),
                         describe=lambda v, key=key: words.describe(key, v))
            for i, (key, values) in enumerate(self.spec.options)}
        seats_top = ROWS_TOP + (2 + len(self.options)) * ROW_STEP + 30
        self.seats = [Chooser(pygame.Rect(620, seats_top + i * SEAT_STEP, 740, 60),
                              f"Seat {i + 1}", SEAT_OPTIONS, index=0 if i == 0 else 3,
                              describe=_seat_text)
                      for i in range(max(counts))]
        seed_top = seats_top + max(counts) * SEAT_STEP + 10
        self.seed_field = TextField(pygame.Rect(1060, seed_top, 300, 60),
                                    str(random.randrange(1, 1_000_000)), DIGITS.__contains__,
                                    SEED_DIGITS, "0",
                                    size=36, centred=True)
        self.layout()

    @property
    def seed(self) -> int:
        return int(self.seed_field.text or "0")

    def layout(self) -> None:
        n = self.players.value
        below = self.seed_field.rect.y + 100
        self.widgets = [self.seed_field, self.players, self.variant, *self.options.values(),
                        *self.seats[:n],
                        Button(pygame.Rect(560, below, 380, 80), "Back", self.back),
                        Button(pygame.Rect(980, below, 380, 80), "Start", self.start)]

    def start(self) -> None:
        seats = [Seat(*chooser.value) for chooser in self.seats[:self.players.value]]
        # Options left at their default are not recorded, as the rules assume them.
        options = {key: chooser.value for key, chooser in self.options.items()
                   if chooser.index != 0}
        session = Session.new(self.spec.id, seats, self.variant.value, self.seed,
                              options=options)
        self.app.scenes.replace(client(self.spec).match_scene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for i in range(self.players.value):
            row = self.seats[i].rect
            draw_glyph(surface, i, (585, row.centery), 34)
            blit_text(surface, SEAT_NAMES[i], (880, row.centery), 26, TEXT_DIM,
                      anchor="midleft")
        box = self.seed_field.rect
        blit_text(surface, "Seed", (560, box.centery), 34, TEXT_DIM, anchor="midleft")
        blit_text(surface, "click to edit; the same seed deals the same game",
                  (560, box.bottom + 8), 24, TEXT_DIM)
