"""Positions and moves for the Two Robots rules tests, by card and Salvager name."""

from __future__ import annotations

from typing import Any

from game.rules.core.registry import bundled_catalogue
from game.rules.two_robots import engine
from game.rules.two_robots.catalogue import Catalogue
from game.rules.two_robots.position import build
from game.rules.two_robots.state import State


def cat() -> Catalogue:
    return bundled_catalogue("two_robots")


def table(players: dict[str, dict[str, Any]], active: str, **kw: Any) -> State:
    return build(cat(), players, active, **kw)


def card(state: State, seat: int, name: str) -> int:
    """The index of a card called ``name`` in ``seat``'s hand."""
    wanted = cat().card_named(name)
    assert wanted is not None, name
    return next(c for c in state.players[seat].hand if state.catalogue.cards[c].id == wanted.id)


def part(name: str) -> int:
    found = cat().card_named(name)
    assert found is not None and found.kind == "part", name
    return found.index


def names(cards: list[int]) -> list[str]:
    return [cat().cards[c].name for c in cards]


def act(state: State, *actions: Any) -> State:
    for action in actions:
        engine.apply(state, action)
    return state


def counted(state: State) -> int:
    """Every Action card: deck, discard, table, hands, Factories and Ice Blasts."""
    total = len(state.deck) + len(state.discard) + len(state.table)
    for p in state.players:
        total += len(p.hand) + len(p.parts()) + sum(1 for ice in p.ice if ice >= 0)
    return total
