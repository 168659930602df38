"""New game for one registered game: player count, variant, the game's own table options
(e.g. where dice are rolled), who sits in each seat (human or AI level) and the name a
human player types for their seat, seed. Every row comes from the game's registry
entry and the words from its client entry. The screen opens on the choices last made
for this game (kept in settings.json), except the seed, which is new each time. A game
with a programming clock (its registry's clock seam) gets a row for the clock's mode,
which follows the seats (turns for several humans) until the player sets it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.bots import LEVELS
from game.clock import MODE_WORDS, MODES, default_mode
from game.rules.core.registry import GameSpec, default_game
from game.scenes.entry import client
from game.scenes.menu import MenuScene
from game.session import AI, HUMAN, MAX_NAME, Seat, Session, valid_name
from game.ui.palette import TEXT_DIM, draw_glyph
from game.ui.seat_names import colour_name
from game.ui.text import blit_text
from game.ui.widgets import Button, Chooser, TextField

if TYPE_CHECKING:
    from game.app import App


SEAT_OPTIONS = [(HUMAN, "normal")] + [(AI, level) for level in LEVELS]
LEFT, WIDTH = 360, 1200
"""The screen's column: labels start at LEFT, arrows end at LEFT + WIDTH."""
VALUE_WIDTH = 640
"""Arrows and value of the game's rows: room for the longest option words."""
SEAT_VALUE_WIDTH = 420
ROWS_TOP = 230
ROW_STEP = 70
"""The game's rows' spacing, narrowed (to no less than a row's height) when a game has
so many options that the Start button would leave the screen."""
ROW_HEIGHT = 60
BOTTOM = 1070
"""The lowest the Start button may reach."""
FOOT = 30 + 10 + 100 + 80
"""Below the game's rows and the seats: the gaps before the seats, the seed and the
buttons, and the buttons' height."""
SEAT_STEP = 75
NAME_X, NAME_WIDTH = 660, 440


DIGITS = frozenset("0123456789")
"""What the seed box takes: str.isdigit would also let in '²', which int() refuses."""
SEED_DIGITS = 9
"""The seed box's length: it fits the box, and any seed it holds is far within
game.rules.core.match.MAX_SEED."""


def _seat_text(option: tuple[str, str]) -> str:
    kind, level = option
    return "Human" if kind == HUMAN else f"AI ({level})"


def _index(options: list[Any], value: object, default: int) -> int:
    return options.index(value) if value in options else default


