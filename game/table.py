"""The physical table in the client: the boards, their links, the roles they play, and
what they ask of the running match.

Links run on their own threads and report through one queue, which ``pump`` drains
every frame. A board's snapshots are never dropped: while a match is open they queue
in arrival order, and the match takes them (``take``) whenever it can act on them, that
is on its own update steps while no other screen (hand-over, team-up, score, a menu) is
on top; each goes through the same ``apply`` checks as a click. Boards are bound to a
game's roles (game.table_mapping) and routed to whichever seat holds the role now. The
Table never names a game: it reaches one through the registry's ``table_module``.
"""

from __future__ import annotations

import itertools
import queue
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.table_boards import Board, BoardEntry, adopt, mark_duplicates
from game.table_input import TableInput
from game.table_ports import TablePorts

if TYPE_CHECKING:
    from game.rules.core.actions import Action
    from game.session import Session
    from game.table_mapping import BoardRole, TableMapping
    from hardware.link import Link, LinkEvent
    from hardware.ports import PortInfo, PortLister

SCAN_EVERY = 2.0
"""Seconds between listings of the USB ports (a remembered board moved to another
socket is followed within that)."""


def table_games() -> list[str]:
    """The registered games with a table mapping, registry order."""
    from game.rules.core.registry import games

    return [spec.id for spec in games() if spec.table_module is not None]


def _mapping(game: str) -> TableMapping:
    from game.rules.core.registry import get_game

    mapping: TableMapping = get_game(game).table
    return mapping


