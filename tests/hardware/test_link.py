"""Link against the virtual board over TCP and over a pseudo-terminal, with the real
timeouts (3 s HELLO, 3 s heartbeat loss, 1 s retry) measured on a fake clock."""

from __future__ import annotations

import fcntl
import os
import struct
import termios
import threading
import time
import tty
from types import SimpleNamespace

import pytest

from hardware import ports as ports_module
from hardware.boards import FIRMWARE_VERSION, PROTO_MINOR
from hardware.controller_sim import VirtualDevice
from hardware.link import KEEPALIVE, DeviceInfo, Link
from hardware.ports import PortInfo, usb_ports
from hardware.protocol import HOST_KINDS, Parser, encode
from tests.hardware.helpers import PATIENCE, EventLog, FakeClock, handshake, wait_for

CAPS = frozenset({"led", "setid"})


def info(role: str, uid: str) -> DeviceInfo:
    """What a board of this firmware says in its HELLO."""
    return DeviceInfo(role, FIRMWARE_VERSION, uid, PROTO_MINOR, CAPS)


def test_handshake_then_state_and_change_events(linked):
    board, link, log = linked
    hello = log.wait(lambda e: e.kind == "hello")
    assert hello.device == info("pilot", "00A1") == link.device
    log.wait(lambda e: e.kind == "state")
    board.set("steer", 2)
    change = log.wait(lambda e: e.kind == "change")
    assert change.values == {"steer": "2", "target": "0", "ready": "0"}
    assert change.link == "test" and change.device == link.device
    assert link.values["steer"] == "2"
    assert log.kinds()[0] == "hello"


def test_the_real_timeouts_are_the_protocols():
    link = Link("loop://", EventLog().queue)
    assert (link.hello_timeout, link.heartbeat_timeout, link.retry) == (3.0, 3.0, 1.0)


def test_heartbeats_keep_the_link_running(linked, clock):
    _, link, log = linked
    for _ in range(4):  # 4 x 0.9 of the timeout: lost unless every heartbeat counts
        # A STATE read after the clock last moved (see FakeClock.settle) restarts the
        # heartbeat timer at the present time.
        beats = log.count("state")
        assert wait_for(lambda: log.count("state") > beats)  # noqa: B023 (waited on here)
        clock.advance(0.9 * link.heartbeat_timeout)
        assert link.status == "run"
    assert log.count("lost") == 0 and link.counters["reconnects"] == 0


def test_silent_board_is_lost_at_the_timeout_and_retried_after_a_second(thread_errors,
                                                                         opens):
    board = VirtualDevice("tactician", "00B1", heartbeat=3600.0, boot_delay=0.02)
    board.listen()
    log = EventLog()
    clock = FakeClock()
    link = Link(board.url, log.queue, clock=clock)
    link.start()
    try:
        # The boot STATE and the one answering ?STATE: the last lines the board sends.
        assert wait_for(lambda: log.count("state") == 2)
        clock.advance(link.heartbeat_timeout - 0.01)
        assert link.status == "run" and log.count("lost") == 0
        clock.advance(0.02)
        assert link.status == "lost" and log.kinds() == ["hello", "state", "state", "lost"]
        assert log.seen[-1].device == info("tactician", "00B1")
        tried = len(opens)
        clock.advance(link.retry - 0.01)
        assert len(opens) == tried, "reopened before the retry pause was over"
        clock.advance(0.02)
        assert len(opens) == tried + 1
        # Reopening the TCP port reboots the board, which says HELLO again.
        assert wait_for(lambda: link.counters["reconnects"] == 1)
        assert link.status == "run" and log.count("lost") == 1
    finally:
        link.stop()
        board.close()
    assert thread_errors == []


