"""The card layer any card game's rules share: decks, discard piles, hidden hands,
response windows and players who are out.

Cards are plain ints (a game's indices into its catalogue) held in plain lists, so a
game's state stays cheap to clone and compare. Everything random comes from the match's
``Rng``. Nothing here knows a game's cards or draws anything on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.rules.core.rng import Rng

HIDDEN = -1
"""What a view shows in place of a card its seat may not know."""

RESHUFFLE_WHEN_NEEDED = "when_needed"
"""The whole discard pile becomes the new deck, shuffled, only when a draw needs a card
and the deck is empty; with both empty the draw ends short (Two Robots)."""
NEVER_RESHUFFLE = "never"
"""The discard pile never comes back; an empty deck ends the draw short."""
POLICIES = (RESHUFFLE_WHEN_NEEDED, NEVER_RESHUFFLE)


def new_deck(cards: Iterable[int], rng: Rng) -> list[int]:
    """A shuffled deck; its top card is the last item (so a draw is a cheap pop)."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def draw(deck: list[int], discard: list[int], count: int, rng: Rng,
         policy: str = RESHUFFLE_WHEN_NEEDED) -> tuple[list[int], int]:
    """Take up to ``count`` cards off the top of ``deck`` (both lists change in place).
    Returns the cards drawn, in order, and how many times the discard pile was shuffled
    into a new deck on the way. Fewer cards come back only when no card is left."""
    if policy not in POLICIES:
        raise ValueError(f"unknown reshuffle policy {policy!r}")
    drawn: list[int] = []
    reshuffles = 0
    while len(drawn) < count:
        if not deck:
            if policy == NEVER_RESHUFFLE or not discard:
                break
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
            reshuffles += 1
        drawn.append(deck.pop())
    return drawn, reshuffles


def hide(cards: Sequence[int]) -> list[int]:
    """The same number of cards, every one face down: sizes stay public, faces do not."""
    return [HIDDEN] * len(cards)


def seats_after(seat: int, order: Sequence[int], out: Sequence[bool],
                include_self: bool = False) -> tuple[int, ...]:
    """The seats in turn ``order`` starting after ``seat`` (wrapping), skipping those
    out; ``seat`` itself comes last when ``include_self`` and it is still in."""
    start = order.index(seat)
    rotated = [order[(start + k) % len(order)] for k in range(1, len(order) + 1)]
    return tuple(s for s in rotated if not out[s] and (include_self or s != seat))


def next_turn(seat: int, order: Sequence[int], out: Sequence[bool]) -> int | None:
    """Whose turn follows ``seat``'s, skipping players out; None when nobody is left."""
    after = seats_after(seat, order, out, include_self=True)
    return after[0] if after else None


@dataclass(slots=True)
class Window:
    """A pending decision for seats other than (or besides) the active one: a response
    window. The state holds it and the game's ``to_act`` reads ``current``.

    ``asked`` is who is still to be asked, in order; ``asked[0]`` decides now. The window
    ends when a seat takes it (``taker``: the first answer stops the asking) or when
    every seat has passed. ``opener`` is the seat whose play opened it; ``kind`` is the
    game's name for the question, and ``cards`` the cards it concerns (public)."""

    kind: str
    opener: int
    asked: tuple[int, ...]
    cards: tuple[int, ...] = ()
    taker: int = -1

    @property
    def current(self) -> int | None:
        """The seat that decides now, or None once the window has ended."""
        if self.taker >= 0 or not self.asked:
            return None
        return self.asked[0]

    @property
    def closed(self) -> bool:
        return self.current is None

    def pass_turn(self) -> None:
        """The seat asked now declines; the next one is asked."""
        self.asked = self.asked[1:]

    def take(self) -> None:
        """The seat asked now answers, which ends the asking."""
        self.taker = self.asked[0]

    def drop(self, gone: Callable[[int], bool]) -> None:
        """Forget seats that can no longer answer (players who went out)."""
        self.asked = tuple(s for s in self.asked if not gone(s))

    def clone(self) -> Window:
        return Window(self.kind, self.opener, self.asked, self.cards, self.taker)
