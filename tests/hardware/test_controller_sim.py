"""The virtual controller: its protocol answers and the controller-sim command."""

from __future__ import annotations

import io
import os
import socket

import serial

from hardware.boards import FIRMWARE_VERSION, PROTO_MINOR
from hardware.controller_sim import VirtualDevice, main, run_command
from hardware.protocol import Message, Parser, encode
from tests.hardware.helpers import PATIENCE


def _talk(url: str, request: bytes, until: str) -> list[Message]:
    """Connect like a host, send ``request`` once booted, read until a ``until`` line."""
    host, port = url.removeprefix("socket://").rsplit(":", 1)
    parser = Parser()
    seen: list[Message] = []
    with socket.create_connection((host, int(port)), timeout=PATIENCE) as conn:
        while not any(m.kind == "HELLO" for m in seen):
            seen += parser.feed(conn.recv(4096))
        conn.sendall(request)
        while not any(m.kind == until for m in seen[1:]):
            seen += parser.feed(conn.recv(4096))
    return seen


def test_board_boots_on_connect_and_answers_requests():
    board = VirtualDevice("tactician", "00B1", heartbeat=5.0, boot_delay=0.0)
    board.listen()
    try:
        boot = _talk(board.url, encode("PING", 0), "ACK")
        assert [m.kind for m in boot[:2]] == ["HELLO", "STATE"]
        assert boot[0].fields == {"proto": "1", "minor": str(PROTO_MINOR), "dev": "tactician",
                                  "fw": FIRMWARE_VERSION, "uid": "00B1", "caps": "led+setid"}
        assert boot[0].seq == 0 and boot[1].seq == 1
        assert boot[-1].fields == {"ref": "0"}
        bad = _talk(board.url, b"?STATE,0*0000\n", "ERR")
        assert bad[-1].fields == {"code": "crc", "ref": "-"}
        unknown = _talk(board.url, encode("DANCE", 3), "ERR")
        assert unknown[-1].fields == {"code": "type", "ref": "3"}
        again = _talk(board.url, encode("?HELLO", 0), "HELLO")
        assert [m.kind for m in again[:3]] == ["HELLO", "STATE", "HELLO"]
    finally:
        board.close()


def test_set_validates_and_reports_changes_only():
    board = VirtualDevice("pilot", "00A1")
    board.listen()
    try:
        for field, value in [("tactic", 1), ("steer", 4), ("ready", "yes")]:
            try:
                board.set(field, value)
            except ValueError as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{field}={value} was accepted")
        assert board.values == {"steer": "0", "target": "0", "ready": "0"}
        board.set("steer", 3)
        assert board.set("steer", 3) is None  # no change, no EV
    finally:
        board.close()


