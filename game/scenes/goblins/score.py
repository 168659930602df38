"""End of a round (how every point was counted) and end of the game (standings with
every round's combat and points, rematch). Seats go by their typed names, the final
standings adding each named seat's colour; long names are drawn smaller to fit."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.rules.core.actions import Event
from game.rules.core.registry import get_game
from game.rules.goblins.state import Player
from game.scenes.base import Scene
from game.scenes.entry import client
from game.scenes.goblins.narrate import crew_does, seat_name, team_name
from game.scenes.goblins.recap import Combat, SeatRound, recap
from game.session import Session
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
from game.ui.seat_names import Names, colour_name, typed
from game.ui.text import blit_text, fitted
from game.ui.widgets import Button, box, confirms

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
        names = self.match.names
        if self.ended is not None:
            if self.ended.winner < 0:
                headline = "Nobody wins this round"
            else:
                headline = (f"{crew_does(self.teams, self.ended.winner, 'win', names)} "
                            "the round")
        else:
            headline = "Round scores"
        text, size = fitted(headline, 1800, 72, 36, bold=True)
        blit_text(surface, text, (960, 70), size, ACCENT, bold=True, anchor="center")
        width = 1800 // max(1, len(self.scored))
        for i, event in enumerate(self.scored):
            box = pygame.Rect(60 + i * width, 150, width - 30, 560)
            pygame.draw.rect(surface, PANEL, box, border_radius=16)
            pygame.draw.rect(surface, SEAT_COLOURS[event.seat], box, 3, border_radius=16)
            draw_glyph(surface, event.seat, (box.x + 36, box.y + 40), 36)
            text, size = fitted(seat_name(event.seat, names), box.width - 90, 44, 24, bold=True)
            blit_text(surface, text, (box.x + 66, box.y + 22), size, SEAT_COLOURS[event.seat],
                      bold=True)
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


STANDINGS = pygame.Rect(40, 112, 1840, 104)
ROUNDS = pygame.Rect(40, 234, 1840, 718)
COMBAT_WIDTH = 520
"""The left part of each round's band: that round's combat."""
REASONS = {"no goblins left": "disabled, no goblins left",
           "no weapons left": "disabled, no weapons left"}
SCRAP_COLUMNS = (("tiles", 250), ("tokens", 330), ("goblins", 420), ("total", 490))
"""The scrapyard table's columns: heading and right edge from the band's left."""
FIGURE = 40
"""Room kept for a figure of the scrapyard table, right of a crew's name."""


def combat_lines(combat: Combat, names: Names = ()) -> list[str]:
    """A round's combat in two short lines: the winner, and how."""
    teams = combat.teams
    lost = [scrap.total for scrap in combat.scrap]
    if combat.winner < 0:
        first = "Nobody won the round"
    else:
        first = f"{team_name(teams, combat.winner, names)} won"
    loser = 1 - combat.winner
    if combat.reason == "disabled":
        why = combat.disabled[loser]
        return [first, f"{team_name(teams, loser, names)}: {REASONS.get(why, why)}"]
    both = "Both disabled; " if all(combat.disabled) else ""
    if combat.reason == "tie":
        return [first, f"{both}equal scrapyards ({lost[0]} each)"]
    return [first, f"{both}knocked off more: {lost[loser]} to {lost[combat.winner]}"]


def point_label(label: str) -> str:
    """A scored line's label in words (the rules call the win "win" and a bet by its
    side)."""
    if label == "win":
        return "Won the round"
    if label in ("Star", "Snitch"):
        return f"Star/Snitch bet: {label}"
    return label


class Fit:
    """Spacing and text sizes of a round's band, shrunk when a play-off round makes
    the bands lower than three rounds' bands."""

    FULL = 226
    """A band's height with three rounds."""

    def __init__(self, height: int) -> None:
        self.scale = min(1.0, height / self.FULL)

    def __call__(self, offset: int) -> int:
        return int(offset * self.scale)

    def size(self, size: int) -> int:
        return max(18, int(size * self.scale))


