"""What a seat has seen earlier in the match and a view no longer shows.

A view holds only the tactics cards face up now; cards shown in earlier combat rounds
are gone from the table. A player remembers them: none of them can still be in this
combat's pile, and in rounds 1 and 2 (which use the two halves of one shuffled deck)
no card seen in round 1 can be in round 2's pile either.
"""

from __future__ import annotations

from game.rules.goblins.state import State

COMBAT_STEPS = frozenset({"choose", "pre_roll", "post_roll", "order", "token"})
SPLIT_DECK_ROUNDS = 2
"""Rounds that deal their twelve tactics cards from one shuffle; later ones reshuffle."""


class TacticsMemory:
    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: dict[int, set[int]] = {}

    def see(self, view: State) -> None:
        """Note the cards face up, while they belong to this round's combat (between
        combats the table still shows the last ones of the previous round)."""
        if view.phase in COMBAT_STEPS and view.face_up:
            self.seen.setdefault(view.round, set()).update(view.face_up)

    def gone(self, view: State) -> frozenset[int]:
        """Cards that cannot be in the face-down tactics pile of ``view``."""
        rounds = (range(1, view.round + 1) if view.round <= SPLIT_DECK_ROUNDS
                  else (view.round,))
        gone: set[int] = set()
        for number in rounds:
            gone |= self.seen.get(number, set())
        return frozenset(gone)
