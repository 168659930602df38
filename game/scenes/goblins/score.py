"""End of a round (how every point was counted) and end of the game (standings,
rematch)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.rules.core.actions import Event
from game.scenes.base import Scene
from game.scenes.goblins.narrate import crew_does, seat_name
from game.session import Session
from game.ui.display import pointer
from game.ui.palette import ACCENT, LINE, PANEL, SEAT_COLOURS, TEXT, TEXT_DIM, draw_glyph
from game.ui.text import blit_text
from game.ui.widgets import Button, confirms

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.goblins.match import MatchScene


TRACK = 50


def _track(surface: pygame.Surface, players: list, y: int) -> None:
    """The 50-space score track with each seat's figure."""
    left, width = 160, 1600
    pygame.draw.line(surface, LINE, (left, y), (left + width, y), 6)
    for k in range(0, TRACK + 1, 5):
        x = left + width * k // TRACK
        pygame.draw.line(surface, LINE, (x, y - 12), (x, y + 12), 3)
        blit_text(surface, str(k), (x, y + 18), 24, TEXT_DIM, anchor="midtop")
    for i, player in enumerate(players):
        x = left + width * min(player.track, TRACK) // TRACK
        draw_glyph(surface, player.seat, (x, y - 34 - 30 * i), 30)
        if player.promoted:
            blit_text(surface, "promoted", (x + 22, y - 46 - 30 * i), 22, ACCENT)


class ScoreScene(Scene):
    def __init__(self, app: App, match: MatchScene, events: list[Event],
                 teams: tuple[tuple[int, ...], ...]) -> None:
        super().__init__(app)
        self.match = match
        self.ended = next((e for e in events if e.kind == "combat_ended"), None)
        self.scored = [e for e in events if e.kind == "scored"]
        self.teams = teams
        self.players = [p.clone() for p in match.state.players]
        self.button = Button(pygame.Rect(760, 960, 400, 80), "Continue", app.scenes.pop)

    def handle(self, event: pygame.event.Event) -> bool:
        self.button.handle(event)
        if confirms(event):
            self.app.scenes.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.ended is not None:
            if self.ended.winner < 0:
                headline = "Nobody wins this round"
            else:
                headline = f"{crew_does(self.teams, self.ended.winner, 'win')} the round"
        else:
            headline = "Round scores"
        blit_text(surface, headline, (960, 70), 72, ACCENT, bold=True, anchor="center")
        width = 1800 // max(1, len(self.scored))
        for i, event in enumerate(self.scored):
            box = pygame.Rect(60 + i * width, 150, width - 30, 560)
            pygame.draw.rect(surface, PANEL, box, border_radius=16)
            pygame.draw.rect(surface, SEAT_COLOURS[event.seat], box, 3, border_radius=16)
            draw_glyph(surface, event.seat, (box.x + 36, box.y + 40), 36)
            blit_text(surface, seat_name(event.seat), (box.x + 66, box.y + 22), 44,
                      SEAT_COLOURS[event.seat], bold=True)
            y = box.y + 90
            for label, points, detail in event.lines:
                name = "Winning the round" if label == "win" else label
                blit_text(surface, name, (box.x + 24, y), 32, TEXT)
                blit_text(surface, f"+{points}", (box.right - 24, y), 32, ACCENT,
                          anchor="topright")
                blit_text(surface, detail, (box.x + 36, y + 32), 24, TEXT_DIM)
                y += 78
            blit_text(surface, f"Round total {event.total}", (box.x + 24, box.bottom - 60), 34,
                      TEXT, bold=True)
        _track(surface, self.players, 880)
        self.button.draw(surface, pointer())


class FinalScene(Scene):
    def __init__(self, app: App, match: MatchScene) -> None:
        super().__init__(app)
        self.match = match
        self.buttons = [Button(pygame.Rect(560, 900, 380, 80), "Rematch", self.rematch),
                        Button(pygame.Rect(980, 900, 380, 80), "Title screen", self.title)]

    def rematch(self) -> None:
        old = self.match.session
        session = Session.new(old.match.game, old.seats, old.match.variant,
                              random.randrange(1, 1_000_000), old.path.parent if old.path
                              else None)
        self.app.scenes.pop()
        self.app.scenes.replace(type(self.match)(self.app, session))

    def title(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            button.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        players = sorted(self.match.state.players, key=lambda p: -p.score)
        best = players[0].score
        winners = [p for p in players if p.score == best]
        title = ("New Boss: " + " and ".join(seat_name(p.seat) for p in winners)
                 if len(winners) == 1 else "A tie! The Boss's nephew gets the job")
        blit_text(surface, title, (960, 120), 80, ACCENT, bold=True, anchor="center")
        for rank, player in enumerate(players):
            y = 260 + rank * 110
            draw_glyph(surface, player.seat, (700, y + 30), 60)
            blit_text(surface, f"{rank + 1}. {seat_name(player.seat)}", (760, y), 60,
                      SEAT_COLOURS[player.seat], bold=True)
            blit_text(surface, f"{player.score} points", (1220, y + 6), 52, TEXT,
                      anchor="topright")
        _track(surface, self.match.state.players, 800)
        mouse = pointer()
        for button in self.buttons:
            button.draw(surface, mouse)
