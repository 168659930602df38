"""Calamitron's names for seats, pieces, instruction counters and cards, in our own
words, shared by the board's hover help, the rails, the prompt and the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.rules.calamitron.state import State
from game.ui.seat_names import seat_label, typed

COUNTER_NAMES = {"L": "Turn left", "R": "Turn right", "M1": "Move 1", "M2": "Move 2",
                 "M3": "Move 3", "B2": "Back up 2", "U": "U-turn", "shove": "Shove",
                 "tractor": "Tractor", "forcer": "Forcer", "program": "Program"}
COUNTER_LABELS = {"L": "L", "R": "R", "M1": "1", "M2": "2", "M3": "3", "B2": "B2",
                  "U": "U", "shove": "Sh", "tractor": "Tr", "forcer": "Fo", "program": "Pg"}
"""What a counter shows on its face, short enough for a slot."""
CLASS_WORDS = {"basic": "basic", "loader": "loader", "shooter": "shooter",
               "hacker": "hacker"}
RETRO_NAMES = {"treadbot": "Treadbot", "shotbot": "Shotbot", "nanobot": "Nanobot"}
RETRO_HELP = {
    "treadbot": "A heavy pusher: up to three loader counters.",
    "shotbot": "One loader and one shooter counter (Tractor or Forcer).",
    "nanobot": "Any number of Program counters; slips past bots, breaks on one hit.",
}
FACING_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
WHY_WORDS = {"pit": "falls into a pit", "rescued": "is driven out through a door, rescued",
             "wrecked": "is wrecked", "opened": "breaks open",
             "filled": "drops into a pit and fills it", "stranded": "never gets in and leaves"}


def who(seat: int, names: Sequence[str] = ()) -> str:
    """A seat as players call it: the typed name, else its colour."""
    return seat_label(seat, typed(names, seat))


def counter_name(word: str) -> str:
    return COUNTER_NAMES.get(word, word)


def piece_name(state: State, piece_id: str, names: Sequence[str] = (),
               kinds: Mapping[str, str] | None = None) -> str:
    """``Orange's Treadbot``, ``Rambot 2``, ``the Bossbot``, ``crate 3``, ``a spare
    Laserbot``: a piece that has left the board is named from ``kinds`` (piece id ->
    type, as the log learnt them), else by what its id says."""
    piece = state.pieces.get(piece_id)
    kind = piece.kind if piece is not None else (kinds or {}).get(piece_id, "")
    if piece_id.startswith("seat"):
        seat = int(piece_id[4:].split(".")[0]) - 1
        return f"{who(seat, names)}'s {RETRO_NAMES.get(kind, 'Retro')}"
    if piece_id.startswith("crate"):
        return f"crate {piece_id[5:]}"
    if piece_id in ("bossbot", "minionbot"):
        return f"the {state.cat.rogues[piece_id].name}"
    if piece_id.startswith("surplus"):
        return f"a spare {state.cat.rogues[kind].name}" if kind else "a spare Rogue"
    kind = piece_id.rstrip("0123456789")
    if kind in state.cat.rogues:
        return f"{state.cat.rogues[kind].name} {piece_id[len(kind):]}"
    return piece_id


def rogue_name(state: State, kind: str) -> str:
    return state.cat.rogues[kind].name if kind in state.cat.rogues else kind


def calamity(state: State, card: str) -> tuple[str, str]:
    """A Calamity card's name and what it does."""
    found = state.cat.calamity(card)
    return found.name, found.text


def upgrade(state: State, card: str) -> tuple[str, str]:
    found = next(u for u in state.cat.upgrades if u.id == card)
    return found.name, found.text


def square_words(square: tuple[int, int]) -> str:
    return f"row {square[0]}, column {square[1]}"
