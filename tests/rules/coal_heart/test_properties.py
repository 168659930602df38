"""Random legal play, as properties (hypothesis picks tables, variants, seeds and
moves): play never raises, the 60 cubes and 32 Gear cards stay on the table, parts
only ever go on, HP stays in 0..20, a refused move changes nothing, and seed + moves
replay the match."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import CODEC, End, Take
from game.rules.coal_heart.state import State
from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from tests.rules.coal_heart.helpers import cat, total_cubes

TABLES = st.tuples(st.sampled_from([3, 4, 5, 6]), st.integers(0, 2**31 - 1),
                   st.sampled_from(["standard", "drafting", "demo"]))
ALL_GEAR = Counter(cat().deck())


def gear(state: State) -> Counter[str]:
    held = Counter(state.deck + state.row + state.discard)
    for seat in state.seats:
        held.update(seat.gear)
    return held


def play(players: int, seed: int, variant: str, data: st.DataObject | None = None,
         ) -> tuple[State, list[Action]]:
    state = engine.new_state(cat(), players, variant, seed)
    moves: list[Action] = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        assert legal
        index = (data.draw(st.integers(0, len(legal) - 1)) if data is not None
                 else (seed + len(moves) * 7919) % len(legal))
        built = [list(s.built) for s in state.seats]
        engine.apply(state, legal[index])
        moves.append(legal[index])
        if state.seats and len(state.seats) == players:
            assert total_cubes(state) == [15] * 4
            assert gear(state) == ALL_GEAR or state.stage == "pick"
            assert all(0 <= s.hp <= 20 for s in state.seats)
            assert all(set(b) <= set(s.built) for b, s in zip(built, state.seats,
                                                                strict=False))
        assert len(moves) < 20_000, "a random game that does not end"
    return state, moves


@settings(max_examples=15, deadline=None)
@given(TABLES, st.data())
def test_random_play_never_raises_and_conserves_everything(table, data):
    players, seed, variant = table
    state, _ = play(players, seed, variant, data)
    assert engine.winners(state)
    assert all(0 <= w < players for w in engine.winners(state))


@settings(max_examples=10, deadline=None)
@given(TABLES)
def test_seed_and_moves_replay_the_match(table):
    players, seed, variant = table
    state, moves = play(players, seed, variant)
    again = engine.new_state(cat(), players, variant, seed)
    for move in moves:
        engine.apply(again, CODEC.decode(move.to_dict()))
    assert again == state


@settings(max_examples=10, deadline=None)
@given(TABLES, st.integers(0, 400))
def test_a_refused_move_changes_nothing(table, stop):
    players, seed, variant = table
    state = engine.new_state(cat(), players, variant, seed)
    for step in range(stop):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        engine.apply(state, legal[(seed + step) % len(legal)])
    if engine.is_over(state):
        return
    seat = engine.to_act(state)[0]
    legal = engine.legal_actions(state, seat)
    tries = [End(seat), End((seat + 1) % players), Take(seat, "S"), Take(seat, "X")]
    for action in tries:
        if action in legal:
            continue
        before = state.clone()
        try:
            engine.apply(state, action)
        except RuleError as exc:
            assert "\n" not in str(exc) and str(exc)
        else:
            raise AssertionError(f"{action} was not refused")
        assert state == before
