"""Hard's token placement: planned for all its tokens at once, against the answers of
the seats that place after it, and the plans compared by playing games out. Placed a
tier at a time and judged at once (as hard used to place, and normal still does), the
first player of a duel stakes little on Battle, because nobody's Battle tokens threaten
its rockets yet; played out against the rival's answers, staking on Battle wins more."""

from __future__ import annotations

import random

import pytest

from game.ai.blastbots import opening
from game.ai.blastbots.determinise import determinise
from game.ai.blastbots.greedy import TURN_END, rank
from game.ai.blastbots.judge import read_hand
from game.ai.blastbots.worth import tables
from game.ai.bots import make_bot
from game.ai.budget import Budget
from game.rules.blastbots import engine
from game.rules.blastbots.actions import Place
from game.rules.blastbots.board import SPOTS, TIER_TOKENS
from game.rules.blastbots.grid import push_placement
from game.rules.blastbots.secrets import back
from game.rules.blastbots.state import PLACE, State
from tests.ai.blastbots.handmade import at_act
from tests.ai.blastbots.helpers import TINY, new_state

HARD = Budget(iterations=96)
"""Hard's default budget: 16 worlds for its placement."""


def at_placement(players: int, seed: int) -> State:
    """A match just after the roll for first player: nobody has placed a token."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    while state.phase != PLACE:
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        engine.apply(state, options[rng.randrange(len(options))])
    return state


def sections(moves: list[Place] | tuple[Place, ...]) -> list[int]:
    return [SPOTS[name] >> 4 for move in moves for name in move.spots]


def tier_by_tier(state: State, seat: int, rng: random.Random) -> list[Place]:
    """The old placement: each tier the judge's best at once, rivals' tokens unseen."""
    trial = state.clone()
    moves = []
    for _ in TIER_TOKENS:
        move = rank(engine.view(trial, seat), seat, rng, stop=TURN_END)[0][1]
        assert isinstance(move, Place)
        engine.apply(trial, move)
        moves.append(move)
    return moves


def test_each_split_of_a_tier_among_the_sections_is_one_option():
    for tier, count in enumerate((6, 6, 3)):
        options = opening.splits(0, tier)
        keys = {tuple(sorted(s >> 4 for s in map(SPOTS.get, p.spots))) for p in options}
        assert len(options) == len(keys) == count
        for place in options:
            numbers = [SPOTS[name] & 15 for name in place.spots]
            assert len(set(numbers)) == len(numbers)
            assert place in engine.legal_actions(_placing(tier), 0)


def _placing(tier: int) -> State:
    """Seat 0 first, with its tiers below ``tier`` placed, asked for ``tier``."""
    state = at_placement(2, 2)
    assert state.first == 0
    for below in range(tier):
        engine.apply(state, opening.splits(0, below)[0])
    return state


def test_a_hand_of_backs_reads_alike_whoever_looks():
    state = at_placement(2, 3)
    t = tables(state.cat)
    state.hands[0] = [back(0), back(0), back(1), back(2), back(2)]
    mine, seen = read_hand(state, 0, 0, t), read_hand(state, 0, 1, t)
    assert mine.builds == pytest.approx(seen.builds) and mine.builds > 0
    assert mine.wrecks == pytest.approx(seen.wrecks) and mine.wrecks > 0
    assert mine.worth == pytest.approx(seen.worth)
    assert mine.blockers == pytest.approx(seen.blockers)


def test_the_answers_of_a_duel_cover_every_battle_stake():
    state = at_placement(2, 4)
    seat = state.first
    for place, tier in zip(opening.by_stake(state, seat, deal=False)[0], range(3),
                           strict=True):
        opening._put(state, place, tier)
    answers = opening.replies(state, [1 - seat])
    assert [opening.battle_tokens(tuple(a)) for a in answers] == list(range(6))
    for answer in answers:
        assert [move.seat for move in answer] == [1 - seat] * 3
        assert [len(move.spots) for move in answer] == [2, 2, 1]


@pytest.mark.parametrize("seed", [5, 6])
def test_the_first_player_of_a_duel_stakes_on_battle_where_it_used_to_build(seed):
    state = at_placement(2, seed)
    seat = state.first
    old = tier_by_tier(state, seat, random.Random(seed))
    assert sections(old).count(0) <= 2
    new = opening.plan(engine.view(state, seat), seat, random.Random(seed), HARD)
    assert sections(new).count(0) >= 4


def test_against_the_rivals_best_answer_the_old_placement_wins_fewer_games():
    """Played out, the rival's all-Battle answer beats the old placement more often
    than hard's plan (the same worlds and dice for both)."""
    state = at_placement(2, 7)
    seat = state.first
    old = tier_by_tier(state, seat, random.Random(7))
    new = opening.plan(engine.view(state, seat), seat, random.Random(7), HARD)
    view = engine.view(state, seat)
    rng = random.Random(70)
    scores = {"old": 0.0, "new": 0.0}
    for _ in range(60):
        world = determinise(view, seat, rng)
        seed = rng.getrandbits(62)
        for name, mine in (("old", old), ("new", new)):
            trial = world.clone()
            for place, tier in zip(mine, range(3), strict=True):
                opening._put(trial, place, tier)
            answer = opening.replies(trial, [1 - seat])[5]
            scores[name] += opening.played_out(world, seat, (*mine, *answer), seed)
    assert scores["new"] > scores["old"]


def test_hard_places_its_tiers_as_one_plan_and_the_same_seed_the_same_way():
    placed = []
    start = at_placement(2, 8)
    first = start.first
    planned = opening.plan(engine.view(start, first), first, random.Random(11), HARD)
    for _ in range(2):
        state = start.clone()
        bot = make_bot("blastbots", "hard", 11)
        moves = []
        while state.phase == PLACE:
            seat = engine.to_act(state)[0]
            if seat == state.first:
                move = bot.choose(engine.view(state, seat), seat)
                moves.append(move)
            else:
                move = opening.splits(seat, state.stack[-1][2])[0]
            engine.apply(state, move)
        placed.append(moves)
        assert not bot.placing
    assert placed[0] == placed[1] == list(planned)
    assert [len(m.spots) for m in placed[0]] == [2, 2, 1]


def test_tokens_placed_again_mid_game_are_placed_legally():
    """A reallocation asks for the tokens again while they are all on the board: no
    opening to plan, an ordinary decision."""
    state = at_act(9)
    seat = state.roller
    push_placement(state, seat)
    state.legal = None
    bot = make_bot("blastbots", "hard", 4, TINY)
    for _ in TIER_TOKENS:
        move = bot.choose(engine.view(state, seat), seat)
        assert move in engine.legal_actions(state, seat)
        engine.apply(state, move)
    assert state.stack[-1][0] == "act"


def test_a_spent_clock_stops_the_plan_after_one_world(monkeypatch):
    """Every pairing of a plan and an answer is played in one world, and no more."""
    state = at_placement(2, 5)
    seat = state.first
    played = []
    real = opening.played_out

    def counted(*args: object) -> float:
        played.append(args[1])
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(opening, "played_out", counted)
    opening.plan(engine.view(state, seat), seat, random.Random(3),
                 Budget(iterations=96, seconds=0.0))
    assert len(played) == 6 * 6
