"""The decision model behind the Blastbots screen: what each decision lights and what a
click on it does. Every legal move can be made by clicks and nothing else can; a card's
targets are exactly what it can act on; decisions of several clicks build up as they
should."""

from __future__ import annotations

import random

import pytest

from game.rules.blastbots import engine
from game.rules.blastbots.actions import (
    NONE,
    Aim,
    Defend,
    Give,
    Pass,
    Place,
    Play,
    TableRoll,
)
from game.rules.blastbots.board import ATMOSPHERE, JUNKYARD, LAUNCHPAD, SPOTS
from game.rules.blastbots.secrets import view
from game.rules.core.match import new_match
from game.scenes.blastbots.prompt import Picks, Prompt, build
from game.scenes.blastbots.words import who
from tests.rules.blastbots.helpers import BLUE, ORANGE, PURPLE, card, cards, do, table


def reachable(state, seat: int) -> set:
    """Every action some sequence of clicks on ``seat``'s screen plays."""
    seen = set()
    stack, visited = [Picks()], set()
    options = engine.legal_actions(state, seat)
    while stack:
        picks = stack.pop()
        if picks in visited:
            continue
        visited.add(picks)
        prompt = build(state, seat, options, picks)
        assert prompt.heading, f"a {state.stack[-1][0]} decision without a heading"
        for choice in [*prompt.lit.values(), *(c for _, c in prompt.buttons)]:
            if isinstance(choice, Picks):
                stack.append(choice)
            elif isinstance(choice, tuple):   # cards discarded one after the other
                seen.add(choice[0])
            else:
                seen.add(choice)
    return seen


@pytest.mark.parametrize(("players", "seed", "dice"), [
    (2, 1, "rules"), (3, 2, "rules"), (4, 3, "rules"), (3, 4, "table"), (4, 5, "rules")])
def test_every_legal_move_is_reachable_by_clicks_and_nothing_else(players, seed, dice):
    match = new_match("blastbots", players, "standard", seed, {"dice": dice})
    rules = match.spec.rules
    rng = random.Random(seed)
    kinds = set()
    while not rules.is_over(match.state):
        seat = rules.to_act(match.state)[0]
        seen = view(match.state, seat)
        kinds.add(seen.stack[-1][0])
        assert reachable(seen, seat) == set(engine.legal_actions(seen, seat))
        options = rules.legal_actions(match.state, seat)
        match.play(options[rng.randrange(len(options))])
    assert {"first", "place", "roll", "deck", "act", "defend", "discard"} <= kinds


def _lit(prompt: Prompt) -> set:
    return set(prompt.lit)


def test_a_battle_card_lights_exactly_the_sections_it_can_hit():
    state = table(("blue", "orange", "purple"), blue={"hand": ["Mech"]},
                  orange={"launchpad": 2}, purple={"atmosphere": 1})
    options = engine.legal_actions(state, BLUE)
    first = build(state, BLUE, options, Picks())
    assert _lit(first) == {("hand", card("Mech"))}
    picked = first.lit[("hand", card("Mech"))]
    prompt = build(state, BLUE, options, picked)
    assert _lit(prompt) == {("section", ORANGE, LAUNCHPAD), ("section", PURPLE, ATMOSPHERE),
                            ("hand", card("Mech"))}
    assert prompt.lit[("section", ORANGE, LAUNCHPAD)] == Play(
        BLUE, card("Mech"), LAUNCHPAD, ORANGE, "")
    assert prompt.lit[("hand", card("Mech"))] == Picks(), "clicking the card again drops it"
    assert ("Launchpad: smash 1 rocket") in [label for label, _ in prompt.buttons]
    assert "Mech" in prompt.note


