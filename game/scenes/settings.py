"""Settings: window size, fullscreen, volumes, animation speed, the pause after each AI
move. Changes apply at once and are saved when leaving the screen. (There is no
colour-blind switch: every seat always shows its glyph beside its colour.)"""

from __future__ import annotations

import pygame

from game.scenes.menu import MenuScene
from game.settings import AI_PAUSES, ANIMATION_SPEEDS, WINDOW_SIZES
from game.ui.widgets import Button, Chooser

VOLUMES = [round(v * 0.1, 1) for v in range(11)]


def _index(options: list, value: object) -> int:
    return options.index(value) if value in options else 0


class SettingsScene(MenuScene):
    title = "Settings"

    def enter(self) -> None:
        s = self.app.settings
        # A size dragged by hand stays on offer beside the usual ones.
        sizes = sorted({*WINDOW_SIZES, tuple(s.window_size)})
        rows = [
            Chooser(pygame.Rect(510, 230, 900, 60), "Window size", sizes,
                    _index(sizes, tuple(s.window_size)),
                    lambda v: f"{v[0]} x {v[1]}", self.app.set_window_size),
            Chooser(pygame.Rect(510, 305, 900, 60), "Fullscreen (F11)", [False, True],
                    int(s.fullscreen), lambda v: "on" if v else "off",
                    lambda v: self.app.toggle_fullscreen()
                    if v != self.app.settings.fullscreen else None),
            Chooser(pygame.Rect(510, 380, 900, 60), "Sound volume", VOLUMES,
                    _index(VOLUMES, round(s.sound_volume, 1)), lambda v: f"{int(v * 100)}%",
                    self._sound_volume),
            Chooser(pygame.Rect(510, 455, 900, 60), "Music volume", VOLUMES,
                    _index(VOLUMES, round(s.music_volume, 1)), lambda v: f"{int(v * 100)}%",
                    self._music_volume),
            Chooser(pygame.Rect(510, 530, 900, 60), "Animation speed", list(ANIMATION_SPEEDS),
                    _index(list(ANIMATION_SPEEDS), s.animation_speed), lambda v: f"{v}x",
                    lambda v: setattr(self.app.settings, "animation_speed", v)),
            Chooser(pygame.Rect(510, 605, 900, 60), "Pause after AI moves", list(AI_PAUSES),
                    _index(list(AI_PAUSES), s.ai_pause),
                    lambda v: f"{v} s" if v else "none",
                    lambda v: setattr(self.app.settings, "ai_pause", v)),
        ]
        self.widgets = [*rows,
                        Button(pygame.Rect(560, 715, 380, 80), "Controllers", self.controllers),
                        Button(pygame.Rect(980, 715, 380, 80), "Done", self.back)]

    def controllers(self) -> None:
        # Imported here, not for a cycle: pyserial loads only once this screen is opened.
        from game.scenes.controllers import ControllersScene

        self.app.scenes.push(ControllersScene(self.app))

    def _sound_volume(self, value: float) -> None:
        self.app.settings.sound_volume = value
        self.app.sounds.volume = value
        self.app.sounds.play("click")

    def _music_volume(self, value: float) -> None:
        self.app.settings.music_volume = value
        self.app.music.volume = value

    def back(self) -> None:
        problem = self.app.settings.save()
        if problem:
            self.app.say(problem)
        self.app.scenes.pop()
