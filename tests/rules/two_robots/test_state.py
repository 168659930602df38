"""A cloned state is the same match, sharing nothing a move could change."""

from __future__ import annotations

import dataclasses

from game.rules.two_robots import engine
from game.rules.two_robots.actions import Choose, Destroy, Freeze, LoseHealth, Pass, UsePower
from game.rules.two_robots.state import HEALTH, HOMING, State
from tests.rules.two_robots.helpers import act, card, part, table


def _same(a: State, b: State) -> None:
    """Every compared field equal, and the two RNGs draw the same numbers."""
    for f in dataclasses.fields(State):
        if f.compare and f.name != "rng":
            assert getattr(a, f.name) == getattr(b, f.name), f.name
    if a.rng is None:
        assert b.rng is None
    else:
        assert b.rng is not a.rng
        assert [a.rng.below(10**6) for _ in range(4)] == [b.rng.below(10**6) for _ in range(4)]


def _mid_attack() -> State:
    """Scavenger's Power Surge waits in Guardian's Homing window."""
    state = table({"Scavenger": {"factory": [["HEAD E"], ["ARMS C"]],
                                 "hand": ["Power Surge"], "reserve": 1},
                   "Guardian": {"factory": [{"cards": ["TORSO ES"], "frozen": True}],
                                "hand": ["Homing Missiles"]}}, "Scavenger", plays_used=1)
    act(state, Destroy(0, card(state, 0, "Power Surge"),
                       tuple(sorted((part("HEAD E"), part("TORSO ES"))))))
    assert state.step == HOMING
    state.players[1].truce = True
    state.players[1].turns = 3
    return state


def test_a_clone_mid_attack_is_the_same_match_and_independent():
    state = _mid_attack()
    copy = state.clone()
    _same(state, copy)
    assert copy.attack is not state.attack and copy.window is not state.window
    copy.players[1].hand.clear()
    copy.players[1].stacks[0].append(part("HEAD C"))
    copy.players[1].ice[0] = -1
    copy.players[0].powers[0] = 2
    copy.table.clear()
    copy.deck.pop()
    copy.discard.append(0)
    assert len(state.players[1].hand) == 1 and state.players[1].stacks == [[part("TORSO ES")]]
    assert state.players[1].ice[0] >= 0 and state.players[0].powers[0] == 0
    assert len(state.table) == 1 and len(state.deck) == 40 and state.discard == []
    # Both go on alike: Guardian lets the Surge through in each.
    copy = state.clone()
    act(state, engine.legal_actions(state, 1)[-1])
    act(copy, engine.legal_actions(copy, 1)[-1])
    _same(state, copy)


def test_a_clone_while_damage_is_taken_keeps_who_is_hurt_and_how_much():
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"], ["ARMS E"]]},
                   "Peacemaker": {"reserve": 1}}, "Samurai", event=True)
    act(state, UsePower(0, 2, tuple(sorted((part("TORSO C"), part("ARMS E"))))))
    act(state, Choose(0, 1), Pass(1))  # Bushido on Peacemaker; no Sentry
    assert state.step == HEALTH and state.hurt == [[1, 1]] and state.event_damage == [0, 1]
    copy = state.clone()
    _same(state, copy)
    copy.hurt[0][1] = 5
    copy.event_damage[1] = 3
    assert state.hurt == [[1, 1]] and state.event_damage == [0, 1]
    act(state, LoseHealth(1, 0))
    assert state.winners == () and copy.winners == ()


def test_a_view_clones_without_an_rng_and_keeps_its_viewer():
    seen = engine.view(_mid_attack(), 1)
    again = seen.clone()
    assert again.rng is None and again.viewer == 1
    _same(seen, again)


def test_a_clone_mid_ice_blast_keeps_whose_stack_it_aims_at():
    state = table({"Samurai": {"factory": [["HEAD C"], ["TORSO E"]], "hand": ["Ice Blast"]},
                   "Guardian": {"factory": [["HEAD N"], ["ARMS S"]]}}, "Samurai")
    act(state, Freeze(0, card(state, 0, "Ice Blast"), 1, 1))
    assert state.step == HOMING
    copy = state.clone()
    _same(state, copy)
    act(copy, Pass(1))
    assert copy.players[1].ice[1] >= 0 and copy.players[1].ice[0] < 0
