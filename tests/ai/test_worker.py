"""The bot worker process: bots think there, a failing bot is reported rather than
lost, and the process never outlives its client."""

from __future__ import annotations

import pytest

from game.ai.worker import BotCrashed, BotWorker
from game.rules.core.match import new_match

WAIT = 60.0
"""A hang guard for a spawned interpreter on a loaded machine, not a timing check."""


def _answer(worker: BotWorker):
    answer = worker.collect(WAIT)
    assert answer is not None, "the worker answered"
    return answer


def test_a_worker_answers_each_submission_with_a_legal_move():
    match = new_match("goblins", 2, "standard", 11)
    rules = match.spec.rules
    worker = BotWorker("goblins", {0: ("normal", 1), 1: ("random", 2)})
    try:
        assert worker.collect() is None, "nothing was asked"
        for _ in range(6):
            seat = rules.to_act(match.state)[0]
            worker.submit(seat, rules.view(match.state, seat))
            with pytest.raises(RuntimeError):
                worker.submit(seat, rules.view(match.state, seat))
            action = _answer(worker)
            assert action in rules.legal_actions(match.state, seat)
            match.play(action)
    finally:
        worker.close()
    assert not worker.alive


def test_a_bot_that_fails_is_reported_with_its_traceback():
    worker = BotWorker("goblins", {0: ("normal", 1), 1: ("normal", 2)})
    try:
        worker.submit(0, None)
        with pytest.raises(BotCrashed, match="Traceback"):
            worker.collect(WAIT)
        match = new_match("goblins", 2, "standard", 3)
        seat = match.spec.rules.to_act(match.state)[0]
        worker.submit(seat, match.spec.rules.view(match.state, seat))
        assert _answer(worker) in match.spec.rules.legal_actions(match.state, seat), (
            "the worker goes on after a failed decision")
    finally:
        worker.close()


def test_the_worker_leaves_when_the_client_end_of_the_pipe_closes():
    worker = BotWorker("goblins", {1: ("easy", 5)})
    worker._conn.close()
    worker._process.join(WAIT)
    assert worker._process.exitcode == 0


def test_unknown_levels_are_refused_before_any_process_starts():
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        BotWorker("goblins", {0: ("genius", 1)})
