"""Plays Two Robots through the client the way a person would: by posting clicks at
the cards, Parts, Stacks and buttons the match screen shows. Used by the scene tests."""

from __future__ import annotations

import pygame

from game.app import App
from game.rules.two_robots.state import DISCARD, EVENT, OVER, PLAY
from game.scenes.handover import HandoverScene
from game.scenes.two_robots.match import MatchScene
from tests.scenes.clicker import click


def card_point(rect: pygame.Rect) -> tuple[int, int]:
    """A point of a hand card that the next card of the fan never covers."""
    return rect.x + 8, rect.centery


def button(match: MatchScene, prefix: str) -> pygame.Rect | None:
    for b in match.buttons:
        if b.label.startswith(prefix) and b.enabled:
            return b.rect
    return None


def press(app: App, match: MatchScene, prefix: str) -> None:
    rect = button(match, prefix)
    assert rect is not None, f"no enabled {prefix!r} button: {[b.label for b in match.buttons]}"
    click(app, rect.center)


def pick_parts(app: App, match: MatchScene, confirm: str) -> None:
    """Click lit Parts (lowest card first) until the confirm button is enabled."""
    while button(match, confirm) is None:
        assert match.marks.parts, "no Part left to pick"
        part = min(match.marks.parts)
        click(app, match.spots.parts[part].center)
    press(app, match, confirm)


def act(app: App, attack: bool = True) -> str:
    """Make the current human decision by clicking; returns what was done. Builds
    Parts first, plays an Attack card when ``attack`` and no Part fits, deploys or
    flips a Power when it can, and takes the first option of any other prompt."""
    top = app.scenes.top
    if isinstance(top, HandoverScene):
        click(app, (960, 540))
        return "handover"
    assert isinstance(top, MatchScene), type(top)
    view = top.current_view()
    if view.step == OVER:
        return "final"
    if not top.options():
        app.frame()
        return "wait"
    cat = view.catalogue
    if view.step == PLAY:
        lit = sorted(top.marks.cards)
        parts = [c for c in lit if cat.cards[c].kind == "part"]
        others = [c for c in lit if cat.cards[c].kind != "part"
                  and (attack or cat.cards[c].kind != "attack")]
        card = (parts or others or [None])[0]
        if card is None:
            press(app, top, "End the Play Phase")
            return "end play"
        click(app, card_point(top.spots.hand[card]))
        assert top.card == card
        if cat.cards[card].effect == "destroy":
            pick_parts(app, top, "Wreck these")
            return "destroy"
        if cat.cards[card].effect == "steal":
            click(app, top.spots.parts[min(top.marks.parts)].center)
        if top.marks.stacks:
            click(app, top.spots.stacks[min(top.marks.stacks)].center)
            return cat.cards[card].kind if cat.cards[card].kind == "part" else "target"
        press(app, top, "Play ")
        return "card"
    if view.step == EVENT:
        if button(top, "Deploy a robot"):
            press(app, top, "Deploy a robot")
            pick_parts(app, top, "Deploy")
            return "deploy"
        if button(top, "Use "):
            press(app, top, "Use ")
            pick_parts(app, top, "Flip ")
            return "power"
        press(app, top, "Skip the Event")
        return "skip event"
    if view.step == DISCARD:
        for card in sorted(top.marks.cards):
            if button(top, "Discard these"):
                break
            click(app, card_point(top.spots.hand[card]))
        press(app, top, "Discard these")
        return view.step
    click(app, top.buttons[0].rect.center)
    return view.step
