"""The display scales the whole canvas into any window and maps the mouse back."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.settings import SettingsScene
from game.settings import Settings
from game.ui import display
from game.ui.display import LOGICAL, Display

RED, GREEN, BLUE = (230, 0, 0), (0, 200, 0), (0, 0, 230)


@pytest.fixture
def shown():
    pygame.init()
    made: list[Display] = []

    def open_window(size: tuple[int, int]) -> Display:
        made.append(Display("test", size, fullscreen=False))
        return made[-1]

    yield open_window
    for d in made:
        d.close()
    pygame.quit()


def _paint(canvas: pygame.Surface) -> None:
    """Red edge, blue top-left corner block, green centre: a crop or a shift shows."""
    canvas.fill(RED)
    canvas.fill(BLUE, pygame.Rect(0, 0, 240, 240))
    canvas.fill(GREEN, pygame.Rect(720, 400, 480, 280))


def _near(colour: pygame.Color, want: tuple[int, int, int]) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(colour[:3], want, strict=True))


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (800, 450), (2560, 1440)])
def test_whole_canvas_is_scaled_into_the_window(shown, size):
    screen = shown(size)
    _paint(screen.canvas)
    picture = screen.snapshot()
    w, h = picture.get_size()
    assert (w, h) == size
    assert _near(picture.get_at((w // 2, h // 2)), GREEN)
    assert _near(picture.get_at((w // 16, h // 16)), BLUE)
    assert _near(picture.get_at((w - 3, h - 3)), RED)
    assert _near(picture.get_at((w // 2, h - 3)), RED)


def test_other_aspect_ratios_are_letterboxed(shown):
    screen = shown((1280, 1000))
    _paint(screen.canvas)
    picture = screen.snapshot()
    band = (1000 - 720) // 2
    assert _near(picture.get_at((640, band // 2)), (0, 0, 0))
    assert _near(picture.get_at((640, band + 4)), RED)
    assert screen.to_canvas((0, band)) == (0, 0)
    assert screen.to_canvas((640, 500)) == (960, 540)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080), (640, 360)])
def test_window_positions_map_to_the_canvas(shown, size):
    screen = shown(size)
    scale = LOGICAL[0] / size[0]
    assert screen.to_canvas((0, 0)) == (0, 0)
    assert screen.to_canvas((size[0] // 2, size[1] // 2)) == (960, 540)
    x, y = screen.to_canvas((size[0] - 1, size[1] - 1))
    assert 1920 - scale - 1 <= x < 1920 and 1080 - scale - 1 <= y < 1080


def test_pointer_reads_through_the_current_display(shown, monkeypatch):
    shown((1280, 720))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (640, 360))
    assert display.pointer() == (960, 540)


def test_fast_images_keep_their_transparency_and_stay_drawable(shown):
    screen = shown((1280, 720))
    solid = pygame.Surface((8, 8), 0, 24)
    solid.fill(GREEN)
    clear = pygame.Surface((8, 8), pygame.SRCALPHA)
    clear.fill((0, 0, 0, 0))
    clear.fill((*BLUE, 128), pygame.Rect(0, 0, 4, 8))
    fast_clear, fast_solid = display.fast(clear), display.fast(solid)
    assert fast_clear.get_masks() == screen.canvas.get_masks()
    assert fast_solid.get_bytesize() == 4
    screen.canvas.fill(RED)
    screen.canvas.blit(fast_clear, (0, 0))
    assert screen.canvas.get_at((6, 2)) == pygame.Color(*RED, 255)
    assert _near(screen.canvas.get_at((2, 2)), (115, 0, 115))
    fast_solid.blit(fast_clear, (0, 0))
    screen.canvas.blit(fast_solid, (20, 0))
    assert screen.canvas.get_at((26, 2)) == pygame.Color(*GREEN, 255)
    assert screen.canvas.get_at((22, 2)) == pygame.Color(*_mix(GREEN, BLUE), 255)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, ...]:
    return tuple(pygame.Color(*a).lerp(pygame.Color(*b), 128 / 255))[:3]


def test_copy_onto_copies_without_blending_and_leaves_the_image_blending(shown):
    screen = shown((1280, 720))
    layer = pygame.Surface(LOGICAL, pygame.SRCALPHA)
    layer.fill(GREEN)
    screen.canvas.fill(RED)
    display.copy_onto(screen.canvas, layer)
    assert screen.canvas.get_at((5, 5)) == pygame.Color(*GREEN, 255)
    layer.fill((0, 0, 0, 0))
    display.copy_onto(screen.canvas, layer)
    assert screen.canvas.get_at((5, 5)) == pygame.Color(0, 0, 0, 0)
    screen.canvas.fill(RED)
    screen.canvas.blit(layer, (0, 0))
    assert screen.canvas.get_at((5, 5)) == pygame.Color(*RED, 255)


def test_window_size_follows_settings_and_hand_resizing(make_app):
    app = make_app(Settings(window_size=(1600, 900)))
    assert app.display.window.size == (1600, 900)
    app.set_window_size((1280, 720))
    assert app.display.window.size == (1280, 720)
    assert app.settings.window_size == (1280, 720)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=600))
    app.frame()
    assert app.settings.window_size == (1000, 600)
    app.scenes.push(SettingsScene(app))
    sizes = app.scenes.top.widgets[0]
    assert sizes.value == (1000, 600)
    app.toggle_fullscreen()
    assert app.display.fullscreen and app.settings.fullscreen
    app.toggle_fullscreen()
    assert not app.display.fullscreen
    assert app.display.window.size == (1000, 600)
