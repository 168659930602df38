"""The kinds of board Botyard's firmware makes, what each one's snapshot holds, and the
firmware and protocol versions this host expects.

A board kind is hardware: two four-way dials and a ready switch, one three-way dial and
a ready switch, a tray of five wells for dice with faces 1-5 and a blank, a tray of two
wells for six-sided dice. The first names come from the first game built for them; what
a board *means* (whose move it makes) is each game's own table mapping, never this
module. A newer board may add fields to its snapshots (a new minor version): the host
keeps and passes them on, and checks only the fields it knows. A newer kind of board is
a new kind, never new values in an old kind's fields, so an older host (which checks
only the line syntax of a kind it does not know) still reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

PROTO_MAJOR = "1"
"""Lines of another major version cannot be read: such a board is named, not used."""
PROTO_MINOR = 2
"""1.1 added minor= and caps= to HELLO, the SETID and LED requests, and dial offsets;
1.2 the two-dice tray (kind ``dice2d6``, faces 1-6)."""
FIRMWARE_VERSION = "1.2"
"""The firmware this host was built with (hardware/firmware/board.h FW_VERSION); a
board reporting another is named on the Controllers screen with `make flash`."""
LED_SHOWS = ("idle", "turn", "again", "ok")
"""What ``LED,show=`` may ask: off, your turn (green), flip again (red), and a one-shot
green flash for an accepted move. The board itself blinks red when the host is silent."""

DIE_STATES = "SRTHA"
"""A die slot's state: stable, rolling, tilted, handled (lid open), absent (empty well)."""


def die_values(faces: str) -> frozenset[str]:
    """Every value of a die slot in a tray whose dice show ``faces``: a stable die with
    its face, or any state with the face unknown (``-``)."""
    return frozenset({f"S{face}" for face in faces} | {f"{state}-" for state in DIE_STATES})


BLANK_FACES = "12345B"
"""The faces of the five-well tray's dice: 1 to 5 and a blank."""
SIX_FACES = "123456"
"""The faces of six-sided dice (no blank: the top level reads 6)."""


@dataclass(frozen=True)
class BoardKind:
    """One kind of board: its snapshot's fields and the dials ZERO may address."""

    name: str
    title: str
    fields: dict[str, frozenset[str]]
    """Field name -> every value it may take."""
    dials: tuple[str, ...] = ()
    faces: str = ""
    """For a dice tray, the faces its dice show (its fields are then its die slots,
    ``d0`` upwards); empty for a console."""


BOARDS: dict[str, BoardKind] = {kind.name: kind for kind in (
    BoardKind("pilot", "two-dial console",
              {"steer": frozenset("0123"), "target": frozenset("0123"),
               "ready": frozenset("01")}, ("steer", "target")),
    BoardKind("tactician", "one-dial console",
              {"tactic": frozenset("012"), "ready": frozenset("01")}, ("tactic",)),
    BoardKind("dice", "dice tray",
              {f"d{slot}": die_values(BLANK_FACES) for slot in range(5)}, faces=BLANK_FACES),
    BoardKind("dice2d6", "two-dice tray (1-6)",
              {f"d{slot}": die_values(SIX_FACES) for slot in range(2)}, faces=SIX_FACES),
)}
ZERO_CONTROLS = frozenset(dial for kind in BOARDS.values() for dial in kind.dials)


def kind_of(fields: dict[str, str]) -> str | None:
    """The board kind whose every field these are (extras allowed), if any: a snapshot
    read before its board's HELLO. Of kinds whose fields are all there, the one with
    the most (a five-well tray's snapshot holds a two-well tray's fields too)."""
    kinds = [name for name, kind in BOARDS.items() if kind.fields.keys() <= fields.keys()]
    return max(kinds, key=lambda name: len(BOARDS[name].fields), default=None)


def snapshot_ok(fields: dict[str, str], kind: str | None) -> bool:
    """Every field the kind declares is there with an allowed value; fields it does not
    declare (a newer board's) are allowed. A kind this host does not know passes: only
    its line syntax was checked."""
    kind = kind or kind_of(fields)
    board = BOARDS.get(kind or "")
    if board is None:
        return kind is not None
    return all(fields.get(key) in allowed for key, allowed in board.fields.items())
