import os

import pytest

from game.rules.core.data import (
    MAX_FILE_BYTES,
    Checker,
    format_path,
    load_yaml,
    read_yaml_file,
)
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


@pytest.fixture(params=["libyaml", "python"])
def parser(request, monkeypatch):
    """Both PyYAML parsers: the C one (where PyYAML has it) and the pure-Python one."""
    import yaml

    if request.param == "python":
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    return request.param


def _error(text: str) -> str:
    with pytest.raises(DataError) as err:
        load_yaml(text, "f.yaml")
    message = str(err.value)
    assert "\n" not in message
    return message


def _laughs(levels: int) -> str:
    """A "billion laughs" document: each level lists the one before nine times."""
    out = 'l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for n in range(1, levels + 1):
        out += f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]\n"
    return out


def test_aliases_are_shared_and_counted_at_each_use(parser):
    data, doc = load_yaml("base: &b {x: 1}\nuse: *b\nlist: [*b, *b]\n", "a.yaml")
    assert data == {"base": {"x": 1}, "use": {"x": 1}, "list": [{"x": 1}, {"x": 1}]}
    assert doc.line(("use", "x")) == 2
    assert _error(_laughs(9)) == (
        "f.yaml, line 6, at l5[1]: the file expands to more than 200000 values "
        "(too many or too deeply repeated aliases?)")


def test_nesting_is_bounded_without_recursion(parser):
    deep = "a: " + "[" * 100_000 + "]" * 100_000 + "\n"
    assert _error(deep).endswith("lists and mappings are nested more than 64 deep")
    blocks = "".join("  " * i + f"k{i}:\n" for i in range(70))
    message = _error(blocks)
    assert message.startswith("f.yaml, line 65, at k0.k1.") and "..." in message
    value = load_yaml("a: " + "[" * 63 + "]" * 63 + "\n", "ok.yaml")[0]["a"]
    for _ in range(62):
        (value,) = value
    assert value == []


@pytest.mark.parametrize(("text", "expected"), [
    ("? [a, b]\n: 1\n", "f.yaml, line 1: a key must be a single word, name or number, "
                        "not a list or mapping"),
    ("top:\n  {a: 1}: 2\n", "f.yaml, line 2, at top: a key must be a single word, name or "
                            "number, not a list or mapping"),
    ("a: &x [1]\n*x : 2\n", "f.yaml, line 2: a key must be a single word, name or number, "
                            "not a list or mapping"),
    ("a:\n  b: " + "9" * 5000 + "\n", "f.yaml, line 2, at a.b: the number has too many digits"),
    ("a: 0x" + "f" * 30 + "\n", "f.yaml, line 1, at a: the number is too large"),
    ("a: 1\nb: x\x00y\n", "f.yaml, line 2: the character U+0000 is not allowed in a YAML file"),
    ("a: 1\n\nb: \x1b[31m\n", "f.yaml, line 3: the character U+001B is not allowed in a YAML "
                              "file"),
    ("a:\n\tb: 1\n", "f.yaml, line 2: not valid YAML (a tab indents this line; YAML indents "
                     "with spaces only)"),
    ("a: *nope\n", "f.yaml, line 1, at a: the alias *nope names no anchor defined before it"),
    ("a: 1\n---\nb: 2\n", "f.yaml, line 2: the file holds more than one YAML document (---)"),
    ("b: &x {c: 1}\nd:\n  <<: *x\n", "f.yaml, line 3, at d: merge keys (<<) are not "
                                     "supported; write the keys out"),
    ("a: !!set {x, y}\n", "f.yaml, line 1, at a: the tag !!set is not supported here"),
    ("a: !!python/name:os.system\n", "f.yaml, line 1, at a: the tag "
                                     "!!python/name:os.system is not supported here"),
    ("a: 2001-13-45\n", "f.yaml, line 1, at a: '2001-13-45' is not a valid timestamp"),
    ("1: a\ntrue: b\n", "f.yaml, line 2: the key True appears twice"),
    ("# only a comment\n", "f.yaml, line 1: the file is empty"),
])
def test_bad_shapes_are_one_located_line(parser, text, expected):
    assert _error(text) == expected


def test_a_bom_and_odd_keys_are_read():
    assert load_yaml("\ufeffa: 1\n", "bom.yaml")[0] == {"a": 1}
    data, doc = load_yaml('"a\\nb":\n  c: [1, 2]\n', "k.yaml")
    assert data == {"a\nb": {"c": [1, 2]}}
    error = doc.error(("a\nb", "c", 0), "expected some text")
    assert str(error) == "k.yaml, line 2, at 'a\\nb'.c[0]: expected some text"


def test_scalar_top_level_is_returned_for_the_validator_to_refuse():
    assert load_yaml("hello\n", "s.yaml")[0] == "hello"
    assert load_yaml("---\n", "n.yaml")[0] is None


def test_checker_text_refuses_unprintable_characters():
    data, doc = load_yaml('name: "bad\\0name"\nnote: "two\\nlines\\tok"\n', "t.yaml")
    check = Checker(doc)
    with pytest.raises(DataError, match=r"^t.yaml, line 1, at name: the text holds the "
                                        r"unprintable character U\+0000$"):
        check.text(data["name"], ("name",))
    assert check.text(data["note"], ("note",)) == "two\nlines\tok"


def test_checker_shows_long_values_cut_to_one_line():
    data, doc = load_yaml("kind: [" + ", ".join(["x" * 20] * 50) + "]\n", "c.yaml")
    with pytest.raises(DataError) as err:
        Checker(doc).choice(data["kind"], ("kind",), ("weapon", "armor"))
    assert str(err.value).startswith("c.yaml, line 1, at kind: expected one of weapon, armor, "
                                     "found ['xxxxxxxx")
    assert len(str(err.value)) < 150


def test_read_yaml_file_refuses_what_is_not_a_small_regular_file(tmp_path):
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(DataError, match=r"dir.yaml: this is a folder, not a file$"):
        read_yaml_file(tmp_path / "dir.yaml")
    os.mkfifo(tmp_path / "fifo.yaml")
    with pytest.raises(DataError, match=r"fifo.yaml: this is a pipe or a device, not a file$"):
        read_yaml_file(tmp_path / "fifo.yaml")
    big = tmp_path / "big.yaml"
    big.write_text("a: 1\n" + "#" * MAX_FILE_BYTES, encoding="utf-8")
    with pytest.raises(DataError, match=rf"big.yaml: the file is {MAX_FILE_BYTES + 5} bytes; "
                                        rf"the limit is {MAX_FILE_BYTES}$"):
        read_yaml_file(big)
    (tmp_path / "latin.yaml").write_bytes(b"a: 1\nb: caf\xe9\n")
    with pytest.raises(DataError, match=r"latin.yaml, line 2: the file is not UTF-8 text$"):
        read_yaml_file(tmp_path / "latin.yaml")
    os.symlink(tmp_path / "loop.yaml", tmp_path / "loop.yaml")
    with pytest.raises(DataError, match=r"loop.yaml: the file cannot be opened \(Too many levels"):
        read_yaml_file(tmp_path / "loop.yaml")