def test_hello_is_asked_at_half_the_timeout_and_given_up_at_the_timeout(thread_errors):
    """A port that never answers: a bare pseudo-terminal whose other end the test reads."""
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)

    def sent() -> bytes:
        try:
            return os.read(master, 4096)
        except BlockingIOError:
            return b""

    log = EventLog()
    clock = FakeClock()
    link = Link(os.ttyname(slave), log.queue, clock=clock)
    link.start()
    try:
        assert wait_for(lambda: link.status == "open"), link.last_error
        clock.settle()  # the link has taken the time it opened the port
        clock.advance(link.hello_timeout / 2 - 0.01)
        assert sent() == b""
        clock.advance(0.02)
        asked = Parser(HOST_KINDS).feed(sent())
        assert [(m.kind, m.seq) for m in asked] == [("?HELLO", 0)]
        clock.advance(link.hello_timeout / 2 - 0.02)
        assert link.status == "open" and log.kinds() == []
        clock.advance(0.02)
        assert link.status == "lost" and log.kinds() == ["lost"]
        assert sent() == b"", "nothing more is asked of a port given up on"
    finally:
        link.stop()
        os.close(master)
        os.close(slave)
    assert thread_errors == []


def test_unplug_is_lost_and_plug_reconnects(linked, clock, opens, thread_errors):
    board, link, log = linked
    board.unplug()
    log.wait(lambda e: e.kind == "lost")
    assert link.status == "lost"
    clock.settle()  # the link has begun its pause before the first retry
    for _ in range(3):  # three failed attempts to reopen, one per retry pause
        tried = len(opens)
        clock.advance(link.retry)
        assert len(opens) == tried + 1
    assert link.status == "lost" and log.count("lost") == 1
    board.set("ready", 1)  # flipped while the cable is out
    board.plug()
    clock.advance(link.retry)
    handshake(link, clock)
    assert link.counters["reconnects"] == 1
    log.wait(lambda e: e.kind == "state" and e.values.get("ready") == "1")
    assert thread_errors == []
    assert link._thread is not None and link._thread.is_alive()


def test_request_state_and_zero_are_answered(linked):
    board, link, log = linked
    log.wait(lambda e: e.kind == "state")
    log.seen.clear()
    seq = link.request_state()
    assert seq is not None
    assert wait_for(lambda: any(m.kind == "?STATE" and m.seq == seq for m in board.received))
    board.set("steer", 3)
    log.wait(lambda e: e.kind == "change")
    zero = link.zero("steer")
    assert wait_for(lambda: zero in link.acks)
    log.wait(lambda e: e.kind == "change" and e.values["steer"] == "0")
    board.set("steer", 0)  # the dial turned on to where the old zero was
    log.wait(lambda e: e.kind == "change" and e.values["steer"] == "1")
    wrong = link.zero("tactic")  # a pilot has no tactics dial
    assert wait_for(lambda: ("value", str(wrong)) in link.errors)


def test_damaged_or_missing_lines_make_the_host_ask_for_state(linked):
    board, link, log = linked
    log.wait(lambda e: e.kind == "state")
    asked = sum(m.kind == "?STATE" for m in board.received)
    board.inject(b"EV,9,steer=1,target=0,ready=0*0000\n")
    assert wait_for(lambda: sum(m.kind == "?STATE" for m in board.received) > asked)
    assert link.counters["bad_crc"] == 1
    asked = sum(m.kind == "?STATE" for m in board.received)
    board.skip_seq(3)
    board.set("target", 1)
    assert wait_for(lambda: sum(m.kind == "?STATE" for m in board.received) > asked)
    assert link.counters["seq_gaps"] >= 1
    assert link.status == "run"


def test_device_log_lines_become_log_events(linked):
    board, _, log = linked
    board.inject(b"# dial 2 bounced\n")
    assert log.wait(lambda e: e.kind == "log").values == {"text": "dial 2 bounced"}


def _waiting(path: str) -> int:
    """How many bytes wait to be read from a port, without reading or flushing them."""
    fd = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
    finally:
        os.close(fd)


