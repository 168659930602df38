"""TableInput with the Goblins, Inc. mapping, on real matches: boards bound to roles,
routed to whichever seat holds the role this round, confirmed by fresh edges."""

from __future__ import annotations

import pytest

from game.rules.goblins import engine
from game.rules.goblins.actions import PickTactic, ReadDice, Steer
from game.rules.goblins.combat import BLANK
from game.scenes.goblins import table as goblins_table
from game.scenes.goblins.tray import SLOTS, stable_faces
from game.table_input import Reaction, TableInput
from tests.rules.goblins.helpers import play_until

REST = {"steer": "0", "target": "0", "ready": "0"}
EMPTY = dict.fromkeys(SLOTS, "A-")


@pytest.fixture
def choose_state(catalogue):
    """A 4-player match at its first dial choice: seats 0 and 1 pilot, 2 and 3 pick."""
    state = engine.new_state(catalogue, 4, "standard", 3)
    play_until(state, "choose")
    assert (state.teams[0].pilot, state.teams[0].tactician) == (0, 2)
    return state


def _table(ai: frozenset[int] = frozenset()) -> TableInput:
    table = TableInput(goblins_table, engine.legal_actions, lambda seat: seat in ai)
    table.bind("P", "a_pilot", REST, None)
    table.bind("T", "a_tactician", {"tactic": "0", "ready": "0"}, None)
    return table


def _pilot(steer: int, target: int, ready: int) -> dict[str, str]:
    return {"steer": str(steer), "target": str(target), "ready": str(ready)}


def _feed(table: TableInput, state, events: list[tuple[str, dict[str, str]]]) -> Reaction:
    total = Reaction()
    for board, values in events:
        reaction = table.handle(board, values, state)
        total.actions += reaction.actions
        total.messages += reaction.messages
    return total


def _finish_combat_round(state) -> None:
    """Play every move until the next combat round's dial choice."""
    start = (state.round, state.combat_round)
    while (state.round, state.combat_round) == start or state.phase != "choose":
        seat = engine.to_act(state)[0]
        engine.apply(state, engine.legal_actions(state, seat)[0])


def test_a_ready_edge_makes_the_legal_steer_for_the_roles_holder(choose_state):
    table = _table()
    table.observe(choose_state)
    reaction = _feed(table, choose_state, [("P", _pilot(1, 2, 0)), ("P", _pilot(1, 2, 1))])
    assert reaction == Reaction([Steer(0, 1, 2)], [])
    engine.apply(choose_state, reaction.actions[0])
    table.observe(choose_state)
    # The choice is made: later edges do nothing.
    later = [("P", _pilot(3, 3, 0)), ("P", _pilot(3, 3, 1))]
    assert _feed(table, choose_state, later) == Reaction()


def test_the_board_follows_its_role_when_pilot_and_tactician_swap(choose_state):
    table = _table()
    table.observe(choose_state)
    seats = []
    for _ in range(3):
        team = choose_state.teams[0]
        seats.append((team.pilot, team.tactician))
        steer = _feed(table, choose_state, [("P", _pilot(0, 0, 0)), ("P", _pilot(0, 0, 1))])
        pick = _feed(table, choose_state, [("T", {"tactic": "1", "ready": "0"}),
                                           ("T", {"tactic": "1", "ready": "1"})])
        assert steer.actions == [Steer(team.pilot, 0, 0)]
        assert pick.actions == [PickTactic(team.tactician, 1)]
        for action in steer.actions + pick.actions:
            engine.apply(choose_state, action)
        table.observe(choose_state)
        _finish_combat_round(choose_state)
        table.observe(choose_state)
    assert seats == [(0, 2), (2, 0), (0, 2)], "the crew swaps every combat round"


