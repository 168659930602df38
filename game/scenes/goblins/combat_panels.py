"""Combat panels: keeping agendas, the tactician's card abilities, dice read in from
the table, token choice, the play-off vote, and what the table is doing while a seat
waits. Every control offers only what the seat's legal actions allow. The pilot's
dials and the dice order, which preview where shots land, are in aim_panels."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.goblins.actions import (
    ChooseAgendas,
    ChooseToken,
    EndTactics,
    ReadDice,
    UseCrane,
    UseDuctTape,
    UseEmergency,
    UseHoming,
    UseNitro,
    UseSabotage,
    VotePlayOff,
)
from game.rules.goblins.catalogue import POST_ROLL, PRE_ROLL
from game.rules.goblins.combat import BLANK
from game.rules.goblins.geometry import square_name
from game.scenes.goblins.agenda_board import agenda_now
from game.scenes.goblins.effects import DiceRoll, Shot
from game.scenes.goblins.narrate import seat_name, team_name
from game.scenes.goblins.panel import AREA, Panel
from game.scenes.goblins.tiles import draw_tile, square_at, square_rect
from game.ui.palette import ACCENT, DANGER, GOOD, LINE, PANEL, PANEL_LIGHT, TEXT, TEXT_DIM
from game.ui.text import blit_text, fitted, wrap
from game.ui.tooltip import Hover
from game.ui.widgets import Button, box

if TYPE_CHECKING:
    from game.rules.goblins.state import State
    from game.scenes.goblins.match import MatchScene


ABILITY_TEXT = {
    "nitro": "Re-roll one die, or all of them, once.",
    "sabotage": "One extra forward arrow for this attack.",
    "emergency": "Re-roll blank dice until none is blank.",
    "dynamite": "Your first number hits twice (not with five dice).",
    "homing": "Set one rolled number to any other number.",
    "duct_tape": "Put a token on any of your tiles that is not armor.",
    "crane": "Move or turn one of your tiles that has no token.",
}


ABILITY_NAMES = {"nitro": "Nitro", "sabotage": "Sabotage", "emergency": "Emergency",
                 "dynamite": "Dynamite", "homing": "Homing", "duct_tape": "Duct Tape",
                 "crane": "Crane"}
WHEN = (PRE_ROLL, POST_ROLL, frozenset({"dynamite"}))
"""When each ability is used: before the roll, on the rolled dice, with the hit order."""
WHEN_WORDS = ("before the roll", "after the roll", "when you line up the dice")


def _step(ability: str) -> int:
    return next(i for i, group in enumerate(WHEN) if ability in group)


def tactics_left(card: str, abilities: list[str], phase: str) -> str:
    """What is left of the team's card, in words: usable now, or when it comes."""
    now = 0 if phase == "pre_roll" else 1
    ready = [ABILITY_NAMES[a] for a in abilities if _step(a) == now]
    parts = [f"you can still use {' and '.join(ready)}"] if ready else []
    parts += [f"{ABILITY_NAMES[a]} {WHEN_WORDS[_step(a)]}" for a in abilities if _step(a) > now]
    return f"{card}: " + ("; ".join(parts) if parts else "nothing left to use now")


def _card_box(surface: pygame.Surface, rect: pygame.Rect, title: str, body: str,
              chosen: bool, enabled: bool = True) -> None:
    pygame.draw.rect(surface, PANEL_LIGHT, rect, border_radius=12)
    pygame.draw.rect(surface, ACCENT if chosen else LINE, rect, 4 if chosen else 2,
                     border_radius=12)
    y = rect.y + 12
    for line in wrap(title, 28, rect.width - 28)[:2]:
        blit_text(surface, line, (rect.x + 14, y), 28, ACCENT if enabled else TEXT_DIM,
                  bold=True)
        y += 28
    y += 8
    for line in wrap(body, 26, rect.width - 28)[:7]:
        blit_text(surface, line, (rect.x + 14, y), 26, TEXT if enabled else TEXT_DIM)
        y += 25


