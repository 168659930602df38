"""The real controller firmware run by simavr behind a pty, driven from Python.

Starts the harness (``hardware/sim``, see the comment at the top of its source), moves
the board's inputs through its stdin (``adc``, ``pin``) and, with ``trace``, collects
what it reports on stdout with simulated timestamps: every line the firmware sends or
receives, every input change and every reset. Tests check the firmware's own timing
in simulated microseconds from that trace, so a slow host cannot fail them. Used by
the hardware-in-the-loop tests and ``botyard bench controller``; it needs a checkout
with ``make firmware`` done (an installed wheel has neither the firmware nor the
harness), and says so through ``missing()`` rather than failing later.
"""

from __future__ import annotations

import contextlib
import queue
import select
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ELF = HERE / "firmware" / "build" / "botyard-controller.elf"
HARNESS = HERE / "sim" / "build" / "botyard-avr-sim"
VCC_MV = 5000
READY_PIN = ("D", 2)
"""The pilot's and tactician's ready switch, to ground: level 0 = switch up (ready=1)."""
LID_PIN = ("D", 3)
"""A dice tray's lid switch, to ground: level 0 = lid open or dice handled."""
DIE_LEVELS = 7
"""A dice well's ladder: 0 empty, 1..5 the faces 1 to 5, 6 the top face (a wire link in
the die): the blank of a blank-faced die, the 6 of a six-sided one."""
START_TIMEOUT = 10.0
"""Longest wait for the harness to announce its pty."""


def missing() -> str | None:
    """What is not built (firmware or harness), or None when both are there."""
    absent = [path.name for path in (ELF, HARNESS) if not path.is_file()]
    return " and ".join(absent) or None


def ladder_mv(position: int, positions: int) -> int:
    """The voltage a resistor-ladder dial puts on its ADC pin at ``position``."""
    return round(position * VCC_MV / (positions - 1))


def die_mv(face: str) -> int:
    """The voltage a die puts on its well's pin showing ``face`` (as the protocol names
    it: ``1`` to ``6``, ``B`` blank), or an empty well's for ``""``."""
    levels = {"": 0, **{str(level): level for level in range(1, DIE_LEVELS)},
              "B": DIE_LEVELS - 1}
    if face not in levels:
        raise ValueError(f"no die face {face!r}")
    return ladder_mv(levels[face], DIE_LEVELS)


@dataclass(frozen=True)
class TraceLine:
    """One report of the harness: kind is TX (a line the firmware sent), RX (a line the
    host sent it), CMD (an input change applied), RESET or TIME; ``us`` is the simulated
    microsecond it happened (for a line: its newline crossed the UART); ``text`` the line
    or command, if any."""

    kind: str
    us: int
    text: str

    @property
    def ms(self) -> float:
        return self.us / 1000


class HarnessError(RuntimeError):
    """The harness could not be started or stopped answering."""


class SimBoard:
    """One simulated controller: the harness process, its inputs and its trace.

    ``speed`` runs simulated time that many times as fast as the wall clock (the
    firmware's timing, measured in simulated time, is unchanged). Use as a context
    manager, or call ``close``.
    """

    def __init__(self, role: str, uid: str | None = None, *, speed: float = 1.0,
                 trace: bool = False, eeprom: Path | None = None,
                 elf: Path | None = None) -> None:
        """``eeprom``: a file keeping the board's EEPROM (its id, its dial zeros) from one
        harness to the next, as a real board keeps it unplugged. ``elf``: the firmware
        image it runs (another release's, to check that hosts and boards of different
        minor versions still work together); this checkout's when None."""
        elf = elf or ELF
        if missing() or not elf.is_file():
            raise HarnessError(f"not built: {missing() or elf} (run `make firmware` in a "
                               "checkout)")
        args = [str(HARNESS), "--role", role, "--speed", repr(float(speed)),
                *(["--uid", uid] if uid else []), *(["--trace"] if trace else []),
                *(["--eeprom", str(eeprom)] if eeprom else []), str(elf)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], START_TIMEOUT)
        first = self.proc.stdout.readline().split() if ready else []
        if first[:1] != ["PTY"] or len(first) != 2:
            self.close()
            raise HarnessError(f"the harness did not announce its pty: {first}")
        self.path = first[1]
        self.history: list[TraceLine] = []
        """Trace lines already returned or passed over by ``expect``, oldest first."""
        self._lines: queue.Queue[TraceLine | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="avr-sim trace", daemon=True)
        self._reader.start()

    def __enter__(self) -> SimBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- inputs ---------------------------------------------------------------------------
    def command(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def adc(self, channel: int, millivolts: int) -> None:
        self.command(f"adc {channel} {millivolts}")

    def pin(self, port: str, bit: int, level: int) -> None:
        self.command(f"pin {port} {bit} {level}")

    def ready(self, up: bool) -> None:
        """Flip the ready switch (up closes it to ground: the firmware reports ready=1)."""
        self.pin(*READY_PIN, 0 if up else 1)

    # -- trace ----------------------------------------------------------------------------
    def now_us(self, timeout: float = START_TIMEOUT) -> int:
        """The simulated time now (asks the harness; works with or without trace)."""
        self.command("time")
        return self.expect(lambda line: line.kind == "TIME", timeout).us

    def expect(self, predicate: Callable[[TraceLine], bool],
               timeout: float = START_TIMEOUT) -> TraceLine:
        """The next trace line that matches; those before it go to ``history`` unread.
        ``timeout`` is only a generous limit for a broken run: waiting returns as soon
        as the line is there."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                raise HarnessError(f"the harness ended (exit status {self.proc.poll()})")
            self.history.append(line)
            if predicate(line):
                return line
        raise HarnessError(f"no such trace line within {timeout} s; last lines: "
                           f"{[(t.kind, t.us, t.text) for t in self.history[-8:]]}")

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            kind, _, rest = raw.rstrip("\n").partition(" ")
            stamp, _, text = rest.partition(" ")
            if stamp.isdigit():
                self._lines.put(TraceLine(kind, int(stamp), text))
        self._lines.put(None)

    # -- end ------------------------------------------------------------------------------
    def close(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                self.command("quit")
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        reader = getattr(self, "_reader", None)
        if reader is not None:
            reader.join(timeout=3)  # the ended harness closed stdout: the reader ends too
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()
