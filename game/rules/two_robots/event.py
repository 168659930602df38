"""The Event Phase: Powers and deploys, their choices, the Sentry window, the effects
and Meltdown's answers (the damage they deal is taken in ``damage``).

Costs are paid first and stay paid if the Event is cancelled. Choices come one
``Choose`` at a time (each step lists a few options), then every rival is asked about
Sentry Gunship, then the effect resolves as one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from game.rules.core.actions import Action
from game.rules.core.cards import Window
from game.rules.core.errors import RuleError
from game.rules.two_robots import factory
from game.rules.two_robots.actions import (
    NEW,
    STOP,
    Answer,
    Choose,
    Deploy,
    Pass,
    UsePower,
)
from game.rules.two_robots.damage import deal, end_event
from game.rules.two_robots.events import (
    Answered,
    Built,
    Destroyed,
    Discarded,
    EventBegan,
    Frozen,
    Revealed,
    Took,
)
from game.rules.two_robots.play import answer_ok, draw_cards, opponents
from game.rules.two_robots.state import (
    CHOOSE,
    DISCARD,
    FLIPPED,
    MELTDOWN,
    SENTRY,
    UNFLIPPED,
    Flight,
    Player,
    State,
)

PICKS = 2
"""Cards Salvage, Rebuild and Armory may take."""


# --- starting an Event -------------------------------------------------------------

def options(state: State, seat: int) -> list[Action]:
    me = state.players[seat]
    out: list[Action] = []
    payable = sorted(factory.sacrificable(me))
    for slot, power in enumerate(me.powers):
        if power == UNFLIPPED:
            out.extend(UsePower(seat, slot, pair) for pair in combinations(payable, 2))
    if factory.can_deploy(state.catalogue, me):
        out.extend(Deploy(seat, part) for part in payable)
    out.append(Pass(seat))
    return out


def possible(state: State, seat: int) -> bool:
    """Whether ``seat`` has any Event to choose (else the phase passes by itself)."""
    me = state.players[seat]
    payable = len(factory.sacrificable(me))
    return ((payable >= 2 and UNFLIPPED in me.powers)
            or (payable >= 1 and factory.can_deploy(state.catalogue, me)))


def _reveal(state: State, count: int) -> tuple[int, ...]:
    """Turn up ``count`` cards at random from the whole pile, none put back between
    (or the ``forced`` ones, which must be in the pile)."""
    assert state.rng is not None
    pile = list(state.pile)
    out = []
    for _ in range(count):
        if state.forced:
            card, state.forced = state.forced[0], state.forced[1:]
            pile.remove(card)
        else:
            card = pile.pop(state.rng.below(len(pile)))
        out.append(card)
    return tuple(out)


def apply(state: State, action: Action) -> None:
    """UsePower, Deploy or Pass in the active seat's Event step."""
    me = state.players[action.seat]
    if isinstance(action, Pass):
        state.step = DISCARD
        return
    payable = factory.sacrificable(me)
    pile = list(state.pile)
    for card in state.forced:
        if card not in pile:
            raise RuleError("the robot cards turned up must come from the Active Robot pile")
        pile.remove(card)
    if isinstance(action, UsePower):
        if not 0 <= action.power < 3 or me.powers[action.power] != UNFLIPPED:
            raise RuleError("that Power is not one you can still use")
        pay = action.sacrifice
        if len(pay) != 2 or pay[0] >= pay[1] or not set(pay) <= set(payable):
            raise RuleError("a Power costs two different Parts from your unfrozen Stacks, "
                            "listed from the lowest card number")
        for part in pay:
            factory.remove(me, part, state.discard)
            state.log.append(Destroyed(action.seat, part, sacrificed=True))
        me.powers[action.power] = FLIPPED
        power = state.catalogue.salvagers[me.salvager].powers[action.power].id
        state.log.append(EventBegan(action.seat, power))
        state.flight = Flight(power, _reveal(state, 2) if power == "shogun" else ())
    else:
        assert isinstance(action, Deploy)  # the engine hands this step nothing else
        if not factory.can_deploy(state.catalogue, me):
            raise RuleError("you need a complete robot in an unfrozen Stack to deploy")
        if action.sacrifice not in payable:
            raise RuleError("a deploy costs one Part from one of your unfrozen Stacks")
        factory.remove(me, action.sacrifice, state.discard)
        state.log.append(Destroyed(action.seat, action.sacrifice, sacrificed=True))
        state.log.append(EventBegan(action.seat, "deploy"))
        count = 2 if state.ability(action.seat) == "katana" else 1
        state.flight = Flight("deploy", _reveal(state, count))
    if state.flight.revealed:
        state.log.append(Revealed(action.seat, state.flight.revealed))
    state.step = CHOOSE
    _after_choice(state)


