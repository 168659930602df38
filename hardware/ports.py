"""The USB serial ports of this machine, with what identifies the device behind each.

A board is remembered by its USB serial number (the one its USB bridge reports), so a
board plugged into another socket, which gives it another device path, is still found.
Only USB ports are listed: a legacy serial port may have anything behind it, and
Botyard opens a port (which resets an Arduino-like device) only to ask it HELLO when
the player asks it to look for boards. Listing runs on a thread of its own, so a slow
system never holds up a frame.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from serial.tools import list_ports


@dataclass(frozen=True)
class PortInfo:
    """One serial port: its device path and its USB identity, where known."""

    device: str
    serial: str | None = None
    vid: int | None = None
    pid: int | None = None
    description: str = ""


PortLister = Callable[[], list[PortInfo]]


def usb_ports() -> list[PortInfo]:
    """The USB serial ports present now."""
    return [PortInfo(port.device, port.serial_number or None, port.vid, port.pid,
                     port.description or "")
            for port in list_ports.comports() if port.vid is not None]


class PortWatcher:
    """Lists the ports every ``every`` seconds on its own thread; ``latest`` is the
    newest listing (None before the first), ``listings`` counts them."""

    def __init__(self, lister: PortLister = usb_ports, every: float = 2.0) -> None:
        self.lister = lister
        self.every = every
        self.latest: list[PortInfo] | None = None
        self.listings = 0
        self.last_error = ""
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="port watcher", daemon=True)
        self._thread.start()

    def now(self) -> None:
        """List again at once instead of at the next tick."""
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.latest = self.lister()
                self.listings += 1
            except OSError as exc:  # a vanishing sysfs entry mid-listing: try next time
                self.last_error = str(exc)
            self._wake.wait(self.every)
            self._wake.clear()
