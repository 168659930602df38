"""Dice trays at the table, game-agnostic: what a tray of either kind shows and when it
confirms a fresh roll; and Blastbots' shared two-dice tray, which reads the roll in for
whichever seat the rules wait for (over rules of turns standing in for its rules)."""

from __future__ import annotations

import pytest

from game.table_input import Reaction, TableInput
from game.table_mapping import fresh_roll, tray_faces
from tests.table.roll_rules import Turns

EMPTY = {"d0": "A-", "d1": "A-"}
TRAY = "T"


def pair(first: str, second: str) -> dict[str, str]:
    return {"d0": first, "d1": second}


@pytest.mark.parametrize(("board", "values", "faces"), [
    ("dice2d6", pair("S6", "S1"), ("6", "1")),
    ("dice2d6", pair("A-", "S6"), ("6",)),
    ("dice2d6", EMPTY, ()),
    ("dice2d6", pair("S6", "R-"), None),
    ("dice2d6", pair("T-", "S2"), None),
    ("dice2d6", pair("H-", "H-"), None),
    ("dice2d6", pair("S-", "S2"), None),
    ("dice2d6", pair("SB", "S2"), None),  # a six-sided die has no blank
    ("dice", {"d0": "S3", "d1": "SB", "d2": "A-", "d3": "S5", "d4": "A-"}, ("3", "B", "5")),
    ("dice", {"d0": "S6", "d1": "A-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
])
def test_tray_faces_of_either_kind(board, values, faces):
    assert tray_faces(values, board) == faces


@pytest.mark.parametrize(("values", "confirms"), [
    (pair("S6", "S1"), True),
    (pair("S6", "A-"), None),  # a die still to be put in
    (pair("S6", "R-"), False),
    (pair("H-", "H-"), False),
    (EMPTY, False),
])
def test_a_fresh_roll_of_two_dice(values, confirms):
    assert fresh_roll(values, "dice2d6", 2) is confirms


def _feed(table: TableInput, state, *snapshots: dict[str, str]) -> Reaction:
    total = Reaction()
    for values in snapshots:
        reaction = table.handle(TRAY, values, state)
        total.actions += reaction.actions
        total.messages += reaction.messages
    return total


def _tray(blastbots, values: dict[str, str], legal=None, is_ai=lambda seat: False):
    rules = blastbots.rules
    table = TableInput(blastbots.table, legal or rules.legal_actions, is_ai, rules.to_act)
    table.bind(TRAY, "dice", values, None)
    return table


def test_one_tray_reads_each_rollers_fresh_roll_and_never_the_last_one_again(blastbots):
    state = Turns(3)
    table = _tray(blastbots, EMPTY)
    table.observe(state)
    assert table.led(TRAY, state) == "turn" and table.decides(state, 0)
    reaction = _feed(table, state, pair("R-", "R-"), pair("S2", "R-"), pair("S2", "S5"))
    assert reaction == Reaction([blastbots.Roll(0, (2, 5))], []), "well 0's face first"
    blastbots.rules.apply(state, reaction.actions[0])
    table.observe(state)
    # Seat 1 rolls next, and the tray still shows seat 0's roll.
    assert table.holder(state, table.roles["dice"]) == 1
    assert table.led(TRAY, state) == "again"
    assert table.notes(1, state) == ["Dice tray: the tray still shows the last roll: roll again"]
    assert _feed(table, state, *[pair("S2", "S5")] * 4) == Reaction(), "heartbeats"
    reaction = _feed(table, state, pair("H-", "H-"), pair("R-", "R-"), pair("S5", "S2"))
    assert reaction.actions == [blastbots.Roll(1, (5, 2))]
    blastbots.rules.apply(state, reaction.actions[0])
    table.observe(state)
    # The same faces again are a new roll once the tray was seen handled.
    reaction = _feed(table, state, pair("S5", "S2"), pair("H-", "H-"), pair("S5", "S2"))
    assert reaction.actions == [blastbots.Roll(2, (5, 2))]
    assert table.notes(2, state) == []


def test_one_die_or_a_die_still_moving_holds_the_roll(blastbots):
    state = Turns(2, roller=1)
    table = _tray(blastbots, EMPTY)
    table.observe(state)
    waiting = [pair("S3", "A-"), pair("S3", "R-"), pair("S3", "T-"), pair("A-", "S4")]
    assert _feed(table, state, *waiting) == Reaction()
    assert _feed(table, state, pair("S3", "S4")).actions == [blastbots.Roll(1, (3, 4))]


def test_in_a_roll_off_the_tray_serves_each_waiting_seat_in_the_rules_order(blastbots):
    state = Turns(4, waiting=(2, 0, 3))
    table = _tray(blastbots, pair("S6", "S6"))  # left from before
    table.observe(state)
    made = []
    for faces in ((1, 1), (6, 5), (4, 4)):
        seat = table.holder(state, table.roles["dice"])
        assert table.led(TRAY, state) == "again", "what lies in the tray is not its roll"
        reaction = _feed(table, state, pair("H-", "H-"), pair(f"S{faces[0]}", f"S{faces[1]}"))
        assert reaction.actions == [blastbots.Roll(seat, faces)]
        blastbots.rules.apply(state, reaction.actions[0])
        table.observe(state)
        made.append(seat)
    assert made == [2, 0, 3] and state.waiting == ()
    assert table.holder(state, table.roles["dice"]) == 0, "then the first player rolls"


def test_the_tray_is_idle_while_the_engine_rolls(blastbots):
    state = Turns(2, table=False)
    table = _tray(blastbots, EMPTY)
    table.observe(state)
    assert table.holder(state, table.roles["dice"]) is None
    assert table.led(TRAY, state) == "idle" and not table.decides(state, 0)
    assert _feed(table, state, pair("R-", "R-"), pair("S3", "S4")) == Reaction()


def test_a_person_rolls_the_table_dice_for_a_bot(blastbots):
    state = Turns(2)
    table = _tray(blastbots, EMPTY, is_ai=lambda seat: seat == 0)
    table.observe(state)
    assert table.led(TRAY, state) == "turn"
    assert _feed(table, state, pair("S1", "S6")).actions == [blastbots.Roll(0, (1, 6))]


def test_a_roll_the_rules_refuse_is_said_and_needs_a_new_roll(blastbots):
    state = Turns(2)
    rules = blastbots.rules

    def legal(state, seat):
        return [a for a in rules.legal_actions(state, seat) if a.dice != (1, 1)]

    table = _tray(blastbots, EMPTY, legal=legal)
    table.observe(state)
    assert _feed(table, state, pair("S1", "S1")) == Reaction(
        [], ["Dice tray: that roll cannot be read in now"])
    assert _feed(table, state, pair("S1", "S1")) == Reaction()
    assert _feed(table, state, pair("R-", "R-"), pair("S1", "S2")).actions == [
        blastbots.Roll(0, (1, 2))]


def test_a_shared_role_needs_the_rules_to_act(blastbots):
    with pytest.raises(ValueError, match="shared role needs the rules' to_act"):
        TableInput(blastbots.table, blastbots.rules.legal_actions)
    assert [(r.key, r.board, r.shared) for r in blastbots.table.ROLES] == [
        ("dice", "dice2d6", True)]


def test_a_seat_rolling_twice_in_a_row_rolls_afresh_the_second_time(blastbots):
    """The roll-off's winner may roll again at once for its turn: the roll just made is
    a new choice's stale reading, as if another seat rolled next."""
    state = Turns(2, waiting=(1,), roller=1)
    table = _tray(blastbots, EMPTY)
    table.observe(state)
    first = _feed(table, state, pair("S4", "S4"))
    assert first.actions == [blastbots.Roll(1, (4, 4))]
    blastbots.rules.apply(state, first.actions[0])
    table.observe(state)
    assert table.holder(state, table.roles["dice"]) == 1
    assert table.led(TRAY, state) == "again"
    assert _feed(table, state, *[pair("S4", "S4")] * 3) == Reaction()
    again = _feed(table, state, pair("H-", "H-"), pair("S4", "S4"))
    assert again.actions == [blastbots.Roll(1, (4, 4))]


def test_the_controllers_screen_reads_a_two_dice_tray_out():
    from game.scenes.controllers import describe_values

    assert describe_values("dice2d6", pair("S6", "R-")) == "dice: 6, rolling"
    assert describe_values("dice", {"d0": "SB", "d1": "S-", "d2": "A-", "d3": "H-",
                                    "d4": "T-"}) == "dice: blank, unread, empty, handled, tilted"


def test_the_tray_bench_times_rolls_from_the_firmware_to_the_rules(blastbots):
    """``botyard bench controller``'s tray path, over the stand-in rules: each roll in
    the real firmware's tray becomes the roller's Roll, applied; figures are printed,
    never asserted."""
    from tests.hardware.helpers import build_firmware

    build_firmware()
    start = Turns(3, table=False)  # the engine rolls first: the bench plays on to a table roll

    class Switching(type(blastbots.rules)):
        def apply(self, state, action):
            super().apply(state, action)
            state.table = True

    lines = blastbots.table.roll_bench(Switching(blastbots.actions), start, samples=4)
    label = blastbots.table.LABEL
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{label}: lid shut to the Roll applied, 4 rolls, none lost or "
                               "made twice: median ")
    assert "p99 " in lines[0] and "holds each die 300 ms" in lines[0]
    assert lines[1].startswith(f"{label}: settled reading read by the link to the Roll "
                               "applied") and " s CPU in this process" in lines[1]
    assert start.rolls == [], "each roll is timed on a copy of the position"


def test_the_tray_bench_says_when_the_firmware_is_not_built(blastbots, monkeypatch, tmp_path):
    from hardware import avr_sim

    monkeypatch.setattr(avr_sim, "ELF", tmp_path / "botyard-controller.elf")
    assert blastbots.table.roll_bench(blastbots.rules, Turns(2), samples=4) == [
        f"{blastbots.table.LABEL}: not measured: run `make firmware` in a checkout "
        "(botyard-controller.elf not built)"]


def test_the_tray_bench_says_when_the_table_never_rolls(blastbots):
    from tests.hardware.helpers import build_firmware

    build_firmware()
    assert blastbots.table.roll_bench(blastbots.rules, Turns(2, table=False)) == [
        f"{blastbots.table.LABEL}: not measured: no roll for the table within "
        f"{blastbots.table.STEPS} moves"]
