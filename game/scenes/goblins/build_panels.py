"""Build phase panels: the planner marks two tiles to pass; the builder places tiles
on the yard with a preview, rotation, undo and a confirm."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.goblins.actions import PassTiles, PlaceTile
from game.rules.goblins.geometry import square_name
from game.rules.goblins.joining import join_chances, verdict
from game.rules.goblins.robot import Robot
from game.scenes.goblins.build_guides import draw_guides, draw_legend, status
from game.scenes.goblins.panel import AREA, Panel
from game.scenes.goblins.tiles import draw_tile, square_at, square_rect
from game.scenes.goblins.tooltip import describe_tile
from game.ui.display import pointer
from game.ui.palette import ACCENT, DANGER, GOOD, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap
from game.ui.tooltip import Hover
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.rules.goblins.state import State
    from game.scenes.goblins.match import MatchScene


TILE = 140
TURN_WORDS = ("not turned", "turned 90°", "turned 180°", "turned 270°")


def tile_row(count: int, y: int = AREA.y + 70, x: int = AREA.x + 30) -> list[pygame.Rect]:
    return [pygame.Rect(x + i * (TILE + 24), y, TILE, TILE) for i in range(count)]


def agenda_hand(view: State, seat: int) -> list[int]:
    """The agendas a seat plays with: its own hand, or the table's shared ones at a party."""
    return view.players[seat].hand or view.shared_agendas


