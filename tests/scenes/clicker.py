"""Drives the client the way a person would: by posting mouse clicks at the controls
the current screen shows. Used by the end-to-end tests."""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.goblins.aim_panels import DialsPanel, OrderPanel
from game.scenes.goblins.build_panels import BuilderPanel, PlannerPanel
from game.scenes.goblins.combat_panels import AgendaPanel, ListPanel, TacticsPanel
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import FinalScene, ScoreScene
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.goblins.tiles import square_rect
from game.scenes.handover import HandoverScene


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame()


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame()


def press(app: App, label: str) -> None:
    """Click the button with this label on the top scene or its panel."""
    top = app.scenes.top
    holders = [top, getattr(top, "panel", None)]
    for holder in holders:
        for widget in [*getattr(holder, "widgets", []), *getattr(holder, "buttons", [])]:
            if getattr(widget, "label", None) == label:
                assert widget.enabled, f"{label!r} is disabled"
                click(app, widget.rect.center)
                return
    single = getattr(top, "button", None)
    if single is not None and single.label == label:
        click(app, single.rect.center)
        return
    raise AssertionError(f"no {label!r} button on {type(top).__name__}")


def act(app: App) -> str:
    """Make the current human decision by clicking; returns what was done."""
    top = app.scenes.top
    if isinstance(top, ScoreScene):
        press(app, "Continue")
        return "score"
    if isinstance(top, HandoverScene):
        click(app, (960, 540))
        return "handover"
    if isinstance(top, TeamUpScene):
        press(app, "Start building")
        return "teamup"
    if isinstance(top, FinalScene):
        return "final"
    assert isinstance(top, MatchScene), type(top)
    if top.animator.holding:
        playing = [*top.animator.queue, *top.animator.running]
        click(app, (960, 40))
        left = [*top.animator.queue, *top.animator.running]
        assert not any(a in left for a in playing), "a click skips every animation"
        return "skip"
    panel = top.panel
    if isinstance(panel, PlannerPanel):
        for rect in panel.rects[:2]:
            click(app, rect.center)
        press(app, "Pass the two marked tiles")
    elif isinstance(panel, BuilderPanel):
        while panel.remaining:
            assert top.panel is panel, "the builder's panel was rebuilt mid-placement"
            _, rect = panel.hand_rects()[0]
            click(app, rect.center)
            click(app, rect.center, button=3)
            square = min(panel.free - panel.used())
            click(app, square_rect(top.own_yard, square).center)
        press(app, "Confirm placements")
    elif isinstance(panel, AgendaPanel):
        for rect in panel.rects[:4]:
            click(app, rect.center)
        if panel.side_buttons:
            click(app, panel.side_buttons[0].rect.center)
        press(app, "Keep these four")
    elif isinstance(panel, DialsPanel):
        if panel.is_pilot:
            click(app, panel.steer_dial.point(1))      # turn the right side to the front
            click(app, panel.target_dial.point(0))     # aim at the enemy's front
        if panel.is_tactician:
            click(app, panel.card_rects[1].center)
        press(app, "Lock in")
    elif isinstance(panel, TacticsPanel):
        press(app, "Done")
    elif isinstance(panel, OrderPanel):
        if len(panel.faces) > 1:
            drag(app, panel.rects()[0].center, panel.slot_rect(len(panel.faces) - 1).center)
        press(app, "Fire!")
    elif isinstance(panel, ListPanel):
        click(app, panel.buttons[0].rect.center)
    else:
        app.frame()
        return "wait"
    return type(panel).__name__
