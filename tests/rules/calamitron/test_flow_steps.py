"""The round's steps as the log tells them (picks, edits, locks, Upgrades, returns), the
choices offered to a seat at each step, and a lasting Calamity carried into the next
round (RULES-DECISIONS.md, Seats and setup; Round; Timer)."""

from __future__ import annotations

from game.rules.calamitron import engine, flow, rogues
from game.rules.calamitron.actions import (
    Clear,
    Keep,
    Lock,
    Pick,
    Put,
    Return,
    Take,
    Upgrade,
)
from game.rules.calamitron.events import (
    Began,
    Dealt,
    Edited,
    Locked,
    Picked,
    Returned,
    Upgraded,
)
from tests.rules.calamitron.helpers import (
    board,
    cat,
    settle,
    treadbot_lost_in_a_pit,
    upgrade_offered_with_two_held,
)

ONE = """pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1%s}
  V: {kind: servobot, at: "8,8", facing: W}"""


def test_picks_are_logged_and_the_last_one_deals_the_round():
    state = engine.new_state(cat(), 2, "standard", 5)
    assert engine.legal_actions(state, 0) == [Pick(0, "treadbot"), Pick(0, "shotbot"),
                                              Pick(0, "nanobot")]
    assert engine.apply(state, Pick(0, "treadbot")) == [Picked(0, "treadbot", "seat1",
                                                               "13,10")]
    assert engine.legal_actions(state, 0) == [] and engine.to_act(state) == (1,)
    events = engine.apply(state, Pick(1, "nanobot"))
    assert events == [Picked(1, "nanobot", "seat2", "0,3"), Dealt(tuple(state.deal))]
    assert state.kinds == ["treadbot", "nanobot"] and state.phase == "program"
    assert state.pieces["seat2"].facing == "S" and state.pieces["seat2"].seat == 1


def test_edits_and_locks_are_logged_with_the_whole_program():
    state = engine.new_state(cat(), 2, "standard", 5)
    engine.apply(state, Pick(0, "treadbot"))
    engine.apply(state, Pick(1, "treadbot"))
    assert engine.apply(state, Put(0, 0, "M2")) == [Edited(0, ("M2",))]
    assert engine.apply(state, Put(0, 1, "R")) == [Edited(0, ("M2", "R"))]
    assert engine.apply(state, Put(0, 1, "M1")) == [Edited(0, ("M2", "M1", "R"))]
    assert engine.apply(state, Take(0, 1)) == [Edited(0, ("M2", "R"))]
    assert engine.apply(state, Clear(0)) == [Edited(0, ())]
    assert engine.apply(state, Lock(0)) == [Locked(0)]
    assert engine.to_act(state) == (1,) and engine.legal_actions(state, 0) == []
    assert state.programs == [(), ()]