class AgendaPanel(Panel):
    heading = "Keep four hidden agendas (each card shows what it would score now)"

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.hand = sorted(view.players[seat].hand)
        self.worth = {a: agenda_now(view, seat, a) for a in self.hand}
        """Per agenda, the two lines under its card: its points now and how they stand."""
        self.kept: list[int] = []
        self.bet = ""
        self.rects = [pygame.Rect(AREA.x + 24 + i * 262, AREA.y + 64, 250, 232)
                      for i in range(len(self.hand))]
        self.confirm_button = Button(pygame.Rect(AREA.x + 24, AREA.y + 310, 420, 70),
                                     "Keep these four", self.confirm, enabled=False)
        self.side_buttons: list[Button] = []
        self.buttons = [self.confirm_button]

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        for a, rect in zip(self.hand, self.rects, strict=True):
            if rect.collidepoint(pos):
                agenda = self.view.catalogue.agendas[a]
                return f"{agenda.name} ({agenda.type}): {agenda.text}", rect
        return None

    def _sides(self) -> list[str]:
        agendas = self.view.catalogue.agendas
        return [side for a in self.kept for side, _ in agendas[a].bet]

    def _refresh(self) -> None:
        sides = self._sides()
        if self.bet not in sides:
            self.bet = ""
        self.side_buttons = [
            Button(pygame.Rect(AREA.x + 480 + i * 230, AREA.y + 310, 210, 70),
                   ("> " if side == self.bet else "") + f"Bet {side}",
                   lambda s=side: self._set_bet(s))
            for i, side in enumerate(sides)]
        self.buttons = [self.confirm_button, *self.side_buttons]
        self.confirm_button.enabled = self._choice() in self.legal

    def _set_bet(self, side: str) -> None:
        self.bet = side
        self._refresh()

    def _choice(self) -> ChooseAgendas:
        return ChooseAgendas(self.seat, tuple(sorted(self.kept)), self.bet)

    def confirm(self) -> None:
        self.play(self._choice())

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for agenda, rect in zip(self.hand, self.rects, strict=True):
                if rect.collidepoint(event.pos):
                    if agenda in self.kept:
                        self.kept.remove(agenda)
                    elif len(self.kept) < 4:
                        self.kept.append(agenda)
                    self._refresh()
                    return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        agendas = self.view.catalogue.agendas
        for a, rect in zip(self.hand, self.rects, strict=True):
            agenda = agendas[a]
            _card_box(surface, rect, agenda.name, agenda.text, a in self.kept)
            (figure, scoring), detail = self.worth[a]
            blit_text(surface, figure, (rect.x + 14, rect.bottom - 50), 24,
                      GOOD if scoring else TEXT_DIM, bold=True)
            blit_text(surface, detail, (rect.x + 14, rect.bottom - 26), 22, TEXT_DIM)


