"""The Blastbots section of cards.yaml: the components RULES-DECISIONS.md fixes, and
every fault in the section reported as one sentence with file, line and key path."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from game.rules.blastbots.catalogue import DECKS
from game.rules.core.data import bundled_cards_path
from game.rules.core.errors import DataError
from game.rules.core.registry import load_catalogues

CARDS = bundled_cards_path().read_text(encoding="utf-8")
COUNTS = {
    "battle": {"Agent": 12, "Burglebot": 10, "Hackerbot": 6, "Kaboomer": 10, "Mech": 18,
               "Sacrificial Ram": 4, "Wrangler": 4},
    "rocket": {"+1 Rocket": 22, "+2 Rockets": 32, "+3 Rockets": 4, "Grim Retriever": 6},
    "discovery": {"Black Market": 6, "Go-Phish-Bot": 2, "Junk-R-Bot": 6, "Khaos Magnet": 12,
                  "Magic Missile Mod": 6, "Ol' Switcheroo": 4, "Quantum Fabricator": 4,
                  "Reallocator": 6, "Some Assembly Required": 4, "Teleporter": 10,
                  "Zombitron Collider": 4},
}
"""RULES-DECISIONS.md, Components: the three decks of 64."""
EVERY = ["Agent", "Burglebot", "Hackerbot", "Kaboomer", "Mech", "Sacrificial Ram", "Wrangler"]
BLOCKS = {"Mech": ["Kaboomer", "Mech"], "Kaboomer": ["Kaboomer"],
          "Agent": ["Agent", "Burglebot"], "Burglebot": ["Burglebot"],
          "Hackerbot": ["Hackerbot"], "Sacrificial Ram": EVERY, "Wrangler": EVERY}
"""RULES-DECISIONS.md, Battle cards: the defence table."""
OPTIONS = {
    "Mech": {"launchpad": 1, "atmosphere": 1}, "Kaboomer": {"launchpad": 2, "atmosphere": 2},
    "Agent": {"steal": 1, "shred": 2}, "Burglebot": {"junk": 1, "homecoming": 2},
    "Hackerbot": {"tokens": 2, "lockout": 1},
    "Sacrificial Ram": {"launchpad": 3, "atmosphere": 3},
    "Wrangler": {"launchpad": 2, "atmosphere": 2}, "Junk-R-Bot": {"cut": 2, "trash": 1},
    "Khaos Magnet": {"closer": 1, "away": 1, "pull": 1},
    "Teleporter": {"launchpad": 1, "atmosphere": 2},
}
"""The option keywords and numbers the decisions give each card with options."""
AMOUNTS = {"Black Market": 3, "Go-Phish-Bot": 1, "Magic Missile Mod": 2, "Ol' Switcheroo": 0,
           "Quantum Fabricator": 1, "Reallocator": 0, "Some Assembly Required": 1,
           "Zombitron Collider": 2, "+1 Rocket": 1, "+2 Rockets": 2, "+3 Rockets": 3,
           "Grim Retriever": 1}


def cat():
    """The catalogue read afresh from the bundled file (not the once-loaded one, so a
    fault in the reading cannot hide behind a catalogue read before)."""
    return load_catalogues()["blastbots"]


def test_the_three_decks_hold_the_rulebook_counts():
    cards = cat().cards
    assert len(cards) == 22
    for deck, counts in COUNTS.items():
        found = {c.name: c.copies for c in cards if DECKS[c.deck] == deck}
        assert found == counts
        assert len(cat().deck_cards[DECKS.index(deck)]) == 64
    assert Counter(cat().deck_cards[0])[cat().index("mech")] == 18


def test_the_defence_table_is_the_decisions_table():
    for card in cat().cards:
        blocks = sorted(cat().cards[b].name for b in card.blocks)
        assert blocks == BLOCKS.get(card.name, []), card.name


def test_options_and_numbers_are_the_decisions_numbers():
    for card in cat().cards:
        if card.name in OPTIONS:
            assert dict(zip(card.options, card.amounts, strict=True)) == OPTIONS[card.name]
        else:
            assert card.options == ("",) and card.amounts == (AMOUNTS[card.name],)
    assert cat().card_named("Kaboomer").amount("atmosphere") == 2


def test_cards_are_found_by_their_exact_names():
    assert cat().card_named("+2 Rockets").id == "two_rockets"
    assert cat().card_named("Ol' Switcheroo").id == "ol_switcheroo"
    assert cat().card_named("mech") is None
    assert cat().index("grim_retriever") == 21


def _designs(node: object) -> list[dict]:
    """Every mapping under ``node`` marked ``source: design``, however deep."""
    if isinstance(node, dict):
        own = [node] if node.get("source") == "design" else []
        return own + [d for value in node.values() for d in _designs(value)]
    if isinstance(node, list):
        return [d for value in node for d in _designs(value)]
    return []


def test_every_card_has_text_and_every_design_a_one_line_note():
    designs = _designs(yaml.safe_load(CARDS)["blastbots"])
    assert len(designs) == 22
    assert all(isinstance(d.get("note"), str) and d["note"] and "\n" not in d["note"]
               for d in designs)
    assert all(card.text and "\n" not in card.text for card in cat().cards)


def _faulty(tmp_path: Path, old: str, new: str) -> str:
    """The error of the bundled cards.yaml with its blastbots ``old`` text made ``new``."""
    head, section = CARDS.split("\nblastbots:\n", 1)
    assert old in section, old
    path = tmp_path / "cards.yaml"
    path.write_text(head + "\nblastbots:\n" + section.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_catalogues(path)
    return str(err.value)


@pytest.mark.parametrize("old, new, path, reason", [
    ("copies: 18", "copies: 17", "blastbots.cards",
     "the battle deck has 63 cards; it must have 64"),
    ("copies: 32", "copies: 33", "blastbots.cards",
     "the rocket deck has 65 cards; it must have 64"),
    ("copies: 18", "copies: 0", "blastbots.cards[4].copies",
     "expected a number from 1 to 64, found 0"),
    ("id: mech", "id: mecha", "blastbots.cards[4].id",
     "expected one of agent, burglebot, hackerbot"),
    ("id: wrangler", "id: mech", "blastbots.cards[6].id", "the card mech is listed twice"),
    ("name: Mech\n", "name: Kaboomer\n", "blastbots.cards[4].name",
     "the name 'Kaboomer' is used twice"),
    ("deck: battle\n      copies: 18", "deck: rocket\n      copies: 18",
     "blastbots.cards[4].deck", "mech is a battle card"),
    ("deck: battle\n      copies: 18", "deck: tools\n      copies: 18",
     "blastbots.cards[4].deck", "expected one of battle, discovery, rocket, found 'tools'"),
    ("launchpad: 1, atmosphere: 1}, blocks: [mech",
     "launchpad: 1}, blocks: [mech", "blastbots.cards[4].play.options",
     "the key 'atmosphere' is missing"),
    ("launchpad: 1, atmosphere: 1}, blocks: [mech",
     "launchpad: 1, atmosphere: 1, orbit: 1}, blocks: [mech",
     "blastbots.cards[4].play.options.orbit", "unknown key 'orbit'"),
    ("launchpad: 1, atmosphere: 1}, blocks: [mech",
     "launchpad: 6, atmosphere: 1}, blocks: [mech",
     "blastbots.cards[4].play.options.launchpad", "expected a number from 1 to 5, found 6"),
    ("blocks: [mech, kaboomer]", "blocks: [mech, teleporter]",
     "blastbots.cards[4].play.blocks[1]", "expected one of agent, burglebot, hackerbot, "
     "kaboomer, mech, sacrificial_ram, wrangler, found 'teleporter'"),
    ("blocks: [mech, kaboomer]", "blocks: [mech, mech]",
     "blastbots.cards[4].play.blocks[1]", "mech is listed twice"),
    ("blocks: [mech, kaboomer]", "blocks: []", "blastbots.cards[4].play.blocks",
     "a defence blocks at least one Battle card (or all)"),
    ("blocks: [mech, kaboomer], source: design", "source: design",
     "blastbots.cards[4].play", "the key 'blocks' is missing"),
    ("play: {amount: 2, source: design,\n             note: \"Dual",
     "play: {amount: 3, source: design,\n             note: \"Dual",
     "blastbots.cards[11].play.amount", "expected a number from 2 to 2, found 3"),
    ("play: {amount: 3, source: design,\n             note: \"The rulebook says it exchanges",
     "play: {source: design,\n             note: \"The rulebook says it exchanges",
     "blastbots.cards[7].play", "the key 'amount' is missing"),
    ("play: {amount: 3, source: design,\n             note: \"The rulebook says it exchanges",
     "play: {amount: 3, blocks: all, source: design,\n             note: \"The rulebook says "
     "it exchanges", "blastbots.cards[7].play.blocks",
     "unknown key 'blocks' (expected one of: amount, note, source)"),
    ("play: {source: design,\n             note: \"The name says swap",
     "play: {source: rulebook,\n             note: \"The name says swap",
     "blastbots.cards[12].play.source", "what a card does is our design (source: design)"),
    ("copies: 18\n      source: rulebook", "copies: 18\n      source: design",
     "blastbots.cards[4].source",
     "a card's deck and copies are the rulebook's (source: rulebook)"),
    ("copies: 18\n      source: rulebook", "copies: 18\n      source: tradition",
     "blastbots.cards[4].source", "expected one of rulebook, design, found 'tradition'"),
    ("copies: 18\n      source: rulebook", "copies: 18\n      source: rulebook\n      note: x",
     "blastbots.cards[4].note", "unknown key 'note' (expected one of: copies, deck, id, "
     "name, play, source, text)"),
    ("name: Mech\n", "name: \"Me\\nch\"\n", "blastbots.cards[4].name", "a name is one line"),
    ("name: Mech\n", "name: [Mech]\n", "blastbots.cards[4].name", "expected some text"),
    ("decks: [battle, discovery, rocket]", "decks: battle", "blastbots.decks",
     "expected a list"),
    ("play: {source: design,\n             note: \"The name says swap",
     "play: {source: lore,\n             note: \"The name says swap",
     "blastbots.cards[12].play.source", "expected one of rulebook, design, found 'lore'"),
    ("play: {source: design,\n             note: \"The name says swap; swapping meteors "
     "with a rival who is further from or closer to Impact.\"}",
     "play: {source: design}", "blastbots.cards[12].play.note", "expected some text"),
    ("text: \"Swap your meteor with a rival's meteor that stands on another space of the "
     "Doomsday Clock.\"", "text: [swap]", "blastbots.cards[12].text", "expected some text"),
    ("decks: [battle, discovery, rocket]", "decks: [battle, discovery, rocket]\n  extra: 1",
     "blastbots.extra", "unknown key 'extra' (expected one of: cards, decks)"),
    ("blocks: [mech, kaboomer]", "blocks: mech", "blastbots.cards[4].play.blocks",
     "expected a list"),
    ("play: {source: design,\n             note: \"The name says swap; swapping meteors "
     "with a rival who is further from or closer to Impact.\"}",
     "play: {source: rulebook, note: 5}", "blastbots.cards[12].play.note",
     "expected some text"),
    ("play: {source: design,\n             note: \"The name says swap",
     "play: {source: design,\n             note: \"The name\\nsays swap",
     "blastbots.cards[12].play.note", "a note is one line"),
    ("decks: [battle, discovery, rocket]", "decks: [battle, rocket, discovery]",
     "blastbots.decks", "the decks are battle, discovery, rocket, in that order"),
])
def test_a_fault_in_the_blastbots_section_is_one_located_sentence(
        tmp_path, old, new, path, reason):
    text = _faulty(tmp_path, old, new)
    assert "\n" not in text
    assert "cards.yaml, line " in text and f", at {path}: " in text, text
    assert text.split(f", at {path}: ", 1)[1].startswith(reason), text


def test_a_missing_card_is_named_at_the_card_list(tmp_path):
    start = CARDS.index("    - id: grim_retriever")
    end = CARDS.index("\n", CARDS.index("text:", start))
    text = CARDS[:start] + CARDS[end + 1:]
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"at blastbots\.cards: the card grim_retriever is "
                                         r"missing$"):
        load_catalogues(path)


def test_the_line_named_is_the_line_of_the_fault(tmp_path):
    text = _faulty(tmp_path, "copies: 18", "copies: 99")
    line = int(text.split(", line ", 1)[1].split(",", 1)[0])
    assert CARDS.splitlines()[line - 1].strip() == "copies: 18"


def test_cards_are_numbered_deck_by_deck_in_file_order(tmp_path):
    """A card's index is its place among its deck's cards, decks in battle, discovery,
    rocket order, whatever order the file lists them in."""
    start = CARDS.index("    - id: grim_retriever")
    end = CARDS.index("\n", CARDS.index("text:", start)) + 1
    entry = CARDS[start:end]
    rest = CARDS[:start] + CARDS[end:]
    first = rest.index("    - id: agent")
    path = tmp_path / "cards.yaml"
    path.write_text(rest[:first] + entry + rest[first:], encoding="utf-8")
    moved = load_catalogues(path)["blastbots"]
    assert [c.index for c in moved.cards] == list(range(22))
    assert [c.deck for c in moved.cards] == [0] * 7 + [1] * 11 + [2] * 4
    assert moved.cards[18].id == "grim_retriever"
    assert moved.index("grim_retriever") == 18 and moved.index("one_rocket") == 19
    assert moved.deck_cards[2][:6] == (18,) * 6
    assert all(moved.by_id[c.id] == c.index for c in moved.cards)


def test_a_card_list_that_is_not_a_list_is_named_at_the_card_list(tmp_path):
    head = CARDS.split("\nblastbots:\n", 1)[0]
    path = tmp_path / "cards.yaml"
    path.write_text(head + "\nblastbots:\n  decks: [battle, discovery, rocket]\n  cards: 5\n",
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"at blastbots\.cards: expected a list$"):
        load_catalogues(path)
