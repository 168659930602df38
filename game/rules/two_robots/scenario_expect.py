"""Comparing a scenario's ``expect`` with what the engine answered: only the keys
written are compared, each in the form the file writes it."""

from __future__ import annotations

from typing import Any

from game.rules.core.data import show
from game.rules.two_robots.scenario_read import Reader

MULTISETS = ("playable", "out", "flipped")
FULL = ("lost", "gained", "frozen")
"""Mappings whose unlisted players mean none (or 0)."""


def compare(read: Reader, expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    out = []
    for key, want in expect.items():
        have = got[key]
        if key == "playable":
            want = sorted(read.cat.cards[read.card(c, ("expect", key, i))].id
                          for i, c in enumerate(read.check.seq(want, ("expect", key))))
        elif key in MULTISETS:
            want = sorted(str(w).lower() for w in read.check.seq(want, ("expect", key)))
            have = sorted(str(h).lower() for h in have)
        elif key in ("lost", "gained"):
            want = {read.salvager(k, ("expect", key, k)).lower():
                    sorted(read.cards(v, ("expect", key, k), part=True))
                    for k, v in read.check.mapping(want, ("expect", key)).items() if v}
            have = {k.lower(): v for k, v in have.items()}
        elif isinstance(want, dict):
            want = {read.salvager(k, ("expect", key, k)).lower(): v for k, v in want.items()}
            have = {k.lower(): v for k, v in have.items()}
            if key == "frozen":
                want = {k: v for k, v in want.items() if v}
            else:
                have = {k: have.get(k) for k in want}
        elif key == "winner":
            want, have = str(want).lower(), str(have).lower()
        if want != have:
            out.append(f"{key}: expected {_shown(read, key, want)}, got {_shown(read, key, have)}")
    return out


def _shown(read: Reader, key: str, value: Any) -> str:
    if key in ("lost", "gained"):
        value = {k: [read.cat.cards[c].name for c in v] for k, v in value.items()}
    return show(value, 120)
