"""Plays Calamitron through the client the way a person would: dragging counters from
the tray onto the rail and along it, right-clicking them off, pressing Suggest, Lock,
Skip and the prompt's buttons, clicking lit squares. Used by the scene tests."""

from __future__ import annotations

import random

import pygame

from game.app import App
from game.rules.calamitron.state import OVER
from game.scenes.calamitron.layout import counter_rect, slot_rect, square_rect
from game.scenes.calamitron.match import MatchScene
from game.scenes.calamitron.panels import INSTRUCTION_ORDER, rail_length
from game.scenes.handover import HandoverScene
from tests.scenes.clicker import click, drag


def button(match: MatchScene, label: str) -> pygame.Rect | None:
    for b in match.buttons:
        if b.label.startswith(label) and b.enabled:
            return b.rect
    return None


def press(app: App, match: MatchScene, label: str) -> None:
    rect = button(match, label)
    assert rect is not None, f"no {label!r} button: {[b.label for b in match.buttons]}"
    click(app, rect.center)


def edit(app: App, match: MatchScene, rng: random.Random) -> str:
    """One edit of the focused rail by the mouse: a tray counter dragged to a slot, a
    counter dragged along the rail, or one right-clicked off; returns which."""
    seat = match.focus
    view = match.current_view()
    words = view.programs[seat]
    roll = rng.random()
    if words and roll < 0.15:
        click(app, slot_rect(seat, rng.randrange(len(words))).center, button=3)
        return "take"
    if len(words) >= 2 and roll < 0.3:
        start = slot_rect(seat, rng.randrange(len(words))).center
        drag(app, start, slot_rect(seat, rng.randrange(len(words))).center)
        return "reorder"
    usable = match.usable()
    faces = [w for w in INSTRUCTION_ORDER if w in usable]
    if not faces:
        return "full"
    word = rng.choice(faces)
    start = counter_rect(INSTRUCTION_ORDER.index(word)).center
    slot = rng.randrange(min(len(words) + 1, rail_length(view, seat)))
    drag(app, start, slot_rect(seat, slot).center)
    return "put"


def act(app: App, rng: random.Random) -> str:
    """One thing a person at the screen does now; returns what it was."""
    app.frame()
    top = app.scenes.top
    if isinstance(top, HandoverScene):
        click(app, (960, 540))
        return "handover"
    assert isinstance(top, MatchScene), type(top)
    match = top
    if match.playback.active:
        if rng.random() < 0.2:
            press(app, match, "Skip")
            return "skip"
        for _ in range(8):
            app.frame()
        return "watch"
    if match.state.phase == OVER:
        return "final"
    if match.prompt.choices:
        if match.prompt.lit and rng.random() < 0.5:
            square = rng.choice(sorted(match.prompt.lit))
            click(app, square_rect(square).center)
            return "lit"
        choice = rng.randrange(len(match.prompt.choices))
        labels = [label for label, _, _ in match.prompt.choices]
        rect = button(match, labels[choice])
        if rect is None:  # on a later page of the prompt
            press(app, match, "More")
            return "page"
        click(app, rect.center)
        return "choice"
    if match.focus in match.editable():
        roll = rng.random()
        if roll < 0.04:
            press(app, match, "Suggest")
            return "suggest"
        words = match.current_view().programs[match.focus]
        if roll < 0.2 + 0.12 * len(words):
            press(app, match, "Lock")
            return "lock"
        return edit(app, match, rng)
    return "wait"
