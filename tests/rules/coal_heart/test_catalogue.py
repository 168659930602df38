"""The coal_heart data: costs by the formula, a closed ability vocabulary, and one
located sentence for each kind of fault."""

from __future__ import annotations

import copy

import pytest

from game.rules.coal_heart.catalogue import ROBOTS, formula_cost, load_catalogue
from game.rules.coal_heart.vocabulary import ABILITY_SLOTS, EFFECTS, SLOTS, TRIGGERS
from game.rules.core.data import bundled_cards_path, read_yaml_file
from game.rules.core.errors import DataError


@pytest.fixture(scope="module")
def raw():
    data, doc = read_yaml_file(bundled_cards_path())
    return data["coal_heart"], doc


def test_every_part_costs_what_the_formula_says(raw):
    section, _ = raw
    homes = {"lord_reforge": "SG", "extractor_esquire": "CG", "professor_syphon": "GP",
             "the_executioner": "SC", "gizmo_guru": "PS", "dr_constructor": "CP"}
    seen = 0
    for robot in section["robots"]:
        home = tuple(homes[robot["id"]])
        assert tuple(robot["home"]) == home
        for slot, part in robot["parts"].items():
            assert tuple(part["cost"]) == formula_cost(home, slot), (robot["id"], slot)
            seen += 1
    assert seen == 66
    assert sum(len(formula_cost(tuple(homes[r]), s)) for r in ROBOTS for s in SLOTS) == 6 * 22


def test_the_rulebook_example_cost():
    assert formula_cost(("S", "C"), "head") == ("S", "C", "P")


def test_every_colour_pair_is_one_robots_home(raw):
    section, _ = raw
    pairs = {frozenset(r["home"]) for r in section["robots"]}
    assert len(pairs) == 6


def test_the_vocabulary_is_closed_and_used(raw):
    section, doc = raw
    cat = load_catalogue(section, doc)
    used_effects = {p.effect for r in cat.robots.values() for p in r.parts.values()}
    used_triggers = {p.trigger for r in cat.robots.values() for p in r.parts.values()}
    assert used_effects == set(EFFECTS), "an effect nobody uses, or one outside the list"
    assert used_triggers <= set(TRIGGERS)
    from game.rules.coal_heart.abilities import HANDLED
    assert set(HANDLED) == set(EFFECTS)


def test_designed_parts_carry_a_note(raw):
    section, _ = raw
    designed = [(r["id"], s) for r in section["robots"] for s, p in r["parts"].items()
                if p["source"] == "design"]
    assert len(designed) == 31
    for robot in section["robots"]:
        for slot in ABILITY_SLOTS:
            part = robot["parts"][slot]
            if part["source"] == "design":
                assert part["note"] and "\n" not in part["note"]


@pytest.mark.parametrize("change, where, words", [
    (lambda s: s["robots"][0]["parts"]["head"].__setitem__("cost", ["S"]),
     "coal_heart.robots[0].parts.head.cost", "the formula gives S G P"),
    (lambda s: s["robots"][1]["parts"]["chest"].__setitem__("effect", "fly"),
     "coal_heart.robots[1].parts.chest.effect", "expected one of"),
    (lambda s: s["robots"][2]["parts"]["chest"].__setitem__("trigger", "gain_cube"),
     "coal_heart.robots[2].parts.chest.trigger", "gain_hp cannot hang on gain_cube"),
    (lambda s: s["robots"][3]["parts"]["head"].__setitem__("amount", 9),
     "coal_heart.robots[3].parts.head.amount", "from 1 to 2"),
    (lambda s: s["robots"][4]["parts"]["chest"].pop("note"),
     "coal_heart.robots[4].parts.chest.note", "expected some text"),
    (lambda s: s["gear"][0].__setitem__("copies", 3),
     "coal_heart.gear[0].copies", "there are 2 chainsaw cards"),
    (lambda s: s["gear"][4].__setitem__("kind", "deluxe"),
     "coal_heart.gear[4].kind", "regular"),
    (lambda s: s["robots"][5].__setitem__("home", ["S", "G"]),
     "coal_heart.robots[5].home", "its own pair"),
    (lambda s: s["heart"].__setitem__("source", "rulebook"),
     "coal_heart.heart.source", "our design"),
    (lambda s: s["demo"]["parts"].__setitem__("gizmo_guru", ["head", "head", "l_foot", "r_foot"]),
     "coal_heart.demo.parts.gizmo_guru", "listed twice"),
])
def test_a_fault_is_one_located_sentence(raw, change, where, words):
    section, doc = raw
    broken = copy.deepcopy(section)
    change(broken)
    with pytest.raises(DataError) as info:
        load_catalogue(broken, doc)
    text = str(info.value)
    assert f"at {where}" in text and words in text and "\n" not in text
    assert "line" in text
