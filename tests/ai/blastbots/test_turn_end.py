"""Hard judges every option of a turn at the same point, the next roll: a buyback that
hands the rival three Junkyard points for two rockets the Factory does not need is
not played just because, judged mid-turn, any move looks better than ending the turn.
Judged that late, a win now and a win later in the turn look alike, so a win on offer
is taken first."""

from __future__ import annotations

import random

import pytest

from game.ai.blastbots.greedy import MAIN, TURN_END, rank
from game.ai.blastbots.search import winning_now
from game.ai.bots import make_bot
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Buyback, EndTurn, Play
from game.rules.blastbots.state import State
from tests.ai.blastbots.handmade import at_act, rockets_to
from tests.ai.blastbots.helpers import TINY, empty_hands, give

BATTLE_SPOTS = [6, 8, 5, 9, 4]
"""Every token on the Battle section (spot codes: deck 0, numbers 6, 8, 5, 9, 4)."""


def _late_buyback(seed: int) -> State:
    """Two turns before Impact, the roller's hand empty and its tokens on Battle: it may
    only end its turn or buy back two of its rockets (its Factory has six) for three
    of the rival's from its Junkyard, while the rival, with 11 in Space, nears Escape."""
    state = at_act(seed)
    seat = state.roller
    rival = 1 - seat
    empty_hands(state)
    rockets_to(state, seat, atmo=3, pad=2)
    rockets_to(state, rival, atmo=2, pad=3)
    state.space[seat], state.space[rival] = 8, 11
    state.junk[seat][rival] = 3
    state.junk[rival][seat] = 6
    state.factory[seat] -= 8 + 6
    state.factory[rival] -= 11 + 3
    state.totem = [2, 2]
    state.tokens[seat] = list(BATTLE_SPOTS)
    state.legal = None
    assert {type(a) for a in engine.legal_actions(state, seat)} == {Buyback, EndTurn}
    return state


@pytest.mark.parametrize("seed", [3, 11])
def test_judged_at_the_next_roll_the_buyback_loses_to_ending_the_turn(seed):
    state = _late_buyback(seed)
    seat = state.roller
    view = engine.view(state, seat)
    mid_turn = rank(view, seat, random.Random(1), stop=MAIN)
    turn_end = rank(view, seat, random.Random(1), stop=TURN_END)
    assert isinstance(mid_turn[0][1], Buyback)
    assert isinstance(turn_end[0][1], EndTurn)
    by_kind = {type(a): worth for worth, a in turn_end}
    assert by_kind[EndTurn] - by_kind[Buyback] > 1.0


@pytest.mark.parametrize("seed", [3, 11])
def test_hard_ends_the_turn_rather_than_buy_back(seed):
    state = _late_buyback(seed)
    seat = state.roller
    action = make_bot("blastbots", "hard", 5, TINY).choose(engine.view(state, seat), seat)
    assert isinstance(action, EndTurn)


def test_a_win_on_offer_is_found_and_no_other_move_passes_for_one():
    state = at_act(7)
    seat = state.roller
    empty_hands(state)
    for card in ("mech", "teleporter"):
        give(state, seat, card)
    rockets_to(state, seat, atmo=2, pad=1)
    state.space[seat] = 13
    state.factory[seat] -= 13
    state.legal = None
    options = engine.legal_actions(state, seat)
    won = winning_now(engine.view(state, seat), seat, options)
    assert isinstance(won, Play) and state.cat.cards[won.card].id == "teleporter"
    assert won.option == "atmosphere"
    state.space[seat] = 12
    state.factory[seat] += 1
    state.legal = None
    options = engine.legal_actions(state, seat)
    assert winning_now(engine.view(state, seat), seat, options) is None
