"""How the screens name a seat: the name its player typed, else its colour. The
colour name stays beside a typed name wherever the seat is first pointed out, so
people learn which colour and glyph are theirs."""

from __future__ import annotations

from collections.abc import Sequence

from game.ui.palette import SEAT_NAMES

Names = Sequence[str]
"""What each seat's player typed, by seat (as ``Seat.name``): "" or no entry for a seat
that goes by its colour. Screens pass it down to whatever words a seat."""


def typed(names: Names, seat: int) -> str:
    """The name typed for ``seat``, or "" when none was."""
    return names[seat] if 0 <= seat < len(names) else ""


def seat_label(seat: int, name: str = "") -> str:
    """``Ann``, or ``Orange`` for a seat nobody named."""
    return name or colour_name(seat)


def seat_title(seat: int, name: str = "") -> str:
    """``Ann (Orange)``, or ``Orange`` for a seat nobody named."""
    return f"{name} ({colour_name(seat)})" if name else colour_name(seat)


def colour_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat + 1}"