def test_host_asks_hello_when_the_boot_hello_was_flushed(thread_errors):
    board = VirtualDevice("dice", "00D1", heartbeat=3600.0, boot_delay=0.0)
    board.open_pty()
    # The boot HELLO (and STATE) wait in the pty; the link flushes them when it opens.
    assert wait_for(lambda: _waiting(board.url) > 0)
    log = EventLog()
    clock = FakeClock()
    link = Link(board.url, log.queue, clock=clock)
    link.start()
    try:
        assert wait_for(lambda: link.status == "open"), link.last_error
        handshake(link, clock)
        assert any(m.kind == "?HELLO" for m in board.received)
        assert log.kinds()[0] == "hello" and log.count("lost") == 0
    finally:
        link.stop()
        board.close()
    assert thread_errors == []


def test_missing_port_or_bad_url_is_lost_never_raised(thread_errors, opens):
    log = EventLog()
    urls = ["/nonexistent/botyard-tty", "bogus://nowhere", "socket://127.0.0.1:1"]
    clocks = [FakeClock() for _ in urls]
    links = [Link(url, log.queue, clock=clock) for url, clock in zip(urls, clocks, strict=True)]
    for link in links:
        link.start()
    try:
        assert wait_for(lambda: all(link.status == "lost" for link in links))
        for _ in range(3):  # three more attempts each, all failing
            tried = {url: opens.count(url) for url in urls}
            for clock in clocks:
                clock.advance(1.0)
            assert all(opens.count(url) > tried[url] for url in urls), opens
        assert all(link._thread is not None and link._thread.is_alive() for link in links)
        assert all(link.request_state() is None for link in links)
        assert log.kinds() == ["lost"] * 3
    finally:
        for link in links:
            link.stop()
    assert thread_errors == []


def test_garbage_from_the_board_is_counted_not_fatal(linked, thread_errors):
    board, link, log = linked
    board.inject(bytes(range(256)) * 4 + b"\n" + b"x" * 500 + b"\n")
    board.inject(encode("EV", 200, {"steer": 9, "target": 0, "ready": 0}))
    board.set("steer", 1)
    log.wait(lambda e: e.kind == "change" and e.values["steer"] == "1")
    counters = link.counters
    assert counters["too_long"] >= 1 and counters["bad_value"] == 1
    assert link.status == "run" and thread_errors == []


def test_usb_ports_are_listed_with_their_serial_numbers_and_no_legacy_port(monkeypatch):
    ports = [SimpleNamespace(device="/dev/ttyACM0", vid=0x2341, pid=0x0043, serial_number="A1",
                             description="Uno"),
             SimpleNamespace(device="/dev/ttyACM1", vid=0x2341, pid=0x8036, serial_number="",
                             description=None),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None, serial_number=None,
                             description="a legacy port")]
    monkeypatch.setattr(ports_module.list_ports, "comports", lambda: ports)
    assert usb_ports() == [PortInfo("/dev/ttyACM0", "A1", 0x2341, 0x0043, "Uno"),
                           PortInfo("/dev/ttyACM1", None, 0x2341, 0x8036, "")]


class PausingPort:
    """A port whose reader can be held inside a read, as a suspended process or a
    starved thread is: while held, lines the board sends pile up unread."""

    def __init__(self, lines: bytes) -> None:
        self.buffer = bytearray(lines)
        self.written = bytearray()
        self.holding = threading.Event()
        self.held = threading.Event()
        self.release = threading.Event()

    @property
    def in_waiting(self) -> int:
        return len(self.buffer)

    def read(self, size: int = 1) -> bytes:
        if self.holding.is_set():
            self.holding.clear()
            self.held.set()
            self.release.wait()
            return b""  # the read that was under way when the pause began came back empty
        if not self.buffer:
            time.sleep(0.002)
            return b""
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)

    def reset_input_buffer(self) -> None:
        """The boot lines are already waiting: keep them (a test port, no reset)."""

    def close(self) -> None:
        """Nothing to close."""


