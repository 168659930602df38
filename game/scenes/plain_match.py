"""The plain match screen a game's rules are played on until its full client is written:
the viewer's view as lines of text, the viewer's legal moves as numbered buttons (paged),
and the viewer's log. It hands over between humans behind the privacy screen before
every decision, lets AI seats move in the background, and holds no copy of a rule: the
buttons are the rules' ``legal_actions`` for the viewer's own view. Game-agnostic: each
game's words come from the subclass."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

import pygame

from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from game.scenes.base import Scene
from game.scenes.handover import HandoverScene, hand_over_first
from game.scenes.pause import PauseScene
from game.session import Session
from game.ui.palette import BACKGROUND, TEXT, TEXT_DIM
from game.ui.text import blit_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

PAGE = 9
"""Move buttons per page (keys 1-9 press them)."""
NUMBER_KEYS = {pygame.K_1 + k: k for k in range(9)}


class PlainMatchScene(Scene):
    """A game's plain screen: a subclass names the game and its words module (with
    ``action_words``, ``board_lines``, ``event_words`` and ``who``) and how its board
    lines and log fit the screen."""

    fills_screen = True
    title = ""
    words: ModuleType
    line_step = 30
    line_size = 22
    log_top = 700
    log_lines = 11

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.names = tuple(seat.name for seat in session.seats)
        self.humans = [s for s, seat in enumerate(session.seats) if not seat.is_ai]
        self.viewer = self.humans[0] if self.humans else 0
        self.handing_over = False
        self.page = 0
        self.buttons: list[Button] = []
        self.options: list[Action] = []
        self._decision = (-1, -1)

    def enter(self) -> None:
        self.handing_over = hand_over_first(self.app, self)
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def exit(self) -> None:
        self.session.close()

    def update(self, dt: float) -> None:
        if self.app.scenes.top is not self:
            return
        self.session.poll()
        self.refresh()

    def take_over(self, seat: int) -> None:
        self.viewer = seat
        self.handing_over = False
        self._decision = (-1, -1)

    def refresh(self) -> None:
        """Hand over to the human deciding now, and list their moves when it changed."""
        if self.app.scenes.top is not self or self.handing_over:
            return
        due = self.session.humans_to_act()
        if due and self.viewer not in due:
            if len(self.humans) > 1:
                self.handing_over = True
                self.app.scenes.push(HandoverScene(self.app, self, due[0]))
                return
            self.viewer = due[0]
        decision = (len(self.session.match.actions), self.viewer)
        if decision != self._decision:
            self._decision = decision
            self.page = 0
            view = self.session.view(self.viewer)
            self.options = (self.session.rules.legal_actions(view, self.viewer)
                            if self.viewer in due else [])
            self.layout()

    def layout(self) -> None:
        view = self.session.view(self.viewer)
        shown = self.options[self.page * PAGE:(self.page + 1) * PAGE]
        self.buttons = [Button(pygame.Rect(1200, 140 + i * 62, 680, 54),
                               self.words.action_words(view, action, self.names),
                               lambda action=action: self.play(action), size=26)
                        for i, action in enumerate(shown)]
        if len(self.options) > PAGE:
            pages = -(-len(self.options) // PAGE)
            self.buttons.append(Button(pygame.Rect(1200, 140 + PAGE * 62, 680, 54),
                                       f"More moves (page {self.page + 1} of {pages})",
                                       self.next_page, size=26))
        if self.session.is_over():
            self.buttons.append(Button(pygame.Rect(1200, 140, 680, 54), "Title screen",
                                       self.app.scenes.pop, size=26))

    def next_page(self) -> None:
        self.page = (self.page + 1) % -(-len(self.options) // PAGE)
        self.layout()

    def play(self, action: Action) -> None:
        try:
            self.session.play(action)
        except RuleError as exc:
            self.app.say(str(exc))
        self.refresh()

    def leave(self) -> None:
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.push(PauseScene(self.app, self))
            return True
        if event.type == pygame.KEYDOWN and event.key in NUMBER_KEYS:
            index = NUMBER_KEYS[event.key]
            if index < len(self.buttons):
                self.buttons[index].on_click()
            return True
        return any(button.handle(event) for button in list(self.buttons))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        view = self.session.view(self.viewer)
        y = 40
        who = self.words.who
        blit_text(surface, f"{self.title}: {who(self.viewer, self.names)}'s view, "
                           f"{self.session.rules.progress(view)}", (40, y), 40, TEXT)
        for line in self.words.board_lines(view, self.names):
            y += self.line_step
            blit_text(surface, line, (40, y), self.line_size, TEXT)
        heading = ("Your move:" if self.options else
                   "Game over." if self.session.is_over() else "Waiting for " + ", ".join(
                       who(s, self.names) for s in self.session.to_act()))
        blit_text(surface, heading, (1200, 80), 34, TEXT)
        history = self.session.history_for(self.viewer)
        log = [w for w in (self.words.event_words(view, e, self.names) for e in history) if w]
        y = self.log_top
        for line in log[-self.log_lines:]:
            blit_text(surface, line, (40, y), 24, TEXT_DIM)
            y += 30
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            button.draw(surface, mouse)