class TacticsPanel(Panel):
    """Abilities of the card the team won, before or after the roll. The abilities'
    buttons line up from the left; Done always sits in the same place, at the right."""

    heading = "Use your tactics card"
    DONE = pygame.Rect(AREA.right - 24 - 320, AREA.y + 320, 320, 70)

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.mode = ""
        self.source = -1
        self.die = -1
        self.buttons = []
        x = AREA.x + 24
        done = next((a for a in self.legal if isinstance(a, EndTactics)), None)
        if done is not None:
            self.buttons.append(Button(self.DONE.copy(), "Done", lambda: self.play(done)))
        for kind, label in ((UseSabotage, "Sabotage (+1 arrow)"),
                            (UseEmergency, "Emergency re-roll")):
            action = next((a for a in self.legal if isinstance(a, kind)), None)
            if action is not None:
                self.buttons.append(Button(pygame.Rect(x, AREA.y + 320, 320, 70), label,
                                           lambda a=action: self.play(a)))
                x += 340
        for kind, mode, label in ((UseDuctTape, "tape", "Duct tape a tile"),
                                  (UseCrane, "crane", "Crane a tile"),
                                  (UseNitro, "nitro", "Nitro re-roll"),
                                  (UseHoming, "homing", "Homing: set a die")):
            if any(isinstance(a, kind) for a in self.legal):
                self.buttons.append(Button(pygame.Rect(x, AREA.y + 320, 320, 70), label,
                                           lambda m=mode: self._mode(m)))
                x += 340
        self.crane_rot = 0

    def _mode(self, mode: str) -> None:
        self.mode, self.source, self.die = mode, -1, -1

    def dice(self) -> list[int]:
        return self.scene.own_team(self.view).dice

    def die_rects(self) -> list[pygame.Rect]:
        return [pygame.Rect(AREA.x + 24 + i * 110, AREA.y + 80, 90, 90)
                for i in range(len(self.dice()))]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.mode == "crane":
            self.crane_rot = (self.crane_rot + 1) % 4
            return True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.mode
                and self._click(event.pos)):
            return True
        return super().handle(event)

    def _click(self, pos: tuple[int, int]) -> bool:
        sq = square_at(self.scene.own_yard, pos)
        if self.mode == "tape" and sq >= 0:
            action = UseDuctTape(self.seat, sq)
            if action in self.legal:
                self.play(action)
            return True
        if self.mode == "crane" and sq >= 0:
            if self.source < 0:
                if any(isinstance(a, UseCrane) and a.source == sq for a in self.legal):
                    self.source = sq
                return True
            moves = [a for a in self.legal if isinstance(a, UseCrane)
                     and a.source == self.source and a.square == sq]
            if moves:
                chosen = next((m for m in moves if m.rot == self.crane_rot), moves[0])
                self.play(chosen)
            return True
        for i, rect in enumerate(self.die_rects()):
            if rect.collidepoint(pos):
                if self.mode == "nitro":
                    self.play(UseNitro(self.seat, i))
                elif self.mode == "homing":
                    self.die = i
                return True
        if self.mode == "nitro" and pygame.Rect(AREA.x + 24, AREA.y + 190, 260, 60).collidepoint(
                pos) and UseNitro(self.seat, -1) in self.legal:
            self.play(UseNitro(self.seat, -1))
            return True
        if self.mode == "homing" and self.die >= 0:
            for face in range(1, 6):
                if self._face_rect(face).collidepoint(pos):
                    action = UseHoming(self.seat, self.die, face)
                    if action in self.legal:
                        self.play(action)
                    return True
        return False

    @staticmethod
    def _face_rect(face: int) -> pygame.Rect:
        return pygame.Rect(AREA.x + 640 + face * 90, AREA.y + 190, 76, 60)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        team = self.scene.own_team(self.view)
        if team.card >= 0:
            card = self.view.catalogue.tactics[team.card]
            blit_text(surface, tactics_left(card.name, team.abilities, self.view.phase),
                      (AREA.x + 700, AREA.y + 20), 28, ACCENT)
        for face, rect in zip(self.dice(), self.die_rects(), strict=True):
            _die(surface, rect, face, self.die == self.die_rects().index(rect))
        yard = self.scene.own_yard
        if self.mode == "tape":
            for a in self.legal:
                if isinstance(a, UseDuctTape):
                    pygame.draw.rect(surface, GOOD, square_rect(yard, a.square).inflate(-6, -6),
                                     3, border_radius=8)
        if self.mode == "crane":
            moves = [a for a in self.legal if isinstance(a, UseCrane)]
            if self.source < 0:
                for square in {a.source for a in moves}:
                    pygame.draw.rect(surface, GOOD, square_rect(yard, square).inflate(-6, -6),
                                     3, border_radius=8)
                blit_text(surface, "Click the tile to lift", (AREA.x + 24, AREA.y + 200), 30)
            else:
                tile = team.robot.tiles[self.source]
                for a in moves:
                    if a.source == self.source:
                        pygame.draw.rect(surface, ACCENT, square_rect(yard, a.square).inflate(
                            -6, -6), 3, border_radius=8)
                if tile is not None:
                    draw_tile(surface, tile, self.crane_rot,
                              pygame.Rect(AREA.x + 24, AREA.y + 180, 120, 120))
                blit_text(surface, f"Lifting {square_name(self.source)}: R turns it, click "
                          "a highlighted square", (AREA.x + 170, AREA.y + 220), 28)
        if self.mode == "nitro" and UseNitro(self.seat, -1) in self.legal:
            rect = pygame.Rect(AREA.x + 24, AREA.y + 190, 260, 60)
            pygame.draw.rect(surface, PANEL_LIGHT, rect, border_radius=10)
            blit_text(surface, "re-roll all", rect.center, 30, anchor="center")
            blit_text(surface, "or click one die", (AREA.x + 310, AREA.y + 205), 28, TEXT_DIM)
        if self.mode == "homing" and self.die >= 0:
            for face in range(1, 6):
                rect = self._face_rect(face)
                pygame.draw.rect(surface, PANEL_LIGHT, rect, border_radius=8)
                blit_text(surface, str(face), rect.center, 36, anchor="center")