@pytest.mark.parametrize("sent_meanwhile", [True, False])
def test_a_pause_of_the_host_reads_what_waits_before_declaring_the_board_lost(
        monkeypatch, thread_errors, sent_meanwhile):
    hello = encode("HELLO", 0, {"proto": 1, "dev": "pilot", "fw": FIRMWARE_VERSION,
                                "uid": "00A1"})
    port = PausingPort(hello + encode("STATE", 1, {"steer": 0, "target": 0, "ready": 0}))
    monkeypatch.setattr(Link, "_open", lambda self: port)
    log = EventLog()
    clock = FakeClock()
    link = Link("paused://", log.queue, clock=clock)
    link.start()
    try:
        log.wait(lambda e: e.kind == "state")
        port.holding.set()
        assert port.held.wait(PATIENCE)
        # The host stood still for 10 s (its clock moved on); the board kept talking.
        if sent_meanwhile:
            port.buffer += encode("STATE", 2, {"steer": 1, "target": 0, "ready": 0})
        clock.advance_now(10 * link.heartbeat_timeout)
        port.release.set()
        clock.settle()
        clock.settle()
        if sent_meanwhile:
            assert link.status == "run" and log.count("lost") == 0
            assert log.wait(lambda e: e.kind == "state" and e.values["steer"] == "1")
        else:
            assert wait_for(lambda: link.status == "lost")
            assert log.count("lost") == 1
    finally:
        link.stop()
    assert thread_errors == []


def test_a_probed_port_that_says_no_hello_is_absent_and_left_alone(thread_errors, opens):
    master, slave = os.openpty()
    tty.setraw(slave)
    log = EventLog()
    clock = FakeClock()
    link = Link(os.ttyname(slave), log.queue, probe=True, clock=clock)
    link.start()
    try:
        assert wait_for(lambda: link.status == "open"), link.last_error
        clock.settle()
        clock.advance_now(link.hello_timeout + 0.01)
        assert wait_for(lambda: link.status == "absent")
        link._thread.join(PATIENCE)
        assert not link._thread.is_alive() and log.kinds() == ["absent"]
        assert len(opens) == 1, "a port that is no board is not opened again"
    finally:
        link.stop()
        os.close(master)
        os.close(slave)
    assert thread_errors == []


def test_a_board_of_another_major_version_is_named_and_its_port_let_go(thread_errors, opens):
    board = VirtualDevice("pilot", "00A1", fw="2.0", boot_delay=0.0,
                          hello={"proto": 2, "minor": None, "caps": None})
    board.listen()
    log = EventLog()
    clock = FakeClock()
    link = Link(board.url, log.queue, clock=clock)
    link.start()
    try:
        assert wait_for(lambda: link.status in ("open", "mismatch"))
        if link.status == "open":
            clock.settle()  # its boot HELLO may have been flushed: it is asked again
            clock.advance_now(link.hello_timeout / 2 + 0.01)
        event = log.wait(lambda e: e.kind == "mismatch")
        assert event.device == DeviceInfo("pilot", "2.0", "00A1", proto="2")
        link._thread.join(PATIENCE)
        assert link.status == "mismatch" and not link._thread.is_alive()
        assert link._port is None and len(opens) == 1, "the port is free for `make flash`"
        assert link.counters["wrong_proto"] == 1
    finally:
        link.stop()
        board.close()
    assert thread_errors == []


