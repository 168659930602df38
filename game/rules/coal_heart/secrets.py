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
    """A reshuffled deck's new order is nobody's to know. Cubes drawn from the bag are
    told in colour, sorted, to the seat that drew them and as so many cubes to the
    others (the mat shows them, never the order they came out in)."""
    if isinstance(event, Reshuffled):
        return replace(event, order=())
    if isinstance(event, Cubes) and event.source == BAG:
        if event.dest != str(seat):
            return replace(event, colours=HIDDEN * len(event.colours))
        return replace(event, colours="".join(sorted(event.colours)))
    return event


def gather_draws(events: list[Event]) -> list[Event]:
    """One move's random draws for each seat as one event (in draw order, which
    ``redact`` hides), where its first draw was: no seat learns the order from the
    position of its events either."""
    drawn: dict[str, list[str]] = {}
    for event in events:
        if isinstance(event, Cubes) and event.source == BAG:
            drawn.setdefault(event.dest, []).append(event.colours)
    out: list[Event] = []
    for event in events:
        if isinstance(event, Cubes) and event.source == BAG:
            if event.dest in drawn:
                out.append(Cubes(BAG, event.dest, "".join(drawn.pop(event.dest))))
            continue
        out.append(event)
    return out


def vary_secrets(state: State, seat: int, rng: random.Random) -> State:
    """The same table with the Gear deck shuffled again and another bag order."""
    twin = state.clone()
    rng.shuffle(twin.deck)
    if twin.rng is not None:
        twin.rng = Rng(rng.getrandbits(62))
    return twin
