"""Random legal play, as properties (hypothesis picks seeds and moves, at 2, 3 and 4
players with the engine's dice and with table dice each): play never raises, 25 rockets
of each colour stay on the table, the 192 cards stay in decks, hands and discard piles,
every token stays on a spot of its own tier, a refused move changes nothing, and seed +
moves replay the match."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.blastbots import engine
from game.rules.blastbots.board import ROCKETS, TIER_OF, TIER_TOKENS
from game.rules.blastbots.state import State
from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from tests.rules.blastbots.helpers import cat

SEEDS = st.integers(0, 2**31 - 1)
EVERY_TABLE = pytest.mark.parametrize("players, dice", [
    (players, dice) for players in (2, 3, 4) for dice in ("rules", "table")])
"""Each table size with either dice option, so every run covers all six."""


def rockets(state: State) -> list[int]:
    """Every colour's rockets wherever they are."""
    return [state.factory[c] + state.pad[c] + state.atmo[c] + state.space[c]
            + sum(state.junk[s][c] for s in range(state.n)) for c in range(state.n)]


def cards(state: State) -> Counter[int]:
    """Every card in a deck, a hand or a discard pile (marked Junk-R-Bots counted)."""
    zones = (*state.decks, *state.hands, *state.piles, *state.fresh)
    counted = Counter(c for zone in zones for c in zone)
    counted[cat().index("junk_r_bot")] += state.marked
    return counted


ALL_CARDS = Counter(c for deck in cat().deck_cards for c in deck)
TIER_OF_TOKEN = {index: tier for tier, tokens in enumerate(TIER_TOKENS) for index in tokens}


def tokens_in_their_tiers(state: State) -> bool:
    """Every placed token stands on a spot of its own tier (unplaced ones are -1)."""
    return all(code == -1 or TIER_OF[code] == TIER_OF_TOKEN[index]
               for tokens in state.tokens for index, code in enumerate(tokens))


def play(players: int, seed: int, dice: str, data: st.DataObject | None = None,
         check: bool = True) -> tuple[State, list[Action]]:
    """A whole random game; with ``check`` the invariants after every move."""
    state = engine.new_state(cat(), players, "standard", seed, dice)
    moves: list[Action] = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} decides with no move ({state.stack[-1][0]})"
        index = (data.draw(st.integers(0, len(legal) - 1)) if data is not None
                 else (seed + len(moves) * 7919) % len(legal))
        engine.apply(state, legal[index])
        moves.append(legal[index])
        if check:
            assert rockets(state) == [ROCKETS] * players
            assert cards(state) == ALL_CARDS
            assert all(0 <= pad <= 5 for pad in state.pad)
            assert all(0 <= t <= 10 for t in state.totem)
            assert tokens_in_their_tiers(state)
        assert len(moves) < 5000, "a random game that does not end"
    return state, moves


@EVERY_TABLE
@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.large_base_example])  # a game is many moves
@given(seed=SEEDS, data=st.data())
def test_random_legal_play_never_raises_and_conserves_rockets_and_cards(players, dice, seed,
                                                                        data):
    state, _ = play(players, seed, dice, data=data)
    assert engine.is_over(state) and engine.to_act(state) == ()
    assert engine.winners(state) == (state.winner,) and 0 <= state.winner < players
    assert sum(engine.scores(state)) == 1
    assert state.victory in ("escape", "destruction", "impact")
    if state.victory == "impact":
        assert 0 in state.totem and len(state.points) == players
        assert engine.winners(state)[0] == max(
            range(players), key=lambda s: (state.points[s][-1], (s - state.first) % players))
    else:
        won = state.space if state.victory == "escape" else list(map(sum, state.junk))
        assert won[state.winner] >= 15


@EVERY_TABLE
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_seed_and_moves_replay_the_same_match(players, dice, seed):
    state, moves = play(players, seed, dice, check=False)
    again = engine.new_state(cat(), players, "standard", seed, dice)
    for move in moves:
        engine.apply(again, move)
    assert again == state


@EVERY_TABLE
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS, stop=st.integers(0, 400))
def test_a_refused_move_changes_nothing(players, dice, seed, stop):
    """Moves legal some time earlier, for any seat, tried now: each refused one leaves
    the state exactly as it was."""
    state = engine.new_state(cat(), players, "standard", seed, dice)
    seen: list[Action] = []
    for count in range(stop):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        seen += legal[:3]
        engine.apply(state, legal[(seed + count) % len(legal)])
    legal_now = {a for s in range(players) for a in engine.legal_actions(state, s)}
    before = copy.deepcopy(state)
    refused = 0
    for action in seen[-30:]:
        if action in legal_now:
            continue
        try:
            engine.apply(state, action)
        except RuleError as exc:
            refused += 1
            assert str(exc) and "\n" not in str(exc)
            assert state == before
        else:
            raise AssertionError(f"{action!r} was accepted but was not legal")
    if stop > 20 and not engine.is_over(state):
        assert refused > 0, "moves from earlier positions are mostly illegal now"