class Table:
    """Every board's link, what is remembered of them, and the routing of their input."""

    def __init__(self, entries: list[BoardEntry], *, ports: PortLister | None = None,
                 scan_every: float | None = SCAN_EVERY, **link_options: Any) -> None:
        """``ports`` lists the USB ports (hardware.ports.usb_ports when None) every
        ``scan_every`` seconds (None: only when ``scan`` is called); ``link_options``
        go to every Link (timeouts, or a clock for tests)."""
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self.entries = list(entries)
        self.boards: list[Board] = []
        self.ports = TablePorts(ports, scan_every)
        self.game = next(iter(table_games()), "")
        """The game whose roles boards are bound to now (a match's, once one opens)."""
        self._link_options = link_options
        self._names = itertools.count(1)
        self._input: TableInput | None = None
        self._session: Session | None = None
        self._backlog: deque[tuple[str, dict[str, str]]] = deque()
        self._queued: dict[str, dict[str, str]] = {}
        """Each board's last queued snapshot: a repeat of it (a heartbeat) adds nothing."""
        self._moves = -1
        self._decided: dict[int, bool] = {}
        self._troubles: tuple[str | None, ...] = ()
        listing = self.ports.now() if any(entry.serial for entry in self.entries) else []
        for entry in self.entries:
            port = next((p for p in listing if entry.serial and p.serial == entry.serial),
                        None)
            # A USB board is linked where its serial number is now, and waits if absent.
            url = port.device if port is not None else entry.url
            self._link(url, entry.serial, entry, probe=False,
                       start=port is not None or entry.serial is None)

    # -- boards -------------------------------------------------------------------------
    def _link(self, url: str, serial: str | None, entry: BoardEntry | None,
              probe: bool, start: bool = True) -> Board:
        from hardware.link import Link  # pyserial loads only once a board is set up

        name = f"board {next(self._names)}"
        link: Link = Link(url, self.events, name=name, probe=probe, **self._link_options)
        board = Board(name, link, serial, entry)
        self.boards.append(board)
        if start:
            link.start()
        self._decided.clear()
        return board

    def add(self, url: str) -> Board:
        """A board at a typed port or URL, kept from now on (it is linked at start-up)."""
        for board in self.boards:
            if board.link.url == url:
                return board
        entry = BoardEntry(url, self.ports.serial_at(url))
        self.entries.append(entry)
        return self._link(url, entry.serial, entry, probe=False)

    def forget(self, board: Board) -> None:
        """Stop using a board and forget it (a scan may find it again)."""
        self._drop(board)
        if board.entry in self.entries:
            self.entries.remove(board.entry)

    def _drop(self, board: Board) -> None:
        board.link.stop()
        self.boards.remove(board)
        if self._input is not None:
            self._input.unbind(board.name)
        self._decided.clear()
        mark_duplicates(self.boards)

    def board(self, name: str) -> Board | None:
        return next((b for b in self.boards if b.name == name), None)

    def roles(self) -> tuple[BoardRole, ...]:
        """The roles of the table's game."""
        return _mapping(self.game).ROLES if self.game else ()

    def role_of(self, board: Board) -> BoardRole | None:
        key = board.entry.roles.get(self.game) if board.entry else None
        return next((role for role in self.roles() if role.key == key), None)

    def bind(self, board: Board, role: str | None) -> None:
        """Bind ``board`` to a role of the table's game (None: to none); the board is
        remembered from now on, and any other board bound to that role is let go."""
        if board.entry is None:
            device = board.link.device
            board.entry = BoardEntry(board.link.url, board.serial,
                                     device.uid if device else None)
            self.entries.append(board.entry)
        for other in self.entries:
            if role is not None and other.roles.get(self.game) == role:
                del other.roles[self.game]
        if role is None:
            board.entry.roles.pop(self.game, None)
        else:
            board.entry.roles[self.game] = role
        self._rebind()

    def set_id(self, board: Board, uid: str) -> str | None:
        """Ask a board to take a new unit id; a sentence why not, or None when asked
        (its HELLO under the new id follows)."""
        uid = uid.strip().upper()
        if len(uid) != 4 or any(c not in "0123456789ABCDEF" for c in uid) or uid == "FFFF":
            return "An id is four hex digits (0-9, A-F), not FFFF."
        if not board.running or board.link.device is None:
            return "Only a connected board can be given an id."
        if "setid" not in board.link.device.caps:
            return (f"Firmware {board.link.device.fw} cannot store an id: update it "
                    "with `make flash`.")
        if board.link.set_id(uid) is None:
            return "The board did not take the request; try again."
        board.renaming = uid
        return None

    def saved(self) -> list[dict[str, Any]]:
        """The remembered boards, for the settings file."""
        return [entry.saved() for entry in self.entries]

    # -- ports --------------------------------------------------------------------------
    def scan(self, probe: bool = False) -> None:
        """List the ports now and act on it; ``probe`` also asks every port not known to
        hold a board for a HELLO, ports found earlier to be no board included."""
        if probe:
            self.ports.not_boards.clear()
        self._arrange(self.ports.now())

    def _arrange(self, listing: list[PortInfo]) -> None:
        """Follow remembered boards to the ports their serial numbers are on now, and
        (while probing) ask the other new ports whether they are boards."""
        for port in listing:
            here = next((b for b in self.boards if b.link.url == port.device
                         and b.link.status != "discover"), None)
            if here is not None:
                here.serial = port.serial
                continue
            moved = next((b for b in self.boards if port.serial and not b.running
                          and port.serial in (b.serial, b.entry.serial if b.entry else None)),
                         None)
            if moved is not None:
                moved.link.url = port.device  # its next attempt opens the new socket
                moved.serial = port.serial
                if moved.entry is not None:
                    moved.entry.url = port.device
                moved.link.start()  # a remembered board waiting for its serial number
                continue
            waiting = next((e for e in self.entries if port.serial and e.serial == port.serial
                            and not any(b.entry is e for b in self.boards)), None)
            if waiting is not None:
                self._link(port.device, port.serial, waiting, probe=False)
            elif self.ports.probing and port.device not in self.ports.not_boards:
                self._link(port.device, port.serial, None, probe=True)

    # -- every frame --------------------------------------------------------------------
    def pump(self) -> None:
        """Drain the links' events: connections, losses, logs and identities are noted
        at once; snapshots queue for the match (kept in order, never dropped) or, with
        no match open, just update what each board shows."""
        listing = self.ports.newest(wanted=any(entry.serial for entry in self.entries))
        if listing is not None:
            self._arrange(listing)
        changed = False
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            board = self.board(event.link)
            if board is None:
                continue
            if event.kind in ("state", "change"):
                self._snapshot(board, event.values)
            elif event.kind == "log":
                board.messages.append(event.values.get("text", ""))
            elif event.kind == "hello":
                self._hello(board)
                changed = True
            elif event.kind == "absent":
                self.ports.not_boards.add(board.link.url)
                self._drop(board)
            else:  # lost, mismatch
                changed = True
        if changed:
            mark_duplicates(self.boards)
            self._rebind()
        self._light()

    def _hello(self, board: Board) -> None:
        """A board said who it is: find what is remembered of it, and drop a stale link
        that was waiting for it on another port."""
        stale = adopt(board, self.boards, self.entries)
        if stale is not None:
            self._drop(stale)

    def _snapshot(self, board: Board, values: dict[str, str]) -> None:
        """Queue a snapshot for the open match; with none open it is just the board's
        last one (``taken``), read when a match opens. A board refused for sharing its
        identity is not heard (the screen says why)."""
        if self._session is None or board.duplicate_of:
            board.taken = dict(values)
            return
        if self._queued.get(board.name) == values:
            return
        self._queued[board.name] = dict(values)
        self._backlog.append((board.name, dict(values)))

    def _rebind(self) -> None:
        """Bring the routing in line with the boards' roles and states."""
        self._decided.clear()
        if not self.game:
            return
        if self._input is None or self._input.mapping is not _mapping(self.game):
            self._input = self._make_input()
        for board in self.boards:
            role = self.role_of(board)
            if role is None:
                self._input.unbind(board.name)
            else:
                self._input.bind(board.name, role.key, board.taken, board.refused)
        if self._session is not None:
            self._input.observe(self._session.state)

    def _make_input(self) -> TableInput:
        session = self._session

        def legal(state: Any, seat: int) -> list[Action]:
            from game.rules.core.registry import get_game

            return list(get_game(self.game).rules.legal_actions(state, seat))

        def is_ai(seat: int) -> bool:
            return session is not None and session.seats[seat].is_ai

        def to_act(state: Any) -> tuple[int, ...]:
            from game.rules.core.registry import get_game

            return get_game(self.game).rules.to_act(state)

        return TableInput(_mapping(self.game), legal, is_ai, to_act)

    def _sync(self) -> None:
        """Tell the routing which boards are live now (connected and not refused)."""
        if self._input is not None:
            for board in self.boards:
                self._input.set_trouble(board.name, board.refused)

    def _light(self) -> None:
        """Keep each connected board's LEDs on what its role's choice needs now."""
        session, table_input = self._session, self._input
        self._sync()
        if session is not None and table_input is not None:
            self._observe()
        for board in self.boards:
            if not board.running:
                continue
            if board.duplicate_of:
                board.link.show("again")  # the screen says why
            elif session is None or table_input is None:
                board.link.show("idle")
            else:
                board.link.show(table_input.led(board.name, session.state))

    def _observe(self) -> None:
        """Note a change of the match (a move by anyone) before the next snapshot."""
        assert self._session is not None and self._input is not None
        moves = len(self._session.match.actions)
        if moves != self._moves:
            self._moves = moves
            self._decided.clear()
            self._input.observe(self._session.state)

    # -- the match ----------------------------------------------------------------------
    def attach(self, session: Session) -> None:
        """A match opened: the boards' snapshots queue for it from now on (a game with no
        table mapping is not played at the table: nothing queues)."""
        if session.match.game not in table_games():
            return
        self._session = session
        self.game = session.match.game
        self._input = None
        self._backlog.clear()
        self._queued.clear()
        self._moves = -1
        self._rebind()

    def detach(self, session: Session) -> None:
        """The match closed: nothing queues any more, and every board goes idle."""
        if self._session is session:
            self._session = None
            self._input = None
            self._backlog.clear()
            self._queued.clear()
            self._rebind()

    @property
    def waiting(self) -> int:
        """Snapshots queued for the match and not yet taken."""
        return len(self._backlog)

    def take(self, play: Callable[[Action], None], say: Callable[[str], None],
             can_take: Callable[[], bool]) -> None:
        """Hand the queued snapshots to the match in order while ``can_take()``: each
        confirmed choice is played (``play`` raises RuleError to refuse it) and its
        board flashes "accepted"; what is refused is said."""
        from game.rules.core.errors import RuleError

        if self._session is None or self._input is None:
            return
        while self._backlog and can_take():
            self._observe()
            name, values = self._backlog.popleft()
            board = self.board(name)
            if board is not None:
                board.taken = values
            reaction = self._input.handle(name, values, self._session.state)
            for message in reaction.messages:
                say(message)
            for action in reaction.actions:
                try:
                    play(action)
                except RuleError as exc:
                    say(f"A table board's move was not applied: {exc}")
                    continue
                if board is not None:
                    board.link.flash()
                self._observe()
        self._light()

    def decides(self, seat: int) -> bool:
        """Whether connected boards make every move ``seat`` has now: that seat's
        decision needs no hand-over screen."""
        if self._session is None or self._input is None:
            return False
        self._observe()
        troubles = tuple(board.refused for board in self.boards)
        if troubles != self._troubles:
            self._troubles = troubles
            self._decided.clear()
            self._sync()
        if seat not in self._decided:
            self._decided[seat] = self._input.decides(self._session.state, seat)
        return self._decided[seat]

    def notes(self, seat: int) -> list[str]:
        """What ``seat``'s players should know about their boards now."""
        if self._session is None or self._input is None:
            return []
        self._sync()
        return self._input.notes(seat, self._session.state)

    def handled(self, board: Board) -> dict[str, str]:
        """The board's last snapshot the match has taken ({} if it has no role)."""
        return self._input.snapshot(board.name) if self._input is not None else {}

    def values_of(self, role: str) -> dict[str, str] | None:
        """The live snapshot of the board bound to ``role``, if one is live."""
        for board in self.boards:
            bound = self.role_of(board)
            if bound is not None and bound.key == role and board.refused is None:
                return dict(board.link.values)
        return None

    def close(self) -> None:
        self.ports.stop()
        for board in self.boards:
            board.link.stop()
