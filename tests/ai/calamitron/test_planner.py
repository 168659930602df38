"""The program planner: it finds a winning push, beats random programs, stops on its
budget (play-outs or a deadline on the clock it is given) and offers the client the
same search's program (issue 17, AI)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.bots import RandomBot
from game.ai.budget import Budget
from game.ai.calamitron.levels import DEPTHS, HARD_SECONDS, make_bot, suggest
from game.ai.calamitron.planner import Depth, judge, plan, rough, world
from game.ai.calamitron.playout import play_out
from game.ai.calamitron.worth import WON
from game.rules.calamitron import engine, flow, program
from game.rules.calamitron.actions import Lock, Put
from game.rules.calamitron.state import State
from tests.ai.calamitron.helpers import programming

PIT_WIN = """board: {rows: 6, cols: 6, pits: ['3,1', '6,6'], doors: ['3,6 E']}
pieces:
  T: {kind: treadbot, at: "3,3", facing: W, seat: 1}
  A: {kind: servobot, at: "3,2", facing: S, stunned: true}
"""
"""The only Rogue is stunned (its move is standing up) between the Treadbot and a pit:
Move 1 pushes it in and the game is won."""

FIELD = """board: {rows: 6, cols: 6, pits: ['2,2', '5,5', '2,5'], doors: ['3,6 E']}
pieces:
  T: {kind: treadbot, at: "4,3", facing: N, seat: 1}
  A: {kind: rambot, at: "3,4", facing: W}
  B: {kind: rambot, at: "5,2", facing: E}
"""
"""Two Rogues that move before the program, three pits: no single obvious answer."""

CROWD = FIELD + """  U: {kind: shotbot, at: "1,1", facing: E, seat: 2}
  V: {kind: nanobot, at: "6,1", facing: N, seat: 3}
"""
"""The same field with three Retros at the table."""


def test_the_one_instruction_push_into_a_pit_is_found_and_wins():
    state = programming(PIT_WIN)
    bot = make_bot("easy", 1)
    first = bot.choose(engine.view(state, 0), 0)
    assert first == Put(0, 0, "M1")
    engine.apply(state, first)
    assert bot.choose(engine.view(state, 0), 0) == Lock(0)
    engine.apply(state, Lock(0))
    assert state.result == "won"


def _random_program(view: State, seed: int) -> tuple[str, ...]:
    """A program built by the shared RandomBot's edits until it locks."""
    state = engine.view(view, 0)
    bot = RandomBot("calamitron", seed)
    while True:
        action = bot.choose(state, 0)
        if action.kind == "lock":
            return state.programs[0]
        flow.carry_out(state, action)


def test_hard_beats_random_programs_in_the_same_world():
    view = engine.view(programming(FIELD), 0)
    chosen = plan(view, 0, random.Random(4), DEPTHS["hard"])
    same = world(view, 0, random.Random(4))
    randoms = [judge(play_out(same, 0, _random_program(view, s), True), 0, True)
               for s in range(30)]
    assert not program.seat_faults(same, 0, chosen.words)
    assert chosen.score == judge(play_out(same, 0, chosen.words, True), 0, True)
    assert chosen.score >= max(randoms) > min(randoms)


def test_the_search_stops_when_its_play_outs_are_spent():
    view = engine.view(programming(FIELD), 0)
    cut = plan(view, 0, random.Random(1), Depth(16, 7, 25, True))
    whole = plan(view, 0, random.Random(1), Depth(16, 7, 10_000, True))
    assert cut.plays == 25 and not cut.finished
    assert whole.finished and whole.plays > 25 and whole.score >= cut.score


def test_the_search_stops_at_the_deadline_with_its_best_answer_so_far():
    view = engine.view(programming(FIELD), 0)
    ticks = iter(range(1000))
    cut = plan(view, 0, random.Random(1), DEPTHS["hard"], deadline=10,
               clock=lambda: next(ticks))
    assert not cut.finished and cut.plays == 1 + 10
    """The empty program's play-out, then one per clock tick before the deadline."""
    assert not program.seat_faults(world(view, 0, random.Random(1)), 0, cut.words)


