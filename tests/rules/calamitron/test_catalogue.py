"""The Calamitron section of cards.yaml: the components RULES-DECISIONS.md fixes, and
each fault reported as one sentence with file, line and key path."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules.core.data import bundled_cards_path, read_yaml_file
from game.rules.core.errors import DataError
from game.rules.core.registry import load_catalogues
from tests.rules.calamitron.helpers import cat

CARDS = bundled_cards_path().read_text(encoding="utf-8")
PITS = {(2, 6), (3, 4), (5, 3), (3, 8), (4, 10), (6, 11), (8, 10), (10, 9), (11, 7),
        (10, 5), (9, 3), (7, 2)}
STARTS = ["6,6 N", "6,7 E", "7,7 S", "7,6 W", "5,5 W", "5,8 N", "8,8 E", "8,5 S", "4,6 N",
          "6,9 E", "9,7 S", "7,4 W", "6,4 W", "4,7 N", "7,9 E", "9,6 S"]


def test_the_deadly_spiral_is_the_decisions_map():
    c = cat()
    assert c.board.rows == c.board.cols == 12
    assert c.board.pits == PITS
    assert set(c.crates) == {(4, 4), (4, 9), (9, 9), (9, 4)}
    assert set(c.board.doors) == {((1, 3), "N"), ((3, 12), "E"), ((12, 10), "S"),
                                  ((10, 1), "W")}
    assert [f"{r},{col} {f}" for (r, col), f in c.starts] == STARTS
    assert c.board.walls == frozenset()


def test_outside_positions_face_in_through_their_doors():
    assert cat().board.outsides() == {(0, 3): ((1, 3), "S"), (3, 13): ((3, 12), "W"),
                                      (13, 10): ((12, 10), "N"), (10, 0): ((10, 1), "E")}


def test_instruction_classes_and_retro_limits():
    c = cat()
    assert {w for w, k in c.classes.items() if k == "basic"} == {"L", "R", "M1", "M2"}
    assert {w for w, k in c.classes.items() if k == "loader"} == {"M3", "B2", "U", "shove"}
    assert {w for w, k in c.classes.items() if k == "shooter"} == {"tractor", "forcer"}
    assert {w for w, k in c.classes.items() if k == "hacker"} == {"program"}
    assert c.limits["treadbot"] == {"loader": 3, "shooter": 0, "hacker": 0}
    assert c.limits["shotbot"] == {"loader": 1, "shooter": 1, "hacker": 0}
    assert c.limits["nanobot"]["loader"] == c.limits["nanobot"]["shooter"] == 0
    assert c.limits["nanobot"]["hacker"] >= c.program


def test_rogue_table():
    r = cat().rogues
    assert [(k, r[k].steps, r[k].turns, r[k].special) for k in r] == [
        ("servobot", 5, "L", "none"), ("rambot", 3, "R", "ram"),
        ("laserbot", 3, "L", "laser"), ("flamebot", 3, "R", "flame"),
        ("visebot", 3, "R", "vise"), ("progbot", 3, "L", "herd"),
        ("bossbot", 3, "L", "herd"), ("minionbot", 3, "R", "none")]
    assert cat().ordinary == ("servobot", "rambot", "laserbot", "flamebot", "visebot",
                              "progbot")


def test_the_calamity_deck_holds_the_decided_mix():
    deck = Counter(cat().deck())
    assert sum(deck.values()) == 24
    assert deck["catastrophe"] == 6 and deck["quiet"] == 3
    assert all(deck[f"surplus-{s}"] == 1 for s in "NESW")
    designed = [c for c in cat().calamities if c.effect]
    assert len(designed) == 11 and all(c.copies == 1 for c in designed)
    raw, _ = read_yaml_file(bundled_cards_path())
    moods = Counter(c.get("mood") for c in raw["calamitron"]["calamities"] if "mood" in c)
    assert moods["helpful"] + moods["neutral"] >= 4 and moods["harmful"] >= 4


def test_upgrades_two_from_the_rulebook_eight_designed_with_notes():
    raw, _ = read_yaml_file(bundled_cards_path())
    ups = raw["calamitron"]["upgrades"]
    assert len(ups) == 10
    assert [u["id"] for u in ups if u["source"] == "rulebook"] == ["extra-memory",
                                                                  "spare-loader"]
    assert all(u.get("note") for u in ups if u["source"] == "design")


def _load(tmp_path, old: str, new: str) -> DataError:
    start = CARDS.index("\ncalamitron:")
    assert old in CARDS[start:]
    text = CARDS[:start] + CARDS[start:].replace(old, new, 1)
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalogues(path)
    return caught.value


@pytest.mark.parametrize("old, new, where, reason", [
    ("{id: catastrophe, name: Catastrophe, copies: 6,",
     "{id: catastrophe, name: Catastrophe, copies: 7,", "calamitron.calamities",
     "holds 24 cards, found 25"),
    ('\n       note: "Helps a Nanobot above all: U-turns count as basic instructions.",', "",
     "calamitron.upgrades[6].note", "expected some text"),
    ('pits: ["2,6", "3,4", "5,3"]', 'pits: ["2,6", "3,4", "4,4"]',
     "calamitron.board.tile.crates[0]", "both a pit and a crate"),
    ("{id: rambot, name: Rambot, steps: 3, turns: R, special: ram,",
     "{id: rambot, name: Rambot, steps: 3, turns: R, special: fire,",
     "calamitron.rogues[1].special", "expected one of"),
    ("{id: M3, name: Move 3, class: loader,", "{id: M3, name: Move 3, class: heavy,",
     "calamitron.instructions[4].class", "expected one of"),
    ("effect: retros-turn, lasting: false,", "effect: retros-turn, lasting: true,",
     "calamitron.calamities[16].lasting", "not lasting"),
    ('pits: ["2,6",', 'pits: ["' + "9" * 5000 + ',6",', "calamitron.board.tile.pits[0]", ""),
    ('pits: ["2,6",', 'pits: ["²,6",', "calamitron.board.tile.pits[0]", ""),
])
def test_a_fault_is_one_located_sentence(tmp_path, old, new, where, reason):
    error = _load(tmp_path, old, new)
    text = str(error)
    assert error.line is not None and error.path == where, text
    assert reason in text and "\n" not in text and len(text) < 400, "one short line"
