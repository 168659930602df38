"""What each seat may know (RULES-DECISIONS.md, What a seat may not see): views hide
other hands (backs stay public), deck order and another's Quantum Fabricator look;
events are redacted per seat; ``vary_secrets`` changes only what the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules.blastbots import engine
from game.rules.blastbots.actions import NONE, Choose, Pass, Pick, Play
from game.rules.blastbots.events import Drew, Kept, Looked, Stolen
from game.rules.blastbots.secrets import back, redact, vary_secrets, view
from game.rules.core.errors import RuleError
from tests.rules.blastbots.helpers import BLUE, ORANGE, PURPLE, card, cards, do, table


def test_a_view_shows_other_hands_as_backs_and_every_deck_face_down():
    state = table(players=("blue", "orange", "purple"),
                  blue={"hand": ["Mech", "Teleporter"]},
                  orange={"hand": ["+1 Rocket", "Agent", "Reallocator"]},
                  decks={"battle": 3, "discovery": 0, "rocket": 2})
    seen = view(state, BLUE)
    assert seen.hands[BLUE] == cards("Mech", "Teleporter")
    assert seen.hands[ORANGE] == [back(2), back(0), back(1)] == [-3, -1, -2]
    assert seen.hands[PURPLE] == []
    assert seen.decks == [[-1] * 3, [], [-3] * 2]
    assert seen.rng is None and seen.viewer == BLUE
    assert state.hands[ORANGE] == cards("+1 Rocket", "Agent", "Reallocator"), "untouched"


def test_nobody_looking_shows_every_deck_face_down():
    state = table(decks={"battle": 2, "discovery": 3, "rocket": 1})
    assert view(state, ORANGE).decks == [[-1] * 2, [-2] * 3, [-3]]


def test_a_view_cannot_be_played_on():
    state = table(blue={"hand": ["+1 Rocket"]})
    seen = view(state, BLUE)
    with pytest.raises(RuleError) as err:
        engine.apply(seen, Play(BLUE, card("+1 Rocket"), "", NONE, ""))
    assert str(err.value) == "a player's view cannot be played on; use the match state"


def test_only_the_quantum_fabricator_looker_sees_the_deck_and_only_while_choosing():
    state = table(blue={"hand": ["Quantum Fabricator"]},
                  decks={"rocket": ["+2 Rockets", "Grim Retriever", "+1 Rocket"]})
    do(state, Play(BLUE, card("Quantum Fabricator"), "", NONE, ""), Choose(BLUE, "rocket"))
    assert view(state, BLUE).decks[2] == sorted(cards("+2 Rockets", "Grim Retriever",
                                                      "+1 Rocket"))
    assert view(state, ORANGE).decks[2] == [-3] * 3
    for seat in (BLUE, ORANGE):
        assert engine.legal_actions(view(state, seat), seat) == engine.legal_actions(
            state, seat)


def test_events_hide_card_faces_from_seats_that_may_not_see_them():
    drew = Drew(BLUE, 1, tuple(cards("Teleporter", "Reallocator")))
    assert redact(drew, BLUE) == drew
    assert redact(drew, ORANGE) == Drew(BLUE, 1, (-2, -2))
    stolen = Stolen(BLUE, ORANGE, tuple(cards("Mech", "+1 Rocket")), (0, 2))
    assert redact(stolen, BLUE) == stolen and redact(stolen, ORANGE) == stolen
    assert redact(stolen, PURPLE) == Stolen(BLUE, ORANGE, (-1, -3), (0, 2))
    looked = Looked(BLUE, 2, tuple(cards("+1 Rocket", "+2 Rockets")))
    assert redact(looked, PURPLE) == Looked(BLUE, 2, (-3, -3))
    assert redact(Kept(BLUE, 0, card("Mech")), ORANGE) == Kept(BLUE, 0, -1)
    assert redact(Kept(BLUE, 0, card("Mech")), BLUE) == Kept(BLUE, 0, card("Mech"))


def test_the_picks_stay_secret_until_the_last_one():
    state = table(players=("blue", "orange", "purple"), blue={"hand": ["Agent"]},
                  orange={"hand": ["Mech", "Wrangler", "Teleporter"]})
    do(state, Play(BLUE, card("Agent"), "shred", ORANGE, ""), Pass(ORANGE))
    first = do(state, Pick(BLUE, 0))
    assert first == []
    assert view(state, BLUE).hands[ORANGE] == [-1, -1, -2]
    events = do(state, Pick(BLUE, 2))
    assert [e.kind for e in events] == ["picked", "discarded"]


@pytest.mark.parametrize("seat", [BLUE, ORANGE, PURPLE])
def test_varied_secrets_look_the_same_to_the_seat_and_keep_every_card(seat):
    state = table(players=("blue", "orange", "purple"),
                  blue={"hand": ["Mech", "Teleporter", "+1 Rocket"]},
                  orange={"hand": ["Agent", "Agent", "Khaos Magnet", "+2 Rockets"]},
                  purple={"hand": ["Wrangler", "Reallocator"]})
    changed = 0
    for k in range(20):
        twin = vary_secrets(state, seat, random.Random(k))
        assert view(twin, seat) == view(state, seat)
        assert twin.hands[seat] == state.hands[seat]
        everything = Counter(c for zone in (*twin.decks, *twin.hands) for c in zone)
        assert everything == Counter(c for zone in (*state.decks, *state.hands) for c in zone)
        changed += twin != state
    assert changed >= 18


def test_a_looker_keeps_what_they_saw_when_secrets_vary():
    state = table(blue={"hand": ["Quantum Fabricator"]}, orange={"hand": ["+3 Rockets"]},
                  decks={"rocket": ["+2 Rockets", "Grim Retriever", "+1 Rocket"]})
    do(state, Play(BLUE, card("Quantum Fabricator"), "", NONE, ""), Choose(BLUE, "rocket"))
    for k in range(10):
        twin = vary_secrets(state, BLUE, random.Random(k))
        assert sorted(twin.decks[2]) == sorted(state.decks[2])
        assert twin.hands[ORANGE] == cards("+3 Rockets")


PUBLIC = ("n", "table_dice", "shuffle_slots", "first", "totem", "factory", "pad", "atmo",
          "space", "junk", "tokens", "cuts", "assembly", "piles", "fresh", "marked", "phase",
          "stack", "roller", "turns", "actions_left", "turn_start_totem", "dice", "contest",
          "contest_rolls", "winner", "victory", "points")
"""Everything on the table that every seat sees as it is."""


@pytest.mark.parametrize("moves", [3, 40, 2000])
def test_a_view_keeps_every_public_fact_and_a_clone_is_the_same_state(moves):
    state = engine.new_state(table().cat, 3, "standard", 11, "table")
    pick = random.Random(moves)
    for _ in range(moves):
        if engine.is_over(state):
            break
        legal = engine.legal_actions(state, engine.to_act(state)[0])
        engine.apply(state, pick.choice(legal))
    seen = view(state, ORANGE)
    assert {f: getattr(seen, f) for f in PUBLIC} == {f: getattr(state, f) for f in PUBLIC}
    assert state.clone() == state and seen.clone() == seen
    assert state.clone().rng is not state.rng
