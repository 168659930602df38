"""The controller line protocol v1 (see PROTOCOL.md): CRC, encoder and a parser.

Pure: no I/O, no threads, no pygame. The parser never raises on any input, because it
runs inside a reader thread where an exception would silently end the link; bad lines
are counted and dropped, and the next ``\\n`` resynchronises.
"""

from __future__ import annotations

import binascii
import re
from collections import deque
from dataclasses import dataclass

from hardware.boards import LED_SHOWS, PROTO_MAJOR, ZERO_CONTROLS, snapshot_ok

MAX_LINE = 80
"""Longest line in bytes, terminator included (the receiver tolerates an extra ``\\r``)."""

ERR_CODES = frozenset({"crc", "long", "type", "value"})
DEVICE_KINDS = frozenset({"HELLO", "STATE", "EV", "ACK", "ERR"})
HOST_KINDS = frozenset({"?HELLO", "?STATE", "PING", "ZERO", "SETID", "LED"})
COUNTER_KEYS = ("lines", "bad_crc", "too_long", "malformed", "unknown_type", "bad_value",
                "wrong_proto", "logs", "seq_gaps")
ERR_CODE_FOR = {"bad_crc": "crc", "too_long": "long", "unknown_type": "type",
                "malformed": "value", "bad_value": "value", "wrong_proto": "value"}
"""The ERR code a device answers for each kind of rejected host line."""

_KIND = re.compile(r"\??[A-Z]+")
_SEQ = re.compile(r"0|[1-9][0-9]{0,2}")
_KEY = re.compile(r"[a-z0-9_]+")
_VALUE = re.compile(r"[\x21-\x29\x2b\x2d-\x3c\x3e-\x7e]*")
"""Printable ASCII except space, comma, star and equals."""
_CRC = re.compile(r"[0-9A-F]{4}")
_UID = re.compile(r"[0-9A-Fa-f]{4,16}")
_SET_UID = re.compile(r"[0-9A-F]{4}")
"""What SETID may give: four upper-case hex digits (the firmware keeps 16 bits)."""
_CAPS = re.compile(r"[a-z0-9_]+(\+[a-z0-9_]+)*")
_MINOR = re.compile(r"0|[1-9][0-9]{0,3}")


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor."""
    return binascii.crc_hqx(data, 0xFFFF)


def encode(kind: str, seq: int, fields: dict[str, str | int] | None = None) -> bytes:
    """One complete line with CRC and ``\\n``. Raises ValueError for a line the protocol
    cannot carry (a programming error, not bad input from a device)."""
    if not _KIND.fullmatch(kind) or not 0 <= seq <= 255:
        raise ValueError(f"bad message kind or sequence: {kind!r}, {seq!r}")
    parts = [kind, str(seq)]
    for key, value in (fields or {}).items():
        text = str(value)
        if not _KEY.fullmatch(key) or not _VALUE.fullmatch(text):
            raise ValueError(f"field {key}={text!r} cannot be sent")
        parts.append(f"{key}={text}")
    body = ",".join(parts).encode("ascii")
    line = body + b"*%04X\n" % crc16(body)
    if len(line) > MAX_LINE:
        raise ValueError(f"a {kind} line would be {len(line)} bytes, over {MAX_LINE}")
    return line


@dataclass(frozen=True)
class Message:
    """One valid line: its type, its sender's sequence number and its fields."""

    kind: str
    seq: int
    fields: dict[str, str]


@dataclass(frozen=True)
class Reject:
    """A dropped line: the counter it moved and its sequence number if readable. A HELLO
    of another major version keeps its fields, so the host can say who is talking."""

    reason: str
    seq: int | None
    fields: dict[str, str] | None = None


