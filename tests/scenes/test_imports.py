"""Scenes get what they need passed in: no scene imports the app (or the client that
starts it) outside type hints, and no import cycle runs through the client's modules,
counting the imports made inside functions that once dodged such cycles."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import game

ROOT = Path(game.__file__).parent
APP = frozenset({"game.app", "game.client"})


def _module(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, known: set[str]) -> Iterator[str]:
    """The game modules ``path`` imports when run (``if TYPE_CHECKING:`` blocks left out)."""
    def walk(node: ast.AST) -> Iterator[str]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                yield from (a.name for a in child.names if a.name in known)
            elif isinstance(child, ast.ImportFrom) and child.module:
                for name in (child.module, *(f"{child.module}.{a.name}" for a in child.names)):
                    if name in known:
                        yield name
            yield from walk(child)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")))


def _graph(root: Path) -> dict[str, set[str]]:
    files = {_module(path, root): path for path in root.rglob("*.py")}
    known = set(files)
    return {name: set(_imports(path, known)) - {name} for name, path in files.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        trail.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == 1:
                return [*trail[trail.index(target):], target]
            if target not in state and (found := visit(target)):
                return found
        state[name] = 2
        trail.pop()
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name)):
            return found
    return None


def test_no_scene_imports_the_app():
    graph = _graph(ROOT)
    scenes = {name: targets for name, targets in graph.items()
              if name.startswith("game.scenes.")}
    assert scenes, "the scenes were found"
    assert {name: targets & APP for name, targets in scenes.items() if targets & APP} == {}


def test_no_import_cycle_in_the_game_package():
    assert _cycle(_graph(ROOT)) is None


def test_a_cycle_through_a_lazy_import_is_found(tmp_path):
    package = tmp_path / "game"
    (package / "scenes").mkdir(parents=True)
    (package / "scenes" / "load.py").write_text(
        "def open():\n    from game.scenes.title import TitleScene\n")
    (package / "scenes" / "title.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.app import App\n"
        "from game.scenes.load import open\n")
    graph = _graph(package)
    assert graph["game.scenes.title"] == {"game.scenes.load"}, "type hints are left out"
    assert _cycle(graph) == ["game.scenes.load", "game.scenes.title", "game.scenes.load"]
