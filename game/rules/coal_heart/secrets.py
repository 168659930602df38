"""What each seat may know. Everything on the table is open (cubes, Gear held, parts,
the Quarry, the Supply's counts); hidden from every seat are the Gear deck's order and
the order cubes will come out of the bag, which is the match RNG's state."""

from __future__ import annotations

import random
from dataclasses import replace

from game.rules.coal_heart.events import Cubes, Reshuffled
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import BAG
from game.rules.core.actions import Event
from game.rules.core.rng import Rng

HIDDEN = "?"


def view(state: State, seat: int) -> State:
    """The state as ``seat`` sees it: the deck face down, no RNG (so it cannot be
    played on)."""
    seen = state.clone()
    seen.viewer = seat
    seen.rng = None
    seen.deck = [HIDDEN] * len(state.deck)
    return seen


def redact(event: Event, seat: int) -> Event:
    """A reshuffled deck's new order is nobody's to know, nor the order cubes come out
    of the bag: a random draw is told as a cube of some colour (the mat shows which)."""
    if isinstance(event, Reshuffled):
        return replace(event, order=())
    if isinstance(event, Cubes) and event.source == BAG:
        return replace(event, colours=HIDDEN * len(event.colours))
    return event


def vary_secrets(state: State, seat: int, rng: random.Random) -> State:
    """The same table with the Gear deck shuffled again and another bag order."""
    twin = state.clone()
    rng.shuffle(twin.deck)
    if twin.rng is not None:
        twin.rng = Rng(rng.getrandbits(62))
    return twin
