"""Every way combat refuses a move: the exact plain reason a player reads, and nothing
changed. The UI shows these sentences as they are, so each one is pinned here."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from game.rules.goblins import engine
from game.rules.goblins.actions import (
    ChooseAgendas,
    ChooseToken,
    EndTactics,
    OrderDice,
    PickTactic,
    ReadDice,
    Steer,
    UseCrane,
    UseDuctTape,
    UseEmergency,
    UseHoming,
    UseNitro,
    UseSabotage,
)
from game.rules.goblins.events import AgendasChosen
from game.rules.goblins.geometry import COCKPIT, square
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import duel, play_until

WEAPON, ARMOR = square(2, 3), square(4, 3)


def _pre_roll(state: State, *abilities: str) -> None:
    state.phase, state.pre_roll_queue = "pre_roll", [0]
    state.teams[0].abilities = list(abilities)


def _post_roll(state: State, dice: list[int], *abilities: str) -> None:
    state.phase = "post_roll"
    ours, theirs = state.teams
    ours.dice, ours.abilities, ours.done_tactics = dice, list(abilities), False
    theirs.dice, theirs.done_tactics = [], True


def _order(state: State, dice: list[int], *abilities: str) -> None:
    state.phase = "order"
    ours, theirs = state.teams
    ours.dice, ours.abilities, ours.ordered = dice, list(abilities), False
    theirs.dice, theirs.ordered = [], True


def _token(state: State) -> None:
    target = state.teams[1].robot
    target.place(square(1, 3), target.tiles[WEAPON], 0)
    target.tokens = [(WEAPON, square(1, 3)), (WEAPON,)]
    state.phase, state.hit_team, state.pending_square = "token", 1, WEAPON
    state.hits = [(1, 0, 3)]


def _reading(state: State, count: int, why: str) -> None:
    state.table_dice = True
    state.phase = "roll" if why == "roll" else "post_roll"
    ours = state.teams[0]
    ours.dice, ours.reading, ours.read_for = [0] * count, tuple(range(count)), why
    ours.done_tactics = False
    state.teams[1].done_tactics = True


def _dials_set(state: State) -> None:
    engine.apply(state, Steer(0, 0, 0))
    engine.apply(state, PickTactic(0, 0))


Setup = Callable[[State], None]
CASES: list[tuple[str, Setup, Action, str]] = [
    ("steer twice", _dials_set, Steer(0, 1, 0),
     "you are not setting the pilot's dials right now"),
    ("steer dial", lambda s: None, Steer(0, 4, 0), "a dial points front, right, back or left"),
    ("target dial", lambda s: None, Steer(0, 0, -1), "a dial points front, right, back or left"),
    ("target dial above", lambda s: None, Steer(0, 0, 4),
     "a dial points front, right, back or left"),
    ("pick twice", _dials_set, PickTactic(0, 1),
     "you are not picking a tactics card right now"),
    ("pick slot", lambda s: None, PickTactic(0, 3), "pick the left, middle or right card"),
    ("pick slot below", lambda s: None, PickTactic(0, -1), "pick the left, middle or right card"),
    ("not first", lambda s: _pre_roll(s, "sabotage"), EndTactics(1),
     "it is not your turn to use a tactics card"),
    ("no sabotage", lambda s: _pre_roll(s, "crane"), UseSabotage(0),
     "your team has no sabotage to use"),
    ("no tape", lambda s: _pre_roll(s, "sabotage"), UseDuctTape(0, WEAPON),
     "your team has no duct tape to use"),
    ("tape supply", lambda s: (_pre_roll(s, "duct_tape"), setattr(s, "token_supply", 0)),
     UseDuctTape(0, WEAPON), "there are no defense tokens left"),
    ("tape armor", lambda s: _pre_roll(s, "duct_tape"), UseDuctTape(0, ARMOR),
     "duct tape goes on a tile that is not armor or the cockpit"),
    ("tape cockpit", lambda s: _pre_roll(s, "duct_tape"), UseDuctTape(0, COCKPIT),
     "duct tape goes on a tile that is not armor or the cockpit"),
    ("tape empty", lambda s: _pre_roll(s, "duct_tape"), UseDuctTape(0, 0),
     "duct tape goes on a tile that is not armor or the cockpit"),
    ("tape off the yard", lambda s: _pre_roll(s, "duct_tape"), UseDuctTape(0, 25),
     "duct tape goes on a tile that is not armor or the cockpit"),
    ("no crane", lambda s: _pre_roll(s, "duct_tape"), UseCrane(0, WEAPON, 0, 0),
     "your team has no crane to use"),
    ("crane strands", lambda s: _pre_roll(s, "crane"), UseCrane(0, WEAPON, 0, 0),
     "the crane cannot make that move (a tile with tokens, the cockpit, an occupied "
     "square, or something would fall off)"),
    ("dice tactic early", lambda s: _pre_roll(s, "nitro"), UseNitro(0, 0),
     "that is not a tactic used before the roll"),
    ("done with dice", lambda s: _post_roll(s, [3], "nitro"), UseNitro(1, 0),
     "you have no tactics to use on the dice now"),
    ("nitro die", lambda s: _post_roll(s, [3, 4], "nitro"), UseNitro(0, 2),
     "re-roll one of your dice, or all of them"),
    ("nitro die below", lambda s: _post_roll(s, [3, 4], "nitro"), UseNitro(0, -2),
     "re-roll one of your dice, or all of them"),
    ("nitro all of one", lambda s: _post_roll(s, [3], "nitro"), UseNitro(0, -1),
     "re-roll one of your dice, or all of them"),
    ("no nitro", lambda s: _post_roll(s, [3], "homing"), UseNitro(0, 0),
     "your team has no nitro to use"),
    ("no blank", lambda s: _post_roll(s, [3, 4], "emergency"), UseEmergency(0),
     "no die came up blank"),
    ("no emergency", lambda s: _post_roll(s, [0], "nitro"), UseEmergency(0),
     "your team has no emergency to use"),
    ("homing blank", lambda s: _post_roll(s, [0, 4], "homing"), UseHoming(0, 0, 3),
     "homing changes one die that shows a number"),
    ("homing no die", lambda s: _post_roll(s, [2, 4], "homing"), UseHoming(0, 2, 3),
     "homing changes one die that shows a number"),
    ("homing die below", lambda s: _post_roll(s, [2, 4], "homing"), UseHoming(0, -1, 3),
     "homing changes one die that shows a number"),
    ("homing same", lambda s: _post_roll(s, [2, 4], "homing"), UseHoming(0, 1, 4),
     "set the die to a different number from 1 to 5"),
    ("homing six", lambda s: _post_roll(s, [2, 4], "homing"), UseHoming(0, 1, 6),
     "set the die to a different number from 1 to 5"),
    ("homing blank face", lambda s: _post_roll(s, [2, 4], "homing"), UseHoming(0, 1, 0),
     "set the die to a different number from 1 to 5"),
    ("no homing", lambda s: _post_roll(s, [2], "nitro"), UseHoming(0, 0, 3),
     "your team has no homing to use"),
    ("roll tactic late", lambda s: _post_roll(s, [2], "nitro"), UseSabotage(0),
     "that is not a tactic used on the dice"),
    ("read first", lambda s: (_reading(s, 1, "nitro"), s.teams[0].abilities.append("homing")),
     UseHoming(0, 0, 3), "read in the dice rolled at the table first"),
    ("nothing to read", lambda s: _post_roll(s, [2], "nitro"), ReadDice(0, (3,)),
     "your team has no dice waiting to be read"),
    ("read count", lambda s: _reading(s, 2, "roll"), ReadDice(0, (3,)),
     "read exactly 2 dice, faces ascending from blank (0) to 5"),
    ("read order", lambda s: _reading(s, 2, "roll"), ReadDice(0, (4, 3)),
     "read exactly 2 dice, faces ascending from blank (0) to 5"),
    ("read six", lambda s: _reading(s, 1, "roll"), ReadDice(0, (6,)),
     "read exactly 1 dice, faces ascending from blank (0) to 5"),
    ("read emergency blank", lambda s: _reading(s, 1, "emergency"), ReadDice(0, (0,)),
     "read exactly 1 dice, faces ascending from 1 to 5"),
    ("order twice", lambda s: _order(s, [2]), OrderDice(1, (), False),
     "you have no dice to order now"),
    ("order faces", lambda s: _order(s, [2, 0, 4]), OrderDice(0, (4, 3), False),
     "order exactly the numbered dice you rolled"),
    ("order a blank", lambda s: _order(s, [2, 0, 4]), OrderDice(0, (4, 2, 0), False),
     "order exactly the numbered dice you rolled"),
    ("no dynamite", lambda s: _order(s, [2, 4]), OrderDice(0, (4, 2), True),
     "your team has no dynamite to use"),
    ("dynamite on five", lambda s: _order(s, [1, 2, 3, 4, 5], "dynamite"),
     OrderDice(0, (1, 2, 3, 4, 5), True), "dynamite is not usable when 5 dice were rolled"),
    ("dynamite on blanks", lambda s: _order(s, [0, 0], "dynamite"), OrderDice(0, (), True),
     "dynamite needs a die that shows a number"),
    ("token by attacker", _token, ChooseToken(0, 0), "you are not choosing a defense token now"),
    ("token elsewhere", lambda s: (_token(s), s.teams[1].robot.tokens.append((ARMOR,))),
     ChooseToken(1, 2), "choose a token that covers 2,3"),
]


@pytest.mark.parametrize("setup, action, reason", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_combat_refuses_with_a_plain_reason_and_changes_nothing(catalogue, setup, action,
                                                                reason):
    state = duel(catalogue)
    setup(state)
    before = state.clone()
    with pytest.raises(RuleError, match=f"^{re.escape(reason)}$"):
        engine.apply(state, action)
    assert state == before



@pytest.mark.parametrize("action, reason", [
    (PickTactic(0, 1.5), "the slot of this pick move must be a whole number"),
    (PickTactic(0, True), "the slot of this pick move must be a whole number"),
    (Steer(0, 1.0, 0), "the steer of this steer move must be a whole number"),
    (Steer(0.0, 1, 0), "the seat of this steer move must be a whole number"),
    (Steer(2, 1, 0), "a move must name a seat from 0 to 1"),
])
def test_the_engine_checks_field_types_itself(catalogue, action, reason):
    """Bots, the simulator and search call the engine without Match.play: a slot of 1.5
    passed the range check, was stored, and failed the reveal with the dials half set."""
    state = duel(catalogue)
    engine.apply(state, Steer(0, 0, 0) if isinstance(action, PickTactic) else PickTactic(0, 0))
    before = state.clone()
    with pytest.raises(RuleError, match=f"^{re.escape(reason)}$"):
        engine.apply(state, action)
    assert state == before

AGENDA_CASES = [
    ((0, 1, 2, 20), "", "say which side you bet on"),
    ((0, 1, 2, 20), "Maybe", "say which side you bet on"),
    ((0, 1, 2, 4), "Star", "you can only bet with a betting agenda"),
    ((0, 1, 2), "", "keep exactly four different agendas"),
    ((0, 1, 2, 2), "", "keep exactly four different agendas"),
    ((0, 1, 2, 4, 5), "", "keep exactly four different agendas"),
    ((0, 1, 2, 9), "", "you can only keep agendas from your hand"),
    ((4, 2, 1, 0), "", "list the kept agendas in ascending order"),
]


@pytest.mark.parametrize("keep, bet, reason", AGENDA_CASES)
def test_agenda_choices_are_refused_with_a_plain_reason(catalogue, keep, bet, reason):
    state = engine.new_state(catalogue, 4, "standard", 21)
    play_until(state, "agendas")
    state.players[0].hand = [0, 1, 2, 20, 4, 5, 6]
    before = state.clone()
    with pytest.raises(RuleError, match=f"^{re.escape(reason)}$"):
        engine.apply(state, ChooseAgendas(0, keep, bet))
    assert state == before


def test_agendas_are_chosen_once(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 21)
    play_until(state, "agendas")
    state.players[0].hand = [0, 1, 2, 3, 4, 5, 6]
    assert engine.apply(state, ChooseAgendas(0, (0, 1, 2, 3), "")) == [AgendasChosen(0)]
    assert engine.legal_actions(state, 0) == []
    with pytest.raises(RuleError, match=r"^you are not choosing agendas right now$"):
        engine.apply(state, ChooseAgendas(0, (0, 1, 2, 3), ""))
