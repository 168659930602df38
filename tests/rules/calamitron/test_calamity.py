"""Calamity cards: Surplus Rogues, the designed effects and how long they last
(RULES-DECISIONS.md, Cards; data/cards.yaml)."""

from __future__ import annotations

import pytest

from game.rules.calamitron import calamity, flow, rogues
from game.rules.calamitron.events import Drew, Ended, Entered, Removed, Stood, Stunned
from game.rules.calamitron.motion import Finished
from game.rules.core.rng import Rng
from tests.rules.calamitron.helpers import board, settle

TWO = """pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  V1: {kind: servobot, at: "8,8", facing: W}
  R1: {kind: rambot, at: "5,8", facing: N}
  R2: {kind: rambot, at: "6,9", facing: E, stunned: true}
  X: {kind: bossbot, at: "4,7", facing: S}
"""


def draw(state, card):
    state.deck = [card]
    calamity.draw(state)
    return settle(state)


def test_surplus_brings_the_type_with_most_figures_off_the_board_through_that_door():
    state = board(TWO, in_play=["rambot", "servobot"])
    draw(state, "surplus-N")
    s = state.pieces["surplus1"]
    assert s.kind == "servobot"
    # In at 1,3 facing S; 2,3 3,3 4,3; 5,3 is a pit, so it turns left (E) to 4,4.
    assert s.at == (4, 4) and s.facing == "E"


def test_a_surplus_tie_goes_to_the_first_type_in_this_rounds_turn_order():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  U: {kind: treadbot, at: "0,3", facing: S, seat: 2}""", in_play=["rambot", "servobot"])
    state.deal = ["rambot", "servobot"]
    state.pry = 1
    draw(state, "surplus-E")
    assert state.pieces["surplus1"].kind == "servobot"


def test_a_surplus_rogue_that_cannot_get_in_is_stranded():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  A: {kind: rambot, at: "1,3", facing: N, stunned: true}""", in_play=["servobot"])
    events = draw(state, "surplus-N")
    assert Removed("surplus1", "stranded") in events


def test_no_surplus_when_every_figure_is_on_the_board():
    squares = ["5,5", "5,6", "5,7", "5,8", "6,5"]
    pieces = "".join(f"  S{i}: {{kind: servobot, at: '{sq}', facing: N}}\n"
                     for i, sq in enumerate(squares))
    state = board("pieces:\n" + pieces, in_play=["servobot"])
    draw(state, "surplus-S")
    assert "surplus1" not in state.pieces and len(state.pieces) == 5


@pytest.mark.parametrize("card, check", [
    ("overhaul", lambda s: not s.pieces["T"].stunned),
    ("power-cut", lambda s: s.pieces["V1"].stunned and s.pieces["R1"].stunned
     and not s.pieces["X"].stunned and not s.pieces["T"].stunned),
    ("spin-cycle", lambda s: (s.pieces["V1"].facing, s.pieces["R1"].facing) == ("E", "S")),
    ("shake-up", lambda s: (s.pieces["V1"].facing, s.pieces["R1"].facing) == ("S", "E")),
    ("reboot", lambda s: not s.pieces["R2"].stunned),
    ("turnabout", lambda s: s.pieces["T"].facing == "N" and s.pieces["I"].facing == "S"),
    ("jam", lambda s: s.pieces["I"].stunned and not s.pieces["T"].stunned),
])
def test_designed_cards_act_at_once(card, check):
    state = board(TWO + '  I: {kind: shotbot, at: "9,9", facing: E, seat: 2, stunned: '
                  + ("true" if card == "overhaul" else "false") + "}\n")
    if card == "overhaul":
        state.pieces["T"].stunned = True
        state.pieces["T"].at = (9, 8)
    draw(state, card)
    assert check(state)


def test_lasting_cards_work_in_the_next_round_only():
    state = board(TWO)
    draw(state, "overclock")
    assert rogues.steps_of(state, "servobot") == 5
    state.round += 1
    assert rogues.steps_of(state, "servobot") == 6
    state.round += 1
    flow.start_round(state)
    assert rogues.steps_of(state, "servobot") == 5 and state.effects == {}


def test_short_memory_shortens_next_rounds_programs():
    state = board(TWO)
    draw(state, "short-memory")
    state.round += 1
    from game.rules.calamitron import program
    assert program.seat_faults(state, 0, ("M1",) * 5) == ["too-long"]
    assert program.seat_faults(state, 0, ("M1",) * 4) == []