class SetupScene(MenuScene):
    title = "New game"

    def __init__(self, app: App, spec: GameSpec | None = None) -> None:
        super().__init__(app)
        self.spec = spec or default_game()
        self.subtitle = self.spec.title
        words = client(self.spec).SETUP
        last = app.settings.setups.get(self.spec.id, {})
        counts = list(self.spec.player_counts)
        chosen = last.get("options", {})
        rows = list(self.spec.options)
        seam = self.spec.clock
        self.timer_key: str | None = None if seam is None else seam.OPTION
        """The clock's row, if the game has a clock."""
        self.timer_set = chosen.get(self.timer_key) in MODES
        """Whether the clock's mode was chosen (now or last time), not left to follow the
        seats."""
        if self.timer_key is not None:
            rows.append((self.timer_key, MODES))
        room = BOTTOM - FOOT - ROWS_TOP - max(counts) * SEAT_STEP
        step = max(ROW_HEIGHT, min(ROW_STEP, room // (2 + len(rows))))
        self.players = Chooser(pygame.Rect(LEFT, ROWS_TOP, WIDTH, ROW_HEIGHT), "Players",
                               counts, _index(counts, last.get("players"), len(counts) - 1),
                               on_change=lambda _: self._seats_changed(),
                               value_width=VALUE_WIDTH)
        variants = list(self.spec.variants)
        self.variant = Chooser(pygame.Rect(LEFT, ROWS_TOP + step, WIDTH, ROW_HEIGHT), "Variant",
                               variants, _index(variants, last.get("variant"), 0),
                               describe=lambda v: words.describe("variant", v),
                               value_width=VALUE_WIDTH)
        self.options = {
            key: Chooser(pygame.Rect(LEFT, ROWS_TOP + (2 + i) * step, WIDTH, ROW_HEIGHT),
                         words.label(key), list(values),
                         _index(list(values), chosen.get(key), 0),
                         describe=lambda v, key=key: self._describe(key, v),
                         value_width=VALUE_WIDTH)
            for i, (key, values) in enumerate(rows)}
        if self.timer_key is not None:
            self.options[self.timer_key].on_change = self._timer_chosen
        seats_top = ROWS_TOP + (2 + len(self.options)) * step + 30
        seats = last.get("seats", [])
        self.seats: list[Chooser] = []
        self.names: list[TextField] = []
        for i in range(max(counts)):
            seat = seats[i] if i < len(seats) else {}
            y = seats_top + i * SEAT_STEP
            self.seats.append(Chooser(
                pygame.Rect(LEFT + 50, y, WIDTH - 50, 60), f"Seat {i + 1}", SEAT_OPTIONS,
                _index(SEAT_OPTIONS, (seat.get("kind"), seat.get("level", "normal")),
                       0 if i == 0 else 3),
                describe=_seat_text, on_change=lambda _: self._seats_changed(),
                value_width=SEAT_VALUE_WIDTH))
            name = seat.get("name", "")
            self.names.append(TextField(pygame.Rect(NAME_X, y + 5, NAME_WIDTH, 50),
                                        name if valid_name(name) else "", str.isprintable,
                                        MAX_NAME, "click to type a name", size=30))
        seed_top = seats_top + max(counts) * SEAT_STEP + 10
        self.seed_field = TextField(pygame.Rect(LEFT + WIDTH - 300, seed_top, 300, 60),
                                    str(random.randrange(1, 1_000_000)), DIGITS.__contains__,
                                    SEED_DIGITS, "0",
                                    size=36, centred=True)
        if not self.timer_set:
            self._follow_seats()
        self.layout()

    @property
    def seed(self) -> int:
        return int(self.seed_field.text or "0")

    def human(self, seat: int) -> bool:
        return self.seats[seat].value[0] == HUMAN

    def _describe(self, key: str, value: str) -> str:
        """An option value's words: the game's own, else the clock's for its mode."""
        words = client(self.spec).SETUP
        if key == self.timer_key and str(value) not in words.values.get(key, {}):
            return MODE_WORDS[value]
        return words.describe(key, value)

    def _timer_chosen(self, _: object) -> None:
        self.timer_set = True

    def _seats_changed(self) -> None:
        if not self.timer_set:
            self._follow_seats()
        self.layout()

    def _follow_seats(self) -> None:
        """Set the clock's mode to the default for the humans seated now."""
        if self.timer_key is not None:
            humans = sum(self.human(i) for i in range(self.players.value))
            self.options[self.timer_key].index = MODES.index(default_mode(humans))

    def fields(self) -> list[TextField]:
        """The text boxes on screen, in Tab order: each human seat's name, the seed."""
        return [*(self.names[i] for i in range(self.players.value) if self.human(i)),
                self.seed_field]

    def layout(self) -> None:
        n = self.players.value
        below = self.seed_field.rect.y + 100
        shown = set(map(id, self.fields()))
        for box in self.names:
            box.editing = box.editing and id(box) in shown
        self.widgets = [*self.fields(), self.players, self.variant, *self.options.values(),
                        *self.seats[:n],
                        Button(pygame.Rect(LEFT + 140, below, 380, 80), "Back", self.back),
                        Button(pygame.Rect(LEFT + WIDTH - 520, below, 380, 80), "Start",
                               self.start)]

    def handle(self, event: pygame.event.Event) -> bool:
        """A box being typed in takes the keys (Escape stops typing, not the screen;
        Tab moves to the next box); a click anywhere ends typing elsewhere."""
        fields = self.fields()
        editing = next((box for box in fields if box.editing), None)
        if editing is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                editing.editing = False
                fields[(fields.index(editing) + 1) % len(fields)].editing = True
                return True
            return editing.handle(event)
        if event.type == pygame.MOUSEBUTTONUP:
            for box in fields:
                box.editing = False
        return super().handle(event)

    def chosen_seats(self) -> list[Seat]:
        """The seats as set: a human's typed name, trimmed; an AI has none."""
        return [Seat(*self.seats[i].value,
                     name=self.names[i].text.strip() if self.human(i) else "")
                for i in range(self.players.value)]

    def remember(self) -> None:
        """Keep this game's choices (not the seed) for the next new game."""
        settings = self.app.settings
        settings.last_game = self.spec.id
        settings.setups[self.spec.id] = {
            "players": self.players.value, "variant": self.variant.value,
            "options": {key: chooser.value for key, chooser in self.options.items()},
            "seats": [{"kind": chooser.value[0], "level": chooser.value[1],
                       "name": box.text.strip()}
                      for chooser, box in zip(self.seats, self.names, strict=True)]}
        problem = settings.save()
        if problem:
            self.app.say(problem)

    def back(self) -> None:
        self.remember()
        super().back()

    def start(self) -> None:
        seats = self.chosen_seats()
        # Options left at their default are not recorded, as the rules assume them; the
        # clock's mode always goes, since its default depends on the seats.
        options = {key: chooser.value for key, chooser in self.options.items()
                   if chooser.index != 0 or key == self.timer_key}
        self.remember()
        session = Session.new(self.spec.id, seats, self.variant.value, self.seed,
                              options=options)
        self.app.scenes.replace(client(self.spec).match_scene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for i in range(self.players.value):
            row = self.seats[i].rect
            draw_glyph(surface, i, (LEFT + 25, row.centery), 34)
            blit_text(surface, colour_name(i), (LEFT + 170, row.centery), 28, TEXT_DIM,
                      anchor="midleft")
            if not self.human(i):
                blit_text(surface, "played by the computer",
                          (NAME_X + 16, row.centery), 28, TEXT_DIM, anchor="midleft")
        box = self.seed_field.rect
        blit_text(surface, "Seed", (LEFT, box.centery), 34, TEXT_DIM, anchor="midleft")
        blit_text(surface, "click to edit; the same seed deals the same game",
                  (LEFT, box.bottom + 8), 24, TEXT_DIM)
