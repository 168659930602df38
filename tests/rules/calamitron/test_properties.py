"""Properties over random play (hypothesis picks tables, seeds, programs and choices):
nothing raises, the board conserves pieces (each id on the board, waiting outside or
removed exactly once; never two on a square, none on an open pit), the 24 Calamity cards
stay in the deck, the discards or face up, a refused move changes nothing, and seed +
moves replay the match."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.calamitron import engine, flow, program
from game.rules.calamitron.actions import Choose, Lock, Pick, Put
from game.rules.calamitron.catalogue import INSTRUCTIONS
from game.rules.calamitron.events import Entered, Picked, Removed
from game.rules.calamitron.state import State
from game.rules.core.actions import Action, Event
from game.rules.core.errors import RuleError
from tests.rules.calamitron.helpers import cat

TABLES = st.tuples(st.sampled_from([1, 2, 3, 4]), st.integers(0, 2**31 - 1),
                   st.sampled_from(["off", "on"]), st.sampled_from(["off", "on"]))


class Ledger:
    """Every piece id ever placed, and each one's removal."""

    def __init__(self, state: State) -> None:
        self.placed = set(state.pieces)
        self.removed: set[str] = set()

    def note(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, Entered | Picked):
                piece = event.piece
                assert piece not in self.placed
                self.placed.add(piece)
            elif isinstance(event, Removed):
                assert event.piece not in self.removed
                self.removed.add(event.piece)

    def check(self, state: State) -> None:
        assert set(state.pieces) | self.removed == self.placed
        assert not set(state.pieces) & self.removed
        seen = set()
        for piece in state.pieces.values():
            if state.board.on_board(piece.at):
                assert piece.at not in seen, f"two pieces on {piece.at}"
                assert not state.open_pit(piece.at), f"{piece.id} stands on an open pit"
                seen.add(piece.at)
            else:
                assert piece.is_retro and piece.at in state.board.outsides()
        assert len(state.deck) + len(state.discards) + state.catastrophes == 24
        for held in state.upgrades:
            assert len(held) <= 2
        every = [card for held in state.upgrades for card in held]
        assert len(every) == len(set(every))


def play(players: int, seed: int, boss: str, crates: str, data: st.DataObject
         ) -> tuple[State, list[Action]]:
    state = engine.new_state(cat(), players, "standard", seed, boss, crates)
    ledger = Ledger(state)
    moves: list[Action] = []
    while not engine.is_over(state):
        seat = data.draw(st.sampled_from(engine.to_act(state)))
        legal = engine.legal_actions(state, seat)
        # Lock often enough that rounds go by: random edits otherwise dominate.
        lock = Lock(seat)
        action = lock if lock in legal and data.draw(st.integers(0, 3)) == 0 else (
            data.draw(st.sampled_from(legal)))
        ledger.note(engine.apply(state, action))
        ledger.check(state)
        moves.append(action)
        assert len(moves) < 20_000, "a random game that does not end"
    return state, moves


@settings(max_examples=15, deadline=None)
@given(TABLES, st.data())
def test_random_play_never_raises_and_conserves_pieces_and_cards(table, data):
    play(*table, data)


@settings(max_examples=8, deadline=None)
@given(TABLES, st.data())
def test_seed_and_moves_replay_the_match(table, data):
    state, moves = play(*table, data)
    again = engine.new_state(cat(), table[0], "standard", table[1], table[2], table[3])
    for move in moves:
        engine.apply(again, move)
    assert again == state


@settings(max_examples=15, deadline=None)
@given(TABLES, st.data())
def test_a_refused_move_changes_nothing(table, data):
    players, seed, boss, crates = table
    state = engine.new_state(cat(), players, "standard", seed, boss, crates)
    for _ in range(data.draw(st.integers(0, 60))):
        if engine.is_over(state):
            break
        seat = data.draw(st.sampled_from(engine.to_act(state)))
        engine.apply(state, data.draw(st.sampled_from(engine.legal_actions(state, seat))))
    seat = data.draw(st.integers(0, players - 1))
    action = data.draw(st.one_of(
        st.builds(Put, st.just(seat), st.integers(-1, 8), st.sampled_from(INSTRUCTIONS)),
        st.builds(Pick, st.just(seat), st.sampled_from(["treadbot", "nanobot", "rogue"])),
        st.builds(Choose, st.just(seat), st.sampled_from(["L", "self", "V1", "Q"])),
        st.just(Lock(seat))))
    if action in engine.legal_actions(state, seat):
        return
    before = copy.deepcopy(state, {id(state.cat): state.cat})
    with pytest.raises(RuleError):
        engine.apply(state, action)
    assert state == before


WORDS = st.lists(st.sampled_from(INSTRUCTIONS), max_size=8)


@settings(max_examples=60, deadline=None)
@given(TABLES, WORDS, st.integers(0, 120), st.data())
def test_any_program_run_anywhere_never_raises(table, words, square, data):
    """Even programs no seat could lock (too long, over the limits) run safely, from any
    free square and facing."""
    players, seed, boss, crates = table
    state = engine.new_state(cat(), players, "standard", seed, boss, crates)
    for s in range(players):
        engine.apply(state, Pick(s, data.draw(st.sampled_from(["treadbot", "shotbot",
                                                                "nanobot"]))))
    free = [(r, c) for r in range(1, 13) for c in range(1, 13)
            if state.at((r, c)) is None and not state.open_pit((r, c))]
    retro = state.seat_retro(0)
    assert retro is not None
    retro.at = free[square % len(free)]
    retro.facing = data.draw(st.sampled_from("NESW"))
    ledger = Ledger(state)
    state.phase = "run"
    state.programs[0] = tuple(words)
    program.start(state, 0)
    flow.advance(state)
    ledger.note(state.log)
    state.log = []
    while state.ask is not None:
        asked = engine.legal_actions(state, state.ask[1])
        ledger.note(engine.apply(state, data.draw(st.sampled_from(asked))))
    ledger.check(state)
