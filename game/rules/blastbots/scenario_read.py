"""Reading a Blastbots scenario file's position (../shared/blastbots/SCENARIOS.md): every
format fault is a DataError with file, line and key path; a good position becomes a
State by ``position.build``."""

from __future__ import annotations

from typing import Any

from game.rules.blastbots.board import COLOURS, PAD_MAX, TOTEM_START, WIN
from game.rules.blastbots.catalogue import DECKS, Catalogue
from game.rules.blastbots.position import Board, Pile, PositionError, build
from game.rules.blastbots.state import State
from game.rules.core.data import Checker, Doc, PathKey, show
from game.rules.core.errors import DataError

BOARD_KEYS = ("totem", "launchpad", "atmosphere", "space", "factory", "junkyard", "hand",
              "tokens", "cut", "assembly")
PILE_KEYS = ("before", "this_turn", "marked")
MAX_CUTS = 99
MAX_DECK = 64


class Reader:
    """The format checks of one file, each fault located in it."""

    def __init__(self, doc: Doc, cat: Catalogue) -> None:
        self.check = Checker(doc)
        self.cat = cat
        self.players: list[str] = []

    def fail(self, path: PathKey, reason: str) -> DataError:
        return self.check.fail(path, reason)

    def card(self, raw: Any, path: PathKey) -> int:
        name = self.check.text(raw, path)
        card = self.cat.card_named(name)
        if card is None:
            raise self.fail(path, f"there is no card called {show(name)}")
        return card.index

    def cards(self, raw: Any, path: PathKey) -> list[int]:
        return [self.card(c, (*path, i)) for i, c in enumerate(self.check.seq(raw, path))]

    def colour(self, raw: Any, path: PathKey) -> str:
        """A colour playing in this position."""
        if not isinstance(raw, str) or raw not in COLOURS:
            raise self.fail(path, f"expected a colour ({', '.join(COLOURS)}), found {show(raw)}")
        if raw not in self.players:
            raise self.fail(path, f"{raw} is not playing")
        return raw

    def seat(self, raw: Any, path: PathKey) -> int:
        return self.players.index(self.colour(raw, path))

    def deck(self, raw: Any, path: PathKey) -> str:
        return self.check.choice(raw, path, DECKS)

    def by_colour(self, raw: Any, path: PathKey) -> dict[str, Any]:
        """A mapping keyed by playing colours."""
        table = self.check.mapping(raw, path)
        for key in table:
            self.colour(key, (*path, str(key)))
        return table

    def tokens(self, raw: Any, path: PathKey) -> dict[str, list[int]]:
        """A placement written by section (a left-out section holds no token)."""
        table = self.check.mapping(raw, path, allowed=DECKS)
        out: dict[str, list[int]] = {}
        for deck, numbers in table.items():
            out[deck] = [self.check.integer(n, (*path, deck, i), 2, 12)
                         for i, n in enumerate(self.check.seq(
                             [] if numbers is None else numbers, (*path, deck)))]
        return out


def players(read: Reader, data: dict[str, Any]) -> list[str]:
    check = read.check
    raw = check.seq(data["players"], ("players",))
    if not 2 <= len(raw) <= len(COLOURS):
        raise read.fail(("players",), f"a table has 2 to {len(COLOURS)} players, "
                                      f"not {len(raw)}")
    seen: list[str] = []
    for i, colour in enumerate(raw):
        if not isinstance(colour, str) or colour not in COLOURS:
            raise read.fail(("players", i), f"expected a colour ({', '.join(COLOURS)}), "
                                            f"found {show(colour)}")
        if colour in seen:
            raise read.fail(("players", i), f"{colour} is listed twice")
        seen.append(colour)
    read.players = seen
    return seen


