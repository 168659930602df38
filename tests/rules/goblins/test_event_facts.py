"""The facts the log needs, carried by the rules' events without changing any outcome:
which side of a robot a hit struck, what a dice tactic changed, which card a tactician
picked (and whether both picked it), and every ability of a won card that went
unused, with the reason."""

from __future__ import annotations

import random

import pytest

from game.rules.goblins import combat, engine
from game.rules.goblins.actions import (
    EndTactics,
    OrderDice,
    PickTactic,
    ReadDice,
    Steer,
    UseNitro,
)
from game.rules.goblins.events import CardUnused, Revealed, TacticUsed
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import duel


def _rolled(catalogue, dice: list[int], *abilities: str) -> State:
    """Team 0 has rolled ``dice`` holding ``abilities``; team 1 is done with its dice."""
    state = duel(catalogue)
    state.phase = "post_roll"
    ours, theirs = state.teams
    ours.card = 5
    ours.dice, ours.abilities, ours.done_tactics = list(dice), list(abilities), False
    ours.ordered = theirs.ordered = False
    theirs.dice, theirs.done_tactics = [], True
    state.hits = []
    return state


def _unused(events) -> list[tuple[int, str, str]]:
    return [(e.team, e.ability, e.reason) for e in events if isinstance(e, CardUnused)]


def test_dice_tactics_left_at_the_end_say_whether_they_could_have_been_used(catalogue):
    state = _rolled(catalogue, [4, 2], "emergency", "homing", "nitro")
    events = engine.apply(state, EndTactics(0))
    assert _unused(events) == [(0, "emergency", "no_blank"), (0, "homing", "kept"),
                               (0, "nitro", "kept")]
    assert all(e.card == 5 for e in events if isinstance(e, CardUnused))


def test_homing_on_nothing_but_blanks_could_not_be_used(catalogue):
    state = _rolled(catalogue, [0, 0], "homing")
    assert engine.legal_actions(state, 0) == [EndTactics(0)]
    assert _unused(engine.apply(state, EndTactics(0))) == [(0, "homing", "no_number")]


def test_a_team_without_dice_could_not_use_its_dice_tactics(catalogue):
    state = duel(catalogue)
    ours = state.teams[0]
    ours.robot.tiles[7] = None  # its only weapon: no forward arrows, no dice
    ours.abilities, ours.card = ["nitro"], 3
    events: list = []
    combat.roll(state, events)
    assert _unused(events) == [(0, "nitro", "no_dice")]


def test_a_used_dice_tactic_reports_the_faces_before_and_which_dice_changed(catalogue):
    state = _rolled(catalogue, [3, 0, 5], "nitro")
    events = engine.apply(state, UseNitro(0, 1))
    used = next(e for e in events if isinstance(e, TacticUsed))
    assert (used.before, used.dice) == ((3, 0, 5), (1,))
    assert used.detail[0] == 3 and used.detail[2] == 5


@pytest.mark.parametrize("dice, reason", [([1, 2, 3, 4, 5], "five_dice"),
                                          ([0, 0], "no_number"), ([3, 0], "kept")])
def test_dynamite_not_lit_says_why(catalogue, dice, reason):
    state = duel(catalogue)
    team = state.teams[0]
    team.dice, team.abilities, team.ordered, team.card = dice, ["dynamite"], False, 7
    state.phase = "order"
    events: list = []
    combat.order(state, OrderDice(0, tuple(sorted(d for d in dice if d)), False), events)
    assert events == [CardUnused(0, 7, "dynamite", reason)]


def test_dynamite_lit_is_told_with_the_face_that_counts_twice(catalogue):
    state = duel(catalogue)
    team = state.teams[0]
    team.dice, team.abilities, team.ordered = [2, 0, 4], ["dynamite"], False
    events: list = []
    combat.order(state, OrderDice(0, (4, 2), True), events)
    assert events == [TacticUsed(0, "dynamite", (4,))]