# --- choices -----------------------------------------------------------------------

def _robot_choices(state: State, cards: list[int], choices: tuple[int, ...]) -> list[int] | None:
    """Targets for robot cards resolved in order; Scattershot's two must differ."""
    opps = opponents(state, state.active)
    i = 0
    for rc in cards:
        need = min(state.catalogue.robot_cards[rc].targets, len(opps))
        picked = choices[i:i + need]
        if len(picked) < need:
            return [s for s in opps if s not in picked]
        i += need
    return None


def _picks(choices: tuple[int, ...], pool: list[int]) -> list[int] | None:
    """Up to PICKS cards from ``pool``, or STOP."""
    if len(choices) >= PICKS or (choices and choices[-1] == STOP):
        return None
    left = [c for c in pool if c not in choices]
    return [*left, STOP] if left else None


def _rebuilt(state: State, choices: tuple[int, ...]) -> Player:
    """The active Factory with the Rebuild picks so far put in (a copy)."""
    me = state.players[state.active].clone()
    for k in range(0, len(choices) - 1, 2):
        factory.put(me, choices[k], len(me.stacks) if choices[k + 1] == NEW else choices[k + 1])
    return me


def _rebuild_choices(state: State, choices: tuple[int, ...]) -> list[int] | None:
    cat = state.catalogue
    if choices and choices[-1] == STOP and len(choices) % 2 == 1:
        return None
    me = _rebuilt(state, choices)
    if len(choices) % 2 == 1:
        end = len(me.stacks)
        return [NEW if i == end else i for i in factory.places(cat, me, choices[-1])]
    if len(choices) >= 2 * PICKS:
        return None
    taken = choices[0::2]
    left = [c for c in state.discard if cat.cards[c].kind == "part" and c not in taken
            and factory.places(cat, me, c)]
    return [*left, STOP] if left else None


def choice_options(state: State) -> list[int] | None:
    """The options of the next choice of the Event in flight; None when all are made."""
    flight = state.flight
    assert flight is not None
    power, ch = flight.power, flight.choices
    seat = state.active
    if power in ("deploy", "shogun"):
        if len(flight.revealed) == 1:
            return _robot_choices(state, list(flight.revealed), ch)
        if not ch:
            return sorted({flight.revealed.index(rc) for rc in flight.revealed})
        return _robot_choices(state, [flight.revealed[ch[0]]], ch[1:])
    if power in ("bushido", "counterstrike"):
        opps = opponents(state, seat)
        return list(opps) if not ch and opps else None
    if power == "ronin":
        pool = [c for s in opponents(state, seat) for c in state.players[s].parts()]
        return pool if not ch and pool else None
    if power == "scorched_earth":
        targets = [s for s in opponents(state, seat) if state.players[s].stacks]
        return state.players[targets[len(ch)]].parts() if len(ch) < len(targets) else None
    if power == "salvage":
        return _picks(ch, sorted(set(state.discard)))
    if power == "armory":
        cards = state.catalogue.cards
        return _picks(ch, sorted({c for c in state.discard if cards[c].kind == "defense"}))
    if power == "rebuild":
        return _rebuild_choices(state, ch)
    return None


def apply_choice(state: State, action: Action) -> None:
    if not isinstance(action, Choose):
        raise RuleError("choose one of the options for your Event first")
    options_now = choice_options(state)
    if options_now is None or action.value not in options_now:
        raise RuleError("that is not one of the choices open for this Event")
    assert state.flight is not None
    state.flight.choices = (*state.flight.choices, action.value)
    _after_choice(state)


def _after_choice(state: State) -> None:
    """Once every choice is made, every rival is asked about Sentry Gunship."""
    if choice_options(state) is not None:
        return
    asked = opponents(state, state.active)
    state.window = Window(SENTRY, state.active, asked)
    state.step = SENTRY


# --- the Sentry window and Meltdown's answers --------------------------------------

