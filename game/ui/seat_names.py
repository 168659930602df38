"""How the screens name a seat: the name its player typed, else its colour. The
colour name stays beside a typed name wherever the seat is first pointed out, so
people learn which colour and glyph are theirs."""

from __future__ import annotations

from game.ui.palette import SEAT_NAMES


def seat_label(seat: int, name: str = "") -> str:
    """``Ann``, or ``Orange`` for a seat nobody named."""
    return name or colour_name(seat)


def seat_title(seat: int, name: str = "") -> str:
    """``Ann (Orange)``, or ``Orange`` for a seat nobody named."""
    return f"{name} ({colour_name(seat)})" if name else colour_name(seat)


def colour_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat + 1}"
