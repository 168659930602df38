import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml

from game.rules.core.data import bundled_cards_path, read_yaml_file
from game.rules.core.errors import DataError
from game.rules.core.registry import load_catalogues
from game.rules.two_robots import factory
from game.rules.two_robots.catalogue import energy_mask, load_catalogue, mask_letters
from game.rules.two_robots.position import build
from tests.rules.two_robots.helpers import cat

CARDS = bundled_cards_path().read_text(encoding="utf-8")


def test_the_deck_holds_the_components_the_decisions_fix():
    cards = cat().cards
    assert len(cards) == 100
    assert Counter(c.kind for c in cards) == {"part": 60, "attack": 19, "defense": 21}
    assert Counter(c.part for c in cards if c.kind == "part") == {
        "HEAD": 15, "TORSO": 15, "ARMS": 15, "LEGS": 15}
    for bit in range(5):
        assert sum(1 for c in cards if c.energies >> bit & 1) == 20
    assert len({c.id for c in cards if c.kind == "part"}) == 60
    assert all(1 <= c.gold <= 3 for c in cards if c.kind != "part")
    names = Counter(c.name for c in cards if c.kind != "part")
    assert names["Homing Missiles"] == 10 and names["Space Pod"] == 2
    assert names["Sentry Gunship"] == 3 and names["Supply Drop"] == 4


def test_the_pile_grows_with_the_table():
    robot = cat().robot_cards
    assert sorted(robot[i].id for i in cat().pile(2)) == sorted(
        ["shots_fired"] * 3 + ["weapons_jammed"])
    assert len(cat().pile(3)) == 5 and len(cat().pile(4)) == 6


def test_every_salvager_has_three_powers_and_two_reserves():
    for salvager in cat().salvagers:
        assert len(salvager.powers) == 3 and salvager.reserve == 2


def test_part_names_ignore_the_order_of_energies():
    assert cat().card_named("ARMS SC") == cat().card_named("ARMS CS")
    assert cat().card_named("Power Surge").effect == "destroy"
    assert cat().card_named("HEAD X") is None


@pytest.mark.parametrize("old, new, reason", [
    ("    HEAD: [C, E, M, N, S, CE,", "    HEAD: [C, C, M, N, S, CE,", "HEAD C is listed twice"),
    ("    LEGS: [C, E, M, N, S, CE,", "    LEGS: [C, E, M, N, X, CE,", "is not one Energy letter"),
    ("kind: attack, copies: 2, gold: 3, effect: steal", "kind: attack, copies: 2, gold: 4, "
     "effect: steal", "expected a number from 1 to 3"),
    ("kind: attack, copies: 2, gold: 3, effect: steal", "kind: attack, copies: 1, gold: 3, "
     "effect: steal", "the deck has 19 attack cards, found 18"),
    ("kind: defense, copies: 10, gold: 2, effect: cancel_attack",
     "kind: attack, copies: 10, gold: 2, effect: cancel_attack",
     "cancel_attack is an effect of defense cards"),
    ("effect: draw, source: design,\n       note: \"The rulebook says",
     "effect: draw, source: design,\n       nope: \"The rulebook says", "unknown key 'nope'"),
    ("      reserve: {count: 2, source: design, note: \"Blank health cards so every Salvager "
     "has 5 health and 3 Powers.\"}\n    - id: scavenger",
     "      reserve: {count: 3, source: design, note: \"Blank health cards so every Salvager "
     "has 5 health and 3 Powers.\"}\n    - id: scavenger", "expected a number from 2 to 2"),
])
def test_bad_two_robots_data_is_located(tmp_path: Path, old, new, reason):
    assert old in CARDS
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_catalogues(path)
    text = str(err.value)
    assert "cards.yaml, line " in text and "two_robots." in text and reason in text


# -- the catalogue read afresh from cards.yaml ------------------------------------------
# Tests above use the cached bundled catalogue; these load the file again, so a fault in
# reading it cannot hide behind the cache.

ENERGY_BITS = {"C": 1, "E": 2, "M": 4, "N": 8, "S": 16}
"""RULES-DECISIONS.md's Energies, one bit each in the order C, E, M, N, S."""


SECTION = yaml.load(CARDS, Loader=yaml.CSafeLoader)["two_robots"]


