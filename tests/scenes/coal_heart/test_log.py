"""The Coal Heart log in sentences: each kind of event worded by hand-checked examples,
another seat's bag draw told only as a count, and a whole random game's log free of
ids and raw words, in every variant."""

from __future__ import annotations

import random

import pytest

from game.rules.coal_heart import engine
from game.rules.coal_heart.events import Cubes, Hp, Note, Reshuffled, Struck
from game.rules.coal_heart.secrets import redact, view
from game.rules.core.registry import load_catalogues
from game.scenes.coal_heart.narrate import describe, describe_all
from game.ui.palette import DANGER, GOOD

CAT = load_catalogues()["coal_heart"]
NAMES = ("Ann", "Bo", "", "Di")


@pytest.fixture
def table():
    return engine.new_state(CAT, 4, "standard", 1)


@pytest.mark.parametrize(("event", "words"), [
    (Note("picked", 0, "gizmo_guru"), "Ann picks Gizmo Guru."),
    (Note("robot", 0, "gizmo_guru"), "Ann plays Gizmo Guru, starting with 1 Steel and 1 "
                                     "Plastic cubes."),
    (Note("selected", 2, "fight"), "Seat 3 selects Fight."),
    (Note("built", 1, "l_shoulder"), "Bo builds its left shoulder."),
    (Note("gear", 3, "welders_kit"), "Di takes Welder's Kit from the row."),
    (Note("attack", 0, "2 chainsaw twin_blasters"),
     "Ann attacks Seat 3 spending Chainsaw and Twin Blasters."),
    (Note("drafted", 1, "dr_constructor r_foot"), "Bo drafts Dr. Constructor's right foot."),
    (Note("round", 3, "4"), "Round 4 begins; Di holds the First Player card."),
    (Note("won", 1, ""), "Bo wins the game!"),
    (Note("ordered", 3, "r_shoulder"), "Di resolves its right shoulder's ability first."),
    (Cubes("bag", "0", "GSS"), "Ann draws 2 Steel and 1 Gold cubes from the bag."),
    (Cubes("bag", "1", "??"), "Bo draws 2 cubes from the bag."),
    (Cubes("quarry", "3", "C"), "Di takes a Coal cube from the Quarry."),
    (Cubes("2", "0", "P"), "Ann takes a Plastic cube from Seat 3."),
    (Struck(0, 1, 5), "Ann hits Bo for 5 damage."),
    (Hp(1, -5, 0, "attack"), "Bo loses 5 HP from the attack, down to 0: broken!"),
    (Hp(0, 3, 13, "spark"), "Ann gains 3 HP from the Heart's spark, up to 13."),
    (Hp(0, 0, 0, "ability"), "Ann stays broken at 0 HP (from an ability)."),
    (Hp(3, 0, 20, "repair_kit"), "Di stays at full HP (with a Repair Kit)."),
    (Reshuffled(9, ()), "The discard pile becomes the new Gear deck (9 cards, shuffled)."),
])
def test_each_event_reads_as_a_sentence(table, event, words):
    assert describe(event, table, NAMES)[0] == words


def test_damage_and_building_are_coloured_and_turns_left_out(table):
    assert describe(Hp(1, -2, 8, "attack"), table)[1] == DANGER
    assert describe(Note("built", 0, "head"), table)[1] == GOOD
    assert describe(Note("turn", 0, "mine"), table) is None


def test_a_bag_draw_is_a_count_to_the_others_and_sorted_colours_to_the_drawer(table):
    drawn = Cubes("bag", "2", "GSG")
    assert describe(redact(drawn, 2), table)[0] == "Seat 3 draws 1 Steel and 2 Gold cubes " \
                                                  "from the bag."
    for seat in (0, 1, 3):
        assert describe(redact(drawn, seat), table)[0] == "Seat 3 draws 3 cubes from the bag."


def test_a_hit_is_told_before_the_hp_it_cost(table):
    # the rules report each attack's HP loss before the Struck that sums it up
    events = [Note("attack", 0, "1"), Hp(1, -3, 9, "attack"), Struck(0, 1, 3),
              Note("attack", 2, "1"), Hp(1, -4, 5, "attack"), Hp(2, 1, 15, "ability"),
              Struck(2, 1, 4)]
    assert [text for text, _ in describe_all(events, table, NAMES)] == [
        "Ann attacks Bo.", "Ann hits Bo for 3 damage.", "Bo loses 3 HP from the attack, down to 9.",
        "Seat 3 attacks Bo.", "Seat 3 hits Bo for 4 damage.",
        "Bo loses 4 HP from the attack, down to 5.", "Seat 3 gains 1 HP from an ability, up to 15."]


@pytest.mark.parametrize(("players", "variant", "seed"), [
    (4, "standard", 3), (6, "drafting", 4), (3, "demo", 5)])
def test_a_whole_games_log_has_no_ids_in_it(players, variant, seed):
    state = engine.new_state(CAT, players, variant, seed)
    rng = random.Random(seed)
    lines = []
    while not engine.is_over(state) and state.round <= 40:
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        events = engine.apply(state, options[rng.randrange(len(options))])
        lines += describe_all([redact(e, 0) for e in events], view(state, 0))
    assert len(lines) > 50
    for text, _ in lines:
        assert "_" not in text and "?" not in text, text
        assert text[-1] in ".!" and text[0].isupper(), text