def test_tactics_before_the_roll_left_unused_say_why(catalogue):
    state = duel(catalogue)
    state.phase, state.pre_roll_queue = "pre_roll", [0]
    state.teams[0].abilities = ["duct_tape", "sabotage"]
    state.token_supply = 0
    events = engine.apply(state, EndTactics(0))
    assert _unused(events) == [(0, "duct_tape", "no_tokens"), (0, "sabotage", "kept")]


def test_the_loser_of_a_squabble_is_told_the_card_it_picked(catalogue):
    state = duel(catalogue)
    engine.apply(state, Steer(0, 1, 2))   # costs all three engines: none unused
    engine.apply(state, PickTactic(0, 1))
    engine.apply(state, Steer(1, 0, 0))
    events = engine.apply(state, PickTactic(1, 1))
    lost, won = (next(e for e in events if isinstance(e, Revealed) and e.team == t)
                 for t in (0, 1))
    assert lost.card == -1 and lost.picked == won.card == won.picked and lost.shared
    assert won.shared


def test_different_picks_are_not_shared(catalogue):
    state = duel(catalogue)
    for seat, slot in ((0, 0), (1, 2)):
        engine.apply(state, Steer(seat, 0, 0))
        events = engine.apply(state, PickTactic(seat, slot))
    shown = [e for e in events if isinstance(e, Revealed)]
    assert [(e.picked, e.card, e.shared) for e in shown] == [
        (state.face_up[0], state.face_up[0], False), (state.face_up[2], state.face_up[2], False)]


def _random_match(catalogue, seed: int, dice: str):
    """Every event of a 4-player match played by seeded random legal moves."""
    state = engine.new_state(catalogue, 4, "standard", seed, dice=dice)
    rng = random.Random(seed)
    events: list = []
    while not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        events += engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    return events


@pytest.mark.parametrize("seed, dice", [(1, "rules"), (2, "rules"), (3, "table"), (4, "rules")])
def test_every_won_ability_is_used_or_told_unused_and_hits_name_the_targeted_side(
        catalogue, seed, dice):
    """Over whole random matches: each combat round, the abilities of each team's card
    are exactly those it used plus those reported unused; each hit strikes the side
    the other team's pilot targeted (the front after a goof)."""
    tactics = catalogue.tactics
    held: dict[int, list[str]] = {}
    targets: dict[int, int] = {}
    rounds = hits = 0
    for event in [*_random_match(catalogue, seed, dice), None]:
        if event is None or event.kind == "combat_round":
            assert all(not left for left in held.values()), held
            held, rounds = {}, rounds + 1
        elif event.kind == "revealed":
            held[event.team] = list(tactics[event.card].abilities) if event.card >= 0 else []
            targets[1 - event.team] = 0 if event.goof else event.target
        elif event.kind == "tactic_used" or event.kind == "card_unused":
            held[event.team].remove(event.ability)
        elif event.kind == "hit":
            assert event.side == targets[event.team]
            hits += 1
    assert rounds > 4 and hits > 0


def test_table_readings_of_a_reroll_carry_the_faces_before(catalogue):
    """With table dice, Nitro waits for the reading; the reading's event still says
    which die changed and what it showed before."""
    state = engine.new_state(catalogue, 2, "standard", 4, dice="table")
    rng = random.Random(4)
    while True:
        team = next((t for t in state.teams if "nitro" in t.abilities and t.dice
                     and not t.reading and not t.done_tactics and state.phase == "post_roll"),
                    None)
        if team is not None:
            break
        seat = rng.choice(engine.to_act(state))
        options = [a for a in engine.legal_actions(state, seat) if not isinstance(a, UseNitro)]
        engine.apply(state, rng.choice(options))
    before = tuple(team.dice)
    engine.apply(state, UseNitro(team.tactician, 0))
    events = engine.apply(state, ReadDice(team.tactician, (5,)))
    used = next(e for e in events if isinstance(e, TacticUsed))
    assert (used.ability, used.before, used.dice, used.detail[0]) == ("nitro", before, (0,), 5)