def _section() -> dict:
    """A copy of the bundled two_robots section to change (parsed once: the whole file
    takes a quarter of a second)."""
    return copy.deepcopy(SECTION)


def _fresh():
    return load_catalogues(bundled_cards_path())["two_robots"]


def test_a_fresh_catalogue_holds_every_card_as_cards_yaml_lists_it():
    raw, fresh = _section(), _fresh()
    assert fresh.energies == {"C": "Chemical", "E": "Electrical", "M": "Mechanical",
                              "N": "Nuclear", "S": "Solar"}
    expected = []
    for part in ("HEAD", "TORSO", "ARMS", "LEGS"):
        for sig in raw["parts"][part]:
            letters = "".join(sorted(sig, key="CEMNS".index))
            expected.append((f"{part} {letters}", f"{part} {letters}", "part", part,
                             sum(ENERGY_BITS[e] for e in letters), 0, "", 0))
    for entry in raw["actions"]:
        energy = ENERGY_BITS[entry["energy"]] if "energy" in entry else 0
        expected += [(entry["id"], entry["name"], entry["kind"], "", 0, entry["gold"],
                      entry["effect"], energy)] * entry["copies"]
    got = [(c.id, c.name, c.kind, c.part, c.energies, c.gold, c.effect, c.energy)
           for c in fresh.cards]
    assert got == expected
    assert [c.index for c in fresh.cards] == list(range(100))
    texts = {c.id: c.text for c in fresh.cards}
    assert texts["HEAD CS"] == "Head running on Chemical or Solar energy."
    assert texts["LEGS N"] == "Legs running on Nuclear energy."
    assert texts["supply_drop"] == "Draw two cards."


def test_a_fresh_catalogue_holds_the_pile_and_the_salvagers_as_cards_yaml_lists_them():
    raw, fresh = _section(), _fresh()
    assert [(r.id, r.name, r.copies, r.from_players, r.amount, r.targets, r.text)
            for r in fresh.robot_cards] == [
        (e["id"], e["name"], e["copies"], e["from_players"], e["amount"], e["targets"],
         e["text"]) for e in raw["robot_pile"]]
    assert [(s.rank, s.id, s.name, s.ability, s.ability_name, s.ability_text, s.reserve,
             [(p.id, p.name, p.text) for p in s.powers]) for s in fresh.salvagers] == [
        (rank, e["id"], e["name"], e["ability"]["id"], e["ability"]["name"],
         e["ability"]["text"], 2, [(p["id"], p["name"], p["text"]) for p in e["powers"]])
        for rank, e in enumerate(raw["salvagers"])]


def test_a_fresh_catalogue_knows_a_complete_robot_and_an_energy_clash():
    fresh = _fresh()
    state = build(fresh, {"Samurai": {"factory": [["HEAD C", "TORSO CE", "ARMS CS", "LEGS C"],
                                                  ["HEAD E", "TORSO E", "ARMS E"]]},
                          "Guardian": {}}, "Samurai")
    assert factory.robots(fresh, state.players[0]) == 1
    assert factory.shown(fresh, state.players[0].stacks) == ["C", "E"]
    with pytest.raises(ValueError, match="cannot take different Energies"):
        build(fresh, {"Samurai": {"factory": [["HEAD C"], ["TORSO C"]]}, "Guardian": {}},
              "Samurai")


def _set(*path_value):
    """A change that sets the value at a key path of the two_robots section."""
    *path, value = path_value

    def change(section: dict) -> None:
        node = section
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _drop(*path):
    def change(section: dict) -> None:
        node = section
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return change


HEAD = ["C", "E", "M", "N", "S", "CE", "CM", "CN", "CS", "EM", "EN", "ES", "MN", "MS", "NS"]
PILE_IDS = "shots_fired, weapons_jammed, scattershot, precision_strike"
ACTION_KEYS = "copies, effect, energy, gold, id, kind, name, note, source, text"
PILE_KEYS = "amount, copies, effect, from_players, id, name, note, source, targets, text"

