"""Which USB ports the client's table looks at, and when.

A port is opened (which resets an Arduino-like device) only to ask a board it has
never seen for HELLO, and only while the player looks for boards (``probing``); ports
found to be no board are left alone until the player asks again. Listing runs on a
watcher thread once there is something to watch for (a remembered USB board to follow
to another socket, or the player looking), so a client without boards never lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hardware.ports import PortInfo, PortLister, PortWatcher


class TablePorts:
    """The port listing the Table arranges its boards by."""

    def __init__(self, lister: PortLister | None, every: float | None) -> None:
        """``lister`` lists the USB ports (hardware.ports.usb_ports when None) every
        ``every`` seconds once watching (None: only when listed by hand)."""
        self.probing = False
        """Whether new ports are opened and asked HELLO (while the Controllers screen
        is open): opening a port resets an Arduino-like device, so never behind the
        player's back."""
        self.not_boards: set[str] = set()
        """Ports probed that said no HELLO: not offered, not probed again unless asked."""
        self.listing: list[PortInfo] = []
        self._lister = lister
        self._every = every
        self._watcher: PortWatcher | None = None
        self._seen = 0

    def lister(self) -> PortLister:
        if self._lister is None:
            from hardware.ports import usb_ports

            self._lister = usb_ports
        return self._lister

    def now(self) -> list[PortInfo]:
        """The ports now; none when the system cannot say (tried again next time)."""
        try:
            self.listing = self.lister()()
        except OSError:
            self.listing = []
        return self.listing

    def newest(self, wanted: bool) -> list[PortInfo] | None:
        """The watcher's listing if it has a new one; it starts once ``wanted`` (or the
        player looks for boards)."""
        if self._every is None:
            return None
        if self._watcher is None:
            if not (wanted or self.probing):
                return None
            from hardware.ports import PortWatcher

            self._watcher = PortWatcher(self.lister(), self._every)
        if self._watcher.listings == self._seen or self._watcher.latest is None:
            return None
        self._seen = self._watcher.listings
        self.listing = list(self._watcher.latest)
        return self.listing

    def serial_at(self, url: str) -> str | None:
        return next((p.serial for p in self.listing if p.device == url), None)

    def stop(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
