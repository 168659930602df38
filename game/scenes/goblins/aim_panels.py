"""The panels where a crew aims, each showing where its shots would land before it
commits: the pilot's steering dial and targeting ring (the new front, the targeted
edge with its numbered lines and what each strikes first, the dice it gives) and the
tactician's dice order (each die's hit, Dynamite and fall-off included). The outcomes
come from game.rules.goblins.preview; the pictures from shots.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.goblins.actions import OrderDice, PickTactic, Steer
from game.rules.goblins.controls import SIDE_COST, resolve_controls
from game.rules.goblins.events import Hit
from game.rules.goblins.geometry import SIDES, side_edge
from game.rules.goblins.preview import dials_dice, first_struck, order_hits
from game.scenes.goblins.combat_panels import ABILITY_TEXT, _card_box, _die
from game.scenes.goblins.narrate import seat_name
from game.scenes.goblins.panel import AREA, Panel
from game.scenes.goblins.shots import (
    OUTCOME_COLOURS,
    draw_new_front,
    draw_order,
    draw_ruler,
    draw_struck,
    hit_words,
    side_words,
)
from game.ui.dial import Dial
from game.ui.display import pointer
from game.ui.palette import ACCENT, DANGER, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap
from game.ui.tooltip import Hover
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.rules.goblins.state import State
    from game.scenes.goblins.match import MatchScene


class DialsPanel(Panel):
    """The pilot's steering dial and targeting ring, and the tactician's card pick. The
    pilot's choice is previewed on the yards before it is locked in: the new front on
    the own yard, and on the enemy yard the edge that is the targeted side as they face
    now, its lines numbered and the square each would strike first."""

    heading = "Set your dials in secret"

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.is_pilot = any(isinstance(a, Steer) for a in self.legal)
        self.is_tactician = any(isinstance(a, PickTactic) for a in self.legal)
        self.steer = 0
        self.target = 0
        self.pick: int | None = None
        team = scene.own_team(view)
        self.robot = team.robot
        self.enemy = view.teams[1 - view.team_of(seat)].robot
        self.engines = team.robot.engines()
        self.front = team.robot.front
        self.buttons = []
        labels = tuple(f"{side} {SIDE_COST[i]}" for i, side in enumerate(SIDES))
        self.steer_dial = Dial((AREA.x + 200, AREA.y + 236), 80, "Steering: side to the front",
                               labels, on_change=lambda v: self._set("steer", v))
        self.target_dial = Dial((AREA.x + 590, AREA.y + 236), 80,
                                "Targeting: enemy side to hit", labels,
                                on_change=lambda v: self._set("target", v),
                                ring=True)
        width = 220 if self.is_pilot else 250
        self.card_rects = [pygame.Rect(AREA.x + 800 + i * (width + 20), AREA.y + 64, width, 220)
                           for i in range(len(view.face_up))]
        self.words_box = (pygame.Rect(AREA.x + 1520, AREA.y + 60, 316, 240) if
                          self.is_tactician else pygame.Rect(AREA.x + 800, AREA.y + 60, 1030, 240))
        self.confirm_button = Button(pygame.Rect(AREA.x + 1400, AREA.y + 320, 420, 70),
                                     "Lock in", self.confirm,
                                     enabled=not self.is_tactician)
        self.buttons.append(self.confirm_button)

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        if not self.is_tactician:
            return None
        for slot, rect in enumerate(self.card_rects):
            if rect.collidepoint(pos):
                card = self.view.catalogue.tactics[self.view.face_up[slot]]
                return (f"{card.name}: " + " ".join(ABILITY_TEXT[a] for a in card.abilities)
                        + " If both tacticians pick the same card, more unused engines wins "
                        "it.", rect)
        return None

    def _set(self, dial: str, value: int) -> None:
        setattr(self, dial, value)

    def confirm(self) -> None:
        actions = []
        if self.is_pilot:
            actions.append(Steer(self.seat, self.steer, self.target))
        if self.is_tactician and self.pick is not None:
            actions.append(PickTactic(self.seat, self.pick))
        self.play(*actions)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.is_pilot and (self.steer_dial.handle(event) or self.target_dial.handle(event)):
            return True
        if self.is_tactician and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for slot, rect in enumerate(self.card_rects):
                if rect.collidepoint(event.pos):
                    self.pick = slot
                    self.confirm_button.enabled = True
                    return True
        return super().handle(event)

    def pilot_words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the dials as set would do, one (line, colour) each: the dice, the
        engines, and the enemy side aimed at."""
        ctl = resolve_controls(self.front, self.steer, self.target, self.engines)
        cost = f"Cost {ctl.cost} of {self.engines} engines"
        if ctl.goof:
            lines = [(cost + ": GOOF! No turn, it overheats and hits their front.", DANGER)]
        elif ctl.overheat:
            lines = [(cost + ": no turn, so it overheats (one die fewer).", ACCENT)]
        else:
            lines = [(cost + f", {ctl.unused} left for tie-breaks.", TEXT)]
        dice = dials_dice(self.robot, self.steer, self.target)
        more = dials_dice(self.robot, self.steer, self.target, sabotage=True)
        arrows = self.robot.arrows(ctl.front)
        lines.insert(0, (f"{dice} {'die' if dice == 1 else 'dice'}"
                         + (f" ({more} with Sabotage)" if more > dice else "")
                         + f": {arrows} arrow{'' if arrows == 1 else 's'} on your "
                         + ("front" if ctl.front == self.front else "new front")
                         + (", less one for overheating." if ctl.overheat else "."), ACCENT))
        lines.append((f"Aim: {side_words('their', ctl.target)}, marked on their robot "
                      "with lines 1-5.", TEXT))
        lines.append(("The mark shows that side as they face now: if they turn, the side "
                      "turns with their robot.", TEXT_DIM))
        return lines

    def fitted_words(self) -> tuple[int, list[list[tuple[str, tuple[int, int, int]]]]]:
        """The pilot's words wrapped to fit the words box: smaller text first, then
        without the dim note (a duel's box shares the panel with the tactics cards)."""
        words = self.pilot_words()
        for size, kept in ((26, words), (22, words),
                           (22, [w for w in words if w[1] != TEXT_DIM])):
            lines = [[(line, colour) for line in wrap(text, size, self.words_box.width)]
                     for text, colour in kept]
            height = sum(len(p) * (size + 4) + 6 for p in lines)
            if height <= self.words_box.height:
                break
        return size, lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.is_pilot:
            ctl = resolve_controls(self.front, self.steer, self.target, self.engines)
            self.steer_dial.draw(surface, warn=ctl.goof)
            self.target_dial.draw(surface, warn=ctl.goof)
            y = self.words_box.y
            size, lines = self.fitted_words()
            for paragraph in lines:
                for line, colour in paragraph:
                    blit_text(surface, line, (self.words_box.x, y), size, colour)
                    y += size + 4
                y += 6
            self.draw_aim(surface, ctl.front, ctl.target)
        elif self.is_tactician:
            pilot = self.scene.own_team(self.view).pilot
            lines = wrap(f"{seat_name(pilot, self.scene.names)} is your pilot and sets the "
                         "steering dial and targeting ring in secret. Both are revealed with "
                         "your card.", 28, 680)
            for k, line in enumerate(lines):
                blit_text(surface, line, (AREA.x + 24, AREA.y + 80 + 32 * k), 28, TEXT_DIM)
        if self.is_tactician:
            tactics = self.view.catalogue.tactics
            blit_text(surface, "Pick a tactics card", (AREA.x + 760, AREA.y + 20), 30, TEXT_DIM)
            for slot, rect in enumerate(self.card_rects):
                card = tactics[self.view.face_up[slot]]
                body = " ".join(ABILITY_TEXT[a] for a in card.abilities)
                blit_text(surface, ("left", "middle", "right")[slot], (rect.centerx,
                          rect.bottom + 6), 26, TEXT_DIM, anchor="midtop")
                _card_box(surface, rect, card.name, body, slot == self.pick)

    def draw_aim(self, surface: pygame.Surface, front: int, target: int) -> None:
        """The new front on the own yard; the targeted edge, its numbered lines and
        what each would strike first on the enemy yard."""
        draw_new_front(surface, self.scene.own_yard, front, front != self.front)
        edge = side_edge(self.enemy.front, target)
        struck = first_struck(self.enemy, edge)
        empty = [line for line, square in enumerate(struck, start=1) if square < 0]
        draw_ruler(surface, self.scene.enemy_yard, edge, side_words("their", target), empty)
        draw_struck(surface, self.scene.enemy_yard, edge, struck)