def _die(surface: pygame.Surface, rect: pygame.Rect, face: int, chosen: bool = False) -> None:
    pygame.draw.rect(surface, (240, 240, 236), rect, border_radius=14)
    pygame.draw.rect(surface, ACCENT if chosen else LINE, rect, 4, border_radius=14)
    blit_text(surface, str(face) if face else "-", rect.center, 56, (30, 30, 30), bold=True,
              anchor="center")


READ_REASONS = {"roll": "the roll", "nitro": "the Nitro re-roll",
                "emergency": "the emergency re-roll (blanks are rolled again)"}


class ReadDicePanel(Panel):
    """Dice rolled at the real table: the faces are entered by clicking each die, or
    offered by a dice reader and confirmed here, since a misread must never hit."""

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.team = view.team_of(seat)
        team = view.teams[self.team]
        self.count = len(team.reading)
        self.lowest = 1 if team.read_for == "emergency" else BLANK
        self.faces: list[int | None] = [None] * self.count
        self.heading = (f"Roll {self.count} {'die' if self.count == 1 else 'dice'} for "
                        f"{team_name([t.seats for t in view.teams], self.team, scene.names)}: "
                        f"{READ_REASONS.get(team.read_for, 'the roll')}")
        self.confirm_button = Button(pygame.Rect(AREA.x + 24, AREA.y + 320, 460, 70),
                                     "These are the faces", self.confirm, enabled=False)
        self.reader_button = Button(pygame.Rect(AREA.x + 504, AREA.y + 320, 520, 70),
                                    "Use the dice reader's faces", self.use_reader,
                                    enabled=False)
        self.buttons = [self.confirm_button, self.reader_button]

    def reading(self) -> tuple[int, ...] | None:
        """The dice reader's stable faces for this team, when they fit what is wanted."""
        faces = self.scene.reader_faces(self.team)
        if faces is None or len(faces) != self.count or min(faces, default=1) < self.lowest:
            return None
        return tuple(sorted(faces))

    def use_reader(self) -> None:
        faces = self.reading()
        if faces is not None:
            self.faces = list(faces)
            self.confirm()

    def confirm(self) -> None:
        if None not in self.faces:
            self.play(ReadDice(self.seat, tuple(sorted(f for f in self.faces if f is not None))))

    @staticmethod
    def die_rect(i: int) -> pygame.Rect:
        return pygame.Rect(AREA.x + 24 + i * 130, AREA.y + 110, 104, 104)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for i in range(self.count):
                if self.die_rect(i).collidepoint(event.pos):
                    step = 1 if event.button == 1 else -1
                    faces = list(range(self.lowest, 6))
                    now = self.faces[i]
                    self.faces[i] = faces[0] if now is None else \
                        faces[(faces.index(now) + step) % len(faces)]
                    self.confirm_button.enabled = None not in self.faces
                    return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.reader_button.enabled = self.reading() is not None
        super().draw(surface)
        blit_text(surface, "Click a die for its face (right click goes back)",
                  (AREA.x + 24, AREA.y + 62), 28, TEXT_DIM)
        for i, face in enumerate(self.faces):
            rect = self.die_rect(i)
            if face is None:
                pygame.draw.rect(surface, PANEL_LIGHT, rect, border_radius=14)
                pygame.draw.rect(surface, LINE, rect, 4, border_radius=14)
                blit_text(surface, "?", rect.center, 56, TEXT_DIM, bold=True, anchor="center")
            else:
                _die(surface, rect, face)
        faces = self.reading()
        if faces is not None:
            shown = ", ".join(str(f) if f else "blank" for f in faces)
            blit_text(surface, f"The dice reader sees {shown}.", (AREA.x + 1060, AREA.y + 336),
                      30, GOOD)
        elif self.scene.reader_faces(self.team) is not None:
            blit_text(surface, "The dice reader's faces do not fit: enter them here.",
                      (AREA.x + 1060, AREA.y + 336), 28, DANGER)