def test_a_switch_left_up_when_the_choice_begins_must_be_flipped_again(choose_state):
    table = TableInput(goblins_table, engine.legal_actions)
    table.bind("P", "a_pilot", _pilot(1, 1, 1), None)  # up since the last round
    table.observe(choose_state)
    assert table.led("P", choose_state) == "again"
    assert table.notes(0, choose_state) == [
        "Team A pilot console: flip the ready switch off and on to confirm"]
    assert _feed(table, choose_state, [("P", _pilot(1, 1, 1))] * 5) == Reaction()
    reaction = _feed(table, choose_state, [("P", _pilot(1, 1, 0)), ("P", _pilot(1, 1, 1))])
    assert reaction.actions == [Steer(0, 1, 1)] and table.notes(0, choose_state) == []
    assert table.led("P", choose_state) == "idle"


def test_an_illegal_dial_is_a_message_and_needs_a_new_edge(choose_state):
    table = TableInput(goblins_table, lambda state, seat: [
        a for a in engine.legal_actions(state, seat) if a != Steer(seat, 3, 3)])
    table.bind("P", "a_pilot", REST, None)
    table.observe(choose_state)
    reaction = _feed(table, choose_state, [("P", _pilot(3, 3, 1))])
    assert reaction == Reaction([], ["Team A pilot console: that steering is not possible now"])
    assert _feed(table, choose_state, [("P", _pilot(2, 3, 1))]) == Reaction()
    reaction = _feed(table, choose_state, [("P", _pilot(2, 3, 0)), ("P", _pilot(2, 3, 1))])
    assert reaction.actions == [Steer(0, 2, 3)]


def test_heartbeats_and_reconnect_resends_never_apply_twice(choose_state):
    table = _table()
    table.observe(choose_state)
    first = _feed(table, choose_state, [("P", _pilot(2, 1, 1))])
    assert first.actions == [Steer(0, 2, 1)]
    table.set_trouble("P", "lost, reconnecting")
    assert table.notes(0, choose_state) == [
        "Team A pilot console lost, reconnecting; use the mouse meanwhile"]
    table.set_trouble("P", None)
    assert _feed(table, choose_state, [("P", _pilot(2, 1, 1))] * 4) == Reaction()


def test_a_board_in_trouble_decides_for_no_seat_and_its_seat_is_told(choose_state):
    table = _table()
    table.set_trouble("T", "refused: /dev/ttyACM1 has the same identity")
    table.set_trouble("P", "lost, reconnecting")
    table.observe(choose_state)
    assert not table.decides(choose_state, 0) and not table.decides(choose_state, 2)
    assert table.notes(0, choose_state) == [
        "Team A pilot console lost, reconnecting; use the mouse meanwhile"]
    assert table.notes(2, choose_state) == [
        "Team A tactics console refused: /dev/ttyACM1 has the same identity; use the mouse "
        "meanwhile"]
    # What a board said while it was still there counts when the match takes it.
    reaction = _feed(table, choose_state, [("P", _pilot(1, 1, 0)), ("P", _pilot(1, 1, 1))])
    assert reaction.actions == [Steer(0, 1, 1)]
    table.set_trouble("P", None)
    table.set_trouble("T", None)
    assert table.decides(choose_state, 2) and table.decides(choose_state, 0)


def test_one_board_per_role_and_roles_held_by_ai_seats_are_not_expected(choose_state):
    table = _table(ai=frozenset({0}))
    table.bind("Q", "a_pilot", REST, None)
    assert table.snapshot("P") == {} and table.snapshot("Q") == REST, "P was let go"
    table.observe(choose_state)
    assert table.led("Q", choose_state) == "idle", "seat 0 is the AI's: it steers itself"
    assert _feed(table, choose_state, [("Q", _pilot(1, 1, 0)), ("Q", _pilot(1, 1, 1))]) == (
        Reaction())


def test_boards_decide_a_seat_only_when_they_make_all_its_moves(catalogue):
    state = engine.new_state(catalogue, 2, "standard", 3)  # a duel: one seat, both dials
    play_until(state, "choose")
    seat = state.teams[0].pilot
    table = TableInput(goblins_table, engine.legal_actions)
    table.bind("P", "a_pilot", REST, None)
    assert not table.decides(state, seat), "its tactics card is still the screen's"
    table.bind("T", "a_tactician", {"tactic": "0", "ready": "0"}, None)
    assert table.decides(state, seat)
    table.set_trouble("T", "lost, reconnecting")
    assert not table.decides(state, seat)
    play_until(state, "pre_roll")
    table.set_trouble("T", None)
    assert not table.decides(state, engine.to_act(state)[0]), "tactics abilities: screen"


