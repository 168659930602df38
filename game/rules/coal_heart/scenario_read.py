"""Reading a Coal Heart scenario file's table (../shared/coal-heart/SCENARIOS.md) into
a State, with every fault of the format as one located DataError."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.coal_heart.catalogue import ROBOTS, Catalogue
from game.rules.coal_heart.setup import new_seat
from game.rules.coal_heart.state import SELECT, State
from game.rules.coal_heart.vocabulary import COLOURS, GEAR, HEXES, SLOTS
from game.rules.core.data import Checker, Doc, PathKey, show
from game.rules.core.rng import Rng

SEAT_KEYS = ("robot", "hp", "cubes", "built", "gear", "plain")


class Reader:
    """Typed reading with the file's seat names."""

    def __init__(self, doc: Doc, cat: Catalogue) -> None:
        self.check = Checker(doc)
        self.cat = cat
        self.names: list[str] = []

    def fail(self, path: PathKey, reason: str) -> Exception:
        return self.check.fail(path, reason)

    def seat(self, value: Any, path: PathKey) -> int:
        if not isinstance(value, str) or value not in self.names:
            raise self.fail(path, f"{show(value)} is not a seat of this table "
                                  f"({', '.join(self.names)})")
        return self.names.index(value)

    def seat_or_none(self, value: Any, path: PathKey) -> int:
        return -1 if value == "none" else self.seat(value, path)

    def colour(self, value: Any, path: PathKey) -> str:
        return self.check.choice(value, path, COLOURS)

    def counts(self, value: Any, path: PathKey) -> list[int]:
        table = self.check.mapping(value, path, allowed=COLOURS)
        return [self.check.integer(table.get(c, 0), (*path, c), 0, self.cat.cubes)
                for c in COLOURS]

    def ids(self, value: Any, path: PathKey, allowed: tuple[str, ...]) -> list[str]:
        return [self.check.choice(v, (*path, i), allowed)
                for i, v in enumerate(self.check.seq(value, path))]

    def gear(self, value: Any, path: PathKey) -> list[str]:
        return self.ids(value, path, GEAR)

    def slots(self, value: Any, path: PathKey) -> list[str]:
        slots = self.ids(value, path, SLOTS)
        for i, slot in enumerate(slots):
            if slot in slots[:i]:
                raise self.fail((*path, i), f"{slot} is listed twice")
        return slots

    def hex(self, value: Any, path: PathKey) -> str:
        return self.check.choice(value, path, HEXES)


def table(read: Reader, data: dict[str, Any]) -> State:
    """The position the file describes, ready for the Active Player's selection."""
    check, cat = read.check, read.cat
    seats_raw = check.mapping(data["seats"], ("seats",))
    read.names = [str(k) for k in seats_raw]
    if not 3 <= len(read.names) <= 6:
        raise read.fail(("seats",), f"a table has 3 to 6 seats, not {len(read.names)}")
    state = State(cat, len(read.names), "standard", Rng(0))
    robots: set[str] = set()
    for name, raw in seats_raw.items():
        where: PathKey = ("seats", str(name))
        raw = check.mapping(raw, where, allowed=SEAT_KEYS, required=("robot",))
        robot = check.choice(raw["robot"], (*where, "robot"), ROBOTS)
        if robot in robots:
            raise read.fail((*where, "robot"), f"{robot} sits at the table twice")
        robots.add(robot)
        seat = new_seat(state, robot)
        seat.hp = check.integer(raw.get("hp", cat.hp), (*where, "hp"), 0, cat.hp)
        seat.cubes = read.counts(raw.get("cubes", {}), (*where, "cubes"))
        built = read.slots(raw.get("built", []), (*where, "built"))
        seat.built = [s for s in SLOTS if s in built]
        seat.gear = sorted(read.gear(raw.get("gear", []), (*where, "gear")))
        seat.plain = check.boolean(raw.get("plain", False), (*where, "plain"))
        state.seats.append(seat)
    state.heart = read.seat_or_none(data.get("heart", "none"), ("heart",))
    state.quarry = read.counts(data.get("quarry", {}), ("quarry",))
    state.row = read.gear(data.get("gear_row", []), ("gear_row",))
    state.deck = read.gear(data.get("gear_deck", []), ("gear_deck",))
    state.discard = read.gear(data.get("gear_discard", []), ("gear_discard",))
    held = [sum(s.cubes[i] for s in state.seats) + state.quarry[i] for i in range(4)]
    if "supply" in data:
        state.supply = read.counts(data["supply"], ("supply",))
    else:
        state.supply = [max(0, cat.cubes - h) for h in held]
    for i, colour in enumerate(COLOURS):
        if held[i] + state.supply[i] > cat.cubes:
            raise read.fail(("supply",) if "supply" in data else ("seats",),
                            f"the file lists {held[i] + state.supply[i]} {colour} cubes; "
                            f"the game has {cat.cubes}")
    cards = Counter(state.row + state.deck + state.discard)
    for seat in state.seats:
        cards.update(seat.gear)
    for card, count in cards.items():
        if count > cat.gear[card].copies:
            raise read.fail(("seats",), f"the file lists {count} {card} cards; the game "
                                        f"has {cat.gear[card].copies}")
    state.gained = [0] * state.n
    state.dealt = [0] * state.n
    state.dealt4 = [False] * state.n
    state.capped = [[0] * state.n for _ in range(state.n)]
    state.stage = SELECT
    return state