def test_newer_minor_versions_and_extra_fields_are_kept_not_dropped(thread_errors):
    board = VirtualDevice("pilot", "00A1", fw="1.7", boot_delay=0.0,
                          hello={"minor": 7, "caps": "led+setid+buzz"})
    board.listen()
    log = EventLog()
    clock = FakeClock()
    link = Link(board.url, log.queue, clock=clock)
    link.start()
    try:
        assert wait_for(lambda: link.status in ("open", "run"))
        handshake(link, clock)
        hello = log.wait(lambda e: e.kind == "hello")
        assert hello.device == DeviceInfo("pilot", "1.7", "00A1", 7,
                                          frozenset({"led", "setid", "buzz"}))
        board.inject(encode("EV", 2, {"steer": 2, "target": 0, "ready": 0, "trim": 5}))
        change = log.wait(lambda e: e.kind == "change")
        assert change.values == {"steer": "2", "target": "0", "ready": "0", "trim": "5"}
        assert link.counters["bad_value"] == 0
    finally:
        link.stop()
        board.close()
    assert thread_errors == []


def _leds(board: VirtualDevice) -> list[str]:
    return [m.fields["show"] for m in board.received if m.kind == "LED"]


def test_leds_are_sent_on_change_and_every_second_as_the_hosts_heartbeat(linked, clock):
    board, link, _ = linked
    assert wait_for(lambda: _leds(board)), "the pattern goes out once the board is up"
    clock.settle()
    before = len(_leds(board))
    link.show("turn")
    assert wait_for(lambda: board.led == "turn")
    clock.settle()
    assert _leds(board)[before:] == ["turn"], "a change goes out at once"
    clock.advance(KEEPALIVE - 0.01)
    assert _leds(board)[before:] == ["turn"], "an unchanged pattern waits for the second"
    clock.advance(0.02)
    assert wait_for(lambda: _leds(board)[before:] == ["turn", "turn"])
    link.flash()
    assert wait_for(lambda: board.flashes == 1)
    assert board.led == "turn", "the flash plays over the pattern, which stays"
    with pytest.raises(ValueError):
        link.show("disco")


def test_a_board_without_leds_is_sent_none(clock):
    board = VirtualDevice("pilot", "00A1", fw="1.0", heartbeat=0.1, boot_delay=0.02,
                          hello={"minor": None, "caps": None})
    board.listen()
    link = Link(board.url, EventLog().queue, clock=clock)
    link.start()
    try:
        handshake(link, clock)
        link.show("turn")
        clock.advance(3 * KEEPALIVE)
        assert link.device == DeviceInfo("pilot", "1.0", "00A1") and not link.lit
        assert _leds(board) == [] and board.received, "it was sent ?STATE but no LED line"
    finally:
        link.stop()
        board.close()


def test_set_id_brings_a_hello_under_the_new_id(linked):
    board, link, log = linked
    log.wait(lambda e: e.kind == "state")
    seq = link.set_id("00C5")
    assert wait_for(lambda: seq in link.acks)
    hello = log.wait(lambda e: e.kind == "hello" and e.device.uid == "00C5")
    assert link.device == hello.device and board.uid == "00C5"
    assert link.counters["reconnects"] == 0


class VanishingPort:
    """A port whose device went away between open and the first flush, as a board
    unplugged mid-open does: pyserial's flush raises termios.error, not an OSError."""

    def __init__(self, closed: list[str]) -> None:
        self.closed = closed

    def reset_input_buffer(self) -> None:
        raise termios.error(5, "Input/output error")

    def close(self) -> None:
        self.closed.append("closed")


def test_a_board_gone_during_the_first_flush_is_lost_and_retried(monkeypatch, thread_errors):
    from hardware import link as link_module

    closed: list[str] = []
    monkeypatch.setattr(link_module.serial, "serial_for_url",
                        lambda *args, **kwargs: VanishingPort(closed))
    log, clock = EventLog(), FakeClock()
    link = Link("/dev/ttyACM-gone", log.queue, clock=clock)
    link.start()
    try:
        assert wait_for(lambda: link.status == "lost")
        clock.advance(1.0)
        assert wait_for(lambda: len(closed) >= 2), "retried after the second, port closed"
        assert link._thread is not None and link._thread.is_alive()
        assert "Input/output error" in link.last_error
    finally:
        link.stop()
    assert thread_errors == []
