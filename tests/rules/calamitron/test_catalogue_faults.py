"""Each fault of the calamitron section of cards.yaml, read afresh (the bundled
catalogue is loaded once per process), named by its key path with its own words; and
every field of a sound section reaching the catalogue (RULES-DECISIONS.md, Components;
Data the team designs)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from game.rules.calamitron.catalogue import load_catalogue
from game.rules.core.data import bundled_cards_path, load_yaml
from game.rules.core.errors import DataError
from tests.rules.calamitron.helpers import cat

DATA, DOC = load_yaml(bundled_cards_path().read_text(encoding="utf-8"), "cards.yaml")
SECTION: dict[str, Any] = DATA["calamitron"]


def _read(edit: Callable[[dict[str, Any]], Any] | None = None):
    section = copy.deepcopy(SECTION)
    if edit is not None:
        edit(section)
    return load_catalogue(section, DOC, ("calamitron",))


def _fault(edit: Callable[[dict[str, Any]], Any]) -> tuple[str, str]:
    with pytest.raises(DataError) as caught:
        _read(edit)
    return caught.value.path, caught.value.reason


def _card(section, card):
    return next(c for c in section["calamities"] if c["id"] == card)


def _set(where: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit that sets the item at a dotted path (list indexes as numbers)."""
    def edit(section: dict[str, Any]) -> None:
        keys: list[Any] = [int(k) if k.isdigit() else k for k in where.split(".")]
        node: Any = section
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value
    return edit


def _drop(where: str) -> Callable[[dict[str, Any]], None]:
    def edit(section: dict[str, Any]) -> None:
        keys: list[Any] = [int(k) if k.isdigit() else k for k in where.split(".")]
        node: Any = section
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]
    return edit


def test_a_sound_section_reads_as_the_bundled_catalogue():
    fresh = _read()
    assert fresh == cat()
    assert (fresh.figures, fresh.placed, fresh.program, fresh.stunned_runs) == (5, 3, 6, 3)
    assert fresh.sides == {1: ("S",), 2: ("S", "N"), 3: ("S", "W", "N"),
                           4: ("S", "W", "N", "E")}
    assert len(fresh.starts) == 16 and len(fresh.crates) == 4
    assert fresh.calamity("overclock").lasting and not fresh.calamity("jam").lasting
    assert fresh.calamity("jam").effect == "retros-stun" and fresh.calamity("jam").name == "Jam"
    assert fresh.calamity("quiet").text == "Nothing happens."
    assert fresh.upgrade_effect("long-link") == "long-link"
    up = fresh.upgrades[0]
    assert (up.id, up.name, up.effect) == ("extra-memory", "Extra Memory", "memory")
    assert up.text.startswith("Programs may hold seven")
    rambot = fresh.rogues["rambot"]
    assert (rambot.name, rambot.ordinary) == ("Rambot", True)
    assert rambot.text.startswith("Three steps, turning right")
    assert not fresh.rogues["bossbot"].ordinary


def _swap_first_two_starts(section):
    starts = section["board"]["tile"]["starts"]
    starts[0], starts[1] = starts[1], starts[0]


def test_the_data_decides_the_numbers_and_the_board():
    more = _read(_set("figures", 6))
    assert more.figures == 6
    assert _read(_set("stunned_runs", 2)).stunned_runs == 2
    assert _read(_set("program", 7)).program == 7
    assert _read(_set("placed", 2)).placed == 2
    swapped = _read(_swap_first_two_starts)
    assert swapped.starts[0] == ((5, 5), "W") and swapped.starts[4] == ((6, 6), "N")
    walled = _read(_set("board.tile.walls", ["2,2 E"]))
    assert ((2, 2), "E") in walled.board.walls and ((2, 3), "W") in walled.board.walls
    assert ((2, 11), "S") in walled.board.walls
    bare = _read(_drop("board.tile.crates"))
    assert bare.crates == () and bare.board.walls == frozenset()


