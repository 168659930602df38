"""Combat in the match engine: agendas, dials and reveal, tactics order, dice, token
choices, the end of combat and the next round."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.rules.core.errors import RuleError
from game.rules.goblins import combat, engine
from game.rules.goblins.actions import (
    ChooseAgendas,
    ChooseToken,
    EndTactics,
    OrderDice,
    PickTactic,
    Steer,
    UseCrane,
    UseSabotage,
    VotePlayOff,
)
from game.rules.goblins.events import CombatEnded, Hit, Revealed, RoundStarted, Scored
from game.rules.goblins.geometry import COCKPIT, E, N, S, W, square
from tests.rules.goblins.helpers import play_until, robot


def _card(catalogue, *abilities):
    return next(c.index for c in catalogue.tactics if c.abilities == abilities)


@pytest.fixture
def duel(catalogue):
    """A 2-player match at the first combat choice, with known robots."""
    state = engine.new_state(catalogue, 2, "standard", 11)
    play_until(state, "choose")
    shape = {"2,3": ("weapon", "S", "N"), "3,2": ("engine", "NESW"),
             "3,4": ("engine", "NESW"), "4,3": ("armor", "N", "E")}
    for team in state.teams:
        team.robot = robot(shape, {team.seats[0]: 2})
        assert team.pilot == team.tactician == team.seats[0]
    return state


def test_agenda_choice_keeps_four_and_needs_a_bet_side(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 21)
    play_until(state, "agendas")
    player = state.players[0]
    betting = next(a.index for a in catalogue.agendas if a.type == "betting")
    player.hand = [0, 1, 2, betting, 4, 5, 6]
    keep = tuple(sorted([0, 1, 2, betting]))
    before = state.clone()
    for bad in (ChooseAgendas(0, keep, ""), ChooseAgendas(0, keep, "Maybe"),
                ChooseAgendas(0, (0, 1, 2), ""), ChooseAgendas(0, (0, 1, 2, 9), ""),
                ChooseAgendas(0, (0, 1, 2, 4), "Star"), ChooseAgendas(0, (4, 2, 1, 0), "")):
        with pytest.raises(RuleError):
            engine.apply(state, bad)
        assert state == before
    options = engine.legal_actions(state, 0)
    assert len(options) == 35 + 20  # C(7,4), and the 20 with the bet have two sides
    engine.apply(state, ChooseAgendas(0, keep, "Snitch"))
    assert state.players[0].agendas == list(keep) and state.players[0].bet == "Snitch"
    assert 0 not in engine.to_act(state)


def test_reveal_turns_spends_engines_and_squabbles(duel, catalogue):
    state = duel
    assert state.teams[0].robot.engines() == 3
    engine.apply(state, Steer(0, 1, 2))   # turn right (1) and target the back (2)
    engine.apply(state, PickTactic(0, 1))
    engine.apply(state, Steer(1, 0, 0))   # no turn: overheats
    events = engine.apply(state, PickTactic(1, 1))
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert [(r.cost, r.unused, r.overheat, r.front) for r in revealed] == [
        (3, 0, False, E), (0, 3, True, N)]
    assert state.teams[0].card == -1, "same card, fewer unused engines: no card"
    assert state.teams[1].card == state.face_up[1]


def test_a_pilot_who_also_plans_sets_both_dials(duel):
    """In a duel one seat is pilot and tactician: its choice is every steering and
    targeting pair plus every face-up card; the other seat is asked the same."""
    steers = [Steer(0, s, t) for s in range(4) for t in range(4)]
    assert engine.legal_actions(duel, 0) == [*steers, *(PickTactic(0, i) for i in range(3))]
    engine.apply(duel, PickTactic(0, 2))
    assert engine.legal_actions(duel, 0) == steers


def test_goof_uses_every_engine_and_targets_the_front(duel):
    state = duel
    engine.apply(state, Steer(0, 2, 2))  # cost 4 > 3 engines
    engine.apply(state, PickTactic(0, 0))
    engine.apply(state, Steer(1, 1, 0))
    events = engine.apply(state, PickTactic(1, 2))
    first = next(e for e in events if isinstance(e, Revealed) and e.team == 0)
    assert (first.goof, first.unused, first.overheat, first.front) == (True, 0, True, N)
    assert state.teams[0].target == 0


def _to_pre_roll(state, catalogue, cards, unused_choice):
    state.face_up = cards
    engine.apply(state, Steer(0, *unused_choice[0]))
    engine.apply(state, PickTactic(0, 0))
    engine.apply(state, Steer(1, *unused_choice[1]))
    engine.apply(state, PickTactic(1, 1))


def test_more_unused_engines_may_wait_before_the_roll(duel, catalogue):
    state = duel
    sab = _card(catalogue, "sabotage")
    crane = _card(catalogue, "crane")
    _to_pre_roll(state, catalogue, [sab, crane, sab], ((1, 0), (0, 0)))
    assert state.phase == "pre_roll"
    assert engine.to_act(state) == (0,), "team 0 has 2 unused, team 1 has 3: 0 acts first"
    with pytest.raises(RuleError, match="not your turn"):
        engine.apply(state, EndTactics(1))
    engine.apply(state, UseSabotage(0))
    assert state.teams[0].sabotage and engine.to_act(state) == (1,)
    moves = [a for a in engine.legal_actions(state, 1) if isinstance(a, UseCrane)]
    assert moves
    move = moves[-1]
    lifted = state.teams[1].robot.tiles[move.source]
    events = engine.apply(state, move)
    assert state.teams[1].robot.tiles[move.square] is lifted
    assert state.teams[1].robot.rots[move.square] == move.rot
    assert state.phase != "pre_roll", "no pre-roll ability left, so the dice were rolled"
    assert any(e.kind == "dice_rolled" for e in events)


def test_equal_unused_engines_roll_for_who_waits(catalogue):
    orders = set()
    for seed in range(12):
        state = engine.new_state(catalogue, 2, "standard", seed)
        play_until(state, "choose")
        shape = {"2,3": ("weapon", "S", "N")}
        for team in state.teams:
            team.robot = robot(shape, {team.seats[0]: 2})
        sab = _card(catalogue, "sabotage")
        _to_pre_roll(state, catalogue, [sab, sab, sab], ((0, 0), (0, 0)))
        orders.add(tuple(state.pre_roll_queue))
    assert orders == {(0, 1), (1, 0)}


def test_token_choice_is_asked_when_tokens_differ(duel, catalogue):
    state = duel
    state.phase = "hits"
    target = state.teams[1].robot
    a, b = square(1, 3), square(2, 3)
    target.place(a, target.tiles[b], 0)
    target.tokens = [(a, b), (a,)]
    attacker = state.teams[0]
    attacker.target, attacker.dice = 0, [3]
    combat.queue_hits(state)
    combat.resolve_hits(state, [])
    assert state.phase == "token"
    assert engine.to_act(state) == (1,)
    assert engine.legal_actions(state, 1) == [ChooseToken(1, 1), ChooseToken(1, 0)]
    assert engine.legal_actions(state, 0) == [], "only the defending pilot chooses"
    with pytest.raises(RuleError):
        engine.apply(state, ChooseToken(0, 0))
    events = engine.apply(state, ChooseToken(1, 0))
    assert target.tokens == [(a,)]
    assert Hit(1, N, 3, a, "token", token=0) in events, "the event names the token spent"


@pytest.mark.parametrize("tokens", [[(7,)], [(7,), (7,)], [(7, 8), (7, 8)]])
def test_a_token_is_removed_without_asking_when_the_choices_are_alike(duel, tokens):
    """The defending pilot is asked only when tokens on the hit tile cover different
    squares; one token, or several alike, leave nothing to choose."""
    state = duel
    state.phase = "hits"
    target = state.teams[1].robot
    if any(len(t) == 2 for t in tokens):
        target.place(square(2, 4), target.tiles[square(2, 3)], 0)
    target.tokens = list(tokens)
    state.teams[0].target, state.teams[0].dice = 0, [3]
    state.teams[1].dice = []
    combat.queue_hits(state)
    events: list = []
    combat.resolve_hits(state, events)
    assert state.phase == "hits" and not state.hits
    assert engine.legal_actions(state, 1) == []
    assert [e for e in events if isinstance(e, Hit)] == [Hit(1, N, 3, 7, "token", token=0)]
    assert len(target.tokens) == len(tokens) - 1 and target.scrap_tokens == 1


SIDE_EDGES = {N: (N, E, S, W), E: (E, S, W, N), S: (S, W, N, E), W: (W, N, E, S)}
"""The yard edge of each side (front, right, back, left) of a robot facing each edge."""


@pytest.mark.parametrize("front", [N, E, S, W])
@pytest.mark.parametrize("dial", [0, 1, 2, 3])
def test_the_target_dial_names_the_enemy_side_after_it_turned(duel, front, dial):
    """Right is clockwise from the robot's front and left anticlockwise, whichever way
    the enemy now faces."""
    state = duel
    state.teams[1].robot.front = front
    state.teams[0].target, state.teams[0].dice = dial, [1, 0, 4]
    state.teams[1].dice = []
    combat.queue_hits(state)
    edge = SIDE_EDGES[front][dial]
    assert state.hits == [(1, edge, 1), (1, edge, 4)]


def test_targeting_the_right_side_of_a_robot_that_turned_right(duel):
    """Through the dials: the enemy turns right (front E), so its right side is yard
    edge S, and the hit climbs column 3 from the south."""
    state = duel
    engine.apply(state, Steer(0, 1, 1))
    engine.apply(state, PickTactic(0, 0))
    engine.apply(state, Steer(1, 1, 0))
    engine.apply(state, PickTactic(1, 1))
    assert state.teams[1].robot.front == E and state.teams[0].target == 1
    state.teams[0].dice, state.teams[1].dice = [3], []
    state.phase = "hits"
    combat.queue_hits(state)
    events: list = []
    combat.resolve_hits(state, events)
    hit = next(e for e in events if isinstance(e, Hit))
    assert (hit.team, hit.edge, hit.face, hit.square) == (1, S, 3, square(4, 3))


def test_dice_order_and_dynamite(duel, catalogue):
    state = duel
    team = state.teams[0]
    team.dice, team.abilities, team.ordered = [2, 0, 2, 4], ["dynamite"], False
    state.teams[1].ordered = True
    state.phase = "order"
    options = engine.legal_actions(state, 0)
    assert {o.order for o in options} == {(2, 2, 4), (2, 4, 2), (4, 2, 2)}
    assert {o.dynamite for o in options} == {False, True}
    with pytest.raises(RuleError):
        engine.apply(state.clone(), OrderDice(0, (2, 4), False))
    combat.order(state, OrderDice(0, (4, 2, 2), True), [])
    assert team.dice[:4] == [4, 4, 2, 2]
    team.dice, team.abilities, team.ordered = [1, 2, 3, 4, 5], ["dynamite"], False
    assert not any(o.dynamite for o in engine.legal_actions(state, 0))


@pytest.mark.parametrize("dice, abilities, reason", [
    ([1, 2, 3, 4, 0], ["dynamite"], "not usable when 5 dice were rolled"),
    ([0, 0], ["dynamite"], "needs a die that shows a number"),
    ([3, 2], ["nitro"], "has no dynamite"),
])
def test_refused_dynamite_says_why(duel, dice, abilities, reason):
    team = duel.teams[0]
    team.dice, team.abilities, team.ordered = dice, abilities, False
    duel.phase = "order"
    numbered = tuple(d for d in dice if d)
    with pytest.raises(RuleError, match=reason):
        combat.order(duel, OrderDice(0, numbered, True), [])
    assert team.dice == dice and not team.ordered


def test_ordered_dice_keep_their_blanks_at_the_end(duel):
    state = duel
    team = state.teams[0]
    team.dice, team.abilities, team.ordered = [2, 0, 2, 4], ["dynamite"], False
    combat.order(state, OrderDice(0, (4, 2, 2), False), [])
    assert team.dice == [4, 2, 2, 0] and team.abilities == ["dynamite"]
    team.dice, team.ordered = [2, 0, 4], False
    combat.order(state, OrderDice(0, (2, 4), True), [])
    assert team.dice == [2, 2, 4, 0] and team.abilities == []


def test_each_tactician_orders_its_own_teams_dice(duel):
    state = duel
    state.phase = "order"
    ours, theirs = state.teams
    ours.dice, ours.ordered = [1], True
    theirs.dice, theirs.abilities, theirs.ordered = [3, 5], [], False
    assert engine.to_act(state) == (1,)
    assert engine.legal_actions(state, 1) == [OrderDice(1, (3, 5), False),
                                              OrderDice(1, (5, 3), False)]
    assert engine.legal_actions(state, 0) == []


def _after_dice_tactics(state, dice: list[int], abilities: list[str]) -> list:
    """Team 0 ends its dice tactics with ``dice``; team 1 rolled nothing."""
    state.phase = "post_roll"
    ours, theirs = state.teams
    ours.dice, ours.abilities, ours.done_tactics, ours.ordered = dice, abilities, False, False
    theirs.dice, theirs.done_tactics, theirs.ordered = [], True, False
    ours.target = 0
    return engine.apply(state, EndTactics(0))


def test_dice_with_one_possible_order_are_not_asked_about(duel):
    """One numbered die (blanks aside) and no dynamite: the hits land at once."""
    events = _after_dice_tactics(duel, [0, 2, 0], [])
    assert [(e.team, e.edge, e.face, e.square) for e in events if isinstance(e, Hit)] == [
        (1, N, 2, square(3, 2))]
    assert duel.phase == "choose" and duel.combat_round == 2


def test_dynamite_or_a_second_order_is_a_decision(duel):
    _after_dice_tactics(duel, [3], ["dynamite"])
    assert duel.phase == "order" and engine.to_act(duel) == (0,)
    assert engine.legal_actions(duel, 0) == [OrderDice(0, (3,), False),
                                             OrderDice(0, (3,), True)]


def test_disabled_robot_ends_combat_and_next_round_starts(duel, catalogue):
    state = duel
    state.teams[1].robot.goblins = {1: 1}
    state.phase = "hits"
    state.teams[0].target, state.teams[0].dice = 0, [3, 3]
    state.teams[1].dice = []
    state.teams[1].robot.tiles[square(2, 3)] = None
    state.teams[1].robot.metal[square(2, 3)] = 0
    events = []
    combat.queue_hits(state)
    engine._advance(state, events)
    ended = next(e for e in events if isinstance(e, CombatEnded))
    assert ended.disabled == (False, True) and ended.winner == 0
    scored = {e.seat: e for e in events if isinstance(e, Scored)}
    assert ("win", 4, "2 own goblins x2") in scored[0].lines
    assert state.players[0].score == scored[0].total
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.round == 2 and state.round == 2 and state.phase == "build"
    assert state.starter == 1 or state.players[1].score == state.players[0].score
    assert len(state.bag) == 60 - 10


def test_combat_lasts_at_most_four_rounds_and_jobs_swap(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 33)
    play_until(state, "choose")
    pilots = []
    while state.round == 1:
        if state.phase == "choose" and (not pilots or pilots[-1][0] != state.combat_round):
            pilots.append((state.combat_round, state.teams[0].pilot))
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        safe = [a for a in options if isinstance(a, Steer) and a.steer == 0 and a.target == 0]
        engine.apply(state, safe[0] if safe else options[0])
    assert len(pilots) <= 4
    assert all(a[1] != b[1] for a, b in pairwise(pilots))


def test_hits_from_the_south_climb_the_column(duel):
    target = duel.teams[1].robot
    assert target.target(S, 3) == square(4, 3)
    assert target.target(N, 3) == square(2, 3)
    assert target.target(N, 1) == -1
    target.tiles[square(2, 3)] = None
    assert target.target(N, 3) == COCKPIT


def test_reaching_fifty_flips_the_promotion_card(duel):
    state = duel
    state.players[0].score = 48
    state.teams[1].robot.goblins = {1: 0}
    state.teams[0].dice = state.teams[1].dice = []
    state.phase = "hits"
    events = []
    engine._advance(state, events)
    player = state.players[0]
    assert player.score >= 50 and player.promoted and player.track == player.score - 50
    assert [e.seat for e in events if e.kind == "promoted"] == [0]


def _tied_finish(catalogue, variant: str):
    """A match at its last check of robots with seats 0 and 1 tied for first."""
    state = engine.new_state(catalogue, 2, variant, 5)
    play_until(state, "choose")
    state.round = state.rounds
    state.combat_round = 4
    for player in state.players:
        player.score, player.agendas, player.bet = 10, [], ""
        if variant == "full":
            player.deck = []  # three real rounds deal all 21 agendas
    for team in state.teams:
        team.robot.goblins = {team.seats[0]: 0}
        team.robot.scrap_tiles, team.robot.scrap_tokens, team.robot.scrap_goblins = [], 0, 2
        team.dice = []
    state.phase = "hits"
    return state


def test_a_tie_can_be_settled_by_an_extra_round_if_all_tied_agree(catalogue):
    state = _tied_finish(catalogue, "standard")
    engine._advance(state, [])
    assert state.phase == "playoff" and engine.to_act(state) == (0, 1)
    assert engine.legal_actions(state, 0) == [VotePlayOff(0, True), VotePlayOff(0, False)]
    engine.apply(state, VotePlayOff(0, True))
    with pytest.raises(RuleError):
        engine.apply(state, VotePlayOff(0, False))
    events = engine.apply(state, VotePlayOff(1, True))
    assert state.round == 3 and state.rounds == 3 and state.phase == "build"
    assert any(isinstance(e, RoundStarted) for e in events)


def test_a_tie_stands_when_anyone_declines_or_no_agendas_remain(catalogue):
    state = _tied_finish(catalogue, "standard")
    engine._advance(state, [])
    engine.apply(state, VotePlayOff(1, False))
    engine.apply(state, VotePlayOff(0, True))
    assert state.phase == "over" and state.winners == (0, 1)
    full = _tied_finish(catalogue, "full")
    engine._advance(full, [])
    assert full.phase == "over" and full.winners == (0, 1), "full uses every agenda"
