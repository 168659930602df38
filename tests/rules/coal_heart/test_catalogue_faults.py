"""Every check of the coal_heart section, one fault at a time: the key path it names and
its exact words (a player editing cards.yaml reads them), and what a sound section
loads into."""

from __future__ import annotations

import copy

import pytest

from game.rules.coal_heart.catalogue import ROBOTS, load_catalogue
from game.rules.coal_heart.vocabulary import EFFECTS, GEAR, HEXES
from game.rules.core.data import bundled_cards_path, read_yaml_file
from game.rules.core.errors import DataError

COLOURS = "expected one of S, P, C, G"


@pytest.fixture(scope="module")
def raw():
    data, doc = read_yaml_file(bundled_cards_path())
    return data["coal_heart"], doc


def _set(*keys_value):
    """A change that sets the value at a key path."""
    *keys, last, value = keys_value

    def change(section):
        node = section
        for key in keys:
            node = node[key]
        node[last] = value
    return change


def _pop(*keys):
    *keys, last = keys

    def change(section):
        node = section
        for key in keys:
            node = node[key]
        del node[last]
    return change


HEAD = ("robots", 0, "parts", "head")
FAULTS = [
    (_set(*HEAD, "cost", []), "robots[0].parts.head.cost",
     "the formula gives S G P for this slot, not nothing"),
    (_set(*HEAD, "cost", ["G", "S", "P"]), "robots[0].parts.head.cost",
     "the formula gives S G P for this slot, not G S P"),
    (_set(*HEAD, "cost", "SGP"), "robots[0].parts.head.cost", "expected a list"),
    (_set(*HEAD, "cost", ["S", "G", "X"]), "robots[0].parts.head.cost[2]",
     f"{COLOURS}, found 'X'"),
    (_set(*HEAD, "effect", "fly"), "robots[0].parts.head.effect",
     f"expected one of {', '.join(EFFECTS)}, found 'fly'"),
    (_set("robots", 2, "parts", "chest", "trigger", "gain_cube"),
     "robots[2].parts.chest.trigger",
     "gain_hp cannot hang on gain_cube (only now, upgrade, fight, select_fight, attack)"),
    (_set("robots", 2, "parts", "chest", "trigger", "sometimes"),
     "robots[2].parts.chest.trigger", "expected one of passive, now, mine, upgrade, fight, "
     "gear, select_mine, select_mine_end, select_fight, select_scavenge, attack, gain_hp, "
     "gain_cube, steal, dealt_4, upgrade_action, found 'sometimes'"),
    (_set("robots", 3, "parts", "head", "amount", 0), "robots[3].parts.head.amount",
     "expected a number from 1 to 2, found 0"),
    (_set("robots", 0, "parts", "l_arm", "effect", "discount"),
     "robots[0].parts.l_arm.effect", "a l_arm part has attack_bonus, nothing else"),
    (_set("robots", 1, "parts", "r_arm", "effect", "trade"),
     "robots[1].parts.r_arm.effect", "a r_arm part has attack_bonus, nothing else"),
    (_set("robots", 1, "parts", "l_foot", "effect", "discount"),
     "robots[1].parts.l_foot.effect", "a l_foot part has attack_bonus, nothing else"),
    (_set("robots", 0, "parts", "core", "effect", "attack_bonus"),
     "robots[0].parts.core.effect", "a core part has deluxe_access, nothing else"),
    (_set("robots", 0, "parts", "r_foot", "effect", "deluxe_access"),
     "robots[0].parts.r_foot.effect", "a r_foot part has attack_bonus, nothing else"),
    (_set(*HEAD, "note", "two\nlines"), "robots[0].parts.head.note", "a note is one line"),
    (_set("robots", 0, "parts", "core", "note", "two\nlines"),
     "robots[0].parts.core.note", "a note is one line"),
    (_pop(*HEAD, "note"), "robots[0].parts.head.note", "expected some text"),
    (_set(*HEAD, "source", "fan"), "robots[0].parts.head.source",
     "expected one of rulebook, design, found 'fan'"),
    (_set(*HEAD, "text", ""), "robots[0].parts.head.text", "expected some text"),
    (_set(*HEAD, "colour", "red"), "robots[0].parts.head.colour",
     "unknown key 'colour' (expected one of: amount, cost, effect, note, source, text, "
     "trigger)"),
    (_set("robots", 1, "id", "lord_reforge"), "robots[1].id",
     "the robot lord_reforge is listed twice"),
    (_set("robots", 1, "id", "nobody"), "robots[1].id",
     f"expected one of {', '.join(ROBOTS)}, found 'nobody'"),
    (_set("robots", 0, "home", ["S", "S"]), "robots[0].home",
     "each robot has its own pair of two colours"),
    (_set("robots", 0, "home", ["S", "G", "P"]), "robots[0].home",
     "expected 2 entries, found 3"),
    (_set("robots", 0, "home", ["S", "X"]), "robots[0].home[1]", f"{COLOURS}, found 'X'"),
    (_set("robots", 0, "home", ["X", "G"]), "robots[0].home[0]", f"{COLOURS}, found 'X'"),
    (_set("robots", 0, "name", ""), "robots[0].name", "expected some text"),
    (_set("robots", 0, "colour", ""), "robots[0].colour", "expected some text"),
    (_pop("robots", 0, "note"), "robots[0].note", "expected some text"),
    (_pop("robots", 0, "parts", "r_foot"), "robots[0].parts", "the key 'r_foot' is missing"),
    (lambda s: s["robots"].pop(), "robots", "expected 6 entries, found 5"),
    (_set("gear", 0, "kind", "regular"), "gear[0].kind",
     "chainsaw is Deluxe Gear by RULES-DECISIONS.md"),
    (_set("gear", 4, "kind", "deluxe"), "gear[4].kind",
     "twin_blasters is regular Gear by RULES-DECISIONS.md"),
    (_set("gear", 4, "kind", "rare"), "gear[4].kind",
     "expected one of deluxe, regular, found 'rare'"),
    (_set("gear", 0, "copies", 6), "gear[0].copies", "there are 2 chainsaw cards"),
    (_set("gear", 5, "copies", 2), "gear[5].copies", "there are 6 repair_kit cards"),
    (_set("gear", 0, "copies", 33), "gear[0].copies", "expected a number from 1 to 32, found 33"),
    (_set("gear", 1, "id", "chainsaw"), "gear[1].id", "the Gear card chainsaw is listed twice"),
    (_set("gear", 1, "id", "laser"), "gear[1].id",
     f"expected one of {', '.join(GEAR)}, found 'laser'"),
    (_set("gear", 0, "timing", ""), "gear[0].timing", "expected some text"),
    (_set("gear", 0, "name", ""), "gear[0].name", "expected some text"),
    (_set("gear", 0, "text", ""), "gear[0].text", "expected some text"),
    (_pop("robots", 1, "colour"), "robots[1]", "the key 'colour' is missing"),
    (_set("robots", 1, "motto", "dig"), "robots[1].motto", "unknown key 'motto' (expected "
     "one of: colour, home, id, name, note, parts, source)"),
    (_set("robots", 1, "parts", "tail", {}), "robots[1].parts.tail", "unknown key 'tail' "
     "(expected one of: chest, core, head, l_arm, l_foot, l_leg, l_shoulder, r_arm, "
     "r_foot, r_leg, r_shoulder)"),
    (lambda s: s["gear"].pop(), "gear", "expected 8 entries, found 7"),
    (_pop("gear", 0, "timing"), "gear[0]", "the key 'timing' is missing"),
    (_set("gear", 0, "colour", "red"), "gear[0].colour", "unknown key 'colour' (expected "
     "one of: copies, id, kind, name, note, source, text, timing)"),
    (_set("hexes", 1, "id", "mine"), "hexes[1].id", "the hex mine is listed twice"),
    (_set("hexes", 1, "id", "rest"), "hexes[1].id",
     f"expected one of {', '.join(HEXES)}, found 'rest'"),
    (_set("hexes", 5, "copies", 1), "hexes[5].copies", "expected a number from 2 to 2, found 1"),
    (_set("hexes", 0, "copies", 2), "hexes[0].copies", "expected a number from 1 to 1, found 2"),
    (_set("hexes", 0, "name", ""), "hexes[0].name", "expected some text"),
    (_set("hexes", 0, "text", ""), "hexes[0].text", "expected some text"),
    (lambda s: s["hexes"].pop(), "hexes", "expected 6 entries, found 5"),
    (_pop("hexes", 0, "text"), "hexes[0]", "the key 'text' is missing"),
    (_set("hexes", 0, "colour", "red"), "hexes[0].colour", "unknown key 'colour' (expected "
     "one of: copies, id, name, note, source, text)"),
    (_set("colours", ["S", "P", "G", "C"]), "colours", "the colours are S, P, C, G, in that order"),
    (_set("cubes_per_colour", 14), "cubes_per_colour", "expected a number from 15 to 15, found 14"),
    (_set("hp", 21), "hp", "expected a number from 20 to 20, found 21"),
    (_set("gear_mix", "source", "rulebook"), "gear_mix.source", "the Gear split is our design"),
    (_pop("gear_mix", "note"), "gear_mix", "the key 'note' is missing"),
    (_set("gear_mix", "source", "ours"), "gear_mix.source",
     "expected one of rulebook, design, found 'ours'"),
    (_set("gear_mix", "split", 4), "gear_mix.split",
     "unknown key 'split' (expected one of: note, source)"),
    (_pop("demo", "hp"), "demo", "the key 'hp' is missing"),
    (_set("demo", "speed", 2), "demo.speed",
     "unknown key 'speed' (expected one of: hp, note, parts, source)"),
    (_set("demo", "parts", "tin_man", ["head"]), "demo.parts.tin_man", "unknown key "
     "'tin_man' (expected one of: dr_constructor, extractor_esquire, gizmo_guru, "
     "lord_reforge, professor_syphon, the_executioner)"),
    (_set("heart", "source", "ours"), "heart.source",
     "expected one of rulebook, design, found 'ours'"),
    (_set("heart", "glow", 1), "heart.glow", "unknown key 'glow' (expected one of: mend, "
     "note, overload_others, overload_self, recover, source, spark)"),
    (_set("heart", "source", "rulebook"), "heart.source", "the Heart's abilities are our design"),
    (_set("heart", "spark", 11), "heart.spark", "expected a number from 1 to 10, found 11"),
    (_set("heart", "recover", 0), "heart.recover", "expected a number from 1 to 10, found 0"),
    (_pop("heart", "mend"), "heart", "the key 'mend' is missing"),
    (_set("demo", "hp", 21), "demo.hp", "expected a number from 1 to 20, found 21"),
    (_set("demo", "hp", 0), "demo.hp", "expected a number from 1 to 20, found 0"),
    (_set("demo", "source", "fan"), "demo.source", "expected one of rulebook, design, found 'fan'"),
    (_set("demo", "parts", "gizmo_guru", ["head", "l_foot", "r_foot"]), "demo.parts.gizmo_guru",
     "expected 4 entries, found 3"),
    (_set("demo", "parts", "gizmo_guru", ["head", "l_foot", "r_foot", "tail"]),
     "demo.parts.gizmo_guru[3]", "expected one of head, chest, core, l_shoulder, r_shoulder, "
     "l_arm, r_arm, l_leg, r_leg, l_foot, r_foot, found 'tail'"),
    (_set("demo", "parts", "gizmo_guru", ["head", "head", "l_foot", "r_foot"]),
     "demo.parts.gizmo_guru",
     "a slot is listed twice: ['head', 'head', 'l_foot', 'r_foot']"),
    (_pop("demo", "parts", "gizmo_guru"), "demo.parts", "the key 'gizmo_guru' is missing"),
    (_pop("demo"), "coal_heart", "the key 'demo' is missing"),
]