class AgendaHand:
    """The seat's hidden agendas, shown beside build decisions for reference."""

    def __init__(self, panel: Panel, x: int) -> None:
        self.panel = panel
        self.x = x

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        view = self.panel.view
        hand = agenda_hand(view, self.panel.seat)
        for i, a in enumerate(hand):
            rect = pygame.Rect(self.x + (i % 2) * 490, AREA.y + 56 + (i // 2) * 88, 480, 84)
            if rect.collidepoint(pos):
                agenda = view.catalogue.agendas[a]
                return f"{agenda.name} ({agenda.type}): {agenda.text}", rect
        return None

    def draw(self, surface: pygame.Surface) -> None:
        view = self.panel.view
        agendas = view.catalogue.agendas
        hand = agenda_hand(view, self.panel.seat)
        blit_text(surface, "Your agendas" if view.variant != "party" else "Shared agendas",
                  (self.x, AREA.y + 16), 32, TEXT_DIM)
        for i, a in enumerate(hand):
            agenda = agendas[a]
            x = self.x + (i % 2) * 490
            y = AREA.y + 56 + (i // 2) * 88
            blit_text(surface, agenda.name, (x, y), 28, ACCENT, bold=True)
            for k, line in enumerate(wrap(agenda.text, 25, 470)[:2]):
                blit_text(surface, line, (x + 6, y + 27 + k * 25), 25, TEXT)


class PlannerPanel(Panel):
    heading = "Planning: mark the two tiles to pass to the other team's planner"

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.drawn = sorted(view.players[seat].drawn)
        self.rects = tile_row(len(self.drawn))
        self.marked: list[int] = []
        self.buttons = [Button(pygame.Rect(AREA.x + 30, AREA.y + 300, 560, 70),
                               "Pass the two marked tiles", self.confirm, enabled=False)]
        self.agendas = AgendaHand(self, AREA.x + 850)

    def confirm(self) -> None:
        self.play(PassTiles(self.seat, tuple(sorted(self.marked))))

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        front = self.scene.own_team(self.view).robot.front
        for tile, rect in zip(self.drawn, self.rects, strict=True):
            if rect.collidepoint(pos):
                return describe_tile(self.view.catalogue.tiles[tile], 0, front), rect
        return self.agendas.tooltip(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for tile, rect in zip(self.drawn, self.rects, strict=True):
                if rect.collidepoint(event.pos):
                    if tile in self.marked:
                        self.marked.remove(tile)
                    elif len(self.marked) < 2:
                        self.marked.append(tile)
                    self.buttons[0].enabled = len(self.marked) == 2
                    return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        catalogue = self.view.catalogue
        for tile, rect in zip(self.drawn, self.rects, strict=True):
            draw_tile(surface, catalogue.tiles[tile], 0, rect)
            if tile in self.marked:
                pygame.draw.rect(surface, DANGER, rect.inflate(10, 10), 4, border_radius=12)
                blit_text(surface, "pass", (rect.centerx, rect.bottom + 8), 28, DANGER,
                          anchor="midtop")
            else:
                blit_text(surface, "keep", (rect.centerx, rect.bottom + 8), 28, GOOD,
                          anchor="midtop")
        draw_legend(surface, self.scene.own_yard.x, with_guides=False)
        self.agendas.draw(surface)


class BuilderPanel(Panel):
    heading = "Building: pick a tile, turn it (R, right click or wheel), click a square"

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.hand = list(view.players[seat].tiles)
        self.tentative: list[tuple[int, int, int]] = []
        self.selected: int | None = self.hand[0] if self.hand else None
        self.turns: dict[int, int] = {}
        """Each hand tile's own turn: a newly picked tile starts unturned."""
        self.free = {a.square for a in self.legal if isinstance(a, PlaceTile)}
        self.forbidden = view.catalogue.blueprints[view.blueprint].forbidden
        self._chances: tuple[tuple[object, ...], dict[int, tuple[str, ...]]] = ((), {})
        self.undo_button = Button(pygame.Rect(AREA.x + 30, AREA.y + 300, 260, 70), "Undo",
                                  self.undo, enabled=False)
        self.confirm_button = Button(pygame.Rect(AREA.x + 310, AREA.y + 300, 420, 70),
                                     "Confirm placements", self.confirm, enabled=False)
        self.buttons = [self.undo_button, self.confirm_button]
        self.agendas = AgendaHand(self, AREA.x + 850)

    @property
    def rot(self) -> int:
        """The selected tile's turn (quarter turns clockwise)."""
        return self.turns.get(self.selected, 0) if self.selected is not None else 0

    @rot.setter
    def rot(self, value: int) -> None:
        if self.selected is not None:
            self.turns[self.selected] = value % 4

    @property
    def remaining(self) -> list[int]:
        left = list(self.hand)
        for tile, _, _ in self.tentative:
            left.remove(tile)
        return left

    def own_robot(self) -> Robot:
        """The own robot with the unconfirmed placements drawn in."""
        robot = self.scene.own_team(self.view).robot.clone()
        for tile, sq, rot in self.tentative:
            robot.place(sq, self.view.catalogue.tiles[tile], rot)
        return robot

    def yard_key(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(self.tentative)

    def undo(self) -> None:
        if self.tentative:
            tile, _, rot = self.tentative.pop()
            self.selected = tile
            self.rot = rot
        self._refresh()

    def confirm(self) -> None:
        self.play(*(PlaceTile(self.seat, t, sq, rot) for t, sq, rot in self.tentative))

    def _refresh(self) -> None:
        self.undo_button.enabled = bool(self.tentative)
        self.confirm_button.enabled = bool(self.tentative)
        if self.selected not in self.remaining:
            self.selected = self.remaining[0] if self.remaining else None

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        front = self.scene.own_team(self.view).robot.front
        for tile, rect in self.hand_rects():
            if rect.collidepoint(pos):
                return describe_tile(self.view.catalogue.tiles[tile], self.turns.get(tile, 0),
                                     front), rect
        return self.agendas.tooltip(pos)

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        return list(zip(self.remaining, tile_row(len(self.remaining)), strict=True))

    def used(self) -> set[int]:
        return {sq for _, sq, _ in self.tentative}

    def chances(self) -> dict[int, tuple[str, ...]]:
        """Per free square, the selected tile's join chances at each turn (recounted
        only when the yard or the selected tile changes)."""
        key = (tuple(self.tentative), self.selected)
        if self._chances[0] != key:
            answers: dict[int, tuple[str, ...]] = {}
            if self.selected is not None:
                robot = self.own_robot()
                tile = self.view.catalogue.tiles[self.selected]
                answers = {sq: join_chances(robot, tile, sq, self.forbidden)
                           for sq in sorted(self.free - self.used())}
            self._chances = (key, answers)
        return self._chances[1]

    def verdicts(self) -> dict[int, str]:
        """Each free square's verdict for the selected tile as it is turned now."""
        return {sq: verdict(chances, self.rot) for sq, chances in self.chances().items()}

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.rot = self.rot + 1
            self.scene.app.sounds.play("rotate")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.undo()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.rot = self.rot + (1 if event.y < 0 else -1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.rot = self.rot + 1
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for tile, rect in self.hand_rects():
                if rect.collidepoint(event.pos):
                    self.selected = tile
                    return True
            sq = square_at(self.scene.own_yard, event.pos)
            if sq >= 0 and self.selected is not None:
                if sq in self.free and sq not in self.used():
                    self.tentative.append((self.selected, sq, self.rot))
                    self.scene.app.sounds.play("place")
                    self._refresh()
                else:
                    self.scene.app.say("That square is not free to build on.")
                return True
        return super().handle(event)

    def hovered(self) -> int | None:
        """The free square under the pointer while a tile is selected, if any."""
        sq = square_at(self.scene.own_yard, pointer())
        if sq < 0 or self.selected is None or sq not in self.chances():
            return None
        return sq

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        catalogue = self.view.catalogue
        for tile, rect in self.hand_rects():
            draw_tile(surface, catalogue.tiles[tile], self.turns.get(tile, 0), rect)
            if tile == self.selected:
                pygame.draw.rect(surface, ACCENT, rect.inflate(10, 10), 4, border_radius=12)
                blit_text(surface, TURN_WORDS[self.rot], (rect.centerx, rect.bottom + 8), 26,
                          ACCENT, anchor="midtop")
        yard = self.scene.own_yard
        draw_guides(surface, yard, self.verdicts())
        draw_legend(surface, yard.x, with_guides=True)
        sq = self.hovered()
        if sq is not None and self.selected is not None:
            rect = square_rect(yard, sq).inflate(-4, -4)
            draw_tile(surface, catalogue.tiles[self.selected], self.rot, rect, alpha=150)
            chances = self.chances()[sq]
            line, colour = status(verdict(chances, self.rot), chances, self.rot,
                                  square_name(sq))
            for k, text in enumerate(wrap(line, 26, 800)[:2]):
                blit_text(surface, text, (AREA.x + 30, AREA.y + 242 + 24 * k), 26, colour)
        placed = len(self.tentative)
        blit_text(surface, f"{placed} placed, {len(self.remaining)} to go",
                  (AREA.x + 30, AREA.y + 376), 28, TEXT_DIM)
        self.agendas.draw(surface)
