"""Team up: the start of a round, shown to each human before their first decision of
it. Who is on which crew (and the team card that decided it), who starts, the
blueprint the robots are built on, and the seat's own agenda hand. Drawn only from
that seat's view, after any hand-over screen, so nothing private leaks."""

from __future__ import annotations

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
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button, box, confirms

if TYPE_CHECKING:
    from game.app import App
    from game.rules.goblins.state import State

CREWS = pygame.Rect(120, 230, 780, 330)
BLUEPRINT = pygame.Rect(1000, 230, 800, 330)
AGENDAS = pygame.Rect(120, 600, 1680, 330)


class TeamUpScene(Scene):
    fills_screen = True

    def __init__(self, app: App, view: State, seat: int) -> None:
        super().__init__(app)
        self.view = view
        self.seat = seat
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
            line = f"Team card: {card}. You are {seat_name(self.seat)}."
        else:
            line = f"One crew each. You are {seat_name(self.seat)}."
        blit_text(surface, line, (960, 150), 34, TEXT_DIM, anchor="center")
        self._crews(surface)
        self._blueprint(surface)
        self._agendas(surface)
        self.button.draw(surface, pointer())

    def _crews(self, surface: pygame.Surface) -> None:
        view = self.view
        surface.blit(box(CREWS.width, CREWS.height, PANEL, LINE, 2, 14), CREWS)
        mine = view.team_of(self.seat)
        for row, team in enumerate((view.teams[mine], view.teams[1 - mine])):
            y = CREWS.y + 24 + row * 130
            blit_text(surface, "Your crew" if row == 0 else "Against", (CREWS.x + 30, y),
                      30, TEXT_DIM)
            x = CREWS.x + 60
            for seat in team.seats:
                draw_glyph(surface, seat, (x, y + 75), 44)
                label = seat_name(seat) + (" (you)" if seat == self.seat else "")
                shown = blit_text(surface, label, (x + 40, y + 56), 38, SEAT_COLOURS[seat],
                                  bold=True)
                x = shown.right + 70
        why = " (fewest points)" if view.round > 1 else ""
        blit_text(surface, f"{seat_name(view.starter)} starts the round{why}.",
                  (CREWS.x + 30, CREWS.bottom - 44), 26, TEXT_DIM)

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
        for k, text in enumerate(wrap(blueprint.note, 26, BLUEPRINT.right - x - 30)[:7]):
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
