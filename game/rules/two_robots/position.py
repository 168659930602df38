"""Build a State from a described position (tests and the scenario runner).

A position names the Salvagers at the table and, for each, the Stacks (bottom card
first, frozen or not), hand, Powers and Reserve, plus whose turn it is and the deck and
discard pile. Card names are as in RULES-DECISIONS.md (``HEAD CE``, ``Power Surge``);
copies are taken in catalogue order and a frozen Stack uses an Ice Blast. Anything
impossible raises ValueError with one plain sentence; the caller adds where it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.rules.core.rng import Rng
from game.rules.two_robots import factory
from game.rules.two_robots.catalogue import Catalogue
from game.rules.two_robots.state import EVENT, FLIPPED, GONE, PLAY, UNFLIPPED, Player, State


class Cards:
    """Hands out catalogue indices by name, each physical card once."""

    def __init__(self, cat: Catalogue) -> None:
        self.cat = cat
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        card = self.cat.card_named(name)
        if card is None:
            raise ValueError(f"there is no card called {name!r}")
        for c in self.cat.cards[card.index:]:
            if c.id == card.id and c.index not in self.used:
                self.used.add(c.index)
                return c.index
        what = "is used twice" if card.kind == "part" else "has more copies than exist"
        raise ValueError(f"{name} {what}")


def salvager_rank(cat: Catalogue, name: str) -> int:
    for s in cat.salvagers:
        if name.lower() in (s.id, s.name.lower()):
            return s.rank
    raise ValueError(f"there is no Salvager called {name!r}")


def power_slot(cat: Catalogue, rank: int, name: str) -> int:
    for k, p in enumerate(cat.salvagers[rank].powers):
        if name.lower() in (p.id, p.name.lower()):
            return k
    raise ValueError(f"{name!r} is not a Power of {cat.salvagers[rank].name}")


def _player(cat: Catalogue, cards: Cards, seat: int, rank: int,
            spec: Mapping[str, Any]) -> Player:
    me = Player(seat, rank, reserve=cat.salvagers[rank].reserve)
    if spec.get("out"):
        me.out = True
        me.powers = [GONE] * 3
        me.reserve = 0
        return me
    for stack in spec.get("factory", ()):
        frozen = isinstance(stack, Mapping) and bool(stack.get("frozen"))
        names = stack["cards"] if isinstance(stack, Mapping) else stack
        if not names:
            raise ValueError("a Stack holds at least one Part")
        parts = [cards.take(n) for n in names]
        if any(cat.cards[c].kind != "part" for c in parts):
            raise ValueError("only Parts go in a Factory")
        me.stacks.append(parts)
        me.ice.append(cards.take("Ice Blast") if frozen else -1)
    if factory.possible(factory.candidates(cat, me.stacks)) is None:
        raise ValueError(f"{cat.salvagers[rank].name}'s Stacks cannot take different Energies")
    me.hand = [cards.take(n) for n in spec.get("hand", ())]
    powers = spec.get("powers")
    if powers is not None:
        me.powers = [GONE] * 3
        for state, key in ((UNFLIPPED, "unflipped"), (FLIPPED, "flipped")):
            for name in powers.get(key, ()):
                slot = power_slot(cat, rank, name)
                if me.powers[slot] != GONE:
                    raise ValueError(f"the Power {name} is listed twice")
                me.powers[slot] = state
    me.reserve = spec.get("reserve", me.reserve)
    if me.health < 1:
        raise ValueError(f"{cat.salvagers[rank].name} has no health card but is not out")
    return me


def build(cat: Catalogue, players: Mapping[str, Mapping[str, Any]], active: str,
          plays_used: int = 0, deck: int = 40, discard: int | Sequence[str] = 0,
          event: bool = False, seed: int = 0) -> State:
    """The position as a match state, in the active player's Play Phase (or Event
    Phase with ``event``). Unnamed deck and discard cards are the unplaced ones."""
    if not 2 <= len(players) <= 4:
        raise ValueError("a position seats 2 to 4 Salvagers")
    ranks = sorted((salvager_rank(cat, name), name) for name in players)
    if len({r for r, _ in ranks}) != len(ranks):
        raise ValueError("a Salvager is seated twice")
    cards = Cards(cat)
    seats = [_player(cat, cards, seat, rank, players[name])
             for seat, (rank, name) in enumerate(ranks)]
    rng = Rng(seed)
    state = State(cat, seats, rng, cat.pile(len(seats)))
    if not isinstance(discard, int):
        state.discard = [cards.take(n) for n in discard]
    spare = [c.index for c in cat.cards if c.index not in cards.used]
    rng.shuffle(spare)
    wanted = deck + (discard if isinstance(discard, int) else 0)
    if wanted > len(spare):
        raise ValueError(f"only {len(spare)} cards are left for the deck and discard pile")
    state.deck = spare[:deck]
    if isinstance(discard, int):
        state.discard = spare[deck:deck + discard]
    names = {name.lower(): seat for seat, (_, name) in enumerate(ranks)}
    if active.lower() not in names:
        raise ValueError(f"{active} is not at the table")
    state.active = names[active.lower()]
    if state.players[state.active].out:
        raise ValueError(f"{active} is out and cannot be the active player")
    state.plays = plays_used
    state.event_damage = [0] * len(seats)
    state.step = EVENT if event else PLAY
    return state
