"""Positions and moves for the Blastbots rules tests, by colour and card name."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from game.rules.blastbots import engine
from game.rules.blastbots.catalogue import Catalogue
from game.rules.blastbots.position import ACT, Board, Pile, build
from game.rules.blastbots.state import State
from game.rules.core.actions import Action, Event
from game.rules.core.data import bundled_cards_path
from game.rules.core.errors import RuleError
from game.rules.core.registry import bundled_catalogue, load_catalogues

BLUE, ORANGE, PURPLE, RED = 0, 1, 2, 3
"""Seats of a table built by ``table`` with the colours in seat order."""


def cat() -> Catalogue:
    return bundled_catalogue("blastbots")


def renumbered(folder: Path, old: str, new: str) -> Catalogue:
    """The bundled catalogue with one card's numbers changed (``old`` to ``new`` in its
    cards.yaml text): cards.yaml may give an option any number from 1 to 5, and some
    rules only show their working with a number above the bundled one."""
    text = bundled_cards_path().read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = folder / "cards.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_catalogues(path)["blastbots"]


def card(name: str) -> int:
    found = cat().card_named(name)
    assert found is not None, name
    return found.index


def cards(*names: str) -> list[int]:
    return [card(n) for n in names]


def table(players: tuple[str, ...] = ("blue", "orange"), roller: str | None = None,
          step: str = ACT, decks: dict[str, Any] | None = None,
          discards: dict[str, dict[str, Any]] | None = None,
          catalogue: Catalogue | None = None, **boards: dict[str, Any]) -> State:
    """A position: each keyword a colour's board, hands and piles by card name (the
    bundled catalogue's unless ``catalogue`` is given; it numbers cards alike)."""
    made = {}
    for colour, raw in boards.items():
        raw = dict(raw)
        if "hand" in raw:
            raw["hand"] = cards(*raw["hand"])
        made[colour] = Board(**raw)
    piles = {deck: Pile(cards(*raw.get("before", ())), cards(*raw.get("this_turn", ())),
                        raw.get("marked", 0)) for deck, raw in (discards or {}).items()}
    written = {deck: (cards(*given) if isinstance(given, list) else given)
               for deck, given in (decks or {}).items()}
    return build(catalogue or cat(), players, made, roller=roller, decks=written, discards=piles,
                 step=step)


def do(state: State, *actions: Action) -> list[Event]:
    """Apply the actions in order; all the events."""
    events: list[Event] = []
    for action in actions:
        events += engine.apply(state, action)
    return events


def names(hand: list[int]) -> list[str]:
    return sorted(cat().cards[c].name for c in hand)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def legal(state: State) -> list[Action]:
    return engine.legal_actions(state, engine.to_act(state)[0])


def refused(state: State, action: Action, reason: str) -> None:
    """``action`` is refused with exactly ``reason``, and the state is as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as err:
        engine.apply(state, action)
    assert str(err.value) == reason
    assert state == before
