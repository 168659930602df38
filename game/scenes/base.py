"""A screen of the client and the stack that holds them.

Input goes to the top scene first and travels down only while scenes decline it;
drawing starts at the highest opaque scene, so screens hidden under a full-screen
scene cost nothing. Scenes never change rules state: they ask the session to play
actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """Base class: override the hooks a screen needs."""

    opaque = True
    """A full-screen scene hides (and stops drawing) everything below it."""

    fills_screen = False
    """It paints every pixel itself, so the background need not be cleared first."""

    halts_below = False
    """While it is on the stack the scenes under it are not updated: a pause menu
    stops the match beneath it (no AI move lands, no animation plays on)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used (it then goes no further down)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the logical canvas."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def handle(self, event: pygame.event.Event) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene.handle(event):
                return True
            if scene.opaque:
                return False
        return False

    def update(self, dt: float) -> None:
        scenes = list(self.scenes)
        start = max((i for i, scene in enumerate(scenes) if scene.halts_below), default=0)
        for scene in scenes[start:]:
            scene.update(dt)

    def bottom_drawn(self) -> Scene | None:
        """The lowest scene that is drawn (the top-most opaque one)."""
        for scene in reversed(self.scenes):
            if scene.opaque:
                return scene
        return self.scenes[0] if self.scenes else None

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)
