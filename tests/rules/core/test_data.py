import pytest

from game.rules.core.data import Checker, format_path, load_yaml, read_yaml_file
from game.rules.core.errors import DataError


def test_lines_are_recorded_per_key_path():
    data, doc = load_yaml("top:\n  items:\n    - a: 1\n    - a: 2\n      b: x\n", "f.yaml")
    assert data == {"top": {"items": [{"a": 1}, {"a": 2, "b": "x"}]}}
    assert doc.line(("top", "items", 1, "b")) == 5
    assert doc.line(("top", "items", 0, "a")) == 3
    assert doc.line(("top", "items", 1, "missing")) == 4


def test_malformed_yaml_names_file_and_line():
    with pytest.raises(DataError) as err:
        load_yaml("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml")
    text = str(err.value)
    assert text.startswith("bad.yaml, line ")
    assert "not valid YAML" in text
    assert "\n" not in text


def test_duplicate_keys_are_refused():
    with pytest.raises(DataError, match=r"dup.yaml, line 3.*'a' appears twice"):
        load_yaml("x:\n  a: 1\n  a: 2\n", "dup.yaml")


def test_yaml_tags_that_build_objects_are_refused():
    with pytest.raises(DataError):
        load_yaml("a: !!python/object/apply:os.system ['true']\n", "evil.yaml")


def test_empty_file_and_missing_file(tmp_path):
    with pytest.raises(DataError, match="empty"):
        load_yaml("", "e.yaml")
    with pytest.raises(DataError, match="no such file"):
        read_yaml_file(tmp_path / "nope.yaml")
    (tmp_path / "bin.yaml").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(DataError, match="not UTF-8"):
        read_yaml_file(tmp_path / "bin.yaml")


def test_checker_reports_key_path_and_reason():
    data, doc = load_yaml("cards:\n  - id: 1\n    count: many\n", "c.yaml")
    check = Checker(doc)
    with pytest.raises(DataError) as err:
        check.integer(data["cards"][0]["count"], ("cards", 0, "count"))
    assert str(err.value) == "c.yaml, line 3, at cards[0].count: expected a whole number"
    with pytest.raises(DataError, match="unknown key 'count'"):
        check.mapping(data["cards"][0], ("cards", 0), allowed=("id",))
    assert format_path(("a", 0, "b", 2)) == "a[0].b[2]"