class OrderPanel(Panel):
    """The hit order, with each die's hit previewed by the rules on a copy: the line
    it comes in on and what it strikes, in a list here and numbered on the enemy yard."""

    heading = "Line up your dice: the leftmost hits first (drag to reorder, click = to front)"

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        own = scene.own_team(view)
        self.enemy = view.teams[1 - view.team_of(seat)].robot
        self.side = own.target
        self.edge = side_edge(self.enemy.front, own.target)
        self._preview: tuple[tuple[tuple[int, ...], bool], list[Hit]] | None = None
        self.faces = [d for d in own.dice if d]
        self.row = list(range(len(self.faces)))
        self.dragging: int | None = None
        self.grab: tuple[int, int] = (0, 0)
        self.dynamite = False
        can_boom = any(isinstance(a, OrderDice) and a.dynamite for a in self.legal)
        self.buttons = [Button(pygame.Rect(AREA.x + 24, AREA.y + 320, 380, 70), "Fire!",
                               self.confirm)]
        if can_boom:
            self.buttons.append(Button(pygame.Rect(AREA.x + 424, AREA.y + 320, 380, 70),
                                       "Dynamite: off", self.toggle))

    def toggle(self) -> None:
        self.dynamite = not self.dynamite
        self.buttons[1].label = f"Dynamite: {'on' if self.dynamite else 'off'}"

    def order(self) -> tuple[int, ...]:
        return tuple(self.faces[i] for i in self.row)

    def confirm(self) -> None:
        self.play(OrderDice(self.seat, self.order(), self.dynamite))

    def preview(self) -> list[Hit]:
        """The hits this order would land (kept until the order or Dynamite changes)."""
        key = (self.order(), self.dynamite)
        if self._preview is None or self._preview[0] != key:
            self._preview = (key, order_hits(self.view, self.seat, *key))
        return self._preview[1]

    def labels(self) -> list[str]:
        """Each hit's die number in the line-up (Dynamite fires the first one twice)."""
        shift = 1 if self.dynamite else 0
        return [str(max(1, k + 1 - shift)) for k in range(len(self.preview()))]

    @staticmethod
    def slot_rect(slot: int) -> pygame.Rect:
        return pygame.Rect(AREA.x + 24 + slot * 120, AREA.y + 100, 96, 96)

    def rects(self) -> list[pygame.Rect]:
        """Where each die (by index into the rolled faces) sits now."""
        at = {die: self.slot_rect(slot) for slot, die in enumerate(self.row)}
        return [at[i] for i in range(len(self.faces))]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for die, rect in enumerate(self.rects()):
                if rect.collidepoint(event.pos):
                    self.dragging, self.grab = die, event.pos
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            die, self.dragging = self.dragging, None
            self.row.remove(die)
            moved = abs(event.pos[0] - self.grab[0]) + abs(event.pos[1] - self.grab[1]) > 8
            slot = (event.pos[0] - AREA.x - 24 + 60) // 120 if moved else 0
            self.row.insert(max(0, min(len(self.row), slot)), die)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        mouse = pointer()
        for slot, die in enumerate(self.row):
            rect = self.slot_rect(slot)
            blit_text(surface, f"#{slot + 1}", (rect.centerx, rect.bottom + 8), 28,
                      ACCENT if slot == 0 else TEXT_DIM, anchor="midtop")
            if die != self.dragging:
                _die(surface, rect, self.faces[die], slot == 0 and self.dynamite)
        if self.dragging is not None:
            held = self.slot_rect(0)
            held.center = mouse
            _die(surface, held, self.faces[self.dragging], True)
        if self.dynamite and self.faces:
            blit_text(surface, "Dynamite: the first die hits twice", (AREA.x + 24, AREA.y + 60),
                      28, DANGER)
        self.draw_preview(surface)

    def preview_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The preview in words, one (line, colour) per hit, first to last."""
        lines = []
        for k, (label, hit) in enumerate(zip(self.labels(), self.preview(), strict=True)):
            again = " again (Dynamite)" if self.dynamite and k == 1 else ""
            words = hit_words(hit, self.enemy, self.scene.names)
            lines.append((f"#{label}{again}: line {hit.face}, {words}",
                          OUTCOME_COLOURS[hit.outcome]))
        return lines

    def draw_preview(self, surface: pygame.Surface) -> None:
        """Where each die will hit, in order: listed here and numbered on their yard."""
        x, y = AREA.x + 720, AREA.y + 64
        blit_text(surface, f"Where they land, first to last ({side_words('their', self.side)}):",
                  (x, y), 28, TEXT_DIM)
        y += 40
        for text, colour in self.preview_lines():
            blit_text(surface, text, (x, y), 26, colour)
            y += 34
        hits = self.preview()
        if any(hit.outcome == "token" for hit in hits):
            blit_text(surface, "Where two tokens could take a hit, their pilot picks one: "
                      "this shows the one covering that tile alone.", (x, y + 6), 24, TEXT_DIM)
        yard = self.scene.enemy_yard
        draw_ruler(surface, yard, self.edge, side_words("their", self.side))
        draw_order(surface, yard, hits, self.labels())