def _tray(*slots: str) -> dict[str, str]:
    return {f"d{i}": (slots[i] if i < len(slots) else "A-") for i in range(5)}


def test_a_dice_tray_reads_a_fresh_roll_of_the_wanted_dice(catalogue):
    state = engine.new_state(catalogue, 2, "standard", 1, dice="table")
    play_until(state, "roll")
    seat = state.teams[1].tactician
    wanted = len(state.teams[1].reading)
    assert wanted >= 2, "this deal has team B roll two dice or more"
    role = "b_dice"
    table = TableInput(goblins_table, engine.legal_actions)
    last_roll = _tray(*["S4"] * wanted)
    table.bind("D", role, last_roll, None)
    table.observe(state)
    assert table.led("D", state) == "again", "the tray still shows the last roll"
    assert _feed(table, state, [("D", last_roll)]) == Reaction()
    faces = ["S5", "SB", "S2", "S1", "S3"][:wanted]
    rolling = [("D", _tray("H-", *["H-"] * (wanted - 1))), ("D", _tray(*["R-"] * wanted))]
    one_short = ("D", _tray(*faces[:-1]))
    assert _feed(table, state, [*rolling, one_short]) == Reaction(), "a die is missing"
    reaction = _feed(table, state, [("D", _tray(*faces))])
    expected = tuple(sorted(BLANK if f == "SB" else int(f[1]) for f in faces))
    assert reaction.actions == [ReadDice(seat, expected)]
    engine.apply(state, reaction.actions[0])


@pytest.mark.parametrize(("values", "faces"), [
    ({"d0": "S3", "d1": "SB", "d2": "S5", "d3": "A-", "d4": "A-"}, (3, BLANK, 5)),
    ({"d0": "A-", "d1": "S1", "d2": "A-", "d3": "S2", "d4": "SB"}, (1, 2, BLANK)),
    ({"d0": "S3", "d1": "R-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "S3", "d1": "T-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "H-", "d1": "S4", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    ({"d0": "S-", "d1": "S4", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
    (EMPTY, ()),
    ({"d0": "S6", "d1": "A-", "d2": "A-", "d3": "A-", "d4": "A-"}, None),
])
def test_stable_faces(values, faces):
    assert stable_faces(values) == faces


def test_another_games_mapping_plugs_in_with_a_board_kind_the_protocol_does_not_know():
    """The seam a game fills: a co-op game whose players confirm with ready switches on a
    board kind this host has never heard of. Nothing of Goblins is involved."""
    from dataclasses import dataclass
    from types import SimpleNamespace

    from game.rules.core.actions import Action
    from game.table_mapping import BoardRole

    @dataclass(slots=True, eq=True, unsafe_hash=True)
    class LockProgram(Action):
        kind = "lock"

    mapping = SimpleNamespace(
        ROLES=(BoardRole("switch_0", "Player 1's ready switch", "switches",
                         lambda a: isinstance(a, LockProgram),
                         lambda values, state, seat: {"1": True, "0": False}.get(values["s0"]),
                         lambda values, state, seat: LockProgram(seat),
                         "the program cannot be locked now", "flip it off and on"),),
        holder=lambda state, role: 0)
    state = SimpleNamespace(locked=False)

    def legal(state, seat):
        return [] if state.locked else [LockProgram(seat)]

    table = TableInput(mapping, legal)
    table.bind("S", "switch_0", {"s0": "0", "s1": "0"}, None)
    table.observe(state)
    assert table.decides(state, 0) and table.led("S", state) == "turn"
    assert table.handle("S", {"s0": "1", "s1": "0"}, state).actions == [LockProgram(0)]
    state.locked = True
    table.observe(state)
    assert table.handle("S", {"s0": "0", "s1": "0"}, state) == Reaction()
    assert table.handle("S", {"s0": "1", "s1": "0"}, state) == Reaction()