FAULTS = [
    # (what, change, key path, reason)
    ("unknown section key", _set("x", 1), "two_robots.x",
     "unknown key 'x' (expected one of: actions, energies, parts, robot_pile, salvagers)"),
    ("energies missing", _drop("energies"), "two_robots", "the key 'energies' is missing"),
    ("energy name missing", _drop("energies", "S"), "two_robots.energies",
     "the key 'S' is missing"),
    ("energy unknown", _set("energies", "X", "Xenon"), "two_robots.energies.X",
     "unknown key 'X' (expected one of: C, E, M, N, S)"),
    ("energy name empty", _set("energies", "C", ""), "two_robots.energies.C",
     "expected some text"),
    ("parts source", _set("parts", "source", "book"), "two_robots.parts.source",
     "expected one of rulebook, design, found 'book'"),
    ("parts note missing", _drop("parts", "note"), "two_robots.parts.note",
     "expected some text"),
    ("parts note two lines", _set("parts", "note", "one\ntwo"), "two_robots.parts.note",
     "a note is one line"),
    ("parts from the rulebook need no note", _set("parts", "source", "rulebook"), None, None),
    ("body part missing", _drop("parts", "LEGS"), "two_robots.parts",
     "the key 'LEGS' is missing"),
    ("unknown body part", _set("parts", "FEET", ["C"]), "two_robots.parts.FEET",
     "unknown key 'FEET' (expected one of: ARMS, HEAD, LEGS, TORSO, note, source)"),
    ("parts not a list", _set("parts", "HEAD", "C"), "two_robots.parts.HEAD",
     "expected a list"),
    ("signature not text", _set("parts", "TORSO", [7, *HEAD[1:]]), "two_robots.parts.TORSO[0]",
     "expected some text"),
    ("unknown letter", _set("parts", "ARMS", [*HEAD[:14], "NX"]), "two_robots.parts.ARMS[14]",
     "'NX' is not one Energy letter or two different ones from CEMNS"),
    ("a letter twice", _set("parts", "ARMS", ["CC", *HEAD[1:]]), "two_robots.parts.ARMS[0]",
     "'CC' is not one Energy letter or two different ones from CEMNS"),
    ("signature twice in another order", _set("parts", "HEAD", [*HEAD[:14], "SC"]),
     "two_robots.parts.HEAD[14]", "HEAD CS is listed twice"),
    ("signature missing", _set("parts", "LEGS", HEAD[:14]), "two_robots.parts.LEGS",
     "LEGS needs one card per signature (15), found 14"),
    ("actions not a list", _set("actions", {}), "two_robots.actions", "expected a list"),
    ("action unknown key", _set("actions", 2, "colour", "red"), "two_robots.actions[2].colour",
     f"unknown key 'colour' (expected one of: {ACTION_KEYS})"),
    ("action without gold", _drop("actions", 2, "gold"), "two_robots.actions[2]",
     "the key 'gold' is missing"),
    ("action source", _set("actions", 1, "source", "folklore"), "two_robots.actions[1].source",
     "expected one of rulebook, design, found 'folklore'"),
    ("action id twice", _set("actions", 1, "id", "power_surge"), "two_robots.actions[1].id",
     "the id 'power_surge' is used twice"),
    ("action id empty", _set("actions", 1, "id", ""), "two_robots.actions[1].id",
     "expected some text"),
    ("action kind", _set("actions", 6, "kind", "tactic"), "two_robots.actions[6].kind",
     "expected one of attack, defense, found 'tactic'"),
    ("action effect", _set("actions", 6, "effect", "melt"), "two_robots.actions[6].effect",
     "expected one of destroy, steal, freeze, cancel_attack, cancel_event, unfreeze, draw, "
     "found 'melt'"),
    ("defense effect on an attack", _set("actions", 9, "kind", "attack"),
     "two_robots.actions[9].effect", "unfreeze is an effect of defense cards"),
    ("attack effect on a defense", _set("actions", 5, "kind", "defense"),
     "two_robots.actions[5].effect", "steal is an effect of attack cards"),
    ("destroy energy", _set("actions", 3, "energy", "X"), "two_robots.actions[3].energy",
     "expected one of C, E, M, N, S, found 'X'"),
    ("destroy without energy", _drop("actions", 3, "energy"), "two_robots.actions[3].energy",
     "expected one of C, E, M, N, S, found None"),
    ("energy on a steal", _set("actions", 5, "energy", "C"), "two_robots.actions[5].energy",
     "only destroy cards name an Energy"),
    ("no copies", _set("actions", 10, "copies", 0), "two_robots.actions[10].copies",
     "expected a number from 1 to 20, found 0"),
    ("too many copies", _set("actions", 10, "copies", 21), "two_robots.actions[10].copies",
     "expected a number from 1 to 20, found 21"),
    ("gold 0", _set("actions", 10, "gold", 0), "two_robots.actions[10].gold",
     "expected a number from 1 to 3, found 0"),
    ("gold 4", _set("actions", 10, "gold", 4), "two_robots.actions[10].gold",
     "expected a number from 1 to 3, found 4"),
    ("action name", _set("actions", 10, "name", ""), "two_robots.actions[10].name",
     "expected some text"),
    ("action text", _set("actions", 10, "text", ""), "two_robots.actions[10].text",
     "expected some text"),
    ("a defense card short", _set("actions", 10, "copies", 3), "two_robots.actions",
     "the deck has 21 defense cards, found 20"),
    ("an attack card over", _set("actions", 6, "copies", 3), "two_robots.actions",
     "the deck has 19 attack cards, found 20"),
    ("an effect missing", _set("actions", 9, "effect", "draw"), "two_robots.actions",
     "no card has the unfreeze effect, which the rules need"),
    ("pile not a list", _set("robot_pile", "x"), "two_robots.robot_pile", "expected a list"),
    ("pile entry key", _set("robot_pile", 1, "sound", "bang"),
     "two_robots.robot_pile[1].sound", f"unknown key 'sound' (expected one of: {PILE_KEYS})"),
    ("pile entry without targets", _drop("robot_pile", 1, "targets"), "two_robots.robot_pile[1]",
     "the key 'targets' is missing"),
    ("pile source", _set("robot_pile", 1, "source", "x"), "two_robots.robot_pile[1].source",
     "expected one of rulebook, design, found 'x'"),
    ("pile id", _set("robot_pile", 1, "id", "dud"), "two_robots.robot_pile[1].id",
     f"expected one of {PILE_IDS}, found 'dud'"),
    ("pile id twice", _set("robot_pile", 1, "id", "shots_fired"), "two_robots.robot_pile[1].id",
     "shots_fired is listed twice"),
    ("pile card missing", lambda s: s["robot_pile"].pop(), "two_robots.robot_pile",
     f"the pile needs exactly {PILE_IDS}"),
    ("pile effect", _set("robot_pile", 1, "effect", "heal"), "two_robots.robot_pile[1].effect",
     "expected one of damage, found 'heal'"),
    ("pile name", _set("robot_pile", 1, "name", ""), "two_robots.robot_pile[1].name",
     "expected some text"),
    ("pile no copies", _set("robot_pile", 1, "copies", 0), "two_robots.robot_pile[1].copies",
     "expected a number from 1 to 6, found 0"),
    ("pile 7 copies", _set("robot_pile", 1, "copies", 7), "two_robots.robot_pile[1].copies",
     "expected a number from 1 to 6, found 7"),
    ("pile from 1 player", _set("robot_pile", 1, "from_players", 1),
     "two_robots.robot_pile[1].from_players", "expected a number from 2 to 4, found 1"),
    ("pile from 5 players", _set("robot_pile", 1, "from_players", 5),
     "two_robots.robot_pile[1].from_players", "expected a number from 2 to 4, found 5"),
    ("pile amount -1", _set("robot_pile", 1, "amount", -1), "two_robots.robot_pile[1].amount",
     "expected a number from 0 to 3, found -1"),
    ("pile amount 4", _set("robot_pile", 1, "amount", 4), "two_robots.robot_pile[1].amount",
     "expected a number from 0 to 3, found 4"),
    ("pile targets -1", _set("robot_pile", 1, "targets", -1), "two_robots.robot_pile[1].targets",
     "expected a number from 0 to 2, found -1"),
    ("pile targets 3", _set("robot_pile", 1, "targets", 3), "two_robots.robot_pile[1].targets",
     "expected a number from 0 to 2, found 3"),
    ("pile text", _set("robot_pile", 1, "text", ""), "two_robots.robot_pile[1].text",
     "expected some text"),
    ("four salvagers", lambda s: s["salvagers"].pop(), "two_robots.salvagers",
     "expected 5 entries, found 4"),
    ("salvager key", _set("salvagers", 1, "note", "x"), "two_robots.salvagers[1].note",
     "unknown key 'note' (expected one of: ability, id, name, powers, reserve)"),
    ("salvager without reserve", _drop("salvagers", 1, "reserve"), "two_robots.salvagers[1]",
     "the key 'reserve' is missing"),
    ("salvager out of order", _set("salvagers", 1, "id", "samurai"), "two_robots.salvagers[1].id",
     "expected one of scavenger, found 'samurai'"),
    ("salvager name", _set("salvagers", 1, "name", ""), "two_robots.salvagers[1].name",
     "expected some text"),
    ("ability key", _set("salvagers", 1, "ability", "cost", 1),
     "two_robots.salvagers[1].ability.cost",
     "unknown key 'cost' (expected one of: id, name, note, source, text)"),
    ("ability source", _set("salvagers", 1, "ability", "source", "x"),
     "two_robots.salvagers[1].ability.source", "expected one of rulebook, design, found 'x'"),
    ("ability of another", _set("salvagers", 1, "ability", "id", "katana"),
     "two_robots.salvagers[1].ability.id", "expected one of scrounge, found 'katana'"),
    ("ability name", _set("salvagers", 1, "ability", "name", ""),
     "two_robots.salvagers[1].ability.name", "expected some text"),
    ("ability text", _set("salvagers", 1, "ability", "text", ""),
     "two_robots.salvagers[1].ability.text", "expected some text"),
    ("two powers", lambda s: s["salvagers"][1]["powers"].pop(), "two_robots.salvagers[1].powers",
     "expected 3 entries, found 2"),
    ("power key", _set("salvagers", 1, "powers", 2, "cost", 1),
     "two_robots.salvagers[1].powers[2].cost",
     "unknown key 'cost' (expected one of: id, name, note, source, text)"),
    ("power source", _set("salvagers", 1, "powers", 2, "source", "x"),
     "two_robots.salvagers[1].powers[2].source", "expected one of rulebook, design, found 'x'"),
    ("power out of order", _set("salvagers", 1, "powers", 2, "id", "salvage"),
     "two_robots.salvagers[1].powers[2].id", "expected one of scrap_run, found 'salvage'"),
    ("power name", _set("salvagers", 1, "powers", 2, "name", ""),
     "two_robots.salvagers[1].powers[2].name", "expected some text"),
    ("power text", _set("salvagers", 1, "powers", 2, "text", ""),
     "two_robots.salvagers[1].powers[2].text", "expected some text"),
    ("reserve key", _set("salvagers", 1, "reserve", "colour", "grey"),
     "two_robots.salvagers[1].reserve.colour",
     "unknown key 'colour' (expected one of: count, note, source)"),
    ("reserve source", _set("salvagers", 1, "reserve", "source", "x"),
     "two_robots.salvagers[1].reserve.source", "expected one of rulebook, design, found 'x'"),
    ("reserve count", _set("salvagers", 1, "reserve", "count", 1),
     "two_robots.salvagers[1].reserve.count", "expected a number from 2 to 2, found 1"),
]