def _board(read: Reader, colour: str, raw: Any, path: PathKey) -> Board:
    check = read.check
    raw = check.mapping({} if raw is None else raw, path, allowed=BOARD_KEYS)
    board = Board()
    if "totem" in raw:
        board.totem = check.integer(raw["totem"], (*path, "totem"), 1, TOTEM_START)
    for key, most in (("launchpad", PAD_MAX), ("atmosphere", 25), ("space", WIN - 1),
                      ("factory", 25)):
        if key in raw:
            setattr(board, key, check.integer(raw[key], (*path, key), 0, most))
    if "junkyard" in raw:
        junk = read.by_colour(raw["junkyard"], (*path, "junkyard"))
        board.junkyard = {c: check.integer(n, (*path, "junkyard", c), 0, WIN - 1)
                          for c, n in junk.items()}
        if sum(board.junkyard.values()) >= WIN:
            raise read.fail((*path, "junkyard"), f"a Junkyard holds at most {WIN - 1} "
                                                 f"rockets in a position")
    if "hand" in raw:
        board.hand = read.cards(raw["hand"], (*path, "hand"))
    if "tokens" in raw:
        board.tokens = read.tokens(raw["tokens"], (*path, "tokens"))
    if "cut" in raw:
        board.cut = check.integer(raw["cut"], (*path, "cut"), 0, MAX_CUTS)
    if "assembly" in raw:
        board.assembly = [read.colour(t, (*path, "assembly", i))
                          for i, t in enumerate(check.seq(raw["assembly"], (*path, "assembly")))]
        for i, target in enumerate(board.assembly):
            if target == colour:
                raise read.fail((*path, "assembly", i), "Some Assembly Required targets "
                                                        "another player")
    return board


def position(read: Reader, data: dict[str, Any], step: str, need_tokens: bool) -> State:
    """The State a file describes; ``step`` is ``roll`` or ``act``."""
    check = read.check
    seated = players(read, data)
    roller = read.colour(data["roller"], ("roller",)) if "roller" in data else seated[0]
    boards_raw = read.by_colour(data.get("board", {}), ("board",))
    boards = {c: _board(read, c, raw, ("board", c)) for c, raw in boards_raw.items()}
    if need_tokens:
        for colour in seated:
            if "tokens" not in (boards_raw.get(colour) or {}):
                raise read.fail(("board", colour) if colour in boards_raw else ("board",),
                                f"a roll check needs the tokens of every player ({colour})")
    decks: dict[str, int | list[int]] = {}
    for deck, given in check.mapping(data.get("decks", {}), ("decks",), allowed=DECKS).items():
        decks[deck] = (read.cards(given, ("decks", deck)) if isinstance(given, list)
                       else check.integer(given, ("decks", deck), 0, MAX_DECK))
        if isinstance(given, list):
            for i, card in enumerate(decks[deck]):  # type: ignore[union-attr]
                if DECKS[read.cat.cards[card].deck] != deck:
                    raise read.fail(("decks", deck, i), f"{read.cat.cards[card].name} is not "
                                                        f"a {deck} card")
    piles: dict[str, Pile] = {}
    for deck, raw in check.mapping(data.get("discards", {}), ("discards",),
                                   allowed=DECKS).items():
        where: PathKey = ("discards", deck)
        raw = check.mapping(raw, where, allowed=PILE_KEYS)
        pile = Pile(read.cards(raw.get("before", []), (*where, "before")),
                    read.cards(raw.get("this_turn", []), (*where, "this_turn")),
                    check.integer(raw.get("marked", 0), (*where, "marked"), 0, MAX_DECK))
        for key in ("before", "this_turn"):
            for i, card in enumerate(getattr(pile, key)):
                if DECKS[read.cat.cards[card].deck] != deck:
                    raise read.fail((*where, key, i), f"{read.cat.cards[card].name} is not "
                                                      f"a {deck} card")
        piles[deck] = pile
    actions_left = check.integer(data.get("actions_left", 5), ("actions_left",), 0, 5)
    start = data.get("turn_start_totem")
    if start is not None:
        start = check.integer(start, ("turn_start_totem",), 1, TOTEM_START)
    try:
        return build(read.cat, seated, boards, roller=roller, decks=decks, discards=piles,
                     actions_left=actions_left, turn_start_totem=start, step=step)
    except PositionError as exc:
        raise read.fail(exc.path, exc.reason) from None