def test_a_seconds_budget_puts_a_deadline_on_the_given_clock():
    view = engine.view(programming(FIELD), 0)
    bot = make_bot("hard", 1, Budget(iterations=10_000, seconds=5))
    now = [100.0]

    def clock() -> float:
        now[0] += 1
        return now[0]

    bot.clock = clock
    bot.program(view, 0)
    assert now[0] == 101 + 5
    """The first read (101) sets the deadline 5 later; the search stops at the read that
    reaches it and reads no more."""


def test_suggest_offers_hard_s_program():
    view = engine.view(programming(FIELD), 0)
    budget = Budget(iterations=200)
    hint = suggest(view, 0, budget)
    assert hint == make_bot("hard", 0, budget).program(view, 0)
    assert hint and not program.seat_faults(view, 0, hint)
    assert suggest(engine.view(programming(PIT_WIN), 0), 0, budget)[0] == "M1"


def _half_second_clock() -> tuple[list[float], Callable[[], float]]:
    """A fake CPU clock that moves half a second at each read, and its reading."""
    now = [0.0]

    def clock() -> float:
        now[0] += 0.5
        return now[0]

    return now, clock


def test_hard_without_budget_seconds_stops_at_its_own_cpu_allowance():
    view = engine.view(programming(FIELD), 0)
    for budget in (None, Budget(iterations=10_000)):
        bot = make_bot("hard", 1, budget)
        now, bot.clock = _half_second_clock()
        bot.program(view, 0)
        assert HARD_SECONDS == 1.8 and now[0] == 2.5
        """Read at 0.5 (deadline 2.3), then one read per play-out until 2.5 >= 2.3."""
    assert make_bot("hard", 1, Budget(iterations=10, seconds=5)).seconds == 5


def test_blur_is_a_seeded_error_that_still_sees_a_won_game():
    view = engine.view(programming(FIELD), 0)
    blurred = Depth(4, 7, 400, True, blur=DEPTHS["normal"].blur)
    sharp = Depth(4, 7, 400, True)
    assert DEPTHS["normal"].spread(1) > 0
    one = plan(view, 0, random.Random(7), blurred)
    assert one == plan(view, 0, random.Random(7), blurred)
    same = world(view, 0, random.Random(7))
    exact = judge(play_out(same, 0, one.words, True), 0, False)
    assert one.score != exact
    """The score the search kept is the blurred one, not the play-out's worth."""
    rng = random.Random(3)
    assert rough(12.5, sharp.spread(4), rng) == 12.5 and rng.random() == random.Random(3).random()
    """No blur draws no number: hard and easy consume their seed as before."""
    for seed in range(5):
        pit_win = engine.view(programming(PIT_WIN), 0)
        won = plan(pit_win, 0, random.Random(seed), blurred)
        assert won.score > WON / 2
        assert play_out(pit_win, 0, won.words, True).result == "won"


def test_normal_judges_rougher_at_a_table_of_more_than_two_retros():
    normal = DEPTHS["normal"]
    assert normal.spread(1) == normal.spread(2) > 0
    assert normal.spread(2) < normal.spread(3) < normal.spread(4)
    assert all(DEPTHS[level].spread(n) == 0 for level in ("easy", "hard") for n in (1, 4))
    view = engine.view(programming(CROWD), 0)
    assert view.n == 3
    crowded = plan(view, 0, random.Random(7), normal)
    fixed = Depth(4, 7, 400, True, blur=(normal.spread(3),))
    assert crowded == plan(view, 0, random.Random(7), fixed)
    """At three seats normal draws its errors with the three-seat spread ..."""
    one_or_two = plan(view, 0, random.Random(7), Depth(4, 7, 400, True,
                                                         blur=(normal.spread(2),)))
    assert crowded.score != one_or_two.score
    """... not the spread it uses at one or two."""
