"""The client's main loop: window, fixed-step updates, scene stack and notices.

Everything is drawn on a 1920x1080 logical canvas; the display scales it to the
window (any size, letterboxed) and maps the mouse back, so scenes lay out in one space.
Updates run in fixed 1/120 s steps whatever the frame rate.
"""

from __future__ import annotations

import sys
import time

import pygame

from game.scenes.base import Scene, SceneStack
from game.settings import Settings, load_settings
from game.table import Table
from game.table_boards import BoardEntry
from game.ui.caches import forget_all
from game.ui.display import LOGICAL, Display
from game.ui.music import Music
from game.ui.palette import ACCENT, BACKGROUND, PANEL
from game.ui.sound import Sounds
from game.ui.text import blit_text

STEP = 1 / 120
MAX_STEPS_PER_FRAME = 12
NOTICE_SECONDS = 6.0


class App:
    def __init__(self, settings: Settings | None = None, notice: str | None = None) -> None:
        # The mixer's format must be chosen before pygame.init() starts it.
        pygame.mixer.pre_init(22050, -16, 1, 512)
        pygame.init()
        forget_all()
        if settings is None:
            settings, notice = load_settings()
        self.settings = settings
        self._view_at_start = (settings.window_size, settings.fullscreen)
        self.display = Display("Botyard", settings.window_size, settings.fullscreen)
        self.screen = self.display.canvas
        self.sounds = Sounds(settings.sound_volume)
        self.music = Music(settings.music_volume)
        self.music.start()
        self.scenes = SceneStack()
        self.table = Table([BoardEntry(**c) for c in settings.controllers])
        self.clock = pygame.time.Clock()
        self.running = True
        self.notice = notice
        self.notice_left = NOTICE_SECONDS if notice else 0.0
        self._last = time.perf_counter()
        self._lag = 0.0
        self.time = 0.0

    # -- control ------------------------------------------------------------------------
    def say(self, message: str) -> None:
        """Show a one-line notice (errors the player should know about)."""
        self.notice = message
        self.notice_left = NOTICE_SECONDS

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.display.set_fullscreen(self.settings.fullscreen)
        if not self.settings.fullscreen:
            self.display.resize(self.settings.window_size)

    def set_window_size(self, size: tuple[int, int]) -> None:
        self.settings.window_size = size
        self.display.resize(size)

    def quit(self) -> None:
        self.running = False

    # -- loop ---------------------------------------------------------------------------
    def run(self, first: Scene) -> None:
        self.scenes.push(first)
        while self.running and self.scenes.top is not None:
            self.frame()
            self.clock.tick(120)
        self.close()
        self._keep_window_choice()

    def close(self) -> None:
        """End the scenes (and their matches' bot processes), the controllers and the
        window, in that order: the window's textures must be freed before pygame quits,
        or a later App in the same process draws with freed textures."""
        self.scenes.clear()
        self.table.close()
        self.display.close()
        pygame.quit()

    def _keep_window_choice(self) -> None:
        """A window resized by hand or switched with F11 opens the same way next time."""
        if (self.settings.window_size, self.settings.fullscreen) == self._view_at_start:
            return
        problem = self.settings.save()
        if problem:
            print(f"botyard: window size not kept: {problem}", file=sys.stderr)

    def frame(self) -> None:
        """Handle input, run the due fixed steps and draw one frame."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif event.type == pygame.WINDOWSIZECHANGED and not self.display.fullscreen:
                self.settings.window_size = (event.x, event.y)
            else:
                self.scenes.handle(event)
        # Before the steps: what the boards said is queued (never dropped) for the match,
        # which takes it on its own update steps.
        self.table.pump()
        now = time.perf_counter()
        self._lag = min(self._lag + now - self._last, STEP * MAX_STEPS_PER_FRAME)
        self._last = now
        while self._lag >= STEP:
            self.step()
            self._lag -= STEP
        self.draw()

    def step(self) -> None:
        self.time += STEP
        self.scenes.update(STEP)
        if self.notice_left > 0:
            self.notice_left -= STEP

    def draw(self) -> None:
        bottom = self.scenes.bottom_drawn()
        if bottom is None or not bottom.fills_screen:
            self.screen.fill(BACKGROUND)
        self.scenes.draw(self.screen)
        if self.notice and self.notice_left > 0:
            box = pygame.Rect(0, 0, 1500, 64)
            box.midbottom = (LOGICAL[0] // 2, LOGICAL[1] - 24)
            pygame.draw.rect(self.screen, PANEL, box, border_radius=12)
            pygame.draw.rect(self.screen, ACCENT, box, 2, border_radius=12)
            blit_text(self.screen, self.notice, box.center, 30, anchor="center")
        self.display.present()