class Parser:
    """Turns received bytes into Messages for one direction of one link.

    ``kinds`` are the types this end accepts: the host parses DEVICE_KINDS, a
    (simulated) device parses HOST_KINDS. After a valid HELLO the device's role is
    known and snapshots are checked against exactly that role's fields.
    """

    def __init__(self, kinds: frozenset[str] = DEVICE_KINDS) -> None:
        self.kinds = kinds
        self.counters: dict[str, int] = dict.fromkeys(COUNTER_KEYS, 0)
        self.logs: deque[str] = deque(maxlen=200)
        self.role: str | None = None
        self._buffer = bytearray()
        self._skipping = False
        self._expected_seq: int | None = None

    def reset(self) -> None:
        """Forget partial input, the role and the expected sequence (a new connection);
        the counters keep running."""
        self._buffer.clear()
        self._skipping = False
        self._expected_seq = None
        self.role = None

    def feed(self, data: bytes) -> list[Message]:
        """The valid messages completed by ``data``; partial lines wait for more."""
        return [item for item in self.feed_all(data) if isinstance(item, Message)]

    def feed_all(self, data: bytes) -> list[Message | Reject]:
        """Like ``feed`` but also reports each rejected line (a device answers ERR)."""
        out: list[Message | Reject] = []
        if not isinstance(data, bytes | bytearray | memoryview):
            return out
        view = bytes(data)
        start = 0
        while start < len(view):
            end = view.find(b"\n", start)
            chunk = view[start:] if end < 0 else view[start:end]
            start = len(view) if end < 0 else end + 1
            if self._skipping:
                if end >= 0:
                    self._skipping = False
                continue
            if len(self._buffer) + len(chunk) > MAX_LINE:
                self._buffer.clear()
                self._skipping = end < 0
                self._count("lines")
                out.append(self._reject("too_long", None))
                continue
            self._buffer += chunk
            if end >= 0:
                line = bytes(self._buffer)
                self._buffer.clear()
                item = self._line(line[:-1] if line.endswith(b"\r") else line)
                if item is not None:
                    out.append(item)
        return out

    def _count(self, key: str) -> None:
        self.counters[key] += 1

    def _reject(self, reason: str, seq: int | None,
                fields: dict[str, str] | None = None) -> Reject:
        self._count(reason)
        return Reject(reason, seq, fields)

    def _line(self, line: bytes) -> Message | Reject | None:
        if not line:
            return None
        self._count("lines")
        if line.startswith(b"#"):
            self._count("logs")
            self.logs.append(line[1:].decode("ascii", "replace").strip())
            return None
        body, star, crc = line.rpartition(b"*")
        if not star or not _CRC.fullmatch(crc.decode("latin-1")):
            return self._reject("malformed", None)
        if crc16(body) != int(crc, 16):
            return self._reject("bad_crc", None)
        try:
            text = body.decode("ascii")
        except UnicodeDecodeError:
            return self._reject("malformed", None)
        kind, _, rest = text.partition(",")
        seq_text, _, field_text = rest.partition(",")
        if not _SEQ.fullmatch(seq_text) or int(seq_text) > 255:
            return self._reject("malformed", None)
        seq = int(seq_text)
        fields = _fields(field_text)
        if fields is None:
            return self._reject("malformed", seq)
        if kind not in self.kinds:
            return self._reject("unknown_type", seq)
        problem = self._check(kind, fields)
        if problem:
            return self._reject(problem, seq, fields if problem == "wrong_proto" else None)
        self._track_seq(kind, seq)
        if kind == "HELLO":
            self.role = fields["dev"]
        return Message(kind, seq, fields)

    def _track_seq(self, kind: str, seq: int) -> None:
        """A HELLO restarts the count (the device may have rebooted); any other jump
        is a gap, meaning lines were lost."""
        if kind != "HELLO" and self._expected_seq is not None and seq != self._expected_seq:
            self._count("seq_gaps")
        self._expected_seq = (seq + 1) & 0xFF

    def _check(self, kind: str, fields: dict[str, str]) -> str | None:
        """The counter a well-formed line of this kind moves if its fields are wrong.
        Fields a line's kind does not name are kept: a newer minor version may add some."""
        if kind == "HELLO":
            if not {"proto", "dev", "fw", "uid"} <= fields.keys():
                return "bad_value"
            if fields["proto"] != PROTO_MAJOR:
                return "wrong_proto"
            ok = (_KEY.fullmatch(fields["dev"]) is not None and bool(fields["fw"])
                  and _UID.fullmatch(fields["uid"]) is not None
                  and _MINOR.fullmatch(fields.get("minor", "0")) is not None
                  and ("caps" not in fields or _CAPS.fullmatch(fields["caps"]) is not None))
            return None if ok else "bad_value"
        if kind in ("STATE", "EV"):
            return None if snapshot_ok(fields, self.role) else "bad_value"
        if kind == "ACK":
            return None if _is_seq(fields.get("ref", "")) else "bad_value"
        if kind == "ERR":
            ref = fields.get("ref", "")
            ok = fields.get("code") in ERR_CODES and (ref == "-" or _is_seq(ref))
            return None if ok else "bad_value"
        if kind == "ZERO":
            return None if fields.get("ctl") in ZERO_CONTROLS else "bad_value"
        if kind == "SETID":
            uid = fields.get("uid", "")
            return None if _SET_UID.fullmatch(uid) and uid != "FFFF" else "bad_value"
        if kind == "LED":
            return None if fields.get("show") in LED_SHOWS else "bad_value"
        return None


def _fields(text: str) -> dict[str, str] | None:
    """``key=val,...`` as a dict, or None if any pair is malformed or repeated."""
    fields: dict[str, str] = {}
    if not text:
        return fields
    for pair in text.split(","):
        key, eq, value = pair.partition("=")
        if not eq or not _KEY.fullmatch(key) or not _VALUE.fullmatch(value):
            return None
        if key in fields:
            return None
        fields[key] = value
    return fields


def _is_seq(text: str) -> bool:
    return _SEQ.fullmatch(text) is not None and int(text) <= 255


def minor_of(fields: dict[str, str]) -> int:
    """A valid HELLO's minor version (0 when it does not say: a 1.0 board)."""
    return int(fields.get("minor", "0"))


def caps_of(fields: dict[str, str]) -> frozenset[str]:
    """A valid HELLO's capabilities beyond protocol 1.0 (``caps=led+setid``)."""
    caps = fields.get("caps", "")
    return frozenset(caps.split("+")) if caps else frozenset()
