"""What a Goblins, Inc. dice tray shows: the faces of the dice lying still in it.

Shared by the table mapping (which reads a roll in) and the match screen (which shows
the tray's faces beside the ones clicked in). Imports no pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.goblins.combat import BLANK
from game.table_mapping import Values

if TYPE_CHECKING:
    from game.table import Table

SLOTS = tuple(f"d{slot}" for slot in range(5))


def stable_faces(values: Values) -> tuple[int, ...] | None:
    """The faces in a tray, slot order, when every present die lies still with a
    readable face; None while any is rolling, tilted, handled or unread. Empty slots are
    skipped (an empty tray gives ``()``). A blank is the rules' BLANK."""
    faces = []
    for slot in SLOTS:
        value = values.get(slot, "A-")
        if value.startswith("A"):
            continue
        if value[:1] != "S" or value[1:] not in ("1", "2", "3", "4", "5", "B"):
            return None
        faces.append(BLANK if value[1:] == "B" else int(value[1:]))
    return tuple(faces)


def tray_faces(table: Table, team: int) -> tuple[int, ...] | None:
    """Stable faces in the tray of ``team`` (0: team A), if its tray is live."""
    values = table.values_of(f"{'ab'[team]}_dice")
    return stable_faces(values) if values is not None else None