def test_a_sacrificial_ram_asks_for_its_own_rocket_after_the_target():
    state = table(("blue", "orange"), blue={"hand": ["Sacrificial Ram"], "launchpad": 1,
                                            "atmosphere": 1}, orange={"launchpad": 3})
    options = engine.legal_actions(state, BLUE)
    ram = card("Sacrificial Ram")
    prompt = build(state, BLUE, options, Picks(card=ram))
    step = prompt.lit[("section", ORANGE, LAUNCHPAD)]
    assert step == Picks(ram, LAUNCHPAD, ORANGE)
    then = build(state, BLUE, options, step)
    assert _lit(then) == {("section", BLUE, LAUNCHPAD), ("section", BLUE, ATMOSPHERE),
                          ("hand", ram)}
    assert then.lit[("section", BLUE, ATMOSPHERE)] == Play(BLUE, ram, LAUNCHPAD, ORANGE,
                                                            ATMOSPHERE)
    assert f"{who(ORANGE)}'s Junkyard" in then.heading, "the seat the rules call orange"


def test_options_that_aim_at_one_thing_are_chosen_with_buttons():
    state = table(("blue", "orange"), blue={"hand": ["Agent"]}, orange={"hand": ["Mech"]})
    options = engine.legal_actions(state, BLUE)
    prompt = build(state, BLUE, options, Picks(card=card("Agent")))
    assert prompt.lit[("hand_of", ORANGE)] == Picks(card("Agent"), None, ORANGE)
    labels = [label for label, _ in prompt.buttons]
    assert labels[:2] == ["Steal 1 card, picked face down", "Shred 2 cards, picked face down"]
    steal = dict(prompt.buttons)["Steal 1 card, picked face down"]
    assert steal == Play(BLUE, card("Agent"), "steal", ORANGE, "")


def test_two_tokens_may_share_a_spot_and_only_their_tier_is_lit():
    state = new_match("blastbots", 2, "standard", 4).state
    while state.stack[-1][0] != "place":
        engine.apply(state, engine.legal_actions(state, engine.to_act(state)[0])[0])
    seat = state.stack[-1][1]
    options = engine.legal_actions(state, seat)
    prompt = build(state, seat, options, Picks())
    assert {key[1] & 15 for key in prompt.lit} == {6, 8}
    once = prompt.lit[("spot", SPOTS["rocket:8"])]
    assert once == Picks(chosen=("rocket:8",))
    twice = build(state, seat, options, once)
    assert twice.ghosts == (SPOTS["rocket:8"],)
    assert twice.lit[("spot", SPOTS["rocket:8"])] == Place(seat, ("rocket:8", "rocket:8"))


def test_giving_lights_only_colours_that_can_still_make_a_legal_gift():
    state = table(("blue", "orange", "purple"), blue={"hand": ["Grim Retriever"],
                                                      "junkyard": {"purple": 1}},
                  orange={"junkyard": {"blue": 1}})
    do(state, Play(BLUE, card("Grim Retriever"), "", NONE, ""))
    options = engine.legal_actions(state, BLUE)
    assert state.stack[-1][0] == "retrieve"
    do(state, options[0])
    options = engine.legal_actions(state, BLUE)
    prompt = build(state, BLUE, options, Picks())
    assert prompt.lit == {("junk", BLUE, PURPLE): Give(BLUE, (PURPLE,))}


def _defence(holds: bool):
    hand = ["Mech", "Agent"] if holds else ["Agent", "+1 Rocket"]
    state = table(("blue", "orange"), blue={"hand": ["Kaboomer"]},
                  orange={"launchpad": 2, "hand": hand})
    do(state, Play(BLUE, card("Kaboomer"), LAUNCHPAD, ORANGE, ""))
    return state


def test_the_defence_prompt_words_are_the_same_whether_or_not_the_target_can_block():
    prompts = []
    for holds in (True, False):
        state = _defence(holds)
        prompts.append(build(state, ORANGE, engine.legal_actions(state, ORANGE), Picks()))
    able, unable = prompts
    assert able.heading == unable.heading
    assert able.note == unable.note
    assert "Let the attack through" in dict(unable.buttons)
    assert dict(unable.buttons)["Let the attack through"] == Pass(ORANGE)
    assert able.lit == {("hand", card("Mech")): Defend(ORANGE, card("Mech"), "")}
    assert unable.lit == {}


