"""The line protocol (1.2): CRC, encoding, parsing, versions (a 1.1 host reading 1.2
boards, a 1.2 host reading 1.1 boards), and robustness against any input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware import boards
from hardware.boards import BOARDS, FIRMWARE_VERSION, PROTO_MINOR, BoardKind, die_values, kind_of
from hardware.controller_sim import CAPS
from hardware.protocol import (
    DEVICE_KINDS,
    HOST_KINDS,
    MAX_LINE,
    Message,
    Parser,
    Reject,
    caps_of,
    crc16,
    encode,
    minor_of,
)

GOOD = encode("EV", 7, {"steer": 1, "target": 2, "ready": 0})
HELLO = encode("HELLO", 0, {"proto": 1, "dev": "pilot", "fw": "1.0", "uid": "00A1"})


def _bad_total(parser: Parser) -> int:
    return sum(v for k, v in parser.counters.items() if k not in ("lines", "logs", "seq_gaps"))


def test_crc_check_value_and_sample_line():
    assert crc16(b"123456789") == 0x29B1
    assert HELLO == b"HELLO,0,proto=1,dev=pilot,fw=1.0,uid=00A1*819F\n"


def test_round_trip_of_each_role_snapshot():
    parser = Parser()
    snapshots = {"pilot": {"steer": "3", "target": "1", "ready": "1"},
                 "tactician": {"tactic": "2", "ready": "0"},
                 "dice": {"d0": "S3", "d1": "SB", "d2": "R-", "d3": "A-", "d4": "S-"},
                 "dice2d6": {"d0": "S6", "d1": "H-"}}
    for seq, (role, values) in enumerate(snapshots.items()):
        assert parser.feed(encode("STATE", seq, values)) == [Message("STATE", seq, values)], role
    assert parser.counters["lines"] == 4 and _bad_total(parser) == 0


@st.composite
def _snapshots(draw) -> dict[str, str]:
    role = draw(st.sampled_from(sorted(BOARDS)))
    return {key: draw(st.sampled_from(sorted(allowed)))
            for key, allowed in BOARDS[role].fields.items()}


@given(seq=st.integers(0, 255), kind=st.sampled_from(["STATE", "EV"]), fields=_snapshots())
def test_encode_parse_round_trip(seq, kind, fields):
    assert Parser().feed(encode(kind, seq, fields)) == [Message(kind, seq, fields)]


def test_partial_lines_across_feeds_and_crlf():
    parser = Parser()
    data = HELLO + GOOD.replace(b"\n", b"\r\n")
    out = []
    for byte in data:
        out += parser.feed(bytes([byte]))
    assert [m.kind for m in out] == ["HELLO", "EV"]
    assert out[1].fields == {"steer": "1", "target": "2", "ready": "0"}


def test_each_kind_of_bad_line_moves_its_counter():
    parser = Parser()
    body = b"EV,1,steer=1,target=2,ready=0"
    cases = {
        "malformed": body + b"\n",
        "bad_crc": body + b"*0000\n",
        "too_long": b"#" + b"x" * MAX_LINE + b"\n",
        "unknown_type": encode("NOPE", 1, {"a": 1}),
        "bad_value": encode("EV", 1, {"steer": 4, "target": 2, "ready": 0}),
        "wrong_proto": encode("HELLO", 0, {"proto": 2, "dev": "pilot", "fw": "1", "uid": "00A1"}),
    }
    for counter, line in cases.items():
        before = parser.counters[counter]
        assert parser.feed(line) == [], counter
        assert parser.counters[counter] == before + 1, counter
    assert parser.feed(GOOD) != []


@pytest.mark.parametrize("fields", [
    {"proto": 1, "dev": "Pilot", "fw": "1.0", "uid": "00A1"},
    {"proto": 1, "dev": "pilot", "fw": "1.0", "uid": "XYZW"},
    {"proto": 1, "dev": "pilot", "uid": "00A1"},
    {"proto": 1, "dev": "pilot", "fw": "1.0", "uid": "0" * 17},
    {"proto": 1, "minor": "x", "dev": "pilot", "fw": "1.1", "uid": "00A1"},
    {"proto": 1, "minor": "01", "dev": "pilot", "fw": "1.1", "uid": "00A1"},
    {"proto": 1, "dev": "pilot", "fw": "1.1", "uid": "00A1", "caps": "led++setid"},
    {"proto": 1, "dev": "pilot", "fw": "1.1", "uid": "00A1", "caps": "LED"},
])
def test_hello_needs_valid_fields(fields):
    parser = Parser()
    assert parser.feed(encode("HELLO", 0, fields)) == []
    assert parser.counters["bad_value"] == 1 and parser.role is None


def test_hello_minor_version_and_capabilities_with_extra_fields_kept():
    fields = {"proto": "1", "minor": "3", "dev": "pilot", "fw": "1.3", "uid": "00A1",
              "caps": "led+setid+buzz", "x": "1"}
    [hello] = Parser().feed(encode("HELLO", 0, fields))
    assert hello.fields == fields
    assert (minor_of(hello.fields), caps_of(hello.fields)) == (3, {"led", "setid", "buzz"})
    [old] = Parser().feed(HELLO)
    assert (minor_of(old.fields), caps_of(old.fields)) == (0, frozenset())


def test_snapshots_are_checked_against_the_hello_kind_and_may_carry_more():
    parser = Parser()
    parser.feed(encode("HELLO", 0, {"proto": 1, "dev": "tactician", "fw": "1.0", "uid": "00B1"}))
    assert parser.role == "tactician"
    assert parser.feed(GOOD) == []  # a pilot snapshot from a tactician
    assert parser.feed(encode("EV", 2, {"tactic": 3, "ready": 0})) == []
    assert parser.feed(encode("EV", 3, {"ready": 0})) == []
    assert parser.counters["bad_value"] == 3
    assert parser.feed(encode("EV", 4, {"tactic": 2, "ready": 1})) != []
    # A newer board's extra field is kept, not a reason to drop its line.
    assert parser.feed(encode("EV", 5, {"tactic": 2, "ready": 0, "x": 1})) == [
        Message("EV", 5, {"tactic": "2", "ready": "0", "x": "1"})]


def test_a_board_kind_this_host_does_not_know_is_read_by_syntax_alone():
    parser = Parser()
    parser.feed(encode("HELLO", 0, {"proto": 1, "dev": "switches", "fw": "1.2", "uid": "00E1"}))
    assert parser.role == "switches"
    assert parser.feed(encode("STATE", 1, {"s0": 1, "s1": 0})) == [
        Message("STATE", 1, {"s0": "1", "s1": "0"})]


def test_another_major_version_is_refused_with_its_fields_kept():
    line = encode("HELLO", 0, {"proto": 2, "dev": "pilot", "fw": "2.0", "uid": "00A1"})
    [reject] = Parser().feed_all(line)
    assert reject == Reject("wrong_proto", 0, {"proto": "2", "dev": "pilot", "fw": "2.0",
                                               "uid": "00A1"})


def _tray_parser(kind: str) -> Parser:
    parser = Parser()
    [hello] = parser.feed(encode("HELLO", 0, {"proto": 1, "minor": 2, "dev": kind,
                                              "fw": "1.2", "uid": "00D1", "caps": CAPS}))
    assert minor_of(hello.fields) == 2 and parser.role == kind
    return parser


@pytest.mark.parametrize(("values", "good"), [
    ({"d0": "S6", "d1": "S1"}, True),
    ({"d0": "A-", "d1": "T-"}, True),
    ({"d0": "S6", "d1": "S6", "d2": "S3"}, True),  # a newer board's extra field is kept
    ({"d0": "SB", "d1": "S1"}, False),  # six-sided dice have no blank
    ({"d0": "S7", "d1": "S1"}, False),
    ({"d0": "S6"}, False),
])
def test_a_two_dice_tray_reads_faces_one_to_six_in_two_wells(values, good):
    parser = _tray_parser("dice2d6")
    assert parser.feed(encode("EV", 1, values)) == ([Message("EV", 1, values)] if good else [])
    assert parser.counters["bad_value"] == (0 if good else 1)


def test_the_five_well_tray_still_reads_blanks_and_no_six():
    parser = _tray_parser("dice")
    blanks = {"d0": "SB", "d1": "S5", "d2": "A-", "d3": "A-", "d4": "A-"}
    assert parser.feed(encode("EV", 1, blanks)) == [Message("EV", 1, blanks)]
    assert parser.feed(encode("EV", 2, {**blanks, "d1": "S6"})) == []
    assert parser.counters["bad_value"] == 1


def test_a_snapshot_before_hello_is_read_as_the_kind_it_fills_most():
    two = {"d0": "S6", "d1": "S2"}
    five = {"d0": "S3", "d1": "SB", "d2": "A-", "d3": "A-", "d4": "A-"}
    assert (kind_of(two), kind_of(five), kind_of({"d0": "S6"})) == ("dice2d6", "dice", None)
    assert Parser().feed(encode("STATE", 0, two)) == [Message("STATE", 0, two)]


RELEASE_1_1_KINDS = {kind.name: kind for kind in (
    BoardKind("pilot", "two-dial console",
              {"steer": frozenset("0123"), "target": frozenset("0123"),
               "ready": frozenset("01")}, ("steer", "target")),
    BoardKind("tactician", "one-dial console",
              {"tactic": frozenset("012"), "ready": frozenset("01")}, ("tactic",)),
    BoardKind("dice", "dice tray", {f"d{slot}": die_values("12345B") for slot in range(5)}),
)}
"""The board kinds protocol 1.1 knew (its parser is this one, with this table)."""


def test_a_1_1_host_reads_every_1_2_board(monkeypatch):
    """The two-dice tray is a kind a 1.1 host does not know: it reads its lines by their
    syntax, sixes and all, rather than dropping every snapshot (and so losing the link
    every 3 s); the 1.2 boards of the kinds it knows say nothing it does not know."""
    monkeypatch.setattr(boards, "BOARDS", RELEASE_1_1_KINDS)
    lines = [("dice2d6", {"d0": "S6", "d1": "R-"}),
             ("dice", {"d0": "S3", "d1": "SB", "d2": "A-", "d3": "A-", "d4": "A-"}),
             ("pilot", {"steer": "1", "target": "2", "ready": "1"})]
    for kind, values in lines:
        parser = _tray_parser(kind)
        assert parser.feed(encode("STATE", 1, values)) == [Message("STATE", 1, values)]
        assert _bad_total(parser) == 0


def test_a_1_2_host_reads_a_1_1_tray():
    parser = Parser()
    [hello] = parser.feed(encode("HELLO", 0, {"proto": 1, "minor": 1, "dev": "dice",
                                              "fw": "1.1", "uid": "00D1", "caps": CAPS}))
    assert (minor_of(hello.fields), parser.role) == (1, "dice")
    values = {"d0": "S3", "d1": "SB", "d2": "R-", "d3": "A-", "d4": "A-"}
    assert parser.feed(encode("STATE", 1, values)) == [Message("STATE", 1, values)]
    assert _bad_total(parser) == 0


def test_only_stable_dice_have_faces():
    values = {"d0": "R3", "d1": "A-", "d2": "A-", "d3": "A-", "d4": "A-"}
    parser = Parser()
    assert parser.feed(encode("STATE", 0, values)) == []
    assert parser.counters["bad_value"] == 1


def test_sequence_gaps_are_counted_but_hello_restarts_the_count():
    parser = Parser()
    parser.feed(HELLO)
    parser.feed(encode("STATE", 1, {"steer": 0, "target": 0, "ready": 0}))
    parser.feed(encode("EV", 5, {"steer": 1, "target": 0, "ready": 0}))
    assert parser.counters["seq_gaps"] == 1
    parser.feed(HELLO)
    parser.feed(encode("STATE", 1, {"steer": 0, "target": 0, "ready": 0}))
    assert parser.counters["seq_gaps"] == 1


def test_sequence_wraps_without_a_gap():
    parser = Parser()
    for seq in (254, 255, 0, 1):
        parser.feed(encode("EV", seq, {"steer": 0, "target": 0, "ready": 0}))
    assert parser.counters["seq_gaps"] == 0


def test_log_lines_are_kept_not_parsed():
    parser = Parser()
    assert parser.feed(b"# booting\n" * 250) == []
    assert parser.counters["logs"] == 250 and len(parser.logs) == 200
    assert parser.logs[-1] == "booting"


def test_overlong_line_is_skipped_without_buffering_it():
    parser = Parser()
    for _ in range(1000):
        parser.feed(b"A" * 1000)
    assert len(parser._buffer) <= MAX_LINE
    assert parser.feed(b"tail of the flood\n" + GOOD) != []
    assert parser.counters["too_long"] == 1


def test_device_side_parser_reports_rejects_with_seq():
    parser = Parser(HOST_KINDS)
    items = parser.feed_all(encode("ZERO", 4, {"ctl": "steer"}) + encode("ZERO", 5, {"ctl": "x"})
                            + encode("STATE", 6, {"steer": 0, "target": 0, "ready": 0})
                            + b"?STATE,7*0000\n")
    assert items == [Message("ZERO", 4, {"ctl": "steer"}), Reject("bad_value", 5),
                     Reject("unknown_type", 6), Reject("bad_crc", None)]


@pytest.mark.parametrize(("kind", "fields", "good"), [
    ("SETID", {"uid": "00C5"}, True),
    ("SETID", {"uid": "FFFF"}, False),  # the erased EEPROM's value
    ("SETID", {"uid": "00c5"}, False),
    ("SETID", {"uid": "000C5"}, False),
    ("SETID", {}, False),
    ("LED", {"show": "turn"}, True),
    ("LED", {"show": "ok", "extra": "1"}, True),
    ("LED", {"show": "disco"}, False),
])
def test_set_id_and_led_requests_are_checked(kind, fields, good):
    items = Parser(HOST_KINDS).feed_all(encode(kind, 3, fields))
    assert items == ([Message(kind, 3, fields)] if good else [Reject("bad_value", 3)])


def test_encode_refuses_lines_the_protocol_cannot_carry():
    for kind, seq, fields in [("EV", 256, None), ("ev", 1, None), ("EV", 1, {"a": "x,y"}),
                              ("EV", 1, {"A": 1}), ("EV", 1, {"k": "v" * 80})]:
        with pytest.raises(ValueError):
            encode(kind, seq, fields)


_NOISE = st.one_of(
    st.binary(max_size=300),
    st.just(GOOD[:-5] + b"0000\n"),
    st.just(GOOD[: len(GOOD) // 2]),
    st.just(b"Z" * 200),
    st.just(b"\x00\xff\xfe\r\n"),
    st.just("STATE,1,é=1*0000\n".encode()),
    st.just(encode("HELLO", 0, {"proto": 9, "dev": "pilot", "fw": "1", "uid": "00A1"})),
    st.just(encode("HELLO", 0, {"proto": 1, "dev": "robot", "fw": "1", "uid": "00A1"})),
    st.just(encode("WHAT", 3)),
)


def _assert_every_line_accounted(parser: Parser, good: int) -> None:
    """Each non-empty line is exactly one of: a message, a log, or one bad counter."""
    assert parser.counters["lines"] == good + parser.counters["logs"] + _bad_total(parser)


@settings(max_examples=300, deadline=None)
@given(chunks=st.lists(_NOISE, max_size=12), cut=st.integers(1, 200))
def test_fuzz_never_raises_counts_and_resyncs(chunks, cut):
    parser = Parser()
    garbage = b"".join(chunks)
    good = 0
    for start in range(0, len(garbage), cut):
        messages = parser.feed(garbage[start:start + cut])
        assert all(m.kind in DEVICE_KINDS for m in messages)
        good += len(messages)
    lines_before = parser.counters["lines"]
    # Whatever came before, one newline closes it and the next good line parses.
    messages = parser.feed(b"\n" + GOOD)
    good += len(messages)
    assert messages[-1] == Message("EV", 7, {"steer": "1", "target": "2", "ready": "0"})
    _assert_every_line_accounted(parser, good)
    if garbage.strip(b"\r\n"):
        assert parser.counters["lines"] >= 2 and parser.counters["lines"] > lines_before


@given(data=st.binary(min_size=1, max_size=2000), split=st.integers(0, 2000))
def test_fuzz_random_bytes_in_two_feeds(data, split):
    parser = Parser()
    good = len(parser.feed(data[:split])) + len(parser.feed(data[split:] + b"\n"))
    _assert_every_line_accounted(parser, good)
    assert len(parser._buffer) == 0


def test_protocol_document_examples_parse_with_valid_crcs():
    text = (Path(__file__).parents[2] / "hardware" / "PROTOCOL.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```lines\n(.*?)```", text, re.S)
    lines = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert len(lines) >= 15
    parser = Parser(DEVICE_KINDS | HOST_KINDS)
    for line in lines:
        before = _bad_total(parser)
        items = parser.feed((line + "\n").encode("ascii"))
        assert _bad_total(parser) == before, line
        assert line.startswith("#") or len(items) == 1, line


def test_the_host_expects_the_firmware_and_protocol_this_checkout_builds():
    firmware = Path(__file__).parents[2] / "hardware" / "firmware"
    board = (firmware / "board.h").read_text(encoding="utf-8")
    proto = (firmware / "proto.h").read_text(encoding="utf-8")
    assert re.search(r'#define FW_VERSION "([^"]+)"', board)[1] == FIRMWARE_VERSION
    assert re.search(r'#define PROTO_MINOR "(\d+)"', proto)[1] == str(PROTO_MINOR)
    assert re.search(r'#define PROTO_CAPS "([^"]+)"', proto)[1] == CAPS
