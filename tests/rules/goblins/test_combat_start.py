"""The start of combat and of each combat round: loose tiles fall, goblins climb in,
plates put down tokens while the supply lasts, jobs swap, and the dials are revealed
with who uses a tactic before the roll first."""

from __future__ import annotations

from game.rules.goblins import combat, engine
from game.rules.goblins.actions import ChooseAgendas, PickTactic, Steer
from game.rules.goblins.events import CombatReady, CombatRound, Ready, Revealed, TilesFell
from game.rules.goblins.geometry import E, N, square
from tests.rules.goblins.helpers import duel, play_until, robot

PLATED = {"2,3": ("weapon", "S", "N"), "4,3": ("armor", "N", "NS")}
"""One weapon and an armor tile with two plates: two tokens."""


def test_loose_tiles_fall_off_when_combat_begins(catalogue):
    state = duel(catalogue)
    team = state.teams[1]
    loose = square(1, 1)
    team.robot.place(loose, team.robot.tiles[square(3, 2)], 2)
    events: list = []
    combat.begin(state, events)
    fell = [e for e in events if isinstance(e, TilesFell)]
    assert fell == [TilesFell(1, (loose,), (team.robot.scrap_tiles[0].index,), (2,))]
    assert team.robot.tiles[loose] is None and len(team.robot.scrap_tiles) == 1
    assert state.phase == "agendas"


def test_plates_put_down_tokens_until_the_supply_runs_out(catalogue):
    state = duel(catalogue)
    for team in state.teams:
        team.robot = robot(PLATED, {})
    state.token_supply = 3
    events: list = []
    combat.enter_cockpits(state, events)
    ours, theirs = state.teams
    armor = square(4, 3)
    assert len(ours.robot.tokens) == 2 and theirs.robot.tokens == [(armor,)]
    assert state.token_supply == 0
    ready = next(e for e in events if isinstance(e, CombatReady))
    assert ready == CombatReady((tuple(ours.robot.tokens), ((armor,),)), (0, 1))
    assert ours.robot.goblins == {0: 2} and theirs.robot.goblins == {1: 2}
    assert state.combat_round == 1 and state.phase == "choose"


def test_with_no_tokens_left_the_combat_still_starts(catalogue):
    state = duel(catalogue)
    state.token_supply = 0
    events: list = []
    combat.enter_cockpits(state, events)
    assert [t.robot.tokens for t in state.teams] == [[], []]
    assert any(isinstance(e, CombatRound) for e in events)


def test_each_combat_round_deals_three_cards_and_swaps_the_jobs(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 9)
    play_until(state, "agendas")
    pilots = tuple(t.pilot for t in state.teams)
    tacticians = tuple(t.tactician for t in state.teams)
    pile = list(state.tactics_pile)
    events: list = []
    for seat in engine.to_act(state):
        hand = sorted(state.players[seat].hand)
        keep = tuple(a for a in hand if not catalogue.agendas[a].bet)[:4]
        events += engine.apply(state, ChooseAgendas(seat, keep, ""))
    first = next(e for e in events if isinstance(e, CombatRound))
    assert first == CombatRound(1, tuple(pile[:3]), pilots, tacticians)
    events = []
    combat.start_combat_round(state, events)
    assert events == [CombatRound(2, tuple(pile[3:6]), tacticians, pilots)]
    assert state.combat_round == 2 and state.tactics_pile == pile[6:]


def test_the_dials_are_revealed_with_what_they_cost(catalogue):
    state = duel(catalogue)
    cards = list(state.face_up)
    assert engine.apply(state, Steer(0, 1, 3)) == [Ready(0)], "the dial stays secret"
    assert engine.apply(state, PickTactic(0, 2)) == [Ready(0)]
    assert engine.apply(state, Steer(1, 0, 2)) == [Ready(1)]
    events = engine.apply(state, PickTactic(1, 0))
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert revealed == [Revealed(0, 1, 3, 2, 3, 1, False, False, E, 2, cards[2], cards[2]),
                        Revealed(1, 0, 2, 2, 3, 1, False, True, N, 0, cards[0], cards[0])]


def _both_hold_sabotage(state, steers) -> list[int]:
    sabotage = next(c.index for c in state.catalogue.tactics if c.abilities == ("sabotage",))
    state.face_up = [sabotage] * 3
    engine.apply(state, Steer(0, *steers[0]))
    engine.apply(state, PickTactic(0, 0))
    engine.apply(state, Steer(1, *steers[1]))
    engine.apply(state, PickTactic(1, 1))
    return state.pre_roll_queue


def test_the_team_with_more_unused_engines_may_wait(catalogue):
    assert _both_hold_sabotage(duel(catalogue), ((0, 0), (1, 0))) == [1, 0]
    assert _both_hold_sabotage(duel(catalogue), ((1, 0), (0, 0))) == [0, 1]


def test_equal_unused_engines_leave_the_wait_to_a_die(catalogue):
    """Team 1 goes first on a 4, 5 or 6 of the match's die, team 0 on 1 to 3."""
    for seed in range(24):  # the die shows every face from 1 to 6 over these seeds
        state = duel(catalogue, seed)
        before = state.rng.clone()
        expected = [1, 0] if before.die() > 3 else [0, 1]
        assert _both_hold_sabotage(state, ((0, 0), (0, 0))) == expected, seed
