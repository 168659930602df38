"""Link against the virtual board over TCP and over a pseudo-terminal."""

from __future__ import annotations

import time
from types import SimpleNamespace

from hardware import link as link_module
from hardware.controller_sim import VirtualDevice
from hardware.link import DeviceInfo, Link
from hardware.protocol import encode
from tests.hardware.helpers import FAST, EventLog, wait_for


def test_handshake_then_state_and_change_events(linked):
    board, link, log = linked
    hello = log.wait(lambda e: e.kind == "hello")
    assert hello.device == DeviceInfo("pilot", "1.0", "00A1") == link.device
    log.wait(lambda e: e.kind == "state")
    board.set("steer", 2)
    change = log.wait(lambda e: e.kind == "change")
    assert change.values == {"steer": "2", "target": "0", "ready": "0"}
    assert change.link == "test" and change.device == link.device
    assert link.values["steer"] == "2"
    assert log.kinds()[0] == "hello"


def test_heartbeats_keep_the_link_running(linked):
    _, link, log = linked
    time.sleep(1.5 * FAST["heartbeat_timeout"])
    assert link.status == "run"
    assert log.kinds().count("state") >= 4
    assert link.counters["reconnects"] == 0


def test_silent_board_is_lost_then_found_again(thread_errors):
    board = VirtualDevice("tactician", "00B1", heartbeat=30.0, boot_delay=0.02)
    board.listen()
    log = EventLog()
    link = Link(board.url, log.queue, **FAST)
    link.start()
    try:
        log.wait(lambda e: e.kind == "hello")
        lost = log.wait(lambda e: e.kind == "lost")
        assert lost.device == DeviceInfo("tactician", "1.0", "00B1")
        # Reopening the TCP port reboots the board, which says HELLO again.
        assert wait_for(lambda: link.counters["reconnects"] >= 1)
        assert log.kinds().count("lost") >= 1
    finally:
        link.stop()
        board.close()
    assert thread_errors == []


def test_unplug_is_lost_and_plug_reconnects(linked, thread_errors):
    board, link, log = linked
    board.unplug()
    log.wait(lambda e: e.kind == "lost")
    assert link.status == "lost"
    time.sleep(5 * FAST["retry"])  # several failed attempts to reopen
    assert link.status == "lost" and log.kinds().count("lost") == 1
    board.set("ready", 1)  # flipped while the cable is out
    board.plug()
    assert wait_for(lambda: link.status == "run")
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


def test_host_asks_hello_when_the_boot_hello_was_flushed(thread_errors):
    board = VirtualDevice("dice", "00D1", heartbeat=0.1, boot_delay=0.0)
    board.open_pty()
    time.sleep(0.15)  # the boot HELLO waits in the pty and is flushed on open
    log = EventLog()
    link = Link(board.url, log.queue, **FAST)
    link.start()
    try:
        assert wait_for(lambda: link.status == "run")
        assert any(m.kind == "?HELLO" for m in board.received)
    finally:
        link.stop()
        board.close()
    assert thread_errors == []


def test_missing_port_or_bad_url_is_lost_never_raised(thread_errors):
    log = EventLog()
    links = [Link("/nonexistent/botyard-tty", log.queue, **FAST),
             Link("bogus://nowhere", log.queue, **FAST),
             Link("socket://127.0.0.1:1", log.queue, **FAST)]
    for link in links:
        link.start()
    try:
        assert wait_for(lambda: all(link.status == "lost" for link in links))
        time.sleep(4 * FAST["retry"])
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


def test_discover_filters_ports_by_usb_ids(monkeypatch):
    ports = [SimpleNamespace(device="/dev/ttyACM0", vid=0x2341, pid=0x0043, serial_number="A1"),
             SimpleNamespace(device="/dev/ttyACM1", vid=0x2341, pid=0x8036, serial_number="B2"),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None, serial_number=None)]
    monkeypatch.setattr(link_module.list_ports, "comports", lambda: ports)
    assert link_module.discover() == ["/dev/ttyACM0", "/dev/ttyACM1", "/dev/ttyS0"]
    assert link_module.discover(vid=0x2341) == ["/dev/ttyACM0", "/dev/ttyACM1"]
    assert link_module.discover(vid=0x2341, pid=0x8036) == ["/dev/ttyACM1"]
    assert link_module.discover(serial="A1") == ["/dev/ttyACM0"]
    assert link_module.discover(pid=0x1234) == []
