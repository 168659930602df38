"""A virtual controller that speaks the protocol (PROTOCOL.md) exactly like the firmware.

It lets the host, the tests and the benchmark run without a board: HELLO at boot and
on ``?HELLO``, STATE after HELLO, on ``?STATE`` and as the heartbeat, EV on each
change, ACK/ERR to host requests, SETID, ZERO offsets and LED patterns as the firmware
keeps them (hardware/firmware/README.md). ``botyard controller-sim`` drives one from
the keyboard or from a script file.
"""

from __future__ import annotations

import argparse
import re
import select
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from game.arguments import OneLineParser
from hardware.boards import BOARDS, FIRMWARE_VERSION, PROTO_MINOR
from hardware.protocol import ERR_CODE_FOR, HOST_KINDS, Message, Parser, Reject, encode
from hardware.sim_ports import PtyPort, TcpPort

DEFAULT_UIDS = {"pilot": "00A1", "tactician": "00B1", "dice": "00D1", "dice2d6": "00D6"}
CAPS = "led+setid"
_UID = re.compile(r"[0-9A-F]{4,16}")


def default_snapshot(role: str) -> dict[str, str]:
    """A board at rest: dials at 0, ready down, a tray's wells empty."""
    return {key: ("A-" if BOARDS[role].faces else "0") for key in BOARDS[role].fields}


