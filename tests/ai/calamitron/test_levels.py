"""Every Calamitron level answers every decision kind with a legal action, and the
searching levels are reproducible from their seed (issue 17, AI)."""

from __future__ import annotations

from functools import cache

import pytest

from game.ai.bots import LEVELS, make_bot
from game.ai.budget import Budget
from game.rules.calamitron import engine
from game.rules.calamitron.state import State
from game.rules.core.registry import bundled_catalogue
from tests.ai.calamitron.helpers import KINDS, decisions


@cache
def _views() -> dict[str, tuple[State, int]]:
    return decisions(4, range(1, 60))


def test_random_play_meets_every_decision_kind():
    assert sorted(_views()) == sorted(KINDS)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_level_answers_every_decision_legally(level, kind):
    view, seat = _views()[kind]
    bot = make_bot("calamitron", level, 3, Budget(iterations=40))
    action = bot.choose(view, seat)
    assert action in engine.legal_actions(view, seat)


def _game(level: str, seed: int, moves: int) -> list:
    state = engine.new_state(bundled_catalogue("calamitron"), 2, "standard", 11)
    bots = [make_bot("calamitron", level, seed + s, Budget(iterations=60)) for s in range(2)]
    played = []
    while len(played) < moves and not engine.is_over(state):
        seat = engine.to_act(state)[0]
        action = bots[seat].choose(engine.view(state, seat), seat)
        engine.apply(state, action)
        played.append(action)
    return played


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_seed_fixes_every_move(level):
    assert _game(level, 5, 40) == _game(level, 5, 40)


def test_a_planning_bot_builds_its_program_by_edits_then_locks():
    played = _game("normal", 1, 40)
    kinds = [a.kind for a in played]
    assert "put" in kinds and "lock" in kinds
    first_lock = kinds.index("lock")
    assert set(kinds[2:first_lock]) <= {"put"}