def test_a_magic_missile_mod_fires_its_battle_card_twice_by_clicks():
    state = table(("blue", "orange", "purple"),
                  blue={"hand": ["Magic Missile Mod", "Mech"]},
                  orange={"launchpad": 2}, purple={"launchpad": 1})
    do(state, Play(BLUE, card("Magic Missile Mod"), "", NONE, ""))
    options = engine.legal_actions(state, BLUE)
    prompt = build(state, BLUE, options, Picks())
    assert set(prompt.lit) == {("hand", card("Mech"))}
    aimed = build(state, BLUE, options, prompt.lit[("hand", card("Mech"))])
    first = aimed.lit[("section", ORANGE, LAUNCHPAD)]
    do(state, first)
    second = build(state, BLUE, engine.legal_actions(state, BLUE), Picks())
    assert second.lit[("section", PURPLE, LAUNCHPAD)] == Aim(BLUE, LAUNCHPAD, PURPLE)
    assert "second Mech" in second.heading


def test_table_dice_are_entered_face_by_face():
    match = new_match("blastbots", 2, "standard", 1, {"dice": "table"})
    state = match.state
    options = engine.legal_actions(state, 0)
    first = build(state, 0, options, Picks())
    assert first.overlay is not None and first.overlay.kind == "faces"
    assert all(key[1] == 0 for key in first.lit), "the second die waits for the first"
    then = build(state, 0, options, first.lit[("face", 0, 3)])
    assert then.lit[("face", 1, 5)] == TableRoll(0, (3, 5))


def test_face_down_picks_show_backs_in_slots_and_a_pick_is_a_slot():
    state = table(("blue", "orange"), blue={"hand": ["Agent"]},
                  orange={"hand": ["Mech", "Teleporter", "+1 Rocket"]})
    do(state, Play(BLUE, card("Agent"), "shred", ORANGE, ""), Pass(ORANGE))
    seen = view(state, BLUE)
    prompt = build(seen, BLUE, engine.legal_actions(seen, BLUE), Picks())
    assert prompt.overlay.kind == "slots"
    assert [entry[1] for entry in prompt.overlay.entries] == [-1, -2, -3], "backs only"
    assert set(prompt.lit) == {("slot", 0), ("slot", 1), ("slot", 2)}
    do(state, prompt.lit[("slot", 1)])
    seen = view(state, BLUE)
    again = build(seen, BLUE, engine.legal_actions(seen, BLUE), Picks())
    assert [entry[2] for entry in again.overlay.entries] == [0, 1, 0], "the pick is marked"
    assert set(again.lit) == {("slot", 0), ("slot", 2)}


def test_go_phish_names_any_card_and_a_private_look_shows_the_deck():
    state = table(("blue", "orange"), blue={"hand": ["Go-Phish-Bot", "Quantum Fabricator"]},
                  orange={"hand": ["Mech"]}, decks={"battle": ["Agent", "Agent", "Wrangler"]})
    do(state, Play(BLUE, card("Go-Phish-Bot"), "", ORANGE, ""))
    prompt = build(state, BLUE, engine.legal_actions(state, BLUE), Picks())
    assert len(prompt.overlay.entries) == len(state.cat.cards)
    do(state, prompt.lit[("kind", card("Mech"))])
    assert sorted(state.hands[BLUE]) == sorted(cards("Quantum Fabricator", "Mech"))
    do(state, Play(BLUE, card("Quantum Fabricator"), "", NONE, ""))
    look = build(state, BLUE, engine.legal_actions(state, BLUE), Picks())
    do(state, look.lit[("deck", 0)])
    seen = view(state, BLUE)
    take = build(seen, BLUE, engine.legal_actions(seen, BLUE), Picks())
    assert [(e[1], e[2]) for e in take.overlay.entries] == [
        (card("Agent"), 2), (card("Wrangler"), 1)]
    assert view(state, ORANGE).decks[0] == [-1] * 3, "nobody else sees the deck"


def test_buying_back_lights_the_junkyards_holding_your_rockets():
    state = table(("blue", "orange", "purple"), blue={"junkyard": {"orange": 3}},
                  orange={"junkyard": {"blue": 2}})
    options = engine.legal_actions(state, BLUE)
    first = build(state, BLUE, options, Picks())
    choice = dict(first.buttons)["Buy back rockets..."]
    prompt = build(state, BLUE, options, choice)
    assert set(prompt.lit) == {("section", ORANGE, JUNKYARD)}
