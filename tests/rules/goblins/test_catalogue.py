"""The bundled card data is complete and every kind of fault in a card file is
reported as one sentence with file, line and key path."""

from __future__ import annotations

from collections import Counter

import pytest

from game.cli import main
from game.rules.core.data import bundled_cards_path
from game.rules.core.errors import DataError
from game.rules.core.registry import load_catalogues
from game.rules.goblins.geometry import COCKPIT


def test_component_counts(catalogue):
    kinds = Counter(t.kind for t in catalogue.tiles)
    assert kinds == {"weapon": 33, "armor": 9, "engine": 9, "decoration": 9}
    premium = Counter(t.kind for t in catalogue.tiles if t.premium)
    assert premium == {"weapon": 9, "armor": 3, "engine": 3, "decoration": 3}
    assert len(catalogue.blueprints) == 7
    assert len(catalogue.tactics) == 24
    assert len(catalogue.agendas) == 21
    assert len(catalogue.team_cards) == 3
    assert Counter(a.type for a in catalogue.agendas) == {
        "defensive": 9, "destructive": 11, "betting": 1}


def test_tile_design_goals(catalogue):
    weapons = [t for t in catalogue.tiles if t.kind == "weapon"]
    assert {a for t in weapons for a in t.arrows} == {0, 1, 2, 3}
    for tile in weapons:
        assert all(not tile.metal >> a & 1 for a in tile.arrows), tile.id
    for tile in catalogue.tiles:
        assert tile.metal, f"{tile.id} could never attach"
    metal_patterns = {t.metal for t in catalogue.tiles}
    assert len(metal_patterns) >= 10
    engines = [t.engines for t in catalogue.tiles if t.kind == "engine"]
    assert sorted(engines) == [1] * 6 + [2] * 3


def test_blueprints_never_forbid_the_cockpit(catalogue):
    for blueprint in catalogue.blueprints:
        assert COCKPIT not in blueprint.forbidden
        assert len(set(blueprint.forbidden)) == 4


def test_every_ability_appears_and_doubles_mix_before_and_after_roll(catalogue):
    abilities = Counter(a for card in catalogue.tactics for a in card.abilities)
    assert set(abilities) == {"nitro", "sabotage", "emergency", "dynamite", "homing",
                              "duct_tape", "crane"}
    assert any(len(card.abilities) == 2 for card in catalogue.tactics)


def test_agenda_lookup_by_name_and_betting_side(catalogue):
    assert catalogue.agenda_named("Gun Nut").id == "gun_nut"
    assert catalogue.agenda_named("Snitch").type == "betting"
    assert catalogue.agenda_named("nobody") is None


def _broken(tmp_path, old: str, new: str, count: int = 1):
    text = bundled_cards_path().read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path = tmp_path / "cards.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path, text.replace(old, new, count)


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("old, new, needle, path_part, reason", [
    ("defense_tokens: 16", "defense_tokens: lots", "defense_tokens: lots",
     "goblins.defense_tokens", "whole number"),
    ('{id: W01, kind: weapon', '{id: W01, kind: laser', "id: W01,",
     "goblins.tiles[0].kind", "expected one of weapon"),
    ('{id: W01, kind: weapon, metal: "', '{id: W01, kind: weapon, metal: "Q', "id: W01,",
     "goblins.tiles[0].metal", "edge letters"),
    ('forbidden: ["1,1", "1,5", "5,1", "5,5"]', 'forbidden: ["1,1", "1,5", "5,1", "3,3"]',
     '"3,3"]', "goblins.blueprints[0].forbidden[3]", "cockpit"),
    ("abilities: [nitro]}", "abilities: [warp]}", "abilities: [warp]",
     "goblins.tactics[0].abilities[0]", "expected one of nitro"),
    ("id: K02,", "id: K01,", "id: K01, name: Nitro", "goblins.tactics[1].id", "used twice"),
    ("  dice: {per_team: 5,", "  dice: {colour: red, per_team: 5,", "dice:",
     "goblins.dice.colour", "unknown key"),
    ('"5,5"]', '"5,\u00b2"]', '"5,\u00b2"]', "goblins.blueprints[0].forbidden[3]",
     "is not a square r,c"),
    ('"5,5"]', '"5,' + "5" * 5000 + '"]', '"5,555', "goblins.blueprints[0].forbidden[3]",
     "is not a square r,c"),
    ("abilities: [nitro]}", "abilities: [[nitro, crane]]}", "abilities: [[nitro",
     "goblins.tactics[0].abilities[0]", "expected one of nitro"),
])
def test_bad_card_files_are_located(tmp_path, old, new, needle, path_part, reason):
    path, text = _broken(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        load_catalogues(path)
    message = str(err.value)
    assert message.startswith(f"{path}, line ")
    assert path_part in message and reason in message
    if needle == "id: K01, name: Nitro":
        assert f"line {_line_of(text, 'id: K01,') + 1}" in message
    else:
        assert f"line {_line_of(text, needle)}" in message
    assert "\n" not in message and len(message) < 300


def test_wrong_tile_count_is_reported(tmp_path):
    text = bundled_cards_path().read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if "id: D09" in ln)
    path = tmp_path / "cards.yaml"
    path.write_text(text.replace(line + "\n", ""), encoding="utf-8")
    with pytest.raises(DataError, match="9 decoration tiles, found 8"):
        load_catalogues(path)


def test_validate_data_cli_exit_codes(tmp_path, capsys):
    assert main(["validate-data"]) == 0
    assert "valid" in capsys.readouterr().out
    path, _ = _broken(tmp_path, "defense_tokens: 16", "defense_tokens: [")
    assert main(["validate-data", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("botyard: ") and str(path) in err and "\n" not in err
    assert "Traceback" not in err
    assert main(["validate-data", str(tmp_path / "missing.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err
