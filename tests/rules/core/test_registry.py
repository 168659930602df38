"""A game reaches shared code only through its registry entry: nothing outside its own
packages names it but that entry, and every module the entry names provides what the
shared code calls."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import game
from game.rules.core.registry import GameSpec, games

ROOT = Path(game.__file__).parent
REGISTRY = ROOT / "rules" / "core" / "registry.py"
OWN = ("rules", "scenes", "ai")
"""A game's own packages: game/<layer>/<id>/."""


def _registration_lines(registry: Path, game_id: str) -> range:
    """The lines of the ``GameSpec(...)`` call that registers ``game_id``."""
    for node in ast.walk(ast.parse(registry.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "GameSpec"
                and any(k.arg == "id" and isinstance(k.value, ast.Constant)
                        and k.value.value == game_id for k in node.keywords)):
            assert node.end_lineno is not None
            return range(node.lineno, node.end_lineno + 1)
    raise AssertionError(f"no GameSpec(id={game_id!r}) in {registry}")


def _strays(root: Path, game_id: str) -> list[str]:
    """Lines of Python under ``root`` (the game package) that name ``game_id``, in any
    case, outside its own packages and its registration."""
    registry = root / REGISTRY.relative_to(ROOT)
    own = [root / layer / game_id for layer in OWN]
    allowed = _registration_lines(registry, game_id)
    named = re.compile(re.escape(game_id), re.IGNORECASE)
    found = []
    for path in sorted(root.rglob("*.py")):
        if any(path.is_relative_to(folder) for folder in own):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if named.search(line) and not (path == registry and number in allowed):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.id)
def test_only_the_registration_names_a_game_outside_its_packages(spec: GameSpec):
    found = _strays(ROOT, spec.id)
    assert found == [], "\n".join(found)


def test_a_name_outside_the_registration_and_the_packages_is_found(tmp_path):
    registry = tmp_path / REGISTRY.relative_to(ROOT)
    registry.parent.mkdir(parents=True)
    registry.write_text(REGISTRY.read_text(encoding="utf-8"), encoding="utf-8")
    spec = games()[0]
    (tmp_path / "scenes" / spec.id).mkdir(parents=True)
    (tmp_path / "scenes" / spec.id / "match.py").write_text(f"# {spec.id}\n")
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "tiles.py").write_text(f"from x import y\n# {spec.id.upper()}\n")
    assert _strays(tmp_path, spec.id) == [f"ui/tiles.py:2: # {spec.id.upper()}"]


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.id)
def test_every_module_an_entry_names_provides_what_is_called(spec: GameSpec):
    client = spec.client
    assert callable(client.match_scene) and client.SETUP is not None
    if spec.screenshots:
        assert callable(client.screenshot)
    if spec.bench_position is not None:
        assert callable(client.bench_position)
    assert spec.default_screenshot in ("title", *spec.screenshots)
    if spec.scenarios is not None:
        assert callable(spec.scenarios.run_file)
    if spec.bots is not None:
        assert callable(spec.bots.make_bot)
    if spec.table is not None:
        assert spec.table.ROLES and callable(spec.table.bench)
        shared = all(role.shared for role in spec.table.ROLES)
        assert shared or callable(spec.table.holder), "a seat's own boards need a holder"
        assert len({role.key for role in spec.table.ROLES}) == len(spec.table.ROLES)
    if spec.rules_page:
        assert (ROOT / "assets" / spec.rules_page).is_file()
    for key, values in spec.options:
        assert values, f"option {key} has no values"
