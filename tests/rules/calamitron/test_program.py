"""Which programs are legal, and the edits a seat is offered while programming
(RULES-DECISIONS.md, Programs; Upgrades)."""

from __future__ import annotations

import pytest

from game.rules.calamitron import engine, program
from game.rules.calamitron.actions import Clear, Lock, Put, Take
from tests.rules.calamitron.helpers import cat


@pytest.mark.parametrize("kind, effects, words, outside, found", [
    ("treadbot", set(), ("M3", "B2", "U", "L", "R", "M1"), False, []),
    ("treadbot", set(), ("M3", "B2", "U", "shove"), False, ["loader"]),
    ("treadbot", set(), ("tractor", "program"), False, ["shooter", "hacker"]),
    ("shotbot", set(), ("M3", "tractor"), False, []),
    ("shotbot", set(), ("M3", "U", "tractor", "forcer"), False, ["loader", "shooter"]),
    ("nanobot", set(), ("program",) * 6, False, []),
    ("nanobot", set(), ("M3",), False, ["loader"]),
    ("nanobot", {"loader"}, ("M3",), False, []),
    ("nanobot", {"loader"}, ("M3", "U"), False, ["loader"]),
    ("nanobot", {"nimble"}, ("U", "U"), False, []),
    ("shotbot", {"reverse"}, ("B2", "B2", "M3"), False, []),
    ("treadbot", {"hacker"}, ("program",), False, []),
    ("nanobot", {"shooter"}, ("forcer",), False, []),
    ("treadbot", set(), ("M1",) * 7, False, ["too-long"]),
    ("treadbot", {"memory"}, ("M1",) * 7, False, []),
    ("treadbot", {"memory"}, ("M1",) * 8, False, ["too-long"]),
    ("shotbot", set(), ("R", "M3", "shove", "tractor"), True, ["loader", "enter"]),
    ("treadbot", set(), (), True, []),
    ("nanobot", set(), ("M2", "program"), True, []),
    ("nanobot", set(), ("program", "M2"), True, ["enter"]),
])
def test_faults(kind, effects, words, outside, found):
    assert program.faults(cat(), kind, effects, words, outside) == found


def test_short_and_open_memory_change_the_length_for_one_round():
    assert program.faults(cat(), "treadbot", set(), ("M1",) * 5, False, down=1) == [
        "too-long"]
    assert program.faults(cat(), "treadbot", set(), ("M1",) * 7, False, up=1) == []


def _started(players=1):
    state = engine.new_state(cat(), players, "standard", 5)
    for seat in range(players):
        engine.apply(state, engine.legal_actions(state, seat)[0])
    return state


def test_an_outside_retro_is_offered_only_moves_first():
    state = _started()
    puts = {(a.slot, a.word) for a in engine.legal_actions(state, 0) if isinstance(a, Put)}
    assert puts == {(0, "M1"), (0, "M2"), (0, "M3")}
    engine.apply(state, Put(0, 0, "M1"))
    offered = engine.legal_actions(state, 0)
    assert Put(0, 1, "R") in offered and Put(0, 0, "R") not in offered
    engine.apply(state, Put(0, 1, "R"))
    offered = engine.legal_actions(state, 0)
    assert Take(0, 1) in offered and Take(0, 0) not in offered
    assert Clear(0) in offered and Lock(0) in offered


def test_an_edit_that_breaks_the_limits_is_refused_and_changes_nothing():
    state = _started()
    for word in ("M3", "M3", "M3"):
        engine.apply(state, Put(0, 0, word))
    assert state.programs[0] == ("M3", "M3", "M3")
    assert Put(0, 3, "U") not in engine.legal_actions(state, 0)
    with pytest.raises(engine.RuleError):
        engine.apply(state, Put(0, 3, "U"))
    assert state.programs[0] == ("M3", "M3", "M3")


def test_a_locked_program_is_final_and_the_round_runs_when_all_are_locked():
    state = _started(2)
    engine.apply(state, Put(0, 0, "M1"))
    engine.apply(state, Lock(0))
    assert engine.legal_actions(state, 0) == [] and engine.to_act(state) == (1,)
    with pytest.raises(engine.RuleError):
        engine.apply(state, Put(0, 1, "M1"))
    events = engine.apply(state, Lock(1))
    assert any(e.kind == "began" for e in events)
    assert (state.round, state.pry, state.phase) == (2, 1, "program")
    assert state.programs == [(), ()] and state.locked == [False, False]


def test_program_targets_adjacent_bots_but_never_the_bossbot():
    from tests.rules.calamitron.helpers import board
    state = board("""board: {rows: 6, cols: 6}
pieces:
  N: {kind: nanobot, at: "3,3", facing: N, seat: 1}
  A: {kind: servobot, at: "2,3", facing: N, stunned: true}
  X: {kind: bossbot, at: "3,4", facing: N}
  C: {kind: crate, at: "4,3"}
  F: {kind: rambot, at: "1,3", facing: N}""")
    assert program.targets(state, 0) == ["A"]
    state.upgrades[0] = ["long-link"]
    assert program.targets(state, 0) == ["A", "F"]


def test_the_length_limit_six_seven_with_extra_memory_and_the_lasting_cards():
    assert program.length_limit(cat(), set()) == 6
    assert program.length_limit(cat(), {"memory"}) == 7
    assert program.length_limit(cat(), {"memory"}, up=1) == 8
    assert program.length_limit(cat(), set(), down=1) == 4
    assert program.length_limit(cat(), set(), down=4) == 0