class ListPanel(Panel):
    """A decision with a few options, one button each (token choice, play-off vote)."""

    def __init__(self, scene: MatchScene, view: State, seat: int) -> None:
        super().__init__(scene, view, seat)
        self.buttons = [Button(pygame.Rect(AREA.x + 24, AREA.y + 70 + i * 84, 900, 70),
                               self.describe(a), lambda a=a: self.play(a), size=30)
                        for i, a in enumerate(self.legal[:4])]

    def describe(self, action: object) -> str:
        if isinstance(action, ChooseToken):
            robot = self.scene.own_team(self.view).robot
            squares = robot.tokens[action.token]
            if len(squares) == 1:
                return f"Spend the token on {square_name(squares[0])} alone"
            return "Spend the token shared by " + " and ".join(map(square_name, squares))
        if isinstance(action, VotePlayOff):
            return "Play one more round" if action.play_on else "Accept the tie"
        return action.kind


class TokenPanel(ListPanel):
    heading = "A hit lands on a tile with several tokens: which one takes it?"


class PlayoffPanel(ListPanel):
    heading = "You are tied for first place"


TASKS = {"build": "plan and build", "agendas": "choose their agendas",
         "choose": "set their dials", "pre_roll": "use their tactics card",
         "roll": "read in their dice", "post_roll": "use tactics on their dice",
         "order": "line up their dice", "token": "choose which defense token takes the hit",
         "playoff": "vote on an extra round"}
"""What the seats to act are doing, by step."""


def waiting_words(scene: MatchScene) -> str:
    """What the table is really doing while this viewer has nothing to decide."""
    playing = [*scene.animator.queue, *scene.animator.running]
    if any(isinstance(a, Shot) for a in playing):
        return "The robots are fighting..."
    if any(isinstance(a, DiceRoll) for a in playing):
        return "The dice are rolling..."
    if scene.waiting_scenes:
        return "Scoring the round..."
    session = scene.session
    seats = session.to_act()
    if not seats:
        return "The game is over." if session.is_over() else "The robots are fighting..."
    names = [seat_name(s, scene.names) + (" (AI)" if session.seats[s].is_ai else "")
             for s in seats]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"Waiting for {who} to {TASKS.get(session.state.phase, 'decide')}..."


def draw_waiting(surface: pygame.Surface, scene: MatchScene) -> None:
    """The panel area when the viewer has nothing to decide, saying why."""
    surface.blit(box(AREA.width, AREA.height, PANEL, LINE, 2, 16), AREA)
    text, size = fitted(waiting_words(scene), AREA.width - 48, 40, 26)
    blit_text(surface, text, AREA.center, size, TEXT_DIM, anchor="center")


class WaitingPanel(Panel):
    """Nothing to decide: says what the table is doing (kept up to date)."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_waiting(surface, self.scene)
