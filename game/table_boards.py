"""Who each board is: the client's memory of boards, and telling boards apart.

A board is identified by the USB serial number of its port (which travels with the
board from socket to socket) together with the unit id its firmware reports: two
unprogrammed boards of one kind both report the same default id, and a board without
a USB serial number (a socket URL, some clone bridges) has only that id. Two boards
answering to one identity are both refused until one is given its own id (SETID), so
neither can ever play the other's move. What the client remembers of a board (its
identity, its last port, the role it plays in each game) is kept in the settings.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hardware.link import Link  # pyserial loads only once a board is set up

MESSAGES_KEPT = 4
"""Log lines a board sent that the Controllers screen shows, newest last."""


@dataclass(frozen=True)
class Identity:
    serial: str | None
    """Its port's USB serial number, if the port has one."""
    uid: str
    """The unit id its firmware reports in HELLO."""

    def __str__(self) -> str:
        return f"USB {self.serial} · id {self.uid}" if self.serial else f"id {self.uid}"


@dataclass
class BoardEntry:
    """A remembered board: where it was last found, who it is (once it said HELLO) and
    the role it plays in each game (game id -> role key)."""

    url: str
    serial: str | None = None
    uid: str | None = None
    roles: dict[str, str] = field(default_factory=dict)

    def saved(self) -> dict[str, Any]:
        return {"url": self.url, "serial": self.serial, "uid": self.uid,
                "roles": dict(self.roles)}

    def fits(self, identity: Identity) -> bool:
        """Whether a board saying ``identity`` is this one."""
        if self.uid is None:
            return False
        return (self.serial, self.uid.upper()) == (identity.serial, identity.uid.upper())


@dataclass
class Board:
    """A board the client has a link to: found by a scan, typed in, or remembered."""

    name: str
    link: Link
    serial: str | None = None
    """The USB serial number of the port it is on, where the port listing gives one."""
    entry: BoardEntry | None = None
    """What is remembered of it; None for a board found but not kept (no role yet)."""
    duplicate_of: list[str] = field(default_factory=list)
    """The ports of other boards answering to its identity: all of them are refused."""
    messages: deque[str] = field(default_factory=lambda: deque(maxlen=MESSAGES_KEPT))
    renaming: str | None = None
    """The id it was asked to take (SETID): its HELLO under that id is still this board."""
    taken: dict[str, str] = field(default_factory=dict)
    """Its last snapshot the match took (with no match open: the last one read off the
    links' queue). Routing bound to it starts from this one, so that what is queued
    after it follows in order; the link's own ``values`` may be newer."""

    @property
    def identity(self) -> Identity | None:
        device = self.link.device
        if device is None or self.link.status == "mismatch":
            return None
        return Identity(self.serial, device.uid.upper())

    @property
    def running(self) -> bool:
        return self.link.status == "run"

    @property
    def refused(self) -> str | None:
        """Why its input is not used, in a few words, or None when it is live."""
        if self.duplicate_of:
            return f"refused: {', '.join(self.duplicate_of)} has the same identity"
        if not self.running:
            return {"discover": "not plugged in", "lost": "lost, reconnecting",
                    "mismatch": "speaks another protocol version"}.get(
                        self.link.status, "not connected")
        return None


def mark_duplicates(boards: list[Board]) -> None:
    """Refuse every running board whose identity another running board has too."""
    by_identity: dict[Identity, list[Board]] = {}
    for board in boards:
        identity = board.identity
        if board.running and identity is not None:
            by_identity.setdefault(identity, []).append(board)
    for board in boards:
        same = by_identity.get(board.identity, []) if board.identity is not None else []
        board.duplicate_of = [other.link.url for other in same if other is not board]


def find_entry(entries: list[BoardEntry], identity: Identity) -> BoardEntry | None:
    """The remembered board a HELLO comes from: same serial and id; else, for a port
    with a serial number, the one remembered board with that serial (its id was
    changed since, e.g. a reflashed EEPROM)."""
    for entry in entries:
        if entry.fits(identity):
            return entry
    if identity.serial is not None:
        same = [e for e in entries if e.serial == identity.serial]
        if len(same) == 1:
            return same[0]
    return None


def adopt(board: Board, boards: list[Board], entries: list[BoardEntry]) -> Board | None:
    """A board said HELLO: attach what is remembered of it (keeping its entry through a
    SETID it was asked, dropping one that another board now answers for), and return a
    stale board that was waiting for it on another port, to be dropped."""
    identity = board.identity
    if identity is None:
        return None
    entry = board.entry
    renamed = board.renaming == identity.uid
    if renamed:
        board.renaming = None
    if entry is not None and entry.uid is not None and not renamed and not (
            entry.fits(identity) or (identity.serial and entry.serial == identity.serial)):
        board.entry = entry = None  # another board answers here now
    stale = None
    if entry is None:
        entry = find_entry(entries, identity)
        stale = next((b for b in boards if b is not board and b.entry is entry
                      and entry is not None), None)
        if stale is not None and stale.running:
            entry, stale = None, None  # the remembered board is elsewhere: this is another
        board.entry = entry
    if entry is not None:
        entry.url, entry.uid = board.link.url, identity.uid
        entry.serial = identity.serial or entry.serial
    return stale
