"""The device end of a simulated USB cable: a pseudo-terminal or a TCP server.

Used by the virtual controller only. ``up`` plugs the cable in and ``down`` pulls it
out, so the host sees what it would see with a real board: an I/O error on the open
port, then a port that cannot be opened until the board is back.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import tempfile
import tty


class PtyPort:
    """A pseudo-terminal whose slave is reached through the stable symlink ``path``
    (a fresh pty per plug-in, like a board that re-enumerates)."""

    def __init__(self, path: str | None = None) -> None:
        self._own_dir = path is None
        self.path = path or os.path.join(tempfile.mkdtemp(prefix="botyard-sim-"), "tty")
        self._master: int | None = None
        self._slave: int | None = None

    @property
    def url(self) -> str:
        return self.path

    def up(self) -> None:
        master, slave = os.openpty()
        # Raw mode: no echo of our own output back to us, no newline translation.
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        staging = f"{self.path}.new"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(staging)
        os.symlink(os.ttyname(slave), staging)
        os.replace(staging, self.path)

    def down(self) -> None:
        """Unplug: the pty closes and the path goes, as an unplugged board's device node
        does, so a host retrying the path can never reach a pty that the system has
        since given to another program under the same /dev/pts number."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def release(self) -> None:
        """Remove the symlink and the directory we made for it."""
        self.down()
        if self._own_dir:
            with contextlib.suppress(OSError):
                os.rmdir(os.path.dirname(self.path))

    def fds(self) -> list[int]:
        return [] if self._master is None else [self._master]

    def readable(self, fd: int) -> tuple[bytes, bool]:
        """(data, whether a host just connected); a pty cannot tell, so never."""
        if fd != self._master:
            return b"", False
        try:
            return os.read(fd, 4096), False
        except BlockingIOError:
            return b"", False
        except OSError as exc:
            if exc.errno == errno.EIO:  # no host has the slave open: nothing to read
                return b"", False
            raise

    def connected(self) -> bool:
        return self._master is not None

    def write(self, data: bytes) -> bool:
        """Send, or drop the line when nobody drains the pty (like an unread USB port)."""
        if self._master is None:
            return False
        try:
            os.write(self._master, data)
        except (BlockingIOError, InterruptedError):
            return False
        return True


class TcpPort:
    """A TCP server for one host at a time (``socket://host:port`` in pyserial).
    Sockets are non-blocking: a readiness report may be stale because a replug can
    reuse the fd number, and nothing here may block while the device lock is held."""

    def __init__(self, host: str, port: int) -> None:
        self.address = (host, port)
        self._server: socket.socket | None = None
        self._client: socket.socket | None = None

    @property
    def url(self) -> str:
        return f"socket://{self.address[0]}:{self.address[1]}"

    def up(self) -> None:
        self._server = socket.create_server(self.address)
        self._server.setblocking(False)
        self.address = self._server.getsockname()[:2]

    def down(self) -> None:
        self._drop_client()
        if self._server is not None:
            # Shut down before closing: the service thread's select() holds a reference
            # to the socket until it returns, which would keep the port bound meanwhile.
            with contextlib.suppress(OSError):
                self._server.shutdown(socket.SHUT_RDWR)
            self._server.close()
            self._server = None

    def release(self) -> None:
        self.down()

    def fds(self) -> list[int]:
        return [s.fileno() for s in (self._server, self._client) if s is not None]

    def readable(self, fd: int) -> tuple[bytes, bool]:
        """(data, whether a host just connected)."""
        if self._server is not None and fd == self._server.fileno():
            try:
                client, _ = self._server.accept()
            except BlockingIOError:
                return b"", False
            client.setblocking(False)
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._drop_client()
            self._client = client
            return b"", True
        if self._client is None or fd != self._client.fileno():
            return b"", False
        try:
            data = self._client.recv(4096)
        except BlockingIOError:
            return b"", False
        except OSError:
            data = b""
        if not data:
            self._drop_client()
        return data, False

    def connected(self) -> bool:
        return self._client is not None

    def write(self, data: bytes) -> bool:
        if self._client is None:
            return False
        try:
            self._client.sendall(data)
        except BlockingIOError:
            return False  # the host is not reading; like a USB port, drop the line
        except OSError:
            self._drop_client()
            return False
        return True

    def _drop_client(self) -> None:
        if self._client is not None:
            with contextlib.suppress(OSError):
                self._client.shutdown(socket.SHUT_RDWR)
            self._client.close()
            self._client = None
