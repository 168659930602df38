"""Tactics on rolled dice (Nitro, Emergency, Homing): what each offers, which dice it
changes, what it draws from the match RNG, the event it reports, and when the team is
done with its dice."""

from __future__ import annotations

from game.rules.core.rng import Rng
from game.rules.goblins import engine
from game.rules.goblins.actions import EndTactics, UseEmergency, UseHoming, UseNitro
from game.rules.goblins.events import TacticUsed
from game.rules.goblins.state import State
from tests.rules.goblins.helpers import duel


def _rolled(catalogue, dice: list[int], *abilities: str) -> State:
    """Team 0 has rolled ``dice`` and holds ``abilities``; team 1 has no dice."""
    state = duel(catalogue)
    state.phase = "post_roll"
    ours, theirs = state.teams
    ours.dice, ours.abilities, ours.done_tactics = list(dice), list(abilities), False
    ours.ordered = theirs.ordered = False
    theirs.dice, theirs.done_tactics = [], True
    state.hits = []
    return state


def _faces(rng: Rng, count: int) -> list[int]:
    """The next ``count`` rules faces from a copy of the match RNG (6 is the blank)."""
    return [0 if face == 6 else face for face in (rng.die() for _ in range(count))]


def test_each_dice_tactic_offers_its_moves(catalogue):
    state = _rolled(catalogue, [3, 0, 5], "nitro", "emergency", "homing")
    homing = [UseHoming(0, die, face) for die, shown in ((0, 3), (2, 5))
              for face in range(1, 6) if face != shown]
    assert engine.legal_actions(state, 0) == [
        UseNitro(0, 0), UseNitro(0, 1), UseNitro(0, 2), UseNitro(0, -1), UseEmergency(0),
        *homing, EndTactics(0)]
    assert engine.legal_actions(state, 1) == []


def test_two_dice_can_be_rerolled_one_at_a_time_or_both(catalogue):
    state = _rolled(catalogue, [4, 2], "nitro")
    assert engine.legal_actions(state, 0) == [UseNitro(0, 0), UseNitro(0, 1), UseNitro(0, -1),
                                              EndTactics(0)]


def test_one_die_cannot_be_rerolled_as_all_and_no_blank_needs_no_emergency(catalogue):
    state = _rolled(catalogue, [4], "nitro", "emergency")
    assert engine.legal_actions(state, 0) == [UseNitro(0, 0), EndTactics(0)]


def test_nitro_rerolls_one_die_from_the_match_rng(catalogue):
    state = _rolled(catalogue, [3, 0, 5], "nitro")
    rng = state.rng.clone()
    expected = (3, _faces(rng, 1)[0], 5)
    events = engine.apply(state, UseNitro(0, 1))
    assert TacticUsed(0, "nitro", expected, (3, 0, 5), (1,)) in events
    assert state.rng == rng, "one die, one draw"
    assert "nitro" not in state.teams[0].abilities


def test_nitro_can_reroll_every_die(catalogue):
    state = _rolled(catalogue, [3, 0, 5], "nitro", "homing")
    expected = _faces(state.rng.clone(), 3)
    events = engine.apply(state, UseNitro(0, -1))
    assert TacticUsed(0, "nitro", tuple(expected), (3, 0, 5), (0, 1, 2)) in events
    team = state.teams[0]
    assert team.abilities == ["homing"]
    assert state.phase == "post_roll" and not team.done_tactics, "homing is still to use"


def test_emergency_rerolls_each_blank_until_it_shows_a_number(catalogue):
    state = _rolled(catalogue, [0, 4, 0], "emergency")
    rng = state.rng.clone()
    expected = []
    for face in (0, 4, 0):
        while face == 0:
            face = _faces(rng, 1)[0]
        expected.append(face)
    events = engine.apply(state, UseEmergency(0))
    assert TacticUsed(0, "emergency", tuple(expected), (0, 4, 0), (0, 2)) in events
    assert state.rng == rng, "only the blanks drew from the RNG"
    assert state.teams[0].done_tactics and state.phase != "post_roll"


def test_homing_sets_one_die_and_the_team_is_done(catalogue):
    state = _rolled(catalogue, [2, 0], "homing")
    rng = state.rng.clone()
    events = engine.apply(state, UseHoming(0, 0, 5))
    assert TacticUsed(0, "homing", (5, 0), (2, 0), (0,)) in events
    assert state.rng == rng, "homing draws nothing"
    assert state.teams[0].abilities == [] and state.phase != "post_roll"


def test_ending_tactics_keeps_the_dice_and_the_ability(catalogue):
    state = _rolled(catalogue, [2, 3], "nitro")
    state.teams[1].ordered = True
    engine.apply(state, EndTactics(0))
    assert state.teams[0].done_tactics and state.teams[0].abilities == ["nitro"]
    assert state.phase == "order"