FAULTS = [
    # numbers
    (_set("figures", 0), "calamitron.figures", None),
    (_set("figures", 10), "calamitron.figures", None),
    (_set("placed", 0), "calamitron.placed", None),
    (_set("program", 0), "calamitron.program", None),
    (_set("stunned_runs", 0), "calamitron.stunned_runs", None),
    (_set("placed", 5), "calamitron.board",
     "the board has 16 starts; four seats and the Bossbot and Minionbot need 22"),
    (_set("instructions.0.note", "two\nlines"), "calamitron.instructions[0].note",
     "a note is one line"),
    (_set("rogues.0.steps", 0), "calamitron.rogues[0].steps", None),
    (_set("calamities.0.copies", 0), "calamitron.calamities[0].copies", None),
    (_set("retros.0.limits.loader", -1), "calamitron.retros[0].limits.loader", None),
    (_set("placed", 6), "calamitron.placed", None),
    (_set("program", 10), "calamitron.program", None),
    (_set("stunned_runs", 7), "calamitron.stunned_runs", None),
    # board
    (_set("board.id", "spiral"), "calamitron.board.id", None),
    (_set("board.size", 10), "calamitron.board.size", None),
    (_set("board.tile.doors", ["1,3 S"]), "calamitron.board.tile.doors[0]",
     "a door lies on the board's outer edge (the tile's N or W edge)"),
    (_set("board.tile.doors", ["2,3 N"]), "calamitron.board.tile.doors[0]",
     "a door lies on the board's outer edge (the tile's N or W edge)"),
    (_set("board.tile.doors", ["3,2 W"]), "calamitron.board.tile.doors[0]",
     "a door lies on the board's outer edge (the tile's N or W edge)"),
    (_set("board.tile.doors", ["1,3 X"]), "calamitron.board.tile.doors[0]",
     "expected a square and a side (\"r,c N\"), found '1,3 X'"),
    (_set("board.tile.doors", ["1,3"]), "calamitron.board.tile.doors[0]",
     "expected a square and a side (\"r,c N\"), found '1,3'"),
    (_set("board.tile.pits", ["7,1"]), "calamitron.board.tile.pits[0]",
     "expected a square \"r,c\" from 1 to 6, found '7,1'"),
    (_set("board.tile.pits", ["1,0"]), "calamitron.board.tile.pits[0]",
     "expected a square \"r,c\" from 1 to 6, found '1,0'"),
    (_set("board.tile.pits", ["2,6", "2,6"]), "calamitron.board.tile.pits[1]",
     "the square is both a pit and a pit"),
    (_set("board.tile.crates", ["6,6"]), "calamitron.board.tile.starts[0]",
     "the square is both a crate and a start"),
    (_set("board.tile.starts", ["6,6 N", "5,5 W", "4,6 N", "2,6 W"]),
     "calamitron.board.tile.starts[3]", "the square is both a pit and a start"),
    (_set("board.tile.starts", ["6,6 N", "5,5 W", "4,6 N"]), "calamitron.board",
     "the board has 12 starts; four seats and the Bossbot and Minionbot need 14"),
    (_set("board.tile.walls", ["2,2 Q"]), "calamitron.board.tile.walls[0]", None),
    (_set("board.tile.crates", ["9,9"]), "calamitron.board.tile.crates[0]", None),
    (_set("board.tile.starts", ["6,6"]), "calamitron.board.tile.starts[0]", None),
    (_drop("board.tile.pits"), "calamitron.board.tile", None),
    # designed items and notes
    (_set("board.note", "two\nlines"), "calamitron.board.note", "a note is one line"),
    (_drop("rogues.1.note"), "calamitron.rogues[1].note", None),
    (_set("instructions.0.note", "L is ours"), None, None),
    (_set("instructions.0.source", "web"), "calamitron.instructions[0].source", None),
    # instructions, Retros, Rogues
    (_set("instructions.1.id", "L"), "calamitron.instructions[1].id",
     "the instruction 'L' is listed twice"),
    (lambda s: s["instructions"].pop(), "calamitron.instructions",
     "the instruction 'program' is missing"),
    (_set("instructions.0.name", ""), "calamitron.instructions[0].name", None),
    (_set("instructions.0.class", "heavy"), "calamitron.instructions[0].class", None),
    (_set("retros.0.limits.loader", 7), "calamitron.retros[0].limits.loader", None),
    (_drop("retros.0.limits.hacker"), "calamitron.retros[0].limits", None),
    (_set("retros.2.id", "treadbot"), "calamitron.retros[2].id",
     "the Retro 'treadbot' is listed twice"),
    (_set("retros.0.text", ""), "calamitron.retros[0].text", None),
    (_set("retros.0.name", ""), "calamitron.retros[0].name", None),
    (_set("rogues.6.ordinary", True), "calamitron.rogues[6].ordinary",
     "only the Bossbot and Minionbot are not ordinary Rogues"),
    (_set("rogues.0.ordinary", False), "calamitron.rogues[0].ordinary",
     "only the Bossbot and Minionbot are not ordinary Rogues"),
    (_set("rogues.0.steps", 10), "calamitron.rogues[0].steps", None),
    (_set("rogues.0.turns", "U"), "calamitron.rogues[0].turns", None),
    (_set("rogues.0.name", ""), "calamitron.rogues[0].name", None),
    (_set("rogues.0.text", ""), "calamitron.rogues[0].text", None),
    (_set("rogues.7.id", "bossbot"), "calamitron.rogues[7].id",
     "the Rogue 'bossbot' is listed twice"),
    # Calamities
    (_set("calamities.1.id", "catastrophe"), "calamitron.calamities[1].id",
     "the card 'catastrophe' is listed twice"),
    (_drop("calamities.6.mood"), "calamitron.calamities[6]",
     "a designed Calamity needs 'mood'"),
    (_drop("calamities.6.effect"), "calamitron.calamities[6]",
     "a designed Calamity needs 'effect'"),
    (_drop("calamities.6.lasting"), "calamitron.calamities[6]",
     "a designed Calamity needs 'lasting'"),
    (_set("calamities.7.effect", "retros-stand"), "calamitron.calamities[7].effect",
     "two cards share the effect 'retros-stand'"),
    (_set("calamities.8.lasting", False), "calamitron.calamities[8].lasting",
     "the rogue-steps-down effect is lasting"),
    (_set("calamities.6.lasting", True), "calamitron.calamities[6].lasting",
     "the retros-stand effect is not lasting"),
    (_set("calamities.6.mood", "grim"), "calamitron.calamities[6].mood", None),
    (_set("calamities.6.effect", "rain"), "calamitron.calamities[6].effect", None),
    (_set("calamities.5.mood", "helpful"), "calamitron.calamities[5].mood",
     "the rulebook card 'quiet' has no mood"),
    (_set("calamities.5.effect", "jam"), "calamitron.calamities[5].effect",
     "the rulebook card 'quiet' has no effect"),
    (_set("calamities.5.lasting", False), "calamitron.calamities[5].lasting",
     "the rulebook card 'quiet' has no lasting"),
    (_set("calamities.0.copies", 25), "calamitron.calamities[0].copies", None),
    (_set("calamities.0.copies", 5), "calamitron.calamities",
     "the Calamity deck holds 24 cards, found 23"),
    (_set("calamities.4.id", "surplus-X"), "calamitron.calamities[4]",
     "a designed Calamity needs 'effect'"),
    (lambda s: s["calamities"].pop(4), "calamitron.calamities",
     "the card 'surplus-W' is missing"),
    (_set("calamities.0.name", ""), "calamitron.calamities[0].name", None),
    (_set("calamities.0.text", ""), "calamitron.calamities[0].text", None),
    # Upgrades
    (lambda s: s["upgrades"].pop(), "calamitron.upgrades", None),
    (_set("upgrades.1.id", "extra-memory"), "calamitron.upgrades[1]",
     "the Upgrade 'extra-memory' or its effect is listed twice"),
    (_set("upgrades.2.effect", "memory"), "calamitron.upgrades[2]",
     "the Upgrade 'spare-shooter' or its effect is listed twice"),
    (_set("upgrades.0.effect", "range"), "calamitron.upgrades[8]",
     "the Upgrade 'long-range' or its effect is listed twice"),
    (_set("upgrades.1.effect", "steady"), "calamitron.upgrades[9]",
     "the Upgrade 'steady' or its effect is listed twice"),
    (_set("upgrades.0.effect", "flying"), "calamitron.upgrades[0].effect", None),
    (_set("upgrades.0.name", ""), "calamitron.upgrades[0].name", None),
    (_set("upgrades.0.text", ""), "calamitron.upgrades[0].text", None),
    (_set("upgrades.0.id", 7), "calamitron.upgrades[0].id", None),
    # sides
    (_drop("sides.3"), "calamitron.sides", "the sides of 3 seats are missing"),
    (_set("sides.2", ["S", "S"]), "calamitron.sides.2", "two seats share a side"),
    (_set("sides.5", ["S"] * 5), "calamitron.sides", "sides are given for 1 to 4 seats only"),
    (_set("sides.2", ["S"]), "calamitron.sides.2", "expected 2 entries, found 1"),
    (_set("sides.2", ["S", "Q"]), "calamitron.sides.2[1]", None),
    (_set("sides", ["S"]), "calamitron.sides", "expected a mapping of keys to values"),
]
"""Each fault above at its own key path, with the words that name it."""