@pytest.mark.parametrize(("change", "where", "reason"), FAULTS,
                         ids=[f"{i}-{f[1]}" for i, f in enumerate(FAULTS)])
def test_each_fault_names_its_place_and_reason(raw, change, where, reason):
    section, doc = raw
    broken = copy.deepcopy(section)
    change(broken)
    with pytest.raises(DataError) as info:
        load_catalogue(broken, doc)
    text = str(info.value)
    place = "coal_heart" if where == "coal_heart" else f"coal_heart.{where}"
    assert text.endswith(f", at {place}: {reason}"), text
    assert ", line " in text and "\n" not in text


def test_a_rulebook_part_may_go_without_a_note(raw):
    section, doc = raw
    assert "note" not in section["robots"][0]["parts"]["core"]
    load_catalogue(section, doc)


def test_a_hex_a_gear_card_and_the_demo_may_carry_a_note(raw):
    section, doc = raw
    noted = copy.deepcopy(section)
    noted["hexes"][0]["note"] = "why the hex reads so"
    noted["gear"][4]["note"] = "why the card reads so"
    noted["demo"]["note"] = "why the demo reads so"
    cat = load_catalogue(noted, doc)
    assert cat.hexes["mine"] == 1 and cat.gear["twin_blasters"].copies == 6


