from collections import Counter
from pathlib import Path

import pytest

from game.rules.core.data import bundled_cards_path
from game.rules.core.errors import DataError
from game.rules.core.registry import load_catalogues
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