_UNKNOWN = "unknown key 'extra' (expected one of: "
SHAPES = [
    # the section
    (_set("extra", 1), "calamitron.extra",
     _UNKNOWN + "board, calamities, figures, instructions, placed, program, retros, rogues, "
     "sides, stunned_runs, upgrades)"),
    (_drop("figures"), "calamitron", "the key 'figures' is missing"),
    # the board and its tile
    (_set("board", ["deadly-spiral"]), "calamitron.board",
     "expected a mapping of keys to values"),
    (_set("board.extra", 1), "calamitron.board.extra",
     _UNKNOWN + "id, name, note, size, source, tile)"),
    (_drop("board.id"), "calamitron.board", "the key 'id' is missing"),
    (_set("board.name", ""), "calamitron.board.name", "expected some text"),
    (_set("board.size", 13), "calamitron.board.size", "expected a number from 12 to 12, found 13"),
    (_set("board.tile.extra", 1), "calamitron.board.tile.extra",
     _UNKNOWN + "crates, doors, pits, starts, walls)"),
    (_set("board.tile.doors", ["2,1 S"]), "calamitron.board.tile.doors[0]",
     "a door lies on the board's outer edge (the tile's N or W edge)"),
    (_set("board.tile.doors", [13]), "calamitron.board.tile.doors[0]", "expected some text"),
    (_set("board.tile.doors", ["1,3  N"]), "calamitron.board.tile.doors[0]",
     "expected a square and a side (\"r,c N\"), found '1,3  N'"),
    (_set("board.tile.doors", ["7,3 N"]), "calamitron.board.tile.doors[0]",
     "expected a square \"r,c\" from 1 to 6, found '7,3'"),
    (_set("board.tile.pits", "2,6"), "calamitron.board.tile.pits", "expected a list"),
    (_set("board.tile.pits", [26]), "calamitron.board.tile.pits[0]", "expected some text"),
    # instructions
    (_set("instructions", "L"), "calamitron.instructions", "expected a list"),
    (_set("instructions.0", "L"), "calamitron.instructions[0]",
     "expected a mapping of keys to values"),
    (_set("instructions.0.extra", 1), "calamitron.instructions[0].extra",
     _UNKNOWN + "class, id, name, note, source)"),
    (_drop("instructions.0.name"), "calamitron.instructions[0]", "the key 'name' is missing"),
    (_set("instructions.0.id", "jump"), "calamitron.instructions[0].id",
     "expected one of L, R, M1, M2, M3, B2, U, shove, tractor, forcer, program, found 'jump'"),
    # Retros
    (_set("retros", "treadbot"), "calamitron.retros", "expected a list"),
    (_set("retros.0", "treadbot"), "calamitron.retros[0]",
     "expected a mapping of keys to values"),
    (_set("retros.0.extra", 1), "calamitron.retros[0].extra",
     _UNKNOWN + "id, limits, name, note, source, text)"),
    (_drop("retros.0.name"), "calamitron.retros[0]", "the key 'name' is missing"),
    (_drop("retros.0.limits.loader"), "calamitron.retros[0].limits",
     "the key 'loader' is missing"),
    # Rogues
    (_set("rogues", "servobot"), "calamitron.rogues", "expected a list"),
    (_set("rogues.0", "servobot"), "calamitron.rogues[0]",
     "expected a mapping of keys to values"),
    (_set("rogues.0.extra", 1), "calamitron.rogues[0].extra",
     _UNKNOWN + "id, name, note, ordinary, source, special, steps, text, turns)"),
    (_drop("rogues.0.steps"), "calamitron.rogues[0]", "the key 'steps' is missing"),
    (_set("rogues.0.ordinary", "yes"), "calamitron.rogues[0].ordinary",
     "expected true or false"),
    # Calamities
    (_set("calamities", "quiet"), "calamitron.calamities", "expected a list"),
    (_set("calamities.0", "catastrophe"), "calamitron.calamities[0]",
     "expected a mapping of keys to values"),
    (_set("calamities.0.extra", 1), "calamitron.calamities[0].extra",
     _UNKNOWN + "copies, effect, id, lasting, mood, name, note, source, text)"),
    (_drop("calamities.0.text"), "calamitron.calamities[0]", "the key 'text' is missing"),
    (_set("calamities.0.id", 7), "calamitron.calamities[0].id", "expected some text"),
    (_set("calamities.6.lasting", "no"), "calamitron.calamities[6].lasting",
     "expected true or false"),
    # Upgrades
    (_set("upgrades.0", "extra-memory"), "calamitron.upgrades[0]",
     "expected a mapping of keys to values"),
    (_set("upgrades.0.extra", 1), "calamitron.upgrades[0].extra",
     _UNKNOWN + "effect, id, name, note, source, text)"),
    (_drop("upgrades.0.text"), "calamitron.upgrades[0]", "the key 'text' is missing"),
]
"""The shape of each part: a wrong type, an unknown key (with every key the part takes)
and a missing one, each named at its key path in exact words."""


