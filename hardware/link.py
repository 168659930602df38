"""One controller on one serial port: handshake, heartbeat watch and reconnection.

A Link owns a reader thread that opens the port, waits for the board's HELLO, turns
lines into LinkEvents on the caller's queue, and reconnects forever after a loss.
Nothing raised by the port ever leaves the thread: a lost controller must never crash
the client, only show up as a "lost" event and status. Two things end the thread
instead: a probed port that never said HELLO (not a board: "absent"), and a board of
another major protocol version ("mismatch"), whose port is left free for `make flash`.
The thread also keeps the board's LEDs lit as the host asks, repeating the pattern
every second, which is the host's heartbeat to the board.

Its timeouts (HELLO, heartbeat loss, retry) are measured on a clock the caller may
supply, so tests can drive them with a fake clock instead of waiting in real time.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import serial

from hardware.boards import LED_SHOWS, ZERO_CONTROLS
from hardware.protocol import (
    HOST_KINDS,
    Message,
    Parser,
    Reject,
    caps_of,
    encode,
    minor_of,
)

try:
    from termios import error as _TermiosError
except ImportError:  # not a POSIX system: pyserial does not use termios there
    class _TermiosError(Exception):  # type: ignore[no-redef]
        """Never raised: stands in for termios.error where there is no termios."""

PORT_ERRORS = (serial.SerialException, OSError, ValueError, _TermiosError)
"""What a port can raise while a board vanishes. pyserial lets termios.error (not an
OSError) out of a flush when the device is gone mid-open."""

READ_TIMEOUT = 0.02
"""Longest a read (or a wait between retries) blocks, so timers and stop() are noticed
promptly."""
KEEPALIVE = 1.0
"""Seconds between the LED lines that tell a board the host is still there."""


@dataclass(frozen=True)
class DeviceInfo:
    """What a board said about itself in its HELLO."""

    role: str
    fw: str
    uid: str
    minor: int = 0
    caps: frozenset[str] = frozenset()
    proto: str = "1"


@dataclass(frozen=True)
class LinkEvent:
    """Something a link saw: kind is hello, state, change, lost, log, absent (a probed
    port that is no board) or mismatch (another protocol version); ``at`` is
    time.perf_counter() when the line was received."""

    link: str
    kind: str
    device: DeviceInfo | None
    values: dict[str, str]
    at: float


class Link:
    """A controller at ``url`` (a device path or a pyserial URL such as
    ``socket://127.0.0.1:7001``). The timeouts, in seconds, are measured on ``clock``
    (a monotonic time in seconds, read only by the link's thread); tests pass a fake
    one and move it by hand."""

    def __init__(self, url: str, events: queue.Queue, *, name: str | None = None,
                 probe: bool = False, hello_timeout: float = 3.0,
                 heartbeat_timeout: float = 3.0, retry: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``probe``: the port may be something else than a board; if its first
        opening brings no HELLO, the link says "absent" and ends."""
        self.url = url
        """Where the board is; may be changed while running (the board was found on
        another socket): the next attempt to open uses it."""
        self.events = events
        self.name = name or url
        self.probe = probe
        self.hello_timeout = hello_timeout
        self.heartbeat_timeout = heartbeat_timeout
        self.retry = retry
        self.clock = clock
        self.status = "discover"
        """discover (not started), open (waiting for HELLO), run, lost (until the next
        HELLO; reconnection attempts keep it lost so the UI does not flicker), and the
        two ends: absent (probed, no board) and mismatch (another protocol version)."""
        self.device: DeviceInfo | None = None
        self.values: dict[str, str] = {}
        self.acks: deque[int] = deque(maxlen=64)
        """Host sequence numbers the device acknowledged, newest last."""
        self.errors: deque[tuple[str, str]] = deque(maxlen=64)
        """(code, ref) of each ERR the device sent about our lines."""
        self.last_error = ""
        self.led = "idle"
        """The LED pattern the board is asked to show (``show``)."""
        self._flash = False
        self._led_sent: tuple[str, float] | None = None
        self._parser = Parser()
        self._reconnects = 0
        self._port: serial.SerialBase | None = None
        self._write_lock = threading.Lock()
        self._seq = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def counters(self) -> dict[str, int]:
        return {**self._parser.counters, "reconnects": self._reconnects}

    def start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name=f"link {self.name}",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._close()

    def request_state(self) -> int | None:
        """Ask for a full snapshot; the sequence number sent, or None if not connected."""
        return self._send("?STATE")

    def zero(self, ctl: str) -> int | None:
        """Tell the device the dial ``ctl`` now points at 0 (it keeps the offset); the
        answer is an ACK whose ref lands in ``acks``, then an EV with the new reading."""
        if ctl not in ZERO_CONTROLS:
            raise ValueError(f"no dial named {ctl!r}")
        return self._send("ZERO", {"ctl": ctl})

    def set_id(self, uid: str) -> int | None:
        """Give the board a new unit id (4 upper-case hex digits, not FFFF), which its
        firmware keeps in EEPROM; it answers ACK and a HELLO under the new id."""
        return self._send("SETID", {"uid": uid})

    @property
    def lit(self) -> bool:
        """Whether the board has LEDs the host may light (protocol 1.1's ``led``)."""
        return self.device is not None and "led" in self.device.caps

    def show(self, pattern: str) -> None:
        """The LED pattern to keep showing (idle, turn, again): sent by the link's thread
        at once if it changed, and every second anyway."""
        if pattern not in LED_SHOWS or pattern == "ok":
            raise ValueError(f"no LED pattern {pattern!r}")
        self.led = pattern

    def flash(self) -> None:
        """Flash "move accepted" once, over the pattern shown."""
        self._flash = True

    def _send(self, kind: str, fields: dict[str, str | int] | None = None) -> int | None:
        assert kind in HOST_KINDS
        with self._write_lock:
            port = self._port
            if port is None:
                return None
            seq = self._seq
            try:
                port.write(encode(kind, seq, fields))
            except (serial.SerialException, OSError) as exc:
                self.last_error = str(exc)
                return None
            self._seq = (seq + 1) & 0xFF
            return seq

    def _emit(self, kind: str, at: float, values: dict[str, str] | None = None) -> None:
        self.events.put(LinkEvent(self.name, kind, self.device, dict(values or {}), at))

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._session()
            except PORT_ERRORS as exc:
                self.last_error = str(exc)
            self._close()
            if self.status == "mismatch":
                return
            if self.probe and self.device is None:
                self.status = "absent"
                self._emit("absent", time.perf_counter())
                return
            self._lose()
            self._pause(self.retry)

    def _pause(self, seconds: float) -> None:
        """Wait ``seconds`` on the link's clock, or until stopped. Waits in short real
        steps, so a fake clock moved by a test ends the pause too."""
        since = self.clock()
        while not self._stop.is_set():
            left = seconds - (self.clock() - since)
            if left <= 0:
                return
            self._stop.wait(min(left, READ_TIMEOUT))

    def _lose(self) -> None:
        if self.status != "lost" and not self._stop.is_set():
            self.status = "lost"
            self._emit("lost", time.perf_counter(), self.values)

    def _open(self) -> serial.SerialBase:
        try:
            return serial.serial_for_url(self.url, baudrate=115200, timeout=READ_TIMEOUT,
                                         write_timeout=1.0, exclusive=True)
        except ValueError:
            # Platforms without exclusive locks (e.g. Windows) refuse the option.
            return serial.serial_for_url(self.url, baudrate=115200, timeout=READ_TIMEOUT,
                                         write_timeout=1.0)

    def _session(self) -> None:
        """One connection, from opening the port until it is lost or stopped."""
        port = self._open()
        with self._write_lock:
            self._port = port  # closed by _run however the session ends
            self._seq = 0
        port.reset_input_buffer()
        self._parser.reset()
        was_lost = self.status == "lost"
        if self.status != "lost":
            self.status = "open"
        opened = last_valid = self.clock()
        asked_hello = False
        self._led_sent = None
        while not self._stop.is_set():
            now = self.clock()
            if self.status == "run":
                self._keep_lit(now)
            if self.status != "run":
                if now - opened > self.hello_timeout:
                    return
                if not asked_hello and now - opened > self.hello_timeout / 2:
                    asked_hello = self._send("?HELLO") is not None
            elif now - last_valid > self.heartbeat_timeout:
                # The wait may have been our own (a suspended process, a starved
                # thread): what the board sent meanwhile is read before giving it up.
                if not self._take(port, port.read(port.in_waiting), was_lost):
                    return
                last_valid = self.clock()
                continue
            if self._take(port, port.read(max(1, port.in_waiting)), was_lost):
                last_valid = self.clock()
            if self.status == "mismatch":
                return

    def _take(self, port: serial.SerialBase, data: bytes, was_lost: bool) -> bool:
        """Parse what was read; whether it held a valid line."""
        if not data:
            return False
        at = time.perf_counter()
        before = dict(self._parser.counters)
        items = self._parser.feed_all(data)
        for item in items:
            if isinstance(item, Reject):
                if item.reason == "wrong_proto" and item.fields is not None:
                    self._mismatch(item.fields, at)
            elif item.kind == "HELLO":
                self._hello(item, at, was_lost)
            elif self.status == "run":
                self._message(item, at)
        self._after_feed(before, at)
        return any(isinstance(item, Message) for item in items)

    def _hello(self, message: Message, at: float, was_lost: bool) -> None:
        fields = message.fields
        self.device = DeviceInfo(fields["dev"], fields["fw"], fields["uid"],
                                 minor_of(fields), caps_of(fields))
        if self.status != "run" and was_lost:
            self._reconnects += 1
        self.status = "run"
        self._led_sent = None
        self._emit("hello", at, self.values)
        self._send("?STATE")

    def _mismatch(self, fields: dict[str, str], at: float) -> None:
        """A board of another major version: say who it is, then let its port go."""
        self.device = DeviceInfo(fields.get("dev", "?"), fields.get("fw", "?"),
                                 fields.get("uid", "?"), proto=fields.get("proto", "?"))
        self.status = "mismatch"
        self._emit("mismatch", at)

    def _keep_lit(self, now: float) -> None:
        """Send the LED pattern when it changed or a second after the last, and a flash
        once asked; boards without LEDs are sent nothing."""
        if not self.lit:
            return
        if self._flash:
            self._flash = False
            self._send("LED", {"show": "ok"})
        sent = self._led_sent
        if sent is None or sent[0] != self.led or now - sent[1] >= KEEPALIVE:
            pattern = self.led
            if self._send("LED", {"show": pattern}) is not None:
                self._led_sent = (pattern, now)

    def _message(self, message: Message, at: float) -> None:
        if message.kind in ("STATE", "EV"):
            self.values = dict(message.fields)
            self._emit("state" if message.kind == "STATE" else "change", at, self.values)
        elif message.kind == "ACK":
            self.acks.append(int(message.fields["ref"]))
        elif message.kind == "ERR":
            self.errors.append((message.fields["code"], message.fields["ref"]))

    def _after_feed(self, before: dict[str, int], at: float) -> None:
        """Log lines become events; lost or damaged lines make us ask for a snapshot."""
        counters = self._parser.counters
        new_logs = counters["logs"] - before["logs"]
        for text in list(self._parser.logs)[-new_logs:] if new_logs else ():
            self._emit("log", at, {"text": text})
        damaged = (counters["seq_gaps"] > before["seq_gaps"]
                   or counters["bad_crc"] > before["bad_crc"])
        if damaged and self.status == "run":
            self._send("?STATE")

    def _close(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except PORT_ERRORS as exc:
                self.last_error = str(exc)
