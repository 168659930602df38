"""The Coal Heart prompt: every move the rules allow the deciding seat can be made by
clicks (lit table things and buttons, one or two clicks), nothing else can, every lit
thing is drawn where it can be clicked, and each decision has a heading."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import Attack, Build, End, Trigger
from game.rules.coal_heart.secrets import view
from game.rules.coal_heart.vocabulary import SLOTS
from game.rules.core.registry import load_catalogues
from game.scenes.coal_heart.board import draw_board
from game.scenes.coal_heart.prompt import Picks, build
from game.scenes.coal_heart.words import choice_help
from tests.rules.coal_heart.helpers import start, table

CAT = load_catalogues()["coal_heart"]


def reachable(state, seat: int, options) -> set:
    """Every action some sequence of clicks on ``seat``'s screen plays."""
    seen, stack, visited = set(), [Picks()], set()
    while stack:
        picks = stack.pop()
        if picks in visited:
            continue
        visited.add(picks)
        prompt = build(state, seat, options, picks)
        assert prompt.heading, "a decision without a heading"
        for choice in [*prompt.lit.values(), *(c for _, c in prompt.buttons)]:
            if isinstance(choice, Picks):
                stack.append(choice)
            else:
                seen.add(choice)
    return seen


def positions(players: int, variant: str, seed: int, every: int = 3):
    """Seat views at decisions along a random game, with their legal moves."""
    state = engine.new_state(CAT, players, variant, seed)
    rng = random.Random(seed)
    step = 0
    while not engine.is_over(state) and state.round <= 30:
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        if step % every == 0:
            seen = view(state, seat)
            yield seen, seat, engine.legal_actions(seen, seat)
        engine.apply(state, options[rng.randrange(len(options))])
        step += 1


@pytest.mark.parametrize(("players", "variant", "seed"), [
    (3, "standard", 1), (4, "standard", 2), (5, "demo", 3), (6, "standard", 4),
    (3, "drafting", 5), (4, "demo", 6)])
def test_clicks_reach_exactly_the_legal_moves(players, variant, seed):
    kinds = set()
    for state, seat, options in positions(players, variant, seed):
        assert reachable(state, seat, options) == set(options)
        kinds |= {a.kind for a in options}
        kinds |= {state.pending[-1][0]} if state.pending else set()
    assert {"select", "take", "end"} <= kinds


def test_every_lit_thing_is_drawn(make_app):
    make_app()
    surface = pygame.Surface((1920, 1080))
    checked = 0
    for state, seat, options in positions(4, "standard", 7, every=5):
        prompt = build(state, seat, options, Picks())
        spots = draw_board(surface, state, seat, prompt)
        for key in prompt.lit:
            rect = spots.rect(key)
            assert rect is not None, f"{key} is lit but not drawn"
            checked += 1
    assert checked > 50


def test_a_part_with_several_ways_to_pay_takes_two_clicks_and_can_be_taken_back():
    for state, seat, options in positions(4, "standard", 8, every=1):
        builds = [a for a in options if isinstance(a, Build)]
        slots = [a.slot for a in builds]
        slot = next((s for s in slots if slots.count(s) > 1), None)
        if slot is None:
            continue
        first = build(state, seat, options, Picks())
        assert first.lit[("slot", seat, slot)] == Picks(slot=slot)
        second = build(state, seat, options, Picks(slot=slot))
        offered = [c for _, c in second.buttons]
        assert {a for a in builds if a.slot == slot} <= set(offered)
        assert Picks() in offered, "the first click can be taken back"
        assert all(label.startswith(("Pay ", "Weld ", "Choose another")) for label, _ in
                   second.buttons)
        return
    pytest.fail("no part with several ways to pay came up")


def test_an_attack_picks_the_robot_on_the_table_then_the_gear():
    for state, seat, options in positions(4, "standard", 9, every=1):
        attacks = [a for a in options if isinstance(a, Attack)]
        targets = [a.target for a in attacks]
        target = next((t for t in targets if targets.count(t) > 1), None)
        if target is None:
            continue
        first = build(state, seat, options, Picks())
        assert first.lit[("mat", target)] == Picks(target=target)
        second = build(state, seat, options, Picks(target=target))
        assert {c for _, c in second.buttons if isinstance(c, Attack)} == {
            a for a in attacks if a.target == target}
        assert ("mat", target) in second.lit, "the robot picked stays lit"
        return
    pytest.fail("no attack with Gear to spend came up")


def test_ending_the_turn_is_the_last_button():
    for state, seat, options in positions(4, "standard", 10, every=1):
        if End(seat) in options and len(options) > 1:
            prompt = build(state, seat, options, Picks())
            assert prompt.buttons[-1][1] == End(seat)
            return
    pytest.fail("no Turn with a choice besides ending came up")


def test_a_seat_not_deciding_is_told_whom_it_waits_for():
    state = engine.new_state(CAT, 4, "standard", 3)
    prompt = build(view(state, 1), 1, [], Picks(), ("Ann", "Bo"))
    assert prompt.heading == "Waiting for Ann to choose a robot."
    assert not prompt.buttons and not prompt.lit


def test_ordering_abilities_names_each_slot_and_its_ability_with_the_text_on_hover():
    parts = dict.fromkeys(SLOTS, "the_executioner") | {"chest": "professor_syphon"}
    state = table(robots=("the_executioner", "lord_reforge", "gizmo_guru"),
                  s0={"built": ["head", "chest", "l_leg"], "parts": parts},
                  s1={"cubes": [3, 0, 0, 0]})
    start(state, 0, "fight")
    seen = view(state, 0)
    prompt = build(seen, 0, engine.legal_actions(seen, 0), Picks(), ("Ann",))
    assert prompt.heading == ("Ann: several of your abilities trigger at once: choose "
                              "which resolves first (click its part, or hover a button to "
                              "read it).")
    # The chest's heal and the leg's are the same ability: one button for both.
    assert [label for label, _ in prompt.buttons] == [
        "Head first (Fight: steal 2)", "Chest first (Fight*: +2 HP)"]
    assert choice_help(seen, Trigger(0, "chest", "")) == (
        "Professor Syphon's chest. Built. Select Fight: gain 2 HP. (start of your Fight "
        "Turn, if you selected Fight)")
    other = build(view(state, 1), 1, [], Picks(), ("Ann", "Bo"))
    assert prompt.lit[("slot", 0, "head")] == Trigger(0, "head", "")
    assert other.heading.startswith("Waiting for Ann: several of your abilities trigger")