class VirtualDevice:
    """One simulated board. Open it on a pty (``open_pty``) or a TCP port
    (``listen``); ``set`` turns a dial, ``unplug``/``plug`` pull and replace the cable."""

    def __init__(self, role: str, uid: str, *, fw: str = FIRMWARE_VERSION,
                 heartbeat: float = 1.0, boot_delay: float = 0.05,
                 hello: dict[str, str | int | None] | None = None) -> None:
        """``hello`` adds, replaces or (with None) leaves out HELLO fields: a board of
        another version, with more capabilities, or a 1.0 board without minor= and caps=."""
        if role not in BOARDS:
            raise ValueError(f"unknown role {role!r} ({', '.join(BOARDS)})")
        if not _UID.fullmatch(uid):
            raise ValueError(f"a uid is 4 to 16 upper-case hex digits, not {uid!r}")
        self.role, self.uid, self.fw = role, uid, fw
        self.heartbeat = heartbeat
        self.boot_delay = boot_delay
        self.extra_hello = dict(hello or {})
        self.positions = default_snapshot(role)
        """Where the controls physically are; dials read relative to their zero."""
        self.zero: dict[str, int] = dict.fromkeys(BOARDS[role].dials, 0)
        """Each dial's offset (ZERO), kept across plugging as the firmware's EEPROM."""
        self.values = dict(self.positions)
        self.led = "idle"
        """The host's LED pattern; the firmware's own lost-link blink is not modelled."""
        self.flashes = 0
        """Accepted-move flashes asked for (LED,show=ok)."""
        self.received: deque[Message] = deque(maxlen=256)
        """Valid host lines, newest last (tests look here)."""
        self.plugged = False
        self.last_error = ""
        self._port: PtyPort | TcpPort | None = None
        self._parser = Parser(HOST_KINDS)
        self._lock = threading.RLock()
        self._seq = 0
        self._boot_at: float | None = None
        self._next_beat = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """What the host opens: the pty's path or ``socket://host:port``."""
        if self._port is None:
            raise RuntimeError("open_pty() or listen() first")
        return self._port.url

    def open_pty(self, path: str | None = None) -> str:
        self._start(PtyPort(path))
        return self.url

    def listen(self, host: str = "127.0.0.1", port: int = 0) -> str:
        self._start(TcpPort(host, port))
        return self.url

    def _start(self, port: PtyPort | TcpPort) -> None:
        self._port = port
        self.plug()
        self._thread = threading.Thread(target=self._serve, name=f"sim {self.role}",
                                        daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        with self._lock:
            if self._port is not None:
                self._port.release()
            self.plugged = False

    def plug(self) -> None:
        """Cable in: the board boots (sequence 0, HELLO, STATE)."""
        with self._lock:
            if self.plugged or self._port is None:
                return
            self._port.up()
            self.plugged = True
            self._reboot()

    def unplug(self) -> None:
        with self._lock:
            if self.plugged and self._port is not None:
                self._port.down()
            self.plugged = False

    def set(self, field: str, value: str | int) -> float | None:
        """Move a control (a dial to a physical position); a change of the reading is
        reported at once with EV. Returns time.perf_counter() just before the EV was
        written, or None if none was."""
        return self.set_many({field: value})

    def set_many(self, changes: dict[str, str | int]) -> float | None:
        """Move several controls at once (every die in a tray as the lid shuts): one EV
        for the lot, as the firmware reports a scan's changes together."""
        fields = BOARDS[self.role].fields
        texts = {field: str(value) for field, value in changes.items()}
        for field, text in texts.items():
            allowed = fields.get(field)
            if allowed is None:
                raise ValueError(f"a {self.role} has no {field!r} (it has {', '.join(fields)})")
            if text not in allowed:
                raise ValueError(
                    f"{field} cannot be {text!r} (one of {', '.join(sorted(allowed))})")
        with self._lock:
            self.positions.update(texts)
            return self._report()

    def roll(self, faces: Sequence[str | int]) -> None:
        """A roll at the tray, as the firmware reports one: the lid is lifted (every die
        in it handled), the dice are set in the first wells as ``faces`` say and the lid
        shut (they settle), then they lie still with their faces; the other wells are
        empty. Three EVs."""
        kind = BOARDS[self.role]
        wells = list(kind.fields)
        shown = [str(face).upper() for face in faces]
        if not kind.faces:
            raise ValueError(f"a {self.role} has no dice to roll")
        if not 1 <= len(shown) <= len(wells):
            raise ValueError(f"a {self.role} rolls 1 to {len(wells)} dice, not {len(shown)}")
        wrong = [face for face in shown if face not in kind.faces]
        if wrong:
            raise ValueError(f"a {self.role}'s dice show {', '.join(kind.faces)}, not "
                             f"{', '.join(wrong)}")
        used, empty = wells[:len(shown)], dict.fromkeys(wells[len(shown):], "A-")
        for state in ("H-", "R-"):
            self.set_many({**dict.fromkeys(used, state), **empty})
        self.set_many({**{well: f"S{face}" for well, face in zip(used, shown, strict=True)},
                       **empty})

    def _report(self) -> float | None:
        """Send an EV if the reading (positions less zero offsets) changed."""
        reading = dict(self.positions)
        for dial, offset in self.zero.items():
            count = len(BOARDS[self.role].fields[dial])
            reading[dial] = str((int(reading[dial]) - offset) % count)
        if reading == self.values:
            return None
        self.values = reading
        return self._send("EV", self.values)

    def inject(self, data: bytes) -> None:
        """Write raw bytes to the host (tests use it to send garbage or skip sequences)."""
        with self._lock:
            if self._port is not None and self.plugged:
                self._port.write(data)

    def skip_seq(self, count: int = 1) -> None:
        """Pretend ``count`` lines were lost on the cable."""
        with self._lock:
            self._seq = (self._seq + count) & 0xFF

    def _reboot(self) -> None:
        self._seq = 0
        self._parser.reset()
        self._boot_at = time.monotonic() + self.boot_delay

    def _send(self, kind: str, fields: dict[str, str | int] | None = None) -> float | None:
        line = encode(kind, self._seq, fields)
        self._seq = (self._seq + 1) & 0xFF
        if self._port is None or not self.plugged:
            return None
        at = time.perf_counter()
        return at if self._port.write(line) else None

    def _hello(self) -> None:
        fields = {"proto": 1, "minor": PROTO_MINOR, "dev": self.role, "fw": self.fw,
                  "uid": self.uid, "caps": CAPS, **self.extra_hello}
        self._send("HELLO", {key: value for key, value in fields.items() if value is not None})
        self._send("STATE", self.values)
        self._next_beat = time.monotonic() + self.heartbeat

    def _serve(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                fds = self._port.fds() if self.plugged and self._port else []
                self._tick()
            if not fds:
                self._stop.wait(0.01)
                continue
            try:
                ready, _, _ = select.select(fds, [], [], 0.01)
            except (OSError, ValueError):
                continue  # unplugged while we waited; the next loop sees it
            for fd in ready:
                with self._lock:
                    try:
                        self._readable(fd)
                    except OSError as exc:
                        self.last_error = str(exc)

    def _tick(self) -> None:
        now = time.monotonic()
        if not self.plugged:
            return
        if self._boot_at is not None and now >= self._boot_at:
            self._boot_at = None
            self._hello()
        elif self._boot_at is None and now >= self._next_beat:
            self._send("STATE", self.values)
            self._next_beat = now + self.heartbeat

    def _readable(self, fd: int) -> None:
        if not self.plugged or self._port is None or fd not in self._port.fds():
            return
        data, connected = self._port.readable(fd)
        if connected:
            self._reboot()  # an Arduino resets when the host opens its port
        for item in self._parser.feed_all(data):
            self._answer(item)

    def _answer(self, item: Message | Reject) -> None:
        if isinstance(item, Reject):
            ref = "-" if item.seq is None else item.seq
            self._send("ERR", {"code": ERR_CODE_FOR[item.reason], "ref": ref})
            return
        self.received.append(item)
        if item.kind == "?HELLO":
            self._hello()
        elif item.kind == "?STATE":
            self._send("STATE", self.values)
        elif item.kind == "PING":
            self._send("ACK", {"ref": item.seq})
        elif item.kind == "SETID":
            self.uid = item.fields["uid"]
            self._send("ACK", {"ref": item.seq})
            self._hello()
        elif item.kind == "LED":
            if item.fields["show"] == "ok":
                self.flashes += 1
            else:
                self.led = item.fields["show"]
        elif item.fields["ctl"] not in self.zero:
            self._send("ERR", {"code": "value", "ref": item.seq})
        else:  # ZERO: where the dial points now reads 0, as the firmware does
            dial = item.fields["ctl"]
            self.zero[dial] = int(self.positions[dial])
            self._send("ACK", {"ref": item.seq})
            self._report()


HELP = ("commands: steer N, target N, tactic N, ready [0|1], die SLOT XY (e.g. die 0 S3), "
        "roll FACES (e.g. roll 3 6: lid up, dice in, lid down, settled), "
        "unplug, plug, wait SECONDS, state, help, quit")


def run_command(device: VirtualDevice, line: str, out: TextIO) -> bool:
    """Carry out one command line; False means quit. Mistakes print one line."""
    words = line.split()
    if not words or words[0].startswith("#"):
        return True
    verb, args = words[0].lower(), words[1:]
    try:
        if verb in ("quit", "exit"):
            return False
        if verb == "help":
            print(HELP, file=out)
        elif verb == "state":
            print(" ".join(f"{k}={v}" for k, v in device.values.items())
                  + f" led={device.led} uid={device.uid}"
                  + ("" if device.plugged else " (unplugged)"), file=out)
        elif verb in ("unplug", "plug") and not args:
            getattr(device, verb)()
        elif verb == "wait" and len(args) == 1:
            time.sleep(max(0.0, float(args[0])))
        elif verb == "ready" and len(args) <= 1:
            flipped = "0" if device.values.get("ready") == "1" else "1"
            device.set("ready", args[0] if args else flipped)
        elif verb == "die" and len(args) == 2:
            device.set(f"d{args[0]}", args[1].upper())
        elif verb == "roll" and args:
            device.roll(args)
        elif verb in ("steer", "target", "tactic") and len(args) == 1:
            device.set(verb, args[0])
        else:
            print(f"controller-sim: don't understand {line.strip()!r}; {HELP}", file=out)
    except ValueError as exc:
        print(f"controller-sim: {exc}", file=out)
    return True


def run_lines(device: VirtualDevice, lines: Iterable[str], out: TextIO) -> None:
    for line in lines:
        if not run_command(device, line, out):
            return


def _arguments() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="botyard controller-sim", error_name="controller-sim",
        description="A virtual table controller speaking the Botyard serial protocol.")
    parser.add_argument("--role", required=True, choices=sorted(BOARDS))
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--pty", action="store_true", help="serve on a pseudo-terminal (default)")
    where.add_argument("--listen", metavar="HOST:PORT", help="serve on a TCP port instead")
    parser.add_argument("--script", metavar="FILE", help="run commands from FILE, then quit")
    parser.add_argument("--uid", help="the board's id, 4-16 hex digits")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _arguments().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    uid = (args.uid or DEFAULT_UIDS[args.role]).upper()
    try:
        if args.script and not Path(args.script).is_file():
            # A FIFO or a device would be read for ever.
            raise ValueError(f"--script wants a plain file, not {args.script!r}")
        script = Path(args.script).read_text(encoding="utf-8").splitlines() if args.script else None
        device = VirtualDevice(args.role, uid)
        if args.listen:
            host, sep, port = args.listen.rpartition(":")
            if not sep or not re.fullmatch(r"[0-9]{1,5}", port) or int(port) > 65535:
                raise ValueError(f"--listen wants HOST:PORT, not {args.listen!r}")
            url = device.listen(host or "127.0.0.1", int(port))
        else:
            url = device.open_pty()
    except (ValueError, OSError) as exc:
        print(f"controller-sim: {exc}", file=sys.stderr)
        return 2
    print(f"{args.role} controller uid {uid}; point the host at {url}", flush=True)
    try:
        if script is not None:
            run_lines(device, script, sys.stdout)
        else:
            print(HELP, flush=True)
            run_lines(device, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        return 130
    finally:
        device.close()
    return 0
