"""Team up: the start of a round, shown to each human before their first decision of
it. Who is on which crew (and the team card that decided it), who starts, the
blueprint the robots are built on, and the seat's own agenda hand. Drawn only from
that seat's view, after any hand-over screen, so nothing private leaks. Seats are
pointed out with their typed names and colours ("Ann (Orange)"), so each player learns
which colour and glyph are theirs."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.rules.goblins.robot import Robot
from game.scenes.base import Scene
from game.scenes.goblins.build_panels import agenda_hand
from game.scenes.goblins.narrate import seat_name
from game.scenes.goblins.tiles import draw_yard
from game.ui.display import pointer
from game.ui.palette import (
    ACCENT,
    BACKGROUND,
    LINE,
    PANEL,
    SEAT_COLOURS,
    TEXT,
    TEXT_DIM,
    draw_glyph,
)
from game.ui.seat_names import Names, colour_name, seat_title, typed
from game.ui.text import blit_text, fitted, font, wrap
from game.ui.widgets import Button, box, confirms

if TYPE_CHECKING:
    from game.app import App
    from game.rules.goblins.state import State

CREWS = pygame.Rect(120, 230, 780, 330)
BLUEPRINT = pygame.Rect(1000, 230, 800, 330)
AGENDAS = pygame.Rect(120, 600, 1680, 330)
NAME_SIZE, STACKED_SIZE = 38, 32
"""A crew's names side by side, or one under the other where they are too long."""
BUILT_SIDES = {"north": "front", "east": "right", "south": "back", "west": "left"}
"""The yard's edges as printed, as the sides of a robot being built (it faces up)."""


def in_robot_words(note: str) -> str:
    """A blueprint's note with the yard's edges as the robot's sides: cards.yaml names
    them as printed, north at the top, which is the front of every robot while it is
    built. (Rewording the data would change its hash and refuse every Goblins save.)"""
    return re.sub(r"\b(north|east|south|west)\b", lambda m: BUILT_SIDES[m.group(1)], note)


class TeamUpScene(Scene):
    fills_screen = True

    def __init__(self, app: App, view: State, seat: int, names: Names = ()) -> None:
        super().__init__(app)
        self.view = view
        self.seat = seat
        self.names = names
        self.button = Button(pygame.Rect(760, 960, 400, 80), "Start building", app.scenes.pop)

    def handle(self, event: pygame.event.Event) -> bool:
        self.button.handle(event)
        if confirms(event):
            self.app.scenes.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        surface.fill(BACKGROUND)
        blit_text(surface, f"Round {view.round} of {view.rounds}: team up", (960, 70), 64,
                  ACCENT, bold=True, anchor="center")
        if view.team_card >= 0:
            card = view.catalogue.team_cards[view.team_card].name
            line = f"Team card: {card}. You are {self.title(self.seat)}."
        else:
            line = f"One crew each. You are {self.title(self.seat)}."
        blit_text(surface, line, (960, 150), 34, TEXT_DIM, anchor="center")
        self._crews(surface)
        self._blueprint(surface)
        self._agendas(surface)
        self.button.draw(surface, pointer())

    def title(self, seat: int) -> str:
        """"Ann (Orange)", or "Orange" for a seat nobody named."""
        return seat_title(seat, typed(self.names, seat))

    def member(self, seat: int) -> str:
        """A crew member as listed: "Ann (Orange)", "Ann (Orange, you)", "Orange (you)"."""
        if seat != self.seat:
            return self.title(seat)
        name = typed(self.names, seat)
        return f"{name} ({colour_name(seat)}, you)" if name else f"{colour_name(seat)} (you)"

    def _crews(self, surface: pygame.Surface) -> None:
        view = self.view
        surface.blit(box(CREWS.width, CREWS.height, PANEL, LINE, 2, 14), CREWS)
        mine = view.team_of(self.seat)
        for row, team in enumerate((view.teams[mine], view.teams[1 - mine])):
            y = CREWS.y + 24 + row * 130
            blit_text(surface, "Your crew" if row == 0 else "Against", (CREWS.x + 30, y),
                      30, TEXT_DIM)
            labels = [self.member(seat) for seat in team.seats]
            face = font(NAME_SIZE, True)
            if sum(face.size(text)[0] + 110 for text in labels) <= CREWS.width - 60:
                x = CREWS.x + 60
                for seat, text in zip(team.seats, labels, strict=True):
                    draw_glyph(surface, seat, (x, y + 75), 44)
                    shown = blit_text(surface, text, (x + 40, y + 56), NAME_SIZE,
                                      SEAT_COLOURS[seat], bold=True)
                    x = shown.right + 70
                continue
            step = 88 // len(labels)
            for k, (seat, member) in enumerate(zip(team.seats, labels, strict=True)):
                centre = y + 38 + k * step + step // 2
                draw_glyph(surface, seat, (CREWS.x + 60, centre), 30)
                text, size = fitted(member, CREWS.width - 120, STACKED_SIZE, 24, bold=True)
                blit_text(surface, text, (CREWS.x + 90, centre), size, SEAT_COLOURS[seat],
                          bold=True, anchor="midleft")
        why = " (fewest points)" if view.round > 1 else ""
        text, size = fitted(f"{seat_name(view.starter, self.names)} starts the round{why}.",
                            CREWS.width - 60, 26, 20)
        blit_text(surface, text, (CREWS.x + 30, CREWS.bottom - 44), size, TEXT_DIM)

    def _blueprint(self, surface: pygame.Surface) -> None:
        view = self.view
        surface.blit(box(BLUEPRINT.width, BLUEPRINT.height, PANEL, LINE, 2, 14), BLUEPRINT)
        blueprint = view.catalogue.blueprints[view.blueprint]
        yard = pygame.Rect(BLUEPRINT.x + 30, BLUEPRINT.y + 30, 270, 270)
        draw_yard(surface, yard, Robot(), blueprint.forbidden, show_front=False)
        x = yard.right + 40
        blit_text(surface, f"Blueprint: {blueprint.name}", (x, BLUEPRINT.y + 30), 36,
                  ACCENT, bold=True)
        blit_text(surface, "Crossed squares stay empty.", (x, BLUEPRINT.y + 80), 28, TEXT)
        note = in_robot_words(blueprint.note)
        for k, text in enumerate(wrap(note, 26, BLUEPRINT.right - x - 30)[:7]):
            blit_text(surface, text, (x, BLUEPRINT.y + 130 + k * 30), 26, TEXT_DIM)

    def _agendas(self, surface: pygame.Surface) -> None:
        view = self.view
        surface.blit(box(AGENDAS.width, AGENDAS.height, PANEL, LINE, 2, 14), AGENDAS)
        hand = agenda_hand(view, self.seat)
        title = ("Shared agendas" if view.variant == "party"
                 else "Your agenda hand (only you see it)")
        blit_text(surface, title, (AGENDAS.x + 30, AGENDAS.y + 20), 32, TEXT_DIM)
        for i, index in enumerate(hand):
            agenda = view.catalogue.agendas[index]
            x = AGENDAS.x + 30 + (i % 3) * 550
            y = AGENDAS.y + 70 + (i // 3) * 86
            blit_text(surface, agenda.name, (x, y), 28, ACCENT, bold=True)
            for k, text in enumerate(wrap(agenda.text, 25, 520)[:2]):
                blit_text(surface, text, (x + 6, y + 29 + k * 25), 25, TEXT)
