"""Reading a Two Robots scenario file's position: every format fault is a DataError
with file, line and key path; a good position becomes a State by ``position.build``."""

from __future__ import annotations

from typing import Any

from game.rules.core.data import Checker, Doc, PathKey, show
from game.rules.two_robots.catalogue import Catalogue
from game.rules.two_robots.position import build, power_slot, salvager_rank
from game.rules.two_robots.state import State

PLAYER_KEYS = ("factory", "hand", "powers", "reserve", "out")


class Reader:
    """The format checks, each fault located in the file."""

    def __init__(self, doc: Doc, cat: Catalogue) -> None:
        self.check = Checker(doc)
        self.cat = cat
        self.seated: list[str] = []

    def fail(self, path: PathKey, reason: str) -> Exception:
        return self.check.fail(path, reason)

    def card(self, raw: Any, path: PathKey, part: bool = False) -> int:
        name = self.check.text(raw, path)
        card = self.cat.card_named(name)
        if card is None:
            raise self.fail(path, f"there is no card called {show(name)}")
        if part and card.kind != "part":
            raise self.fail(path, f"{name} is not a Part")
        return card.index

    def salvager(self, raw: Any, path: PathKey) -> str:
        """A Salvager seated in this position, by its spelling in ``players``."""
        name = self.check.text(raw, path)
        for seated in self.seated:
            if seated.lower() == name.lower():
                return seated
        try:
            salvager_rank(self.cat, name)
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None
        raise self.fail(path, f"{name} is not at the table")

    def cards(self, raw: Any, path: PathKey, part: bool = False) -> list[int]:
        return [self.card(c, (*path, i), part) for i, c in enumerate(self.check.seq(raw, path))]


def position(read: Reader, data: dict[str, Any]) -> State:
    check = read.check
    players_raw = check.mapping(data["players"], ("players",))
    players: dict[str, dict[str, Any]] = {}
    for raw_name, raw in players_raw.items():
        path: PathKey = ("players", str(raw_name))
        try:
            salvager_rank(read.cat, str(raw_name))
        except ValueError as exc:
            raise check.fail(path, str(exc)) from None
        raw = check.mapping(raw if raw is not None else {}, path, allowed=PLAYER_KEYS)
        if "out" in raw and (not check.boolean(raw["out"], (*path, "out")) or len(raw) > 1):
            raise check.fail((*path, "out"), "an out player is written {out: true} alone")
        spec: dict[str, Any] = dict(raw)
        if "factory" in raw:
            for i, stack in enumerate(check.seq(raw["factory"], (*path, "factory"))):
                where = (*path, "factory", i)
                if isinstance(stack, dict):
                    stack = check.mapping(stack, where, allowed=("frozen",), required=("cards",))
                    check.boolean(stack.get("frozen", False), (*where, "frozen"))
                    read.cards(stack["cards"], (*where, "cards"), part=True)
                else:
                    read.cards(stack, where, part=True)
        if "hand" in raw:
            read.cards(raw["hand"], (*path, "hand"))
        if "reserve" in raw:
            check.integer(raw["reserve"], (*path, "reserve"), 0, 2)
        if "powers" in raw:
            powers = check.mapping(raw["powers"], (*path, "powers"),
                                   allowed=("unflipped", "flipped"))
            for key, names in powers.items():
                for i, power in enumerate(check.seq(names, (*path, "powers", key))):
                    try:
                        power_slot(read.cat, salvager_rank(read.cat, str(raw_name)),
                                   check.text(power, (*path, "powers", key, i)))
                    except ValueError as exc:
                        raise check.fail((*path, "powers", key, i), str(exc)) from None
        players[str(raw_name)] = spec
    read.seated = list(players)
    active = read.salvager(data["active"], ("active",))
    plays = check.integer(data.get("plays_used", 0), ("plays_used",), 0, 5)
    deck = check.integer(data.get("deck", 40), ("deck",), 0, 100)
    discard = data.get("discard", 0)
    if isinstance(discard, list):
        read.cards(discard, ("discard",))
    else:
        check.integer(discard, ("discard",), 0, 100)
    try:
        return build(read.cat, players, active, plays, deck, discard)
    except ValueError as exc:
        raise check.fail(("players",), str(exc)) from None
