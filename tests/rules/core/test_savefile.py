"""Save files on disk: the checksum, the guarded reader's bounds, and writes that
leave one whole version whatever fails."""

from __future__ import annotations

import json
import os

import pytest

import game.rules.core.savefile as savefile
from game.rules.core.errors import DataError
from game.rules.core.savefile import (
    MAX_DEPTH,
    MAX_DIGITS,
    checksum,
    create_exclusive,
    encode,
    read_json,
    read_record,
    write_atomic,
    write_generation,
)


def test_the_checksum_ignores_key_order_and_sees_every_value():
    record = {"seed": 3, "actions": [{"kind": "pass", "seat": 0}], "game": "goblins"}
    same = {"game": "goblins", "actions": [{"seat": 0, "kind": "pass"}], "seed": 3}
    assert checksum(record) == checksum(same)
    assert checksum(record) != checksum({**record, "seed": 4})
    assert checksum(record) != checksum({**record, "actions": []})


def test_an_encoded_record_reads_back_and_a_changed_one_does_not(tmp_path):
    path = tmp_path / "a.json"
    record = {"format": 1, "seed": 12, "actions": [1, 2]}
    path.write_text(encode(record), encoding="utf-8")
    assert {k: v for k, v in read_record(path).items() if k != "checksum"} == record
    raw = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**raw, "seed": 13}), encoding="utf-8")
    with pytest.raises(DataError, match="checksum does not match"):
        read_record(path)
    path.write_text(json.dumps(record), encoding="utf-8")
    assert read_record(path) == record, "a record without a checksum is read as it is"


@pytest.mark.parametrize(("text", "ok"), [
    ("[" * MAX_DEPTH + "]" * MAX_DEPTH, True),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), False),
    ("9" * MAX_DIGITS, True),
    ("9" * (MAX_DIGITS + 1), False),
    ("-" + "9" * MAX_DIGITS, True),
    ("1e308", True),
    ("1e309", False),
    ("Infinity", False),
    ("-Infinity", False),
])
def test_the_reader_bounds_depth_digits_and_floats(tmp_path, text, ok):
    path = tmp_path / "a.json"
    path.write_text(text, encoding="utf-8")
    if ok:
        assert read_json(path) == json.loads(text)
    else:
        with pytest.raises(DataError):
            read_json(path)


def test_generations_rotate_and_a_failed_write_keeps_every_one(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    for n in range(5):
        write_generation(path, f"{n}")
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {
        "m.json": "4", "m.json.1": "3", "m.json.2": "2"}

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savefile.os, "replace", refuse)
    with pytest.raises(OSError):
        write_generation(path, "5")
    monkeypatch.undo()
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {
        "m.json": "4", "m.json.1": "3", "m.json.2": "2"}, "no temp file is left either"


def test_a_filesystem_without_hard_links_gets_copies(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    write_generation(path, "old")

    def no_links(*args: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(savefile.os, "link", no_links)
    write_generation(path, "new")
    assert (path.read_text(), (tmp_path / "m.json.1").read_text()) == ("new", "old")


def test_exclusive_creation_never_overwrites(tmp_path):
    taken = tmp_path / "g-1.json"
    taken.write_text("someone else's", encoding="utf-8")
    (tmp_path / "g-1-2.json").mkdir()
    made = create_exclusive(tmp_path, "g-1", "mine")
    assert made == tmp_path / "g-1-3.json" and made.read_text() == "mine"
    assert taken.read_text(encoding="utf-8") == "someone else's"


def test_a_stale_temp_file_or_link_is_replaced_not_written_through(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", encoding="utf-8")
    os.symlink(victim, tmp_path / "m.json.tmp")
    write_atomic(tmp_path / "m.json", "data")
    assert victim.read_text(encoding="utf-8") == "keep"
    assert (tmp_path / "m.json").read_text(encoding="utf-8") == "data"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json", "victim.txt"]