@pytest.mark.parametrize("change, path, reason", [f[1:] for f in FAULTS],
                         ids=[f[0] for f in FAULTS])
def test_each_fault_in_the_two_robots_section_is_named_where_it_is(tmp_path, change, path,
                                                                    reason):
    """Every check of the section, each with its own key path and sentence (a section
    without the fault, ``path`` None, loads)."""
    section = _section()
    change(section)
    file = tmp_path / "cards.yaml"
    file.write_text(yaml.dump({"two_robots": section}, Dumper=yaml.CSafeDumper, sort_keys=False),
                    encoding="utf-8")
    data, doc = read_yaml_file(file)
    if path is None:
        assert len(load_catalogue(data["two_robots"], doc).cards) == 100
        return
    with pytest.raises(DataError) as err:
        load_catalogue(data["two_robots"], doc)
    assert (err.value.path, err.value.reason) == (path, reason)
    assert err.value.line is not None and err.value.file == str(file)


def test_energy_letters_and_bits_convert_both_ways_in_the_order_c_e_m_n_s():
    assert energy_mask("NC") == ENERGY_BITS["C"] | ENERGY_BITS["N"]
    assert mask_letters(ENERGY_BITS["C"] | ENERGY_BITS["N"]) == "CN"
    assert mask_letters(31) == "CEMNS" and mask_letters(ENERGY_BITS["S"]) == "S"
    assert mask_letters(0) == ""
