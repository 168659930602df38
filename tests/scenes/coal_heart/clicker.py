"""Plays Coal Heart through the client the way a person would: by posting clicks at what
the match screen lights up (hexes, cubes, Gear cards, robots, part slots) and at its
buttons. Used by the scene tests."""

from __future__ import annotations

import random

from game.app import App
from game.scenes.coal_heart.match import MatchScene
from game.scenes.coal_heart.prompt import Picks
from game.scenes.handover import HandoverScene
from tests.scenes.clicker import click

BACK = ("Choose another part", "Choose another robot", "Choose another slot")


def point(match: MatchScene, key: tuple[object, ...]) -> tuple[int, int]:
    """A point that hits ``key`` on screen and nothing lit above it."""
    rect = match.spots.rect(key)
    assert rect is not None, f"{key} is lit but was not drawn"
    if key[0] == "mat":
        return rect.x + 30, rect.y + 8   # the name band: no slot lies there
    return rect.center


def choices(match: MatchScene) -> list[tuple[str, object]]:
    """What may be clicked now that goes forward: lit things and buttons, less those
    that only take back the first click."""
    lit = [("key", key) for key, choice in match.prompt.lit.items()
           if not (isinstance(choice, Picks) and choice == match.picks)]
    buttons = [("button", b) for b in match.buttons if b.enabled and b.label not in BACK]
    return lit + buttons


def act(app: App, rng: random.Random, ending: float = 0.3) -> str:
    """Make (part of) the current human decision by one click, chosen at random among
    what the screen offers; ending a Turn is clicked with chance ``ending`` when there
    is something else to do. Returns what was done."""
    app.frame()
    top = app.scenes.top
    if isinstance(top, HandoverScene):
        click(app, (960, 540))
        return "handover"
    assert isinstance(top, MatchScene), type(top)
    match = top
    if match.session.is_over():
        return "final"
    if not match.options():
        return "wait"
    offered = choices(match)
    assert offered, f"nothing to click for {match.prompt.heading!r}"
    ends = [c for c in offered if c[0] == "button" and c[1].label == "End your Turn"]
    rest = [c for c in offered if c not in ends]
    if ends and rest and rng.random() >= ending:
        offered = rest
    how, what = offered[rng.randrange(len(offered))]
    if how == "key":
        click(app, point(match, what))  # type: ignore[arg-type]
        return f"table:{what[0]}"  # type: ignore[index]
    click(app, what.rect.center)  # type: ignore[attr-defined]
    return "button"
