"""What every game's match screen does alike, so each game's screen keeps only its own
board: the viewer's view kept until the next move, a clicked move played through the
session with a refusal said on screen, the number keys and buttons of the prompt, the
pause menu on Escape, and leaving with the autosave's fate said."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.rules.core.actions import Action, Event
from game.rules.core.errors import RuleError
from game.scenes.base import Scene
from game.scenes.pause import PauseScene
from game.session import Session
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

View = TypeVar("View")
NUMBER_KEYS = {**{pygame.K_1 + k: k for k in range(9)}, **{pygame.K_KP1 + k: k for k in range(9)}}
"""Keys 1-9 (and the keypad's) press the prompt's buttons in order."""


class MatchScreen(Scene, Generic[View]):
    """A game's match screen: a subclass draws the board and shows a move's events
    (``absorb``) and the decision now (``refresh``)."""

    fills_screen = True

    def __init__(self, app: App, session: Session, viewer: int) -> None:
        super().__init__(app)
        self.session = session
        self.viewer = viewer
        self.buttons: list[Button] = []
        self.ai_beat = 0.0
        """Seconds left before the next bot move is played (a click cuts it short)."""
        self._view: tuple[tuple[int, int], View] | None = None

    @property
    def state(self) -> View:
        return self.session.state

    def current_view(self) -> View:
        """The viewer's view, worked out once per move and viewer (it is asked for
        many times a frame)."""
        key = (len(self.session.match.actions), self.viewer)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.session.view(self.viewer))
        return self._view[1]

    def play(self, action: Action) -> bool:
        """Play a clicked ``action``; a refusal is said on screen (False)."""
        try:
            self.apply(action)
        except RuleError as exc:
            self.app.say(str(exc))
            return False
        return True

    def apply(self, action: Action) -> None:
        """Play ``action`` and show what it did; RuleError, with nothing changed, when
        the rules refuse it."""
        self.absorb(self.session.play(action))
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def exit(self) -> None:
        self.session.close()

    def say_news(self) -> None:
        """Tell what the session has to say since the last frame (a bot stood in for,
        a save that failed)."""
        news = self.session.take_news()
        if news is not None:
            self.app.say(news)

    def poll_bots(self, dt: float, hold: bool = False) -> list[Event]:
        """Let the session play what is due (a bot's move, a board's input), paced: after
        a move the screen waits ``ai_pause`` before the next, so each can be followed;
        ``hold`` (an animation to finish first) holds it. The events played."""
        self.ai_beat = max(0.0, self.ai_beat - dt)
        moves = len(self.session.match.actions)
        events = self.session.poll(apply=self.ai_beat == 0 and not hold)
        if len(self.session.match.actions) > moves:
            self.ai_beat = self.app.settings.ai_pause
        return events

    def absorb(self, events: list[Event]) -> None:
        """Animations and sounds of what a move did."""

    def refresh(self) -> None:
        """Bring the prompt and buttons up to the decision now."""

    def press(self, event: pygame.event.Event) -> bool:
        """Escape opens the pause menu; a number key presses that button of the prompt;
        any button takes its own click."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.push(PauseScene(self.app, self))
            return True
        if event.type == pygame.KEYDOWN and event.key in NUMBER_KEYS:
            index = NUMBER_KEYS[event.key]
            if index < len(self.buttons) and self.buttons[index].enabled:
                self.buttons[index].on_click()
            return True
        return any(button.handle(event) for button in list(self.buttons))

    def leave(self) -> None:
        """Back to the title once the pause menu's quit was confirmed (a game whose
        autosave keeps failing was told so there, so leaving loses it knowingly)."""
        unsaved = self.session.save_error is not None and not self.session.save()
        self.app.say("The game was not saved." if unsaved else
                     "The game is saved; Continue on the title screen resumes it.")
        self.app.scenes.pop()
