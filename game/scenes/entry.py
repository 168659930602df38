"""What a game's client entry module provides (``GameSpec.client_module``): the shared
screens (title, new game, load, rules, screenshot, bench) open a game's scenes only
through it, so they never import a game's scenes package by name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.app import App
    from game.rules.core.registry import GameSpec
    from game.scenes.base import Scene
    from game.session import Session


@dataclass(frozen=True)
class SetupWords:
    """How the new-game screen names a game's variants and options."""

    labels: Mapping[str, str] = field(default_factory=dict)
    """Option key -> the row's label (the key, capitalised, when absent)."""
    values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """``"variant"`` or an option key -> value -> its words (the value when absent)."""

    def label(self, key: str) -> str:
        return self.labels.get(key, key.replace("_", " ").capitalize())

    def describe(self, key: str, value: object) -> str:
        return self.values.get(key, {}).get(str(value), str(value))


class PositionLost(Exception):
    """A bench position is no longer what it was set up to be; the message says why."""


class BenchPosition(Protocol):
    """A position on the app's scene stack that ``botyard bench render`` times."""

    decision: tuple[int, Any]
    """A seat and its view there, which a thinking bot is asked about."""

    def animate(self) -> None:
        """Start the position's animations again once they have played out."""
        ...

    def describe(self) -> str:
        """What is on screen; PositionLost when it is not the position set up."""
        ...


class RulesDiagram(Protocol):
    """A picture on a game's rules page, drawn by code across the page's width."""

    @property
    def height(self) -> int: ...

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...


class ClientEntry(Protocol):
    """A game's scenes, as the shared client reaches them."""

    SETUP: SetupWords

    def match_scene(self, app: App, session: Session) -> Scene:
        """The screen that plays ``session`` (new or loaded)."""
        ...

    def screenshot(self, app: App, name: str, seed: int) -> Scene:
        """Put the screenshot position ``name`` (one of the spec's ``screenshots``),
        dealt from ``seed``, on the app's scene stack; returns the scene on top.
        Needed only by a game that lists screenshots."""
        ...

    def bench_position(self, app: App, seed: int) -> BenchPosition:
        """Put the spec's ``bench_position`` on the app's scene stack. Needed only by
        a game that names one."""
        ...

    def tutorial(self, app: App) -> Scene:
        """A guided first game: a new match (saved like any other) whose screen explains
        each step where it happens. Needed only by a game whose spec sets ``tutorial``."""
        ...

    def rules_diagram(self, name: str) -> RulesDiagram | None:
        """The picture its rules page names with ``[diagram: NAME]``, or None for a name
        it does not know. Needed only by a game whose rules page has pictures."""
        ...


def client(spec: GameSpec) -> ClientEntry:
    """The client entry of ``spec``'s game, typed."""
    entry: ClientEntry = spec.client
    return entry
