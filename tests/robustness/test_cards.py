"""Hostile card and scenario files: each one ends in one plain line naming the file (and
the line and key path where there is one), `botyard validate-data` and `botyard scenario`
exit 2 within seconds, and the file is left exactly as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.rules.core.data import MAX_FILE_BYTES, bundled_cards_path
from game.rules.core.errors import DataError
from game.rules.core.registry import bundled_catalogue, games, load_catalogues
from game.rules.goblins.scenario import run_file
from tests.robustness.helpers import snapshot

CARDS = bundled_cards_path().read_text(encoding="utf-8")
SCENARIO = """name: a hostile scenario
robots: {A: {tiles: {"2,3": {kind: weapon, metal: "S", arrows: "N"}}}}
check:
  structure: A
expect: {fallen: []}
"""
TIMEOUT = 20
"""Seconds a command may take before the test calls it hung (they take well under one)."""


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def _edit(base: str, old: str, new: str, where: str = "") -> Callable[[Path], str]:
    """A builder that writes ``base`` with ``old`` replaced; it returns ``where`` the
    fault is reported, by default the line of the edit."""
    assert old in base, old

    def build(path: Path) -> str:
        text = base.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")
        return where or f"line {_line(text, new.splitlines()[0])}"
    return build


def _write(data: bytes, where: str = "") -> Callable[[Path], str]:
    def build(path: Path) -> str:
        path.write_bytes(data)
        return where
    return build


def _laughs() -> bytes:
    """A "billion laughs" file: each level lists the one before nine times (9**10 lols)."""
    out = 'l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for n in range(1, 11):
        out += f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]\n"
    return out.encode()


def _folder(path: Path) -> str:
    path.mkdir()
    (path / "inside.yaml").write_text("a: 1\n", encoding="utf-8")
    return ""


def _fifo(path: Path) -> str:
    os.mkfifo(path)
    return ""


def _loop(path: Path) -> str:
    os.symlink(path.name, path)
    return ""


# Faults of the file itself, the same whichever kind of YAML it should hold:
# name -> (builder, what the one line must contain).
FILE_FAULTS: dict[str, tuple[Callable[[Path], str], str]] = {
    "billion laughs": (_write(_laughs(), "line 6, at l5[1]"), "expands to more than 200000 values"),
    "deep nesting": (_write(b"a: " + b"[" * 200_000 + b"]" * 200_000 + b"\n", "line 1"),
                     "nested more than 64 deep"),
    "deep block nesting": (_write("".join("  " * i + f"k{i}:\n" for i in range(200))
                                  .encode(), "line 65"), "nested more than 64 deep"),
    "over the size limit": (_write(b"a: 1\n" + b"#" * MAX_FILE_BYTES + b"\n"),
                            f"the limit is {MAX_FILE_BYTES}"),
    "complex key": (_write(b"name: x\n? [a, b]\n: 1\n", "line 2"),
                    "a key must be a single word, name or number"),
    "mapping as key": (_write(b"name: x\n{a: 1}: 2\n", "line 2"),
                       "a key must be a single word, name or number"),
    "5000-digit number": (_write(b"name: " + b"7" * 5000 + b"\n", "line 1, at name"),
                          "the number has too many digits"),
    "NUL byte": (_write(b"name: x\ncheck: a\x00b\n", "line 2"),
                 "the character U+0000 is not allowed"),
    "escape character": (_write(b"name: x\n\ncheck: \x1b[31mred\n", "line 3"),
                         "the character U+001B is not allowed"),
    "tab-indented": (_write(b"name: x\ncheck:\n\tstructure: A\n", "line 3"),
                     "a tab indents this line"),
    "UTF-16 with BOM": (_write("name: x\n".encode("utf-16"), "line 1"), "not UTF-8 text"),
    "Latin-1 bytes": (_write(b"name: x\nnote: caf\xe9\n", "line 2"), "not UTF-8 text"),
    "empty": (_write(b"", "line 1"), "the file is empty"),
    "only a comment": (_write(b"# nothing here\n", "line 1"), "the file is empty"),
    "two documents": (_write(b"name: x\n---\nname: y\n", "line 2"), "more than one YAML document"),
    "duplicate key": (_write(b"name: x\ncheck: a\nname: y\n", "line 3"), "'name' appears twice"),
    "undefined alias": (_write(b"name: *who\n", "line 1, at name"), "names no anchor"),
    "merge key": (_write(b"base: &b {x: 1}\nname:\n  <<: *b\n", "line 3, at name"),
                  "merge keys (<<) are not supported"),
    "python tag": (_write(b"name: !!python/object/apply:os.system [true]\n", "line 1, at name"),
                   "is not supported here"),
    "bad date": (_write(b"name: 2001-13-45\n", "line 1, at name"), "is not a valid timestamp"),
    "folder": (_folder, "this is a folder, not a file"),
    "FIFO": (_fifo, "this is a pipe or a device, not a file"),
    "symlink loop": (_loop, "Too many levels of symbolic links"),
}

# Shapes the cards validator must locate: name -> (builder, key path and reason).
CARD_SHAPES: dict[str, tuple[Callable[[Path], str], str]] = {
    "list where a name goes": (_edit(CARDS, "- id: octozoid", "- id: [octo, zoid]"),
                               "at goblins.blueprints[0].id: expected some text"),
    "mapping where a name goes": (_edit(CARDS, "name: Octozoid", "name: {a: 1}"),
                                  "at goblins.blueprints[0].name: expected some text"),
    "complex key in a section": (_edit(CARDS, "  defense_tokens: 16",
                                       "  ? [a, b]\n  : 1\n  defense_tokens: 16"),
                                 "at goblins: a key must be a single word"),
    "5000-digit count": (_edit(CARDS, "defense_tokens: 16", "defense_tokens: " + "9" * 5000),
                         "at goblins.defense_tokens: the number has too many digits"),
    "huge count": (_edit(CARDS, "defense_tokens: 16", "defense_tokens: 99999999999"),
                   "at goblins.defense_tokens: expected a number from 0 to 100"),
    "superscript digit": (_edit(CARDS, '"5,5"]', '"5,\u00b2"]'),
                          "at goblins.blueprints[0].forbidden[3]: '5,\u00b2' is not a square"),
    "escaped NUL in a name": (_edit(CARDS, "name: Octozoid", 'name: "Octo\\0zoid"'),
                              "at goblins.blueprints[0].name: the text holds the unprintable "
                              "character U+0000"),
    "list of lists of abilities": (_edit(CARDS, "abilities: [nitro]}",
                                         "abilities: [[nitro, crane]]}"),
                                   "at goblins.tactics[0].abilities[0]: expected one of nitro"),
    "float where a count goes": (_edit(CARDS, "defense_tokens: 16", "defense_tokens: .nan"),
                                 "at goblins.defense_tokens: expected a whole number"),
    "scalar top level": (_write(b"just some text\n", "line 1"),
                         "expected a mapping with one section per game"),
    "list top level": (_write(b"- goblins\n", "line 1"),
                       "expected a mapping with one section per game"),
}
SCENARIO_SHAPES: dict[str, tuple[Callable[[Path], str], str]] = {
    "list where the name goes": (_edit(SCENARIO, "name: a hostile scenario", "name: [a, b]"),
                                 "at name: expected some text"),
    "superscript digit in a square": (_edit(SCENARIO, '"2,3":', '"2,\u00b3":'),
                                      "is not a square r,c"),
    "number where the robots go": (_edit(SCENARIO, SCENARIO.splitlines()[1], "robots: 5"),
                                   "expected a mapping"),
    "alias bomb in expect": (_edit(SCENARIO, "expect: {fallen: []}\n",
                                   "expect: {fallen: []}\n" + _laughs().decode(),
                                   "line 11, at l5[1]"),
                             "expands to more than 200000 values"),
}


def _build(tmp_path: Path, name: str, builder: Callable[[Path], str]) -> tuple[Path, str]:
    path = tmp_path / (name.replace(" ", "-") + ".yaml")
    where = builder(path)
    return path, where


def _one_line(message: str, path: Path, where: str, reason: str) -> None:
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith(f"{path}: " if not where else f"{path}, {where}"), message
    assert reason in message, message


@pytest.mark.parametrize("name", sorted(FILE_FAULTS) + sorted(CARD_SHAPES))
def test_hostile_card_file_is_one_located_line(tmp_path, name):
    builder, reason = {**FILE_FAULTS, **CARD_SHAPES}[name]
    path, where = _build(tmp_path, name, builder)
    before = snapshot(path)
    with pytest.raises(DataError) as err:
        load_catalogues(path)
    _one_line(str(err.value), path, where, reason)
    assert snapshot(path) == before


@pytest.mark.parametrize("name", sorted(FILE_FAULTS) + sorted(SCENARIO_SHAPES))
def test_hostile_scenario_file_is_one_located_line(tmp_path, name):
    builder, reason = {**FILE_FAULTS, **SCENARIO_SHAPES}[name]
    path, where = _build(tmp_path, name, builder)
    before = snapshot(path)
    with pytest.raises(DataError) as err:
        run_file(path, bundled_catalogue("goblins"))
    _one_line(str(err.value), path, where, reason)
    assert snapshot(path) == before


def test_the_base_files_are_good(tmp_path):
    """The hostile files are edits of these, so each fault is the edit alone."""
    (tmp_path / "cards.yaml").write_text(CARDS, encoding="utf-8")
    assert set(load_catalogues(tmp_path / "cards.yaml")) == {spec.id for spec in games()}
    (tmp_path / "s.yaml").write_text(SCENARIO, encoding="utf-8")
    assert run_file(tmp_path / "s.yaml", bundled_catalogue("goblins")).passed
    (tmp_path / "bom.yaml").write_bytes(b"\xef\xbb\xbf" + CARDS.encode("utf-8"))
    assert set(load_catalogues(tmp_path / "bom.yaml")) == {spec.id for spec in games()}


def _botyard(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BOTYARD_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, timeout=TIMEOUT, env=env, cwd=tmp_path, check=False)


@pytest.mark.parametrize("name", sorted(FILE_FAULTS) + sorted(CARD_SHAPES))
def test_validate_data_ends_in_one_line_and_exit_2(tmp_path, name):
    builder, reason = {**FILE_FAULTS, **CARD_SHAPES}[name]
    path, where = _build(tmp_path, name, builder)
    before = snapshot(path)
    done = _botyard(tmp_path, "validate-data", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.endswith("\n") and done.stderr.startswith("botyard: ")
    _one_line(done.stderr[len("botyard: "):-1], path, where, reason)
    assert snapshot(path) == before


def test_scenario_command_ends_in_one_line_per_hostile_file(tmp_path):
    cases = {**FILE_FAULTS, **SCENARIO_SHAPES}
    built = [(_build(tmp_path, name, cases[name][0]), cases[name][1]) for name in sorted(cases)]
    before = [snapshot(path) for (path, _), _ in built]
    done = _botyard(tmp_path, "scenario", *(str(path) for (path, _), _ in built))
    assert done.returncode == 2 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[-1] == f"0 passed, 0 failed, {len(built)} unreadable"
    assert len(lines) == len(built) + 1
    for line, ((path, where), reason) in zip(lines, built, strict=False):
        assert line.startswith("ERROR ")
        _one_line(line[len("ERROR "):], path, where, reason)
    assert [snapshot(path) for (path, _), _ in built] == before
