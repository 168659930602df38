"""A Blastbots position built from a plain description (scenario files, tests).

Players are listed in turn order, first player first, and become seats 0, 1, ... in
that order (seat ranks are what the rules read, colours only name them). Anything left
out takes the default of SCENARIOS.md; a position need not be reachable in play, but
it must be possible: ``PositionError`` names the faulty key path and why.

The position is the start of the roller's turn (``ROLL``: waiting for the dice, read
in as table dice) or their Stage 3 (``ACT``). Cards a deck is given only as a number
of are filled from that deck's copies left over, in a fixed shuffled order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.rules.blastbots.board import (
    PAD_MAX,
    ROCKETS,
    SPOTS,
    TIER_OF,
    TIER_TOKENS,
    TIERS,
    TOTEM_START,
    WIN,
)
from game.rules.blastbots.catalogue import DECKS, Catalogue
from game.rules.blastbots.state import ACT, STAGE1, State
from game.rules.core.rng import Rng

ROLL = "roll"
DEFAULT_TOKENS = {"battle": [6, 5], "discovery": [8, 9], "rocket": [10]}
DEFAULT_DECK = 20
PathKey = tuple[str | int, ...]


class PositionError(ValueError):
    """An impossible position: ``path`` is the key path of the fault."""

    def __init__(self, path: PathKey, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


@dataclass
class Board:
    """One player's part of a position, as written (card indices, colour names)."""

    totem: int = TOTEM_START
    launchpad: int = 0
    atmosphere: int = 0
    space: int = 0
    factory: int | None = None
    junkyard: dict[str, int] = field(default_factory=dict)
    hand: list[int] = field(default_factory=list)
    tokens: dict[str, list[int]] = field(default_factory=lambda: dict(DEFAULT_TOKENS))
    cut: int = 0
    assembly: list[str] = field(default_factory=list)


@dataclass
class Pile:
    before: list[int] = field(default_factory=list)
    this_turn: list[int] = field(default_factory=list)
    marked: int = 0


def token_codes(tokens: Mapping[str, Sequence[int]], where: PathKey) -> list[int]:
    """Five spot codes in token order (T-1, T-1, T-2, T-2, T-3) from numbers by section."""
    by_tier: list[list[int]] = [[] for _ in TIERS]
    for deck, numbers in tokens.items():
        for i, number in enumerate(numbers):
            name = f"{deck}:{number}"
            if name not in SPOTS:
                raise PositionError((*where, deck, i), f"{number} is not a number of the "
                                                       f"Resource Grid (4, 5, 6, 8, 9, 10)")
            by_tier[TIER_OF[SPOTS[name]]].append(SPOTS[name])
    for tier, codes in enumerate(by_tier):
        if len(codes) != len(TIER_TOKENS[tier]):
            low, high = TIERS[tier]
            raise PositionError(where, f"a player has {len(TIER_TOKENS[tier])} T-{tier + 1} "
                                       f"token(s) on {low} or {high}, not {len(codes)}")
    return [code for codes in by_tier for code in codes]


