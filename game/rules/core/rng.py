"""The match's seeded randomness: every die and shuffle in the rules comes from here.

Built on the Mersenne Twister's raw bits with our own bounded draw, so the same seed
gives the same match on every Python version (``random.randrange`` has changed before).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any


class Rng:
    """A deterministic random source that can be cloned and compared."""

    __slots__ = ("_r",)

    def __init__(self, seed: int = 0) -> None:
        self._r = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        getrandbits = self._r.getrandbits
        value = getrandbits(bits)
        while value >= n:
            value = getrandbits(bits)
        return value

    def die(self, faces: int = 6) -> int:
        """A roll of a ``faces``-sided die, 1..faces."""
        return self.below(faces) + 1

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other._r = random.Random()
        other._r.setstate(self._r.getstate())
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self._r.getstate() == other._r.getstate()

    def __hash__(self) -> int:
        return hash(self._r.getstate())
