"""The defence choice: a seat answers an attack that would cost it dearly with a
blocker, keeps a costly blocker against a petty attack, and the attacker's odds that
an attack is blocked agree with the worlds it samples."""

from __future__ import annotations

import random

import pytest

from game.ai.blastbots.defence import blockers, chance_blocked, give_answer
from game.ai.blastbots.determinise import determinise
from game.ai.bots import make_bot
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Defend, Pass, Play
from game.rules.blastbots.secrets import back
from game.rules.blastbots.state import State
from tests.ai.blastbots.handmade import at_act, rockets_to
from tests.ai.blastbots.helpers import TINY, empty_hands, give


def _attacked(seed: int, attack: str, option: str, answer: str, atmo: int) -> State:
    """The target is asked to defend against ``attack``'s ``option``, holding only
    ``answer``."""
    state = at_act(seed)
    roller = state.roller
    target = 1 - roller
    empty_hands(state)
    card = give(state, roller, attack)
    give(state, target, answer)
    rockets_to(state, target, atmo, 2)
    rockets_to(state, roller, 1, 1)
    play = next(a for a in engine.legal_actions(state, roller)
                if isinstance(a, Play) and a.card == card and a.option == option
                and a.target == target)
    engine.apply(state, play)
    assert state.stack[-1][:2] == ("defend", target)
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_kaboomer_on_a_full_atmosphere_is_blocked_with_a_mech(level):
    state = _attacked(3, "kaboomer", "atmosphere", "mech", atmo=3)
    target = state.stack[-1][1]
    action = make_bot("blastbots", level, 1, TINY).choose(engine.view(state, target), target)
    assert isinstance(action, Defend) and action.card == state.cat.index("mech")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_ram_is_kept_when_blocking_would_only_trade_one_rocket_for_another(level):
    """A Mech takes one Launchpad rocket to the attacker's Junkyard; a Ram's defence
    would send one of the target's rockets there just the same, and spend the Ram."""
    state = _attacked(4, "mech", "launchpad", "sacrificial_ram", atmo=1)
    target = state.stack[-1][1]
    action = make_bot("blastbots", level, 1, TINY).choose(engine.view(state, target), target)
    assert isinstance(action, Pass)


def test_the_odds_of_a_block_agree_with_the_sampled_worlds():
    state = at_act(5)
    seat = state.roller
    target = 1 - seat
    kaboomer = state.cat.index("kaboomer")
    rockets_to(state, target, 2, 2)
    for _ in range(3):
        give(state, target, "mech")
    seen = engine.view(state, seat)
    battle = seen.hands[target].count(back(0))
    assert battle >= 3
    odds = chance_blocked(seen, seat, target, kaboomer)
    answers = blockers(seen, target, kaboomer)
    rng = random.Random(2)
    tries = 2000
    hits = sum(any(c in answers for c in determinise(seen, seat, rng).hands[target])
               for _ in range(tries))
    assert 0.0 < odds < 1.0
    assert abs(hits / tries - odds) < 0.04, (hits / tries, odds)


def test_a_world_can_be_made_where_the_target_holds_an_answer_without_changing_the_view():
    state = at_act(6)
    seat = state.roller
    target = 1 - seat
    empty_hands(state)
    give(state, target, "agent")
    kaboomer = state.cat.index("kaboomer")
    seen = engine.view(state, seat)
    world = determinise(seen, seat, random.Random(3))
    assert give_answer(world, target, kaboomer)
    assert any(c in blockers(world, target, kaboomer) for c in world.hands[target])
    assert engine.view(world, seat) == seen