def test_only_the_seat_asked_has_choices_while_the_round_runs():
    state = board(ONE % ", upgrades: [extra-memory]" + '\n  U: {kind: shotbot, at: "9,4", '
                  'facing: E, seat: 2}', catastrophes=1)
    state.deal = ["servobot", "servobot"]
    state.deck = ["quiet"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.ask == ("return", 0) and engine.to_act(state) == (0,)
    assert engine.legal_actions(state, 1) == []


def test_keeping_the_upgrades_changes_nothing_and_the_round_ends():
    state = board(ONE % ", upgrades: [extra-memory]", catastrophes=2)
    state.deal = ["servobot"]
    state.deck = ["quiet"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert engine.apply(state, Keep(0))[0] == Dealt(tuple(state.deal))
    assert state.upgrades == [["extra-memory"]] and state.catastrophes == 2
    assert state.deck == [] and state.phase == "program" and state.round == 2


def test_a_return_is_logged_and_the_seat_is_asked_again_while_it_holds_one():
    state = board(ONE % ", upgrades: [extra-memory, spare-loader]", catastrophes=2)
    state.deal = ["servobot"]
    state.deck = ["quiet"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    events = engine.apply(state, Return(0, "spare-loader"))
    assert events == [Returned(0, "spare-loader")] and state.ask == ("return", 0)
    assert engine.legal_actions(state, 0) == [Return(0, "extra-memory"), Keep(0)]
    engine.apply(state, Return(0, "extra-memory"))
    assert state.catastrophes == 0 and state.deck == ["catastrophe", "catastrophe"]
    assert state.phase == "program"


def test_no_return_is_asked_with_no_catastrophe_face_up():
    state = board(ONE % ", upgrades: [extra-memory]")
    state.deal = ["servobot"]
    state.deck = ["quiet"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.ask is None and state.phase == "program" and state.round == 2
    assert state.upgrades == [["extra-memory"]]


def test_an_upgrade_taken_from_the_supply_is_logged():
    state = board("""board: {rows: 6, cols: 6}
pieces:
  T: {kind: treadbot, at: "3,3", facing: E, seat: 1, upgrades: [extra-memory]}
  C: {kind: crate, at: "3,4"}
  B: {kind: servobot, at: "3,5", facing: N}""")
    state.programs[0] = ("M1",)
    from game.rules.calamitron import program
    program.start(state, 0)
    flow.advance(state)
    assert state.ask == ("upgrade", 0)
    offered = engine.legal_actions(state, 0)
    assert offered[0] == Upgrade(0, "spare-loader", "") and len(offered) == 9
    state.log = []
    assert engine.apply(state, Upgrade(0, "hardened", ""))[0] == Upgraded(0, "hardened", "")
    assert state.upgrades[0] == ["extra-memory", "hardened"]


def test_a_lasting_card_drawn_at_the_round_end_works_all_next_round_then_lapses():
    state = board(ONE % "")
    state.deal = ["servobot"]
    state.deck = ["overclock", "quiet"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.round == 2 and state.effects == {"rogue-steps-up": 2}
    assert rogues.steps_of(state, "servobot") == 6
    engine.apply(state, Lock(0))
    assert state.round == 3 and state.effects == {}
    assert rogues.steps_of(state, "servobot") == 5


def _programming_on_the_board(words):
    state = board(ONE.replace('"13,10"', '"5,5"') % "")
    state.phase, state.locked, state.programs = "program", [False], [words]
    return state


def test_the_edits_offered_are_every_legal_put_each_take_clear_and_lock():
    state = _programming_on_the_board(("M1",))
    words = ("L", "R", "M1", "M2", "M3", "B2", "U", "shove")
    assert engine.legal_actions(state, 0) == [
        *(Put(0, slot, w) for slot in (0, 1) for w in words), Take(0, 0), Clear(0), Lock(0)]
    full = _programming_on_the_board(("M1",) * 6)
    assert engine.legal_actions(full, 0) == [*(Take(0, s) for s in range(6)), Clear(0),
                                             Lock(0)]
    empty = _programming_on_the_board(())
    assert engine.legal_actions(empty, 0) == [*(Put(0, 0, w) for w in words), Lock(0)]


def test_keeping_the_two_held_upgrades_is_logged_and_changes_nothing():
    state = upgrade_offered_with_two_held()
    state.log = []
    assert engine.apply(state, Upgrade(0, "", "")) == [Upgraded(0, "", "")]
    assert state.upgrades[0] == ["extra-memory", "spare-loader"] and state.earned == []


def test_a_replacement_is_named_after_its_seat_and_counts_up():
    state = treadbot_lost_in_a_pit()
    assert state.retro == [""] and state.fresh == [False] and state.lost == ["treadbot"]
    assert engine.apply(state, Pick(0, "nanobot")) == [Picked(0, "nanobot", "seat1.1", "0,3")]
    assert state.lost == [""] and state.retro == ["seat1.1"] and state.kinds == ["nanobot"]
    assert state.pieces["seat1.1"].seat == 0
    assert engine.to_act(state) == (0,) and engine.legal_actions(state, 0)[-1] == Lock(0)
    state.pieces["seat1.1"].at = (6, 3)
    state.pieces["seat1.1"].facing = "N"
    engine.apply(state, Put(0, 0, "M1"))
    engine.apply(state, Lock(0))
    assert state.lost == ["nanobot"] and "seat1.1" not in state.pieces
    engine.apply(state, Pick(0, "shotbot"))
    assert state.retro == ["seat1.2"] and state.pieces["seat1.2"].kind == "shotbot"


def test_the_next_round_runs_every_seats_new_program():
    state = board(ONE % "")
    state.deal = ["servobot"]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.fresh == [False] and state.locked == [False] and state.programs == [()]
    engine.apply(state, Put(0, 0, "M1"))
    engine.apply(state, Lock(0))
    assert state.pieces["T"].at == (12, 10)


def test_without_the_boss_each_seat_moves_only_its_rogues_then_runs():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  U: {kind: treadbot, at: "0,3", facing: S, seat: 2}
  V: {kind: servobot, at: "5,5", facing: W}
  R: {kind: rambot, at: "9,7", facing: S}""")
    state.pry = 1
    state.deal = ["servobot", "rambot"]
    state.tasks = flow.round_tasks(state)
    events = settle(state)
    assert [(e.seat, e.what) for e in events if isinstance(e, Began)] == [
        (1, "rambot"), (1, "program"), (0, "servobot"), (0, "program")]


def test_the_pry_bar_passes_clockwise_round_three_seats():
    state = board("""pieces:
  A: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  B: {kind: treadbot, at: "10,0", facing: E, seat: 2}
  C: {kind: treadbot, at: "0,3", facing: S, seat: 3}
  V: {kind: servobot, at: "5,5", facing: W}""")
    for pry in (1, 2, 0, 1):
        state.deal = ["servobot"] * 3
        state.tasks = flow.round_tasks(state)
        settle(state)
        assert state.pry == pry and state.phase == "program"
        state.phase = "run"


def test_upgrade_returns_are_asked_from_the_pry_bar_holder_on():
    state = board("""pieces:
  A: {kind: treadbot, at: "13,10", facing: N, seat: 1, upgrades: [extra-memory]}
  B: {kind: treadbot, at: "10,0", facing: E, seat: 2, upgrades: [spare-loader]}
  C: {kind: treadbot, at: "0,3", facing: S, seat: 3}
  V: {kind: servobot, at: "5,5", facing: W}""", catastrophes=1)
    state.upgrades[2] = ["nimble"]
    state.pry = 2
    state.deal = ["servobot"] * 3
    state.tasks = flow.round_tasks(state)
    settle(state)
    asked = []
    while state.ask is not None:
        asked.append(state.ask)
        engine.apply(state, Keep(state.ask[1]))
    assert asked == [("return", 2), ("return", 0), ("return", 1)]


def test_a_win_drops_everything_still_to_happen():
    state = board("""board: {rows: 6, cols: 6, pits: ["3,3"], doors: ["3,1 W"]}
pieces:
  T: {kind: treadbot, at: "3,1", facing: E, seat: 1}
  U: {kind: treadbot, at: "6,6", facing: N, seat: 2, upgrades: [extra-memory]}
  S: {kind: servobot, at: "3,2", facing: N, stunned: true}""", catastrophes=1)
    state.deal = ["servobot", "servobot"]
    state.programs = [("M1", "R"), ("L",)]
    state.tasks = flow.round_tasks(state)
    settle(state)
    assert state.phase == "over" and state.result == "won"
    assert (state.ask, state.run, state.tasks, state.earned, state.returning) == (
        None, None, [], [], [])
    assert state.pieces["U"].facing == "N" and state.pieces["T"].facing == "E"