def test_draws_come_off_the_top_and_only_catastrophes_stay_out_of_the_discards():
    state = board(TWO)
    state.deck = ["quiet", "catastrophe", "reboot"]
    calamity.draw(state)
    assert state.deck == ["catastrophe", "reboot"] and state.discards == ["quiet"]
    calamity.draw(state)
    assert state.catastrophes == 1 and state.discards == ["quiet"]
    calamity.draw(state)
    assert state.deck == [] and state.discards == ["quiet", "reboot"]
    assert state.log == [Drew("quiet"), Drew("catastrophe"), Drew("reboot"), Stood("R2")]


def test_an_empty_deck_takes_back_the_discards_shuffled_by_the_match_rng():
    cards = ["quiet", "catastrophe", "reboot", "overhaul", "jam", "spin-cycle"]
    shuffled = list(cards)
    Rng(7).shuffle(shuffled)
    assert shuffled != cards
    state = board(TWO)
    state.deck, state.discards, state.rng = [], list(cards), Rng(7)
    calamity.draw(state)
    assert state.log[0] == Drew(shuffled[0]) and state.deck == shuffled[1:]


def test_without_an_rng_the_discards_come_back_in_their_order():
    state = board(TWO)
    state.deck, state.discards, state.rng = [], ["reboot", "quiet"], None
    calamity.draw(state)
    assert state.log[0] == Drew("reboot") and state.deck == ["quiet"]
    assert state.discards == ["reboot"]


def test_an_empty_deck_and_no_discards_draw_a_quiet_shift():
    state = board(TWO)
    state.deck, state.discards = [], []
    calamity.draw(state)
    assert state.log == [Drew("quiet")] and state.catastrophes == 0


def test_the_third_catastrophe_loses_and_the_second_does_not():
    state = board(TWO, catastrophes=1)
    state.deck = ["catastrophe", "catastrophe"]
    calamity.draw(state)
    assert state.catastrophes == 2 and state.result == "playing"
    with pytest.raises(Finished):
        calamity.draw(state)
    assert state.result == "lost" and state.log[-1] == Ended("lost")


def test_a_surplus_rogue_is_announced_outside_its_door_facing_in():
    state = board(TWO, in_play=["rambot", "servobot"])
    state.deck = ["surplus-W"]
    calamity.draw(state)
    assert state.log[:2] == [Drew("surplus-W"), Entered("surplus1", "servobot", "10,0", "E")]
    assert state.pieces["surplus1"].kind == "servobot"
    assert state.discards == ["surplus-W"]


def test_one_figure_off_the_board_is_enough_for_a_surplus():
    squares = ["5,5", "5,6", "5,7", "5,8"]
    pieces = "".join(f"  S{i}: {{kind: servobot, at: '{sq}', facing: N}}\n"
                     for i, sq in enumerate(squares))
    state = board("pieces:\n" + pieces, in_play=["servobot"])
    draw(state, "surplus-S")
    assert state.pieces["surplus1"].kind == "servobot"


def test_a_type_with_no_figure_on_the_board_has_all_five_off():
    # Rambot 4 off, Servobot 5 off: the Servobot comes, though the Rambot is met first.
    state = board("""pieces:
  R1: {kind: rambot, at: "5,8", facing: N}""", in_play=["rambot", "servobot"])
    draw(state, "surplus-S")
    assert state.pieces["surplus1"].kind == "servobot"


def test_with_no_deal_a_surplus_tie_goes_to_the_first_type_in_play():
    for in_play in (["rambot", "servobot"], ["servobot", "rambot"]):
        state = board("pieces: {}", in_play=in_play)
        state.deal = []
        draw(state, "surplus-S")
        assert state.pieces["surplus1"].kind == in_play[0]


def test_turn_order_types_start_at_the_pry_bar_and_end_with_undealt_types():
    state = board("""pieces:
  A: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  B: {kind: treadbot, at: "10,0", facing: E, seat: 2}
  C: {kind: treadbot, at: "0,3", facing: S, seat: 3}""",
                  in_play=["servobot", "rambot", "laserbot", "visebot"])
    state.deal = ["laserbot", "rambot", "servobot"]
    state.pry = 1
    assert calamity.turn_order_types(state) == ["rambot", "servobot", "laserbot", "visebot"]
    state.pry = 2
    assert calamity.turn_order_types(state) == ["servobot", "laserbot", "rambot", "visebot"]
    state.deal = []
    assert calamity.turn_order_types(state) == ["servobot", "rambot", "laserbot", "visebot"]


