"""The kinds of board Botyard's firmware makes, what each one's snapshot holds, and the
firmware and protocol versions this host expects.

A board kind is hardware: two four-way dials and a ready switch, one three-way dial and
a ready switch, a tray of five dice slots. The names come from the first game built
for them; what a board *means* (whose move it makes) is each game's own table mapping,
never this module. A newer board may add fields to its snapshots (a new minor version):
the host keeps and passes them on, and checks only the fields it knows.
"""

from __future__ import annotations

from dataclasses import dataclass

PROTO_MAJOR = "1"
"""Lines of another major version cannot be read: such a board is named, not used."""
PROTO_MINOR = 1
"""1.1 added minor= and caps= to HELLO, the SETID and LED requests, and dial offsets."""
FIRMWARE_VERSION = "1.1"
"""The firmware this host was built with (hardware/firmware/board.h FW_VERSION); a
board reporting another is named on the Controllers screen with `make flash`."""
LED_SHOWS = ("idle", "turn", "again", "ok")
"""What ``LED,show=`` may ask: off, your turn (green), flip again (red), and a one-shot
green flash for an accepted move. The board itself blinks red when the host is silent."""

DIE_VALUES = frozenset({f"S{face}" for face in "12345B"} | {f"{s}-" for s in "SRTHA"})


@dataclass(frozen=True)
class BoardKind:
    """One kind of board: its snapshot's fields and the dials ZERO may address."""

    name: str
    title: str
    fields: dict[str, frozenset[str]]
    """Field name -> every value it may take."""
    dials: tuple[str, ...] = ()


BOARDS: dict[str, BoardKind] = {kind.name: kind for kind in (
    BoardKind("pilot", "two-dial console",
              {"steer": frozenset("0123"), "target": frozenset("0123"),
               "ready": frozenset("01")}, ("steer", "target")),
    BoardKind("tactician", "one-dial console",
              {"tactic": frozenset("012"), "ready": frozenset("01")}, ("tactic",)),
    BoardKind("dice", "dice tray", {f"d{slot}": DIE_VALUES for slot in range(5)}),
)}
ZERO_CONTROLS = frozenset(dial for kind in BOARDS.values() for dial in kind.dials)


def kind_of(fields: dict[str, str]) -> str | None:
    """The board kind whose every field these are (extras allowed), if any: a snapshot
    read before its board's HELLO."""
    for name, kind in BOARDS.items():
        if kind.fields.keys() <= fields.keys():
            return name
    return None


def snapshot_ok(fields: dict[str, str], kind: str | None) -> bool:
    """Every field the kind declares is there with an allowed value; fields it does not
    declare (a newer board's) are allowed. A kind this host does not know passes: only
    its line syntax was checked."""
    kind = kind or kind_of(fields)
    board = BOARDS.get(kind or "")
    if board is None:
        return kind is not None
    return all(fields.get(key) in allowed for key, allowed in board.fields.items())
