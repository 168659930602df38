"""Rendered images live only as long as the pygame session that made them; modules
that cache fonts or surfaces register a clear function here, and the app calls
``forget_all`` whenever it (re)starts pygame."""

from __future__ import annotations

from collections.abc import Callable

_CLEARERS: list[Callable[[], None]] = []


def register(clear: Callable[[], None]) -> None:
    _CLEARERS.append(clear)


def forget_all() -> None:
    for clear in _CLEARERS:
        clear()
