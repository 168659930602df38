"""The game registry: what games exist, their player counts, variants and rules.

Each rules package describes itself with a ``GameSpec`` and a ``Rules`` object; the
CLI, the client and the simulator reach a game only through this registry.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from game.rules.core.actions import Action, ActionCodec, Event
from game.rules.core.data import bundled_cards_path, read_yaml_file


class Rules(Protocol):
    """What every rules package provides. ``state`` is the game's own state type."""

    version: str
    codec: ActionCodec

    def load_catalogue(self, section: Any, doc: Any, path: tuple[str, ...]) -> Any: ...

    def new_state(self, catalogue: Any, players: int, variant: str, seed: int,
                  **options: str) -> Any: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Validate fully, then change ``state``; RuleError leaves it untouched. The
        action has passed ``codec.check`` (Match.play) or came from ``legal_actions``."""
        ...

    def view(self, state: Any, seat: int) -> Any: ...

    def redact(self, event: Event, seat: int) -> Event | None:
        """What ``seat`` may know of ``event`` (None: nothing at all), hiding what its
        view hides. The session keeps each seat's history through this, so no screen
        filters privacy itself (boardgame.io filters its log the same way)."""
        ...

    def vary_secrets(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of ``state`` with what the rules keep from ``seat`` changed at random,
        still playable: the conformance suite checks that ``seat``'s view and redacted
        events cannot tell the two apart. Written from the rulebook, not from ``view``."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> list[int]: ...


@dataclass(frozen=True)
class GameSpec:
    """A game's identity card in the registry."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    variants: tuple[str, ...]
    data_section: str
    rules_module: str
    playable: bool = True
    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Table options, each with its allowed values; the first value is the default."""
    screenshots: tuple[str, ...] = ()
    """Positions ``botyard screenshot --game ID --scene NAME`` can set up and draw."""

    def check_options(self, options: dict[str, str]) -> str | None:
        """Why these options are not valid for this game, or None when they are."""
        allowed = dict(self.options)
        for key, value in options.items():
            if key not in allowed:
                return f"{self.title} has no {key!r} option"
            if value not in allowed[key]:
                return f"the {key} option is one of {', '.join(allowed[key])}"
        return None

    @property
    def rules(self) -> Rules:
        return import_module(self.rules_module).RULES


GAMES: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        GameSpec(
            id="goblins",
            title="Goblins, Inc.",
            player_counts=(2, 3, 4),
            variants=("standard", "full", "party"),
            data_section="goblins",
            rules_module="game.rules.goblins.engine",
            options=(("dice", ("rules", "table")),),
            screenshots=("teamup", "build", "combat", "score"),
        ),
    )
}


def get_game(game_id: str) -> GameSpec:
    """The spec for ``game_id``; KeyError with the known ids if it is not registered."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def games() -> Sequence[GameSpec]:
    return list(GAMES.values())


def load_catalogues(path: str | Path | None = None) -> dict[str, Any]:
    """Validate every registered game's section of a cards file (the bundled one by
    default) and return the catalogues by game id; DataError on the first fault."""
    data, doc = read_yaml_file(path or bundled_cards_path())
    if not isinstance(data, dict):
        raise doc.error((), "expected a mapping with one section per game")
    catalogues = {}
    for spec in GAMES.values():
        if spec.data_section not in data:
            raise doc.error((), f"the {spec.data_section!r} section is missing")
        catalogues[spec.id] = spec.rules.load_catalogue(
            data[spec.data_section], doc, (spec.data_section,))
    return catalogues


@cache
def bundled_catalogue(game_id: str) -> Any:
    """The catalogue from the cards.yaml shipped with botyard, loaded once."""
    return load_catalogues()[get_game(game_id).id]