def test_a_sound_section_loads_every_number_and_list(raw):
    section, doc = raw
    cat = load_catalogue(section, doc)
    assert (cat.cubes, cat.hp, cat.demo_hp) == (15, 20, section["demo"]["hp"])
    assert list(cat.robots) == list(ROBOTS) and list(cat.gear) == list(GEAR)
    assert cat.hexes == {"mine": 1, "upgrade": 1, "fight": 1, "gear": 1, "capture": 1,
                         "scavenge": 2}
    assert cat.hex_text["mine"] == section["hexes"][0]["text"]
    assert cat.heart == {k: section["heart"][k] for k in
                         ("spark", "overload_others", "overload_self", "mend", "recover")}
    assert cat.demo_parts["gizmo_guru"] == tuple(section["demo"]["parts"]["gizmo_guru"])
    deck = cat.deck()
    assert len(deck) == 32 and deck[:3] == ["chainsaw", "chainsaw", "force_field"]
    assert deck[-1] == "shovel" and deck.count("twin_blasters") == 6
    chainsaw = cat.gear["chainsaw"]
    assert chainsaw.deluxe and chainsaw.copies == 2 and chainsaw.name == "Chainsaw"
    assert chainsaw.text == section["gear"][0]["text"] and not cat.gear["shovel"].deluxe
    reforge = cat.robots["lord_reforge"]
    assert reforge.name == section["robots"][0]["name"] and reforge.home == ("S", "G")
    head = cat.part("lord_reforge", "head")
    raw_head = section["robots"][0]["parts"]["head"]
    assert head.robot == "lord_reforge" and head.slot == "head" and head.cost == ("S", "G", "P")
    assert (head.trigger, head.effect, head.amount, head.text) == (
        raw_head["trigger"], raw_head["effect"], raw_head["amount"], raw_head["text"])
