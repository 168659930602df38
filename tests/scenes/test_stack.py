"""The scene stack: hook order, top-down input, and opaque scenes hiding the rest."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list, opaque: bool = True, eats: bool = False) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name, self.log, self.opaque, self.eats = name, log, opaque, eats

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle(self, event: pygame.event.Event) -> bool:
        self.log.append(f"{self.name}.handle")
        return self.eats

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def test_hooks_run_in_order():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter", "c.exit", "a.resume"]
    assert stack.top is a


def test_input_goes_top_down_until_used_and_stops_at_an_opaque_scene():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("under", log))
    stack.push(Probe("base", log))
    stack.push(Probe("overlay", log, opaque=False))
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert stack.handle(event) is False
    assert log[-2:] == ["overlay.handle", "base.handle"], "stops at the opaque base"
    stack.push(Probe("modal", log, opaque=False, eats=True))
    log.clear()
    assert stack.handle(event) is True
    assert log == ["modal.handle"]


def test_scenes_under_a_full_screen_scene_are_not_drawn():
    log: list[str] = []
    stack = SceneStack()
    for name, opaque in (("title", True), ("match", True), ("tip", False)):
        stack.push(Probe(name, log, opaque=opaque))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["match.draw", "tip.draw"]
