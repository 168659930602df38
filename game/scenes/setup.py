"""New game: player count, variant, where the dice are rolled, who sits in each seat
(human or AI level), seed."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.ai.bots import LEVELS
from game.rules.core.registry import get_game
from game.scenes.menu import MenuScene
from game.session import AI, HUMAN, Seat, Session
from game.ui.palette import SEAT_NAMES, TEXT_DIM, draw_glyph
from game.ui.text import blit_text
from game.ui.widgets import Button, Chooser, TextField

if TYPE_CHECKING:
    from game.app import App


SEAT_OPTIONS = [(HUMAN, "normal")] + [(AI, level) for level in LEVELS]
VARIANT_TEXT = {"standard": "Standard (2 rounds)", "full": "Full (3 rounds)",
                "party": "Party (3 rounds, shared agendas)"}


DIGITS = frozenset("0123456789")
"""What the seed box takes: str.isdigit would also let in '²', which int() refuses."""
SEED_DIGITS = 9
"""The seed box's length: it fits the box, and any seed it holds is far within
game.rules.core.match.MAX_SEED."""


DICE_TEXT = {"rules": "rolled on screen", "table": "rolled at the table, read in"}


def _seat_text(option: tuple[str, str]) -> str:
    kind, level = option
    return "Human" if kind == HUMAN else f"AI ({level})"


class SetupScene(MenuScene):
    title = "New game"
    subtitle = "Goblins, Inc."

    def __init__(self, app: App, game: str = "goblins") -> None:
        super().__init__(app)
        self.spec = get_game(game)
        self.seed_field = TextField(pygame.Rect(1060, 780, 300, 60),
                                    str(random.randrange(1, 1_000_000)), DIGITS.__contains__,
                                    SEED_DIGITS, "0",
                                    size=36, centred=True)
        self.players = Chooser(pygame.Rect(560, 230, 800, 60), "Players",
                               list(self.spec.player_counts), index=2,
                               on_change=lambda _: self.layout())
        self.variant = Chooser(pygame.Rect(560, 300, 800, 60), "Variant",
                               list(self.spec.variants), describe=VARIANT_TEXT.get)
        self.dice = Chooser(pygame.Rect(560, 370, 800, 60), "Dice", ["rules", "table"],
                            describe=DICE_TEXT.get)
        self.seats = [Chooser(pygame.Rect(620, 470 + i * 75, 740, 60), f"Seat {i + 1}",
                              SEAT_OPTIONS, index=0 if i == 0 else 3, describe=_seat_text)
                      for i in range(4)]
        self.layout()

    @property
    def seed(self) -> int:
        return int(self.seed_field.text or "0")

    def layout(self) -> None:
        n = self.players.value
        self.widgets = [self.seed_field, self.players, self.variant, self.dice,
                        *self.seats[:n],
                        Button(pygame.Rect(560, 880, 380, 80), "Back", self.back),
                        Button(pygame.Rect(980, 880, 380, 80), "Start", self.start)]

    def start(self) -> None:
        seats = [Seat(*chooser.value) for chooser in self.seats[:self.players.value]]
        options = {"dice": self.dice.value} if self.dice.value != "rules" else {}
        session = Session.new(self.spec.id, seats, self.variant.value, self.seed,
                              options=options)
        from game.scenes.goblins.match import MatchScene

        self.app.scenes.replace(MatchScene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for i in range(self.players.value):
            draw_glyph(surface, i, (585, 500 + i * 75), 34)
            blit_text(surface, SEAT_NAMES[i], (880, 500 + i * 75), 26, TEXT_DIM,
                      anchor="midleft")
        box = self.seed_field.rect
        blit_text(surface, "Seed", (560, box.centery), 34, TEXT_DIM, anchor="midleft")
        blit_text(surface, "click to edit; the same seed deals the same game",
                  (560, box.bottom + 8), 24, TEXT_DIM)