class FinalScene(Scene):
    """The end of the game: the standings, and under them every round: its combat
    (winner, how, and both scrapyards) and each seat's points, agenda by agenda."""

    fills_screen = True

    def __init__(self, app: App, match: MatchScene) -> None:
        super().__init__(app)
        self.match = match
        self.recap = recap(match.session.match)
        self.buttons = [Button(pygame.Rect(560, 972, 380, 80), "Rematch", self.rematch),
                        Button(pygame.Rect(980, 972, 380, 80), "Title screen", self.title)]

    def rematch(self) -> None:
        old = self.match.session
        session = Session.new(old.match.game, old.seats, old.match.variant,
                              random.randrange(1, 1_000_000), old.path.parent if old.path
                              else None)
        self.app.scenes.pop()
        self.app.scenes.replace(client(get_game(session.match.game)).match_scene(
            self.app, session))

    def title(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            button.handle(event)
        return True

    def ranking(self) -> list[Player]:
        return sorted(self.match.state.players, key=lambda p: (-p.score, p.seat))

    def columns(self) -> list[tuple[Player, pygame.Rect]]:
        """Each seat's column, best score first, right of the combat column."""
        players = self.ranking()
        left = ROUNDS.x + COMBAT_WIDTH
        width = (ROUNDS.right - left) // len(players)
        return [(player, pygame.Rect(left + i * width, STANDINGS.y, width,
                                     ROUNDS.bottom - STANDINGS.y))
                for i, player in enumerate(players)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        players = self.ranking()
        best = players[0].score
        winners = [p for p in players if p.score == best]
        title = ("New Boss: " + seat_name(winners[0].seat, self.match.names)
                 if len(winners) == 1 else "A tie! The Boss's nephew gets the job")
        text, size = fitted(title, 1800, 64, 36, bold=True)
        blit_text(surface, text, (960, 58), size, ACCENT, bold=True, anchor="center")
        self.draw_standings(surface)
        combats = self.recap.combats
        band = ROUNDS.height // max(1, len(combats))
        for k, combat in enumerate(combats):
            self.draw_round(surface, k, combat,
                            pygame.Rect(ROUNDS.x, ROUNDS.y + k * band, ROUNDS.width, band - 12))
        mouse = pointer()
        for button in self.buttons:
            button.draw(surface, mouse)

    def draw_standings(self, surface: pygame.Surface) -> None:
        surface.blit(box(STANDINGS.width, STANDINGS.height, PANEL, LINE, 2, 14), STANDINGS)
        blit_text(surface, "Final standings", (STANDINGS.x + 24, STANDINGS.y + 18), 34,
                  TEXT_DIM, bold=True)
        state = self.match.state
        blit_text(surface, f"{state.variant.capitalize()} game, {state.rounds} rounds",
                  (STANDINGS.x + 24, STANDINGS.y + 60), 26, TEXT_DIM)
        rank = 0
        names = self.match.names
        for i, (player, column) in enumerate(self.columns()):
            if i == 0 or player.score != self.ranking()[i - 1].score:
                rank = i + 1
            x, y = column.x + 20, STANDINGS.y + 18
            room = column.right - 4 - (x + 46)  # the next column's glyph is 20 further
            draw_glyph(surface, player.seat, (x + 18, y + 22), 36)
            text, size = fitted(f"{rank}. {seat_name(player.seat, names)}", room, 40, 22, True)
            blit_text(surface, text, (x + 46, y), size, SEAT_COLOURS[player.seat], bold=True)
            promoted = pygame.Rect(column.right - 20, y + 50, 0, 0)
            if player.promoted:
                promoted = blit_text(surface, "promoted", promoted.topleft, 24, ACCENT,
                                     anchor="topright")
            # A named seat's colour beside its points, so the players learn their colours.
            points = (f"{colour_name(player.seat)}, " if typed(names, player.seat) else "") + \
                f"{player.score} points"
            text, size = fitted(points, promoted.left - 10 - (x + 46), 32, 20)
            blit_text(surface, text, (x + 46, y + 44), size, TEXT)

    def draw_round(self, surface: pygame.Surface, k: int, combat: Combat,
                   band: pygame.Rect) -> None:
        surface.blit(box(band.width, band.height, PANEL, LINE, 2, 14), band)
        fit = Fit(band.height)
        x = band.x + 24
        blit_text(surface, f"Round {combat.round}", (x, band.y + fit(12)), fit.size(32),
                  ACCENT, bold=True)
        names = self.match.names
        room = COMBAT_WIDTH - 48
        first, how = combat_lines(combat, names)
        text, size = fitted(first, room, fit.size(26), 18, bold=True)
        blit_text(surface, text, (x, band.y + fit(50)), size, TEXT, bold=True)
        text, size = fitted(how, room, fit.size(24), 18)
        blit_text(surface, text, (x, band.y + fit(80)), size, TEXT_DIM)
        step = min(28, (band.height - fit(124)) // 3)
        y = band.y + fit(116)
        blit_text(surface, "Lost to the scrapyard", (x, y), fit.size(22), TEXT_DIM)
        for heading, right in SCRAP_COLUMNS:
            blit_text(surface, heading, (band.x + right, y), fit.size(22), TEXT_DIM,
                      anchor="topright")
        for team, scrap in enumerate(combat.scrap):
            y += step
            text, size = fitted(team_name(combat.teams, team, names),
                                SCRAP_COLUMNS[0][1] - 36 - FIGURE, fit.size(24), 18)
            blit_text(surface, text, (x + 12, y), size, TEXT)
            for (_, right), figure in zip(SCRAP_COLUMNS, (scrap.tiles, scrap.tokens,
                                                          scrap.goblins, scrap.total),
                                          strict=True):
                blit_text(surface, str(figure), (band.x + right, y), fit.size(24), TEXT,
                          anchor="topright")
        rows = max((len(r[k].lines) for r in self.recap.seats if k < len(r)), default=1)
        for player, column in self.columns():
            rounds = self.recap.seats[player.seat]
            if k < len(rounds):
                self.draw_points(surface, player.seat, rounds[k], combat, pygame.Rect(
                    column.x + 10, band.y, column.width - 20, band.height), rows)

    def draw_points(self, surface: pygame.Surface, seat: int, points: SeatRound,
                    combat: Combat, cell: pygame.Rect, rows: int) -> None:
        """One seat's points of a round, ``rows`` lines spaced the same in every seat's
        column."""
        fit = Fit(cell.height)
        pygame.draw.line(surface, LINE, (cell.x - 10, cell.y + 14),
                         (cell.x - 10, cell.bottom - 14), 2)
        blit_text(surface, f"+{points.total}", (cell.x + 10, cell.y + fit(12)), fit.size(32),
                  TEXT, bold=True)
        result = ("won" if combat.winner == points.team else
                  "no winner" if combat.winner < 0 else "lost")
        partners = [seat_name(s, self.match.names) for s in combat.teams[points.team]
                    if s != seat]
        if partners:
            result += " with " + " & ".join(partners)
        text, size = fitted(result, cell.width - 80, fit.size(24), 18)
        blit_text(surface, text, (cell.right - 10, cell.y + fit(18)), size, TEXT_DIM,
                  anchor="topright")
        step = min(30, (cell.height - fit(60)) // max(1, rows))
        for i, (label, value, _) in enumerate(points.lines):
            y = cell.y + fit(56) + i * step
            colour = TEXT if value else TEXT_DIM
            blit_text(surface, point_label(label), (cell.x + 10, y), fit.size(24), colour)
            blit_text(surface, f"+{value}", (cell.right - 10, y), fit.size(24),
                      ACCENT if value else TEXT_DIM, anchor="topright")
