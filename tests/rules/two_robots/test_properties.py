"""Random legal play: every game ends, cards are conserved, views never leak a hand,
illegal moves change nothing, and a match replays from its seed and actions."""

from __future__ import annotations

import copy
import random

import pytest

from game.rules.core.cards import HIDDEN
from game.rules.core.errors import RuleError
from game.rules.two_robots import engine
from game.rules.two_robots.actions import CODEC, Choose, Discard, PlayPart
from game.rules.two_robots.state import State
from tests.rules.two_robots.helpers import cat, counted


def random_game(players: int, seed: int, check: bool = False) -> tuple[State, list]:
    state = engine.new_state(cat(), players, "standard", seed,
                             "random" if seed % 2 else "fixed")
    rng = random.Random(seed)
    log = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        assert options, f"seat {seat} must decide but has no option ({state.step})"
        action = rng.choice(options)
        if check:
            _check_views(state, seat, options)
        engine.apply(state, action)
        log.append(action)
        if check:
            assert counted(state) == 100
    return state, log


def _check_views(state: State, seat: int, options: list) -> None:
    for viewer in range(state.n):
        seen = engine.view(state, viewer)
        assert seen.rng is None and all(c == HIDDEN for c in seen.deck) and seen.forced == ()
        for p in seen.players:
            if p.seat != viewer:
                assert all(c == HIDDEN for c in p.hand)
                assert len(p.hand) == len(state.players[p.seat].hand)
    assert engine.legal_actions(engine.view(state, seat), seat) == options


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_conserve_cards_and_hide_hands(players):
    for seed in range(3):
        state, _ = random_game(players, seed, check=True)
        assert engine.is_over(state)
        assert max(p.turns for p in state.players) <= engine.TURN_LIMIT
        scores = engine.scores(state)
        assert sum(scores) == (1 if state.winners else 0)


def test_a_match_replays_from_seed_and_actions():
    state, log = random_game(3, 7)
    again = engine.new_state(cat(), 3, "standard", 7, "random")
    for action in log:
        engine.apply(again, CODEC.decode(action.to_dict()))
    assert again == state


def test_illegal_moves_are_refused_with_the_state_unchanged():
    state = engine.new_state(cat(), 4, "standard", 3)
    rng = random.Random(3)
    refused = 0
    for _ in range(400):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        before = copy.deepcopy(state)
        for wrong in (PlayPart((seat + 1) % 4, 0, -1), Choose(seat, 99), Discard(seat, -5),
                      PlayPart(seat, 999, 0)):
            if wrong in engine.legal_actions(state, wrong.seat):
                continue
            with pytest.raises(RuleError) as err:
                engine.apply(state, wrong)
            assert "\n" not in str(err.value) and state == before
            refused += 1
        engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    assert refused > 400


def test_views_cannot_be_played_on():
    state = engine.new_state(cat(), 2, "standard", 1)
    seen = engine.view(state, 0)
    with pytest.raises(RuleError):
        engine.apply(seen, engine.legal_actions(seen, 0)[0])


def test_a_view_hides_reveals_waiting_for_the_table():
    state = engine.new_state(cat(), 2, "standard", 1)
    state.forced = (1,)
    assert engine.view(state, 0).forced == () and state.forced == (1,)


def test_events_tell_the_story_without_hand_contents():
    state = engine.new_state(cat(), 3, "standard", 5)
    rng = random.Random(5)
    kinds = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        for event in engine.apply(state, rng.choice(engine.legal_actions(state, seat))):
            kinds.append(event.kind)
            if event.kind == "drew":
                assert set(event.to_dict()) == {"kind", "seat", "count", "reshuffled"}
    assert kinds[-1] == "game_over" and kinds.count("game_over") == 1
    assert {"turn_began", "drew", "built", "event_began", "event_done"} <= set(kinds)
    assert kinds.count("turn_began") == sum(p.turns for p in state.players) - 1
