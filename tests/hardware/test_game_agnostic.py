"""The hardware layer serves every game: no module under hardware/ names a registered
game or imports a game's own packages; what a board means is each game's table
mapping (GameSpec.table_module)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import hardware
from game.rules.core.registry import GameSpec, games

ROOT = Path(hardware.__file__).parent


def _naming(root: Path, spec: GameSpec) -> list[str]:
    """Lines of Python under ``root`` that name the game (id or title) or import from
    its packages."""
    named = re.compile("|".join(re.escape(word) for word in (spec.id, spec.title.split(",")[0])),
                       re.IGNORECASE)
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if named.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
        for node in ast.walk(ast.parse(text)):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                       [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(root)}: imports {m}" for m in modules
                      if f".{spec.id}" in m]
    return found


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.id)
def test_no_hardware_module_names_a_game(spec: GameSpec):
    found = _naming(ROOT, spec)
    assert found == [], "\n".join(found)


def test_a_hardware_module_naming_a_game_is_found(tmp_path):
    spec = games()[0]
    (tmp_path / "link.py").write_text(f"from game.rules.{spec.id}.actions import Steer\n")
    (tmp_path / "ports.py").write_text(f"# made for {spec.title}\n")
    assert _naming(tmp_path, spec) == [
        f"link.py:1: from game.rules.{spec.id}.actions import Steer",
        f"link.py: imports game.rules.{spec.id}.actions",
        f"ports.py:1: # made for {spec.title}"]