def window_options(state: State, seat: int) -> list[Action]:
    me = state.players[seat]
    if state.step == MELTDOWN:
        return [Choose(seat, c) for c in me.hand] + [Choose(seat, STOP)]
    cards = state.catalogue.cards
    return [Answer(seat, c) for c in me.hand
            if cards[c].effect == "cancel_event" and answer_ok(state, seat, c)] + [Pass(seat)]


def apply_window(state: State, action: Action) -> None:
    window = state.window
    assert window is not None
    if action not in window_options(state, action.seat):
        raise RuleError("that answer is not open to you now" if state.step == SENTRY else
                        "discard a card from your hand, or choose to suffer the damage")
    if state.step == SENTRY:
        if isinstance(action, Pass):
            window.pass_turn()
            if window.closed:
                state.window = None
                _resolve(state)
            return
        state.players[action.seat].hand.remove(action.card)  # type: ignore[attr-defined]
        state.discard.append(action.card)  # type: ignore[attr-defined]
        state.log.append(Answered(action.seat, action.card))  # type: ignore[attr-defined]
        end_event(state, cancelled=True)
        return
    assert isinstance(action, Choose) and state.flight is not None
    if action.value == STOP:
        state.flight.choices = (*state.flight.choices, action.seat)
    else:
        state.players[action.seat].hand.remove(action.value)
        state.discard.append(action.value)
        state.log.append(Discarded(action.seat, action.value))
    window.pass_turn()
    if window.closed:
        state.window = None
        deal(state, {s: 1 for s in state.flight.choices})


# --- effects -----------------------------------------------------------------------

def _robot_damage(state: State, cards: list[int], choices: tuple[int, ...],
                  damage: dict[int, int]) -> None:
    i = 0
    opps = opponents(state, state.active)
    for rc in cards:
        card = state.catalogue.robot_cards[rc]
        need = min(card.targets, len(opps))
        for target in choices[i:i + need]:
            damage[target] = damage.get(target, 0) + card.amount
        i += need


def _most(state: State, measure: Callable[[Player], int]) -> dict[int, int]:
    """1 damage to every player still in tied for the most of ``measure``."""
    inside = [p for p in state.players if not p.out]
    top = max(measure(p) for p in inside)
    return {p.seat: 1 for p in inside if measure(p) == top}


def _resolve(state: State) -> None:
    flight = state.flight
    assert flight is not None
    seat = state.active
    me = state.players[seat]
    power, ch = flight.power, flight.choices
    damage: dict[int, int] = {}
    if power in ("deploy", "shogun"):
        chosen = [flight.revealed[0]] if len(flight.revealed) == 1 else [flight.revealed[ch[0]]]
        _robot_damage(state, chosen, ch if len(flight.revealed) == 1 else ch[1:], damage)
    elif power in ("bushido", "counterstrike"):
        damage = {target: 1 for target in ch}
    elif power in ("ronin", "scorched_earth"):
        for part in ch:
            for p in state.players:
                if part in p.parts():
                    factory.remove(p, part, state.discard)
                    state.log.append(Destroyed(p.seat, part))
    elif power in ("salvage", "armory"):
        for card in ch:
            if card != STOP:
                state.discard.remove(card)
                me.hand.append(card)
                state.log.append(Took(seat, card))
    elif power == "rebuild":
        for k in range(0, len(ch) - 1, 2):
            state.discard.remove(ch[k])
            stack = len(me.stacks) if ch[k + 1] == NEW else ch[k + 1]
            factory.put(me, ch[k], stack)
            state.log.append(Built(seat, ch[k], stack))
    elif power == "scrap_run":
        draw_cards(state, seat, 3)
    elif power == "accord":
        draw_cards(state, seat, 3)
        for other in opponents(state, seat):
            draw_cards(state, other, 1)
    elif power == "fortify":
        for i, ice in enumerate(me.ice):
            if ice >= 0:
                state.discard.append(ice)
                me.ice[i] = -1
                state.log.append(Frozen(seat, i, True))
        draw_cards(state, seat, 1)
    elif power == "truce":
        me.truce = True
    elif power == "balance":
        damage = _most(state, lambda p: p.health)
    elif power == "cold_fusion":
        damage = _most(state, lambda p: len(p.parts()))
    elif power == "meltdown":
        flight.choices = ()
        asked = tuple(s for s in opponents(state, seat) if state.players[s].hand)
        if asked:
            state.window = Window(MELTDOWN, seat, asked)
            state.step = MELTDOWN
            return
    deal(state, damage)