def test_a_surplus_for_a_side_without_a_door_brings_nothing():
    state = board("""board: {rows: 6, cols: 6, doors: ["1,3 N"]}
pieces:
  T: {kind: treadbot, at: "0,3", facing: S, seat: 1}""", in_play=["servobot"])
    state.deck = ["surplus-E"]
    calamity.draw(state)
    assert state.log == [Drew("surplus-E")] and state.surplus == 0
    assert state.discards == ["surplus-E"] and set(state.pieces) == {"T"}


def test_designed_cards_leave_crates_alone():
    text = (TWO + '  C: {kind: crate, at: "9,9"}\n'
            '  I: {kind: shotbot, at: "9,4", facing: E, seat: 2}\n')
    for card in ("overhaul", "power-cut", "spin-cycle", "shake-up", "reboot", "jam",
                 "turnabout"):
        state = board(text)
        draw(state, card)
        assert state.pieces["C"].at == (9, 9) and state.pieces["C"].facing == ""
        assert not state.pieces["C"].stunned


def test_power_cut_keeps_a_stunned_rogue_stunned_and_reports_only_new_stuns():
    state = board(TWO)
    state.deck = ["power-cut"]
    calamity.draw(state)
    assert state.pieces["R2"].stunned
    assert state.log == [Drew("power-cut"), Stunned("V1"), Stunned("R1")]


def test_jam_stuns_every_retro_on_the_board_but_not_one_outside():
    state = board(TWO + '  I: {kind: shotbot, at: "9,4", facing: E, seat: 2}\n')
    state.deck = ["jam"]
    calamity.draw(state)
    assert state.log == [Drew("jam"), Stunned("I")]
    assert not any(state.pieces[i].stunned for i in ("T", "V1", "R1", "X"))


def test_reboot_and_overhaul_stand_up_only_their_own_side():
    text = TWO + '  I: {kind: shotbot, at: "9,4", facing: E, seat: 2, stunned: true}\n'
    state = board(text)
    state.deck = ["reboot"]
    calamity.draw(state)
    assert state.log == [Drew("reboot"), Stood("R2")] and state.pieces["I"].stunned
    state = board(text)
    state.deck = ["overhaul"]
    calamity.draw(state)
    assert state.log == [Drew("overhaul"), Stood("I")] and state.pieces["R2"].stunned


def test_turning_cards_turn_every_rogue_stunned_or_not_and_the_bossbot():
    state = board(TWO)
    state.deck = ["spin-cycle", "shake-up"]
    calamity.draw(state)
    facings = {i: state.pieces[i].facing for i in ("V1", "R1", "R2", "X", "T")}
    assert facings == {"V1": "E", "R1": "S", "R2": "W", "X": "N", "T": "N"}
    calamity.draw(state)
    facings = {i: state.pieces[i].facing for i in ("V1", "R1", "R2", "X", "T")}
    assert facings == {"V1": "N", "R1": "W", "R2": "N", "X": "W", "T": "N"}


@pytest.mark.parametrize("card, effect", [("sluggish", "rogue-steps-down"),
                                          ("open-memory", "program-up"),
                                          ("short-memory", "program-down"),
                                          ("overclock", "rogue-steps-up")])
def test_lasting_cards_are_marked_for_the_next_round_and_change_nothing_now(card, effect):
    state = board(TWO)
    state.round = 4
    state.deck = [card]
    calamity.draw(state)
    assert state.effects == {effect: 5} and state.log == [Drew(card)]


def test_sluggish_gears_and_open_memory_next_round():
    state = board(TWO)
    state.deck = ["sluggish", "open-memory"]
    calamity.draw(state)
    calamity.draw(state)
    state.round += 1
    assert rogues.steps_of(state, "servobot") == 4 and rogues.steps_of(state, "rambot") == 2
    from game.rules.calamitron import program
    assert program.seat_faults(state, 0, ("M1",) * 7) == []
    assert program.seat_faults(state, 0, ("M1",) * 8) == ["too-long"]
