"""normal's rules of thumb in small hand-made positions: the cube its cheapest part
lacks, the eleventh part at once, the hit that breaks a robot (Gear only when it makes
the break), a Force Field against a big hit only, Overload when it breaks every rival and
Mend when hurt, a broken robot going for the Heart, and its own Quarry pick after the
abilities it cannot steer. easy slips, never past a win."""

from __future__ import annotations

from game.ai.bots import make_bot
from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    HeartChoice,
    Select,
    Shield,
    Take,
    Trigger,
    UseGear,
)
from game.rules.coal_heart.vocabulary import SLOTS
from tests.rules.coal_heart.helpers import end_turns_until, start, table


def normal(state, seat=None):
    seat = engine.to_act(state)[0] if seat is None else seat
    return make_bot("coal_heart", "normal", 1).choose(engine.view(state, seat), seat)


def test_mining_takes_the_colour_its_cheapest_part_lacks():
    state = table(s0={"cubes": [1, 0, 0, 0]})  # lord_reforge: feet cost S and G
    state.quarry = [0, 1, 0, 1]
    state.supply[1] -= 1
    state.supply[3] -= 1
    start(state, 0, "mine")
    assert normal(state) == Take(0, "G")


def test_the_eleventh_part_is_built_at_once():
    state = table(s1={"built": [s for s in SLOTS if s != "r_foot"], "cubes": [0, 0, 0, 1]})
    start(state, 0, "upgrade")
    end_turns_until(state, 1)
    choice = normal(state)
    assert choice == Build(1, "r_foot", ("G",))
    engine.apply(state, choice)
    assert engine.winners(state) == (1,)


def test_a_fight_goes_for_the_robot_it_can_break():
    state = table(s0={"built": ["l_arm", "r_arm"]}, s1={"hp": 4}, s2={"hp": 12})
    start(state, 0, "fight")  # 2 arms + the perk's 2 = 4
    assert normal(state) == Attack(0, 1, ())


def test_twin_blasters_are_spent_only_when_they_make_the_break():
    state = table(s0={"built": ["l_arm", "r_arm"], "gear": ["twin_blasters"]},
                  s1={"hp": 6}, s2={"hp": 15})
    start(state, 0, "fight")
    assert normal(state) == Attack(0, 1, ("twin_blasters",))
    state = table(s0={"built": ["l_arm", "r_arm"], "gear": ["twin_blasters"]},
                  s1={"hp": 15}, s2={"hp": 15})
    start(state, 0, "fight")
    assert normal(state).gear == ()


def test_a_force_field_is_raised_against_a_big_hit_only():
    state = table(s0={"gear": ["force_field"]},
                  s1={"built": ["l_arm", "r_arm", "l_foot", "r_foot"]})
    start(state, 1, "fight")
    engine.apply(state, Attack(1, 0, ()))  # 4 + the perk's 2
    assert normal(state) == Shield(0, True)
    state = table(s0={"gear": ["force_field"]}, s1={"built": ["l_arm"]})
    start(state, 2, "fight")
    end_turns_until(state, 1)
    engine.apply(state, Attack(1, 0, ()))  # 1, no perk
    assert normal(state) == Shield(0, False)


def test_overload_when_it_breaks_every_rival_mend_when_hurt():
    state = table(s0={"hp": 12}, s1={"hp": 4}, s2={"hp": 3})
    state.heart = 0
    start(state, 0, "capture")
    assert normal(state) == HeartChoice(0, "overload")
    state = table(s0={"hp": 7}, s1={"hp": 20}, s2={"hp": 20})
    state.heart = 0
    start(state, 0, "capture")
    assert normal(state) == HeartChoice(0, "mend")


def test_a_broken_holder_selects_capture_to_recover():
    state = table(s0={"hp": 0})
    state.heart = 0
    state.first = 0
    assert normal(state) == Select(0, "capture")


def test_a_broken_robot_with_sticky_hands_takes_the_heart_before_it_selects():
    state = table(s0={"hp": 0, "gear": ["sticky_hands"]})
    state.heart = 1
    state.first = 0
    assert normal(state) == UseGear(0, "sticky_hands", "")
    engine.apply(state, UseGear(0, "sticky_hands", ""))
    assert normal(state) == Select(0, "capture")


def test_easy_slips_but_never_past_the_eleventh_part():
    choices = set()
    for seed in range(40):
        state = table(s0={"cubes": [1, 0, 0, 1]}, s1={"hp": 4}, s2={"hp": 12})
        state.first = 0
        choices.add(make_bot("coal_heart", "easy", seed).choose(engine.view(state, 0), 0))
        state = table(s1={"built": [s for s in SLOTS if s != "r_foot"],
                          "cubes": [0, 0, 0, 1]})
        start(state, 0, "upgrade")
        end_turns_until(state, 1)
        bot = make_bot("coal_heart", "easy", seed)
        assert bot.choose(engine.view(state, 1), 1) == Build(1, "r_foot", ("G",))
    assert len(choices) > 1, "easy's hex differs across seeds (a slip)"


def test_abilities_triggered_together_keep_the_quarry_pick_for_last():
    # A drafted Reforge: Esquire's chest (Mine: a random cube) and its own left leg
    # (Mine: a Quarry cube of its choice). normal draws first, so it picks knowing the
    # draw; random answers the question legally too.
    parts = dict.fromkeys(SLOTS, "lord_reforge") | {"chest": "extractor_esquire"}
    state = table(s0={"built": ["chest", "l_leg"], "parts": parts})
    state.quarry = [1, 1, 0, 0]
    start(state, 0, "mine")
    assert normal(state) == Trigger(0, "chest", "")
    for level in ("easy", "hard", "random"):
        choice = make_bot("coal_heart", level, 2).choose(engine.view(state, 0), 0)
        assert choice in engine.legal_actions(state, 0), level