def test_commands_print_one_line_for_mistakes():
    board = VirtualDevice("dice", "00D1")
    out = io.StringIO()
    for line in ["die 0 s3", "die 9 S1", "steer 1", "dance", "ready", "", "# note", "state"]:
        assert run_command(board, line, out)
    assert not run_command(board, "quit", out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 5 and "Traceback" not in out.getvalue()
    assert lines[-1].startswith("d0=S3 d1=A-")
    assert board.values["d0"] == "S3"


def test_script_mode_end_to_end(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("steer 2\ntarget 9\nready\nunplug\nplug\nwait 0.01\nstate\nquit\nsteer 3\n")
    assert main(["--role", "pilot", "--listen", "127.0.0.1:0", "--script", str(script)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("pilot controller uid 00A1; point the host at socket://127.0.0.1:")
    assert out[1].startswith("controller-sim: target cannot be '9'")
    assert out[2] == "steer=2 target=0 ready=1 led=idle uid=00A1"
    assert len(out) == 3  # nothing ran after quit


def test_pty_mode_and_bad_arguments(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("tactic 2\n")
    assert main(["--role", "tactician", "--script", str(script), "--uid", "beef"]) == 0
    assert "uid BEEF; point the host at /" in capsys.readouterr().out
    assert main(["--role", "pilot", "--uid", "nothex"]) == 2
    assert main(["--role", "pilot", "--listen", "localhost"]) == 2
    assert main(["--role", "pilot", "--script", str(tmp_path / "missing.txt")]) == 2
    assert main(["--role", "robot"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 4 and all(line.startswith("controller-sim: ") for line in lines)
    assert lines[-1].startswith("controller-sim: argument --role: invalid choice: 'robot'")


def _read_until_hello(port: serial.Serial) -> list[str]:
    """Kinds of the lines read up to the first HELLO; stops as soon as it comes."""
    parser = Parser()
    kinds: list[str] = []
    while "HELLO" not in kinds:
        line = port.readline()
        assert line.endswith(b"\n"), f"no HELLO, only {kinds} and {line!r}"
        kinds += [m.kind for m in parser.feed(line)]
    return kinds


def test_pty_board_is_reachable_through_its_stable_path_after_replug():
    board = VirtualDevice("pilot", "00A1", heartbeat=3600.0, boot_delay=0.0)
    path = board.open_pty()
    try:
        for _ in range(2):
            with serial.Serial(path, 115200, timeout=PATIENCE) as port:
                port.write(encode("?HELLO", 0))  # in case the boot HELLO was flushed on open
                assert "HELLO" in _read_until_hello(port)
            board.unplug()
            assert not os.path.exists(path), "an unplugged board's port is gone"
            board.plug()
        assert board.url == path
    finally:
        board.close()


def test_zero_set_id_and_led_requests_are_kept_as_the_firmware_keeps_them():
    """ZERO makes where a dial points read 0 and keeps reading relative to it; SETID
    answers ACK then a HELLO under the new id; LED is kept without an answer."""
    board = VirtualDevice("pilot", "00A1", heartbeat=5.0, boot_delay=0.0)
    board.listen()
    try:
        board.set("steer", 3)
        zeroed = _talk(board.url, encode("ZERO", 0, {"ctl": "steer"}), "EV")
        assert [(m.kind, m.fields) for m in zeroed[-2:]] == [
            ("ACK", {"ref": "0"}), ("EV", {"steer": "0", "target": "0", "ready": "0"})]
        board.set("steer", 1)  # two positions on from the new zero
        assert board.values["steer"] == "2" and board.positions["steer"] == "1"
        renamed = _talk(board.url, encode("SETID", 0, {"uid": "00C7"}), "HELLO")[2:]
        assert [m.kind for m in renamed[:2]] == ["ACK", "HELLO"]
        assert renamed[1].fields["uid"] == "00C7"
        refused = _talk(board.url, encode("SETID", 0, {"uid": "FFFF"}), "ERR")
        assert refused[2].fields == {"code": "value", "ref": "0"} and board.uid == "00C7"
        lit = _talk(board.url, encode("LED", 0, {"show": "turn"}) + encode("LED", 1, {"show": "ok"})
                    + encode("PING", 2), "ACK")
        assert [m.kind for m in lit[2:]] == ["ACK"], "LED lines are not answered"
        assert lit[2].fields == {"ref": "2"}
        assert (board.led, board.flashes) == ("turn", 1)
        dice = VirtualDevice("dice", "00D1", heartbeat=5.0, boot_delay=0.0)
        dice.listen()
        try:
            assert _talk(dice.url, encode("ZERO", 0, {"ctl": "steer"}), "ERR")[-1].fields == {
                "code": "value", "ref": "0"}
        finally:
            dice.close()
    finally:
        board.close()


def test_a_two_dice_tray_rolls_from_the_keyboard(tmp_path, capsys):
    """``roll`` puts the dice in as the firmware reports a roll: handled while the lid is
    up, rolling as it shuts, then lying still; one EV each."""
    board = VirtualDevice("dice2d6", "00D6", heartbeat=5.0, boot_delay=0.0)
    board.listen()
    host, port = board.url.removeprefix("socket://").rsplit(":", 1)
    parser = Parser()
    seen: list[Message] = []
    out = io.StringIO()
    try:
        with socket.create_connection((host, int(port)), timeout=PATIENCE) as conn:
            while len(seen) < 2:
                seen += parser.feed(conn.recv(4096))
            for line in ["roll 3 6", "roll B 2", "roll 1 2 3", "roll 7", "steer 1"]:
                assert run_command(board, line, out)
            while len(seen) < 5:
                seen += parser.feed(conn.recv(4096))
    finally:
        board.close()
    assert seen[0].fields == {"proto": "1", "minor": str(PROTO_MINOR), "dev": "dice2d6",
                              "fw": FIRMWARE_VERSION, "uid": "00D6", "caps": "led+setid"}
    assert [(m.kind, m.fields) for m in seen[1:]] == [
        ("STATE", {"d0": "A-", "d1": "A-"}), ("EV", {"d0": "H-", "d1": "H-"}),
        ("EV", {"d0": "R-", "d1": "R-"}), ("EV", {"d0": "S3", "d1": "S6"})]
    assert out.getvalue().splitlines() == [
        "controller-sim: a dice2d6's dice show 1, 2, 3, 4, 5, 6, not B",
        "controller-sim: a dice2d6 rolls 1 to 2 dice, not 3",
        "controller-sim: a dice2d6's dice show 1, 2, 3, 4, 5, 6, not 7",
        "controller-sim: a dice2d6 has no 'steer' (it has d0, d1)"]
    assert board.values == {"d0": "S3", "d1": "S6"}, "a refused roll changes nothing"

    script = tmp_path / "roll.txt"
    script.write_text("roll b 4\nstate\n")
    assert main(["--role", "dice", "--listen", "127.0.0.1:0", "--script", str(script)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "d0=SB d1=S4 d2=A- d3=A- d4=A- led=idle uid=00D1")
    pilot = VirtualDevice("pilot", "00A1")
    assert run_command(pilot, "roll 1 2", out)
    assert out.getvalue().splitlines()[-1] == "controller-sim: a pilot has no dice to roll"
