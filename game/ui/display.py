"""The window and the logical canvas every scene draws on.

Scenes lay out on one 1920x1080 canvas. Each frame it is uploaded to a texture
that an SDL renderer scales to the window with linear filtering and letterboxing,
at any size (pygame's SCALED mode only scales by whole numbers, so a 1280x720
window showed a cropped corner). The renderer also maps mouse events back to
canvas coordinates; `pointer()` does the same for the polled mouse position.
"""

from __future__ import annotations

import os

import pygame
from pygame._sdl2.video import Renderer, Texture

LOGICAL = (1920, 1080)
MINIMUM = (640, 360)
# Alpha images in the canvas's own channel order blit without per-pixel swizzling.
_ARGB = (0xFF0000, 0x00FF00, 0x0000FF, 0xFF000000)

_current: Display | None = None


class Display:
    """One resizable window showing the canvas; fullscreen uses the desktop size."""

    def __init__(self, title: str, size: tuple[int, int], fullscreen: bool) -> None:
        global _current
        self.window = pygame.Window(title, size, resizable=True)
        self.window.minimum_size = MINIMUM
        self.renderer = Renderer(self.window)
        self.renderer.logical_size = LOGICAL
        self.texture = Texture(self.renderer, LOGICAL, streaming=True, scale_quality=1)
        # The texture is ARGB: a canvas in the same format uploads without a per-frame
        # conversion (2 ms at 1920x1080). Its alpha is ignored when drawn.
        self.texture.blend_mode = pygame.BLENDMODE_NONE
        self.canvas = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        self.fullscreen = False
        if fullscreen:
            self.set_fullscreen(True)
        _current = self

    def present(self) -> None:
        self._compose()
        self.renderer.present()

    def snapshot(self) -> pygame.Surface:
        """The picture the window shows, at the window's own resolution."""
        self._compose()
        self.renderer.logical_size = (0, 0)
        try:
            return self.renderer.to_surface()
        finally:
            self.renderer.logical_size = LOGICAL

    def _compose(self) -> None:
        self.texture.update(self.canvas)
        width, height = self.window.size
        if width * LOGICAL[1] != height * LOGICAL[0]:
            # Letterbox bars; when the canvas covers the whole window, clearing is wasted.
            self.renderer.draw_color = (0, 0, 0, 255)
            self.renderer.clear()
        self.texture.draw()

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.fullscreen = on
        if os.environ.get("SDL_VIDEODRIVER") == "dummy":
            return
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()

    def resize(self, size: tuple[int, int]) -> None:
        """Give the window a new size, kept on screen and centred."""
        if self.fullscreen:
            return
        self.window.size = size
        self.window.position = pygame.WINDOWPOS_CENTERED

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position in canvas coordinates (outside the letterbox when beyond it)."""
        width, height = self.window.size
        scale = min(width / LOGICAL[0], height / LOGICAL[1])
        left = (width - LOGICAL[0] * scale) / 2
        top = (height - LOGICAL[1] * scale) / 2
        return int((pos[0] - left) / scale), int((pos[1] - top) / scale)

    def close(self) -> None:
        global _current
        if _current is self:
            _current = None
        # The renderer and its texture must go before the window they draw into.
        del self.texture, self.renderer
        self.window.destroy()


def pointer() -> tuple[int, int]:
    """The mouse position on the canvas, for hover effects between events."""
    position = pygame.mouse.get_pos()
    return _current.to_canvas(position) if _current is not None else position


def fast(image: pygame.Surface) -> pygame.Surface:
    """The image in a pixel format that blits fast onto the canvas: ARGB in the canvas's
    channel order when it has transparency, plain 32-bit RGB when it is opaque (still
    a safe target for further drawing, unlike ARGB with blending off)."""
    if image.get_flags() & pygame.SRCALPHA:
        converted = image.convert(_ARGB, pygame.SRCALPHA)
        converted.set_alpha(255)  # the mask conversion drops blending; put it back
        return converted
    return image.convert(pygame.Surface((1, 1)))


def copy_onto(target: pygame.Surface, image: pygame.Surface) -> None:
    """Blit an opaque ARGB image as a straight copy: 3x faster than a blend at full screen."""
    image.set_alpha(None)
    target.blit(image, (0, 0))
    image.set_alpha(255)
