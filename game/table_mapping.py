"""What a game declares to be played at the table: its board roles, who holds each role
now, and how a board's snapshot becomes that game's action. A game's table module
(named by ``GameSpec.table_module``) provides a ``TableMapping``; the client's Table
routes every board through it and never knows the game. A role is a place at the table
(a crew's pilot console, a dice tray), not a seat: the seat that holds it may change
every round, and the board follows it. A shared role (one dice tray for the whole
table) is held by whichever seat the rules wait for a move of it from.

Also here, for any game's mapping: what a dice tray of any kind (hardware.boards) shows,
and the fresh-roll confirmation every tray role uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from hardware.boards import BOARDS

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Action
    from game.settings import Settings

Values = dict[str, str]


@dataclass(frozen=True)
class BoardRole:
    """One role a board can be bound to."""

    key: str
    """Its name in the settings file, e.g. ``a_pilot``; never shown."""
    label: str
    """Its name on screen, e.g. "Team A pilot console"."""
    board: str
    """The board kind it takes (hardware.boards.BOARDS)."""
    makes: Callable[[Action], bool]
    """Whether this role's board makes an action: the decisions it takes off the screen."""
    confirm: Callable[[Values, Any, int], bool | None]
    """Whether a snapshot confirms a choice for ``seat`` in ``state``: True (switch up,
    dice settled), False (switch down, dice rolling), None (not yet: dice missing). A
    choice fires the first time it confirms after being seen not confirming while
    expected, so a switch left up, a repeated heartbeat, or dice left from the last
    roll never confirm anything twice."""
    action: Callable[[Values, Any, int], Action | str]
    """What a confirmed snapshot asks of ``seat``, or one plain sentence why it cannot."""
    refused: str
    """Said when the action is not legal now ("that steering is not possible now")."""
    again: str
    """Said while the board already confirms when its choice is asked ("flip the ready
    switch off and on to confirm")."""
    shared: bool = False
    """Held by no seat in particular: one board the whole table shares (a single dice
    tray: whoever rolls uses it). It serves the first seat the rules wait for (their
    ``to_act`` order) that has a move it makes; the mapping's ``holder`` is not asked."""


class TableMapping(Protocol):
    """A game's table module."""

    ROLES: tuple[BoardRole, ...]

    def holder(self, state: Any, role: str) -> int | None:
        """The seat that holds ``role`` in ``state`` now, or None. Asked only about roles
        that are not shared: a mapping whose roles are all shared needs none."""
        ...

    def bench(self, open_app: Callable[[Settings], App]) -> list[str]:
        """``botyard bench controller`` figures for this game's real controller path,
        timed in a client that ``open_app`` opens."""
        ...


def tray_faces(values: Values, board: str) -> tuple[str, ...] | None:
    """The faces of the dice lying still in a tray of kind ``board`` (hardware.boards),
    well order, empty wells skipped (an empty tray gives ``()``); None while any die in
    it is rolling, tilted, handled or unread. A face is the protocol's character: ``1``
    to ``6``, or ``B`` for a blank."""
    kind = BOARDS[board]
    faces = []
    for well in kind.fields:
        value = values.get(well, "A-")
        if value.startswith("A"):
            continue
        if value[:1] != "S" or value[1:] not in kind.faces:
            return None
        faces.append(value[1:])
    return tuple(faces)


def fresh_roll(values: Values, board: str, wanted: int) -> bool | None:
    """A tray role's ``confirm`` for a roll of ``wanted`` dice: True once that many lie
    still with their faces; False while any is rolling, tilted or handled, or the tray
    is empty (what arms the next roll, so dice left from the last one never count);
    None with another count settled (a die still to be added or taken out)."""
    faces = tray_faces(values, board)
    if not faces:
        return False
    return True if len(faces) == wanted else None
