"""Plays Blastbots through the client the way a person would: by posting clicks at what
the match screen lights up (hand cards, spots, tokens, sections, decks, chooser
entries) and at its buttons. Used by the scene tests."""

from __future__ import annotations

import random

import pygame

from game.app import App
from game.rules.blastbots.state import OVER
from game.scenes.blastbots.match import MatchScene
from game.scenes.blastbots.prompt import Picks
from game.scenes.handover import HandoverScene
from tests.scenes.clicker import click

NEUTRAL = (400, 30)
"""A point on the top line, where a click means nothing but skipping animations."""
BACK = ("Cancel", "Start this tier again", "Choose again")


def point(match: MatchScene, key: tuple[object, ...]) -> tuple[int, int]:
    """A point that hits ``key`` on screen: a hand card's uncovered left strip, else
    the middle of the rect it was drawn in."""
    rect = match.spots.rect(key)
    assert rect is not None, f"{key} is lit but was not drawn"
    if key[0] == "hand":
        return rect.x + 6, rect.centery
    return rect.center


def button(match: MatchScene, prefix: str) -> pygame.Rect | None:
    for b in match.buttons:
        if b.label.startswith(prefix) and b.enabled:
            return b.rect
    return None


def press(app: App, match: MatchScene, prefix: str) -> None:
    rect = button(match, prefix)
    assert rect is not None, f"no {prefix!r} button: {[b.label for b in match.buttons]}"
    click(app, rect.center)


def choices(match: MatchScene) -> list[tuple[str, object]]:
    """What may be clicked now that goes forward: lit things and buttons, less those
    that only take back the picks made so far."""
    lit = [("key", key) for key, choice in match.prompt.lit.items()
           if not (choice == Picks() and match.picks != Picks())]
    buttons = [("button", b) for b in match.buttons if b.enabled and b.label not in BACK]
    return lit + buttons


def act(app: App, rng: random.Random) -> str:
    """Make (part of) the current human decision by one click, chosen at random among
    what the screen offers, as drawn on the frame before it; returns what was done."""
    app.frame()
    top = app.scenes.top
    if isinstance(top, HandoverScene):
        click(app, (960, 540))
        return "handover"
    assert isinstance(top, MatchScene), type(top)
    match = top
    if match.animator.holding:
        click(app, NEUTRAL)
        return "skip"
    if match.state.phase == OVER:
        return "final"
    if not match.options():
        return "wait"
    kind = match.state.stack[-1][0]
    offered = choices(match)
    assert offered, f"nothing to click in a {kind} decision"
    hand = [c for c in offered if c[0] == "key" and c[1][0] == "hand"]  # type: ignore[index]
    if kind == "act" and match.picks == Picks() and hand and rng.random() < 0.7:
        offered = hand
    how, what = offered[rng.randrange(len(offered))]
    if how == "key":
        click(app, point(match, what))  # type: ignore[arg-type]
    else:
        click(app, what.rect.center)  # type: ignore[attr-defined]
    return kind