def _swap_upgrade_ids(section):
    a, b = section["upgrades"][0], section["upgrades"][2]
    a["id"], b["id"] = b["id"], a["id"]


@pytest.mark.parametrize("edit, where, reason", FAULTS)
def test_each_fault_is_named_where_it_is(edit, where, reason):
    if where is None:  # not a fault: a rulebook item may carry a note
        assert _read(edit).classes["L"] == "basic"
        return
    path, why = _fault(edit)
    assert path == where, why
    if reason is not None:
        assert why == reason


@pytest.mark.parametrize("edit, where, reason", SHAPES)
def test_each_part_of_the_wrong_shape_is_named_in_exact_words(edit, where, reason):
    assert _fault(edit) == (where, reason)


def test_a_section_that_is_not_a_mapping_is_named():
    with pytest.raises(DataError) as caught:
        load_catalogue(["figures"], DOC, ("calamitron",))
    assert (caught.value.path, caught.value.reason) == (
        "calamitron", "expected a mapping of keys to values")


def test_a_door_on_the_tiles_west_edge_is_turned_with_the_tile():
    doors = _read(_set("board.tile.doors", ["3,1 W"])).board.doors
    assert set(doors) == {((3, 1), "W"), ((1, 10), "N"), ((10, 12), "E"), ((12, 3), "S")}