def build(cat: Catalogue, players: Sequence[str], boards: Mapping[str, Board],
          roller: str | None = None, decks: Mapping[str, int | list[int]] | None = None,
          discards: Mapping[str, Pile] | None = None, actions_left: int = 5,
          turn_start_totem: int | None = None, step: str = ACT, seed: int = 0) -> State:
    """The state of a position (see the module docstring)."""
    n = len(players)
    seat = {colour: s for s, colour in enumerate(players)}
    roller_seat = seat[roller] if roller is not None else 0
    state = State(cat, n, Rng(seed), table_dice=step == ROLL, shuffle_slots=False,
                  totem=[TOTEM_START] * n, factory=[0] * n, pad=[0] * n, atmo=[0] * n,
                  space=[0] * n, junk=[[0] * n for _ in range(n)],
                  tokens=[token_codes(DEFAULT_TOKENS, ()) for _ in range(n)],
                  hands=[[] for _ in range(n)], cuts=[0] * n,
                  assembly=[[] for _ in range(n)], decks=[[] for _ in DECKS],
                  piles=[[] for _ in DECKS], fresh=[[] for _ in DECKS])
    used: Counter[int] = Counter()
    for colour, board in boards.items():
        s = seat[colour]
        where: PathKey = ("board", colour)
        state.totem[s] = board.totem
        state.pad[s], state.atmo[s], state.space[s] = (board.launchpad, board.atmosphere,
                                                        board.space)
        if board.launchpad > PAD_MAX:
            raise PositionError((*where, "launchpad"), f"a Launchpad holds at most {PAD_MAX}")
        if board.space >= WIN:
            raise PositionError((*where, "space"), f"with {WIN} in Space the game is over")
        for held, count in board.junkyard.items():
            if held not in seat:
                raise PositionError((*where, "junkyard", held), f"{held} is not playing")
            state.junk[s][seat[held]] = count
        if sum(state.junk[s]) >= WIN:
            raise PositionError((*where, "junkyard"), f"with {WIN} in a Junkyard the game "
                                                      f"is over")
        state.hands[s] = list(board.hand)
        used.update(board.hand)
        state.tokens[s] = token_codes(board.tokens, (*where, "tokens"))
        state.cuts[s] = board.cut
        for i, target in enumerate(board.assembly):
            if target not in seat or target == colour:
                raise PositionError((*where, "assembly", i), f"{target} is not a rival "
                                                            f"at the table")
            state.assembly[s].append(seat[target])
    for colour, s in seat.items():
        board = boards.get(colour, Board())
        elsewhere = (state.pad[s] + state.atmo[s] + state.space[s]
                     + sum(state.junk[h][s] for h in range(n)))
        factory = ROCKETS - elsewhere if board.factory is None else board.factory
        if factory < 0 or factory + elsewhere != ROCKETS:
            raise PositionError(("board", colour), f"{colour}'s rockets number "
                                                   f"{factory + elsewhere}, not {ROCKETS}")
        state.factory[s] = factory
    _cards(cat, state, used, decks or {}, discards or {})
    state.roller = roller_seat
    state.turns = 1
    state.actions_left = actions_left
    state.turn_start_totem = (state.totem[roller_seat] if turn_start_totem is None
                              else turn_start_totem)
    if step == ROLL:
        # The roller's own Some Assembly Required cards ran out as this turn began.
        state.assembly[roller_seat] = []
        state.phase = STAGE1
        state.stack.append(("roll", roller_seat, None))
    else:
        state.phase = ACT
        state.stack.append(("act", roller_seat))
    return state


def _cards(cat: Catalogue, state: State, used: Counter[int],
           decks: Mapping[str, int | list[int]], discards: Mapping[str, Pile]) -> None:
    """Discard piles, then decks, each card checked against its copies."""
    marked = 0
    for name, pile in discards.items():
        d = DECKS.index(name)
        state.piles[d] = list(pile.before)
        state.fresh[d] = list(pile.this_turn)
        used.update(pile.before + pile.this_turn)
        if pile.marked and name != "discovery":
            raise PositionError(("discards", name, "marked"), "marked Junk-R-Bots lie in "
                                                               "the discovery pile")
        marked += pile.marked
    state.marked = marked
    used[cat.index("junk_r_bot")] += marked
    for name in DECKS:
        given = decks.get(name, DEFAULT_DECK)
        if isinstance(given, list):
            state.decks[DECKS.index(name)] = list(reversed(given))
            used.update(given)
    for card, count in used.items():
        if count > cat.cards[card].copies:
            raise PositionError((), f"the position holds {count} {cat.cards[card].name} "
                                    f"cards; the deck has {cat.cards[card].copies}")
    for name in DECKS:
        given = decks.get(name, DEFAULT_DECK)
        if isinstance(given, list):
            continue
        d = DECKS.index(name)
        pool = sorted((Counter(cat.deck_cards[d]) - used).elements())
        if given > len(pool):
            raise PositionError(("decks", name), f"only {len(pool)} {name} cards are left "
                                                 f"for the deck, not {given}")
        Rng(d).shuffle(pool)
        state.decks[d] = pool[:given]
