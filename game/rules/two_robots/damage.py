"""Damage and its aftermath: Sanctuary's cap, the damaged players choosing health
cards, players going out, and the end of the Event.

An effect's damage is dealt together; eliminations are checked once it is all taken.
"""

from __future__ import annotations

from game.rules.core.actions import Action
from game.rules.core.errors import RuleError
from game.rules.two_robots.actions import RESERVE, LoseHealth
from game.rules.two_robots.events import EventDone, HealthLost, WentOut
from game.rules.two_robots.play import opponents
from game.rules.two_robots.state import DISCARD, FLIPPED, GONE, HEALTH, UNFLIPPED, State


def deal(state: State, damage: dict[int, int]) -> None:
    """Deal an effect's damage together: Sanctuary caps Peacemaker at 1 in each other
    player's Event Phase; then each damaged player chooses health cards in turn order."""
    state.hurt = []
    for seat in (state.active, *opponents(state, state.active)):  # the user is in until now
        points = damage.get(seat, 0)
        if state.ability(seat) == "sanctuary" and seat != state.active:
            points = min(points, max(0, 1 - state.event_damage[seat]))
        state.event_damage[seat] += points
        if points:
            state.hurt.append([seat, points])
    state.step = HEALTH
    _settle(state)


def health_options(state: State, seat: int) -> list[int]:
    """The health cards ``seat`` may give up: each Power still held, or a Reserve."""
    me = state.players[seat]
    return [k for k, p in enumerate(me.powers) if p != GONE] + ([RESERVE] if me.reserve else [])


def _distinct(state: State, seat: int) -> int:
    """How many different outcomes giving up one card has (flipped Powers are alike)."""
    me = state.players[seat]
    return (sum(1 for p in me.powers if p == UNFLIPPED) + (FLIPPED in me.powers)
            + (me.reserve > 0))


def _lose(state: State, seat: int, card: int) -> None:
    me = state.players[seat]
    if card == RESERVE:
        me.reserve -= 1
    else:
        me.powers[card] = GONE
    state.log.append(HealthLost(seat, card))
    state.hurt[0][1] -= 1
    if state.hurt[0][1] == 0:
        state.hurt.pop(0)


def _settle(state: State) -> None:
    """Take every health card whose choice makes no difference; stop at a real choice."""
    while state.hurt:
        seat, points = state.hurt[0]
        me = state.players[seat]
        if me.health == 0:
            state.hurt.pop(0)
            continue
        if points < me.health and _distinct(state, seat) > 1:
            return
        _lose(state, seat, health_options(state, seat)[0])
    finish(state)


def apply_health(state: State, action: Action) -> None:
    if not isinstance(action, LoseHealth) or action.card not in health_options(
            state, action.seat):
        raise RuleError("give up one of your health cards: a Power you hold or a Reserve")
    _lose(state, action.seat, action.card)
    _settle(state)


def finish(state: State) -> None:
    """The effect is done: players with no health card go out, then the Event ends
    (the engine checks wins and moves on)."""
    for p in state.players:
        if not p.out and p.health == 0:
            p.out = True
            state.discard.extend(p.hand)
            p.hand.clear()
            for part in p.parts():
                state.discard.append(part)
            state.discard.extend(ice for ice in p.ice if ice >= 0)
            p.stacks.clear()
            p.ice.clear()
            p.truce = False
            state.log.append(WentOut(p.seat))
    end_event(state, cancelled=False)


def end_event(state: State, cancelled: bool) -> None:
    """The revealed robot cards go back to the pile (nothing to do: the pile is never
    taken apart) and the Cleanup Phase follows."""
    state.log.append(EventDone(state.active, cancelled))
    state.flight = None
    state.window = None
    state.hurt = []
    state.step = DISCARD