def test_the_rulebook_upgrades_must_keep_their_effects():
    assert _fault(_swap_upgrade_ids) == (
        "calamitron.upgrades", "the rulebook's Upgrade 'extra-memory' (memory) is missing")

    def loader_swapped(section):
        a, b = section["upgrades"][1], section["upgrades"][3]
        a["id"], b["id"] = b["id"], a["id"]
    assert _fault(loader_swapped) == (
        "calamitron.upgrades", "the rulebook's Upgrade 'spare-loader' (loader) is missing")


def _least_numbers(section):
    """One figure of each Rogue, one placed, a program of one: every Retro's counter
    limits cut to one too, since none may exceed the program."""
    section.update(figures=1, placed=1, program=1, stunned_runs=1)
    for retro in section["retros"]:
        retro["limits"] = {k: min(n, 1) for k, n in retro["limits"].items()}


def test_the_limits_of_the_numbers_are_inclusive():
    assert _read(_set("program", 9)).program == 9
    assert _read(_set("stunned_runs", 6)).stunned_runs == 6
    assert _read(_set("figures", 9)).figures == 9
    assert _read(_set("placed", 1)).placed == 1
    assert _read(_set("stunned_runs", 1)).stunned_runs == 1
    assert _read(_set("rogues.0.steps", 1)).rogues["servobot"].steps == 1
    least = _read(_least_numbers)
    assert (least.figures, least.placed, least.program, least.stunned_runs) == (1, 1, 1, 1)
    assert _read(_set("rogues.0.steps", 9)).rogues["servobot"].steps == 9
    assert _read(_set("retros.0.limits.loader", 6)).limits["treadbot"]["loader"] == 6
    assert _read(_set("calamities.0.copies", 6)).calamity("catastrophe").copies == 6
    edge = _read(_set("board.tile.pits", ["2,6", "3,4", "5,3", "6,1", "1,1"]))
    assert {(6, 1), (1, 1), (1, 7), (12, 12)} <= edge.board.pits
