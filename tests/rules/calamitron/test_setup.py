"""A new match: the Rogue cards in play, the placing queue on the starts, the piece ids,
the shuffled Calamity deck and the empty per-seat records (RULES-DECISIONS.md, Seats
and setup; Cards)."""

from __future__ import annotations

from collections import Counter

from game.rules.calamitron import setup
from game.rules.core.rng import Rng
from tests.rules.calamitron.helpers import cat


def test_the_placing_queue_puts_boss_and_minion_first_then_seat_types_three_times():
    assert setup.placing_queue(cat(), ("rambot", "visebot"), True) == [
        "bossbot", "minionbot", "rambot", "visebot", "rambot", "visebot", "rambot", "visebot"]
    assert setup.placing_queue(cat(), ("rambot",), False) == ["rambot"] * 3


def test_the_seed_shuffles_the_rogue_cards_and_one_goes_to_each_seat():
    cards = list(cat().ordinary)
    Rng(12).shuffle(cards)
    state = setup.new_state(cat(), 3, 12, False, True)
    assert state.in_play == tuple(cards[:3])
    assert setup.new_state(cat(), 3, 12, False, True, dealt=("flamebot",)).in_play == (
        "flamebot",)


def test_pieces_get_ids_by_type_and_crates_by_square_order():
    state = setup.new_state(cat(), 2, 4, True, True, dealt=("rambot", "servobot"))
    c = cat()
    where = {pid: (p.kind, p.at, p.facing) for pid, p in state.pieces.items()}
    assert where == {
        "bossbot": ("bossbot", *c.starts[0]), "minionbot": ("minionbot", *c.starts[1]),
        "rambot1": ("rambot", *c.starts[2]), "servobot1": ("servobot", *c.starts[3]),
        "rambot2": ("rambot", *c.starts[4]), "servobot2": ("servobot", *c.starts[5]),
        "rambot3": ("rambot", *c.starts[6]), "servobot3": ("servobot", *c.starts[7]),
        **{f"crate{i + 1}": ("crate", sq, "") for i, sq in enumerate(c.crates)}}
    assert not any(p.stunned for p in state.pieces.values())
    bare = setup.new_state(cat(), 2, 4, False, False, dealt=("rambot", "servobot"))
    assert sorted(bare.pieces) == ["rambot1", "rambot2", "rambot3", "servobot1",
                                   "servobot2", "servobot3"]
    assert bare.pieces["rambot1"].at == c.starts[0][0]


def test_the_deck_is_every_card_shuffled_by_the_match_seed():
    state = setup.new_state(cat(), 2, 4, False, True)
    assert Counter(state.deck) == Counter(cat().deck()) and len(state.deck) == 24
    assert state.deck != cat().deck()
    again = setup.new_state(cat(), 2, 4, False, True)
    assert again.deck == state.deck and again.rng == state.rng
    assert setup.new_state(cat(), 2, 5, False, True).deck != state.deck


def test_every_seat_starts_with_nothing_picked_held_or_owed():
    state = setup.new_state(cat(), 4, 4, True, True)
    assert (state.n, state.boss, state.sides) == (4, True, ("S", "W", "N", "E"))
    assert state.phase == "pick" and state.round == 1 and state.pry == 0
    assert state.retro == state.kinds == state.lost == [""] * 4
    assert state.entry == [None] * 4 and state.fresh == [False] * 4
    assert state.upgrades == state.trophies == state.trophy_kinds == [[], [], [], []]
    assert state.full_set == state.locked == [False] * 4
    assert state.programs == [()] * 4 and state.catastrophes == 0 and state.discards == []
