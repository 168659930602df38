"""The scenario check of an Event (a Power or a robot deploy), walked through its
choices and windows as the engine orders them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.core.actions import Action
from game.rules.core.data import show
from game.rules.two_robots import engine, factory
from game.rules.two_robots.actions import STOP, Answer, Choose, Deploy, Pass, UsePower
from game.rules.two_robots.position import power_slot
from game.rules.two_robots.scenario_moves import STEPS, attempt, name_of_seat, seat_of, winner
from game.rules.two_robots.scenario_read import Reader
from game.rules.two_robots.state import (
    CHOOSE,
    EVENT,
    FLIPPED,
    HEALTH,
    MELTDOWN,
    OVER,
    SENTRY,
    State,
)


def event(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    seat = state.active
    check = read.check
    me = state.players[seat]
    sacrifice = read.cards(spec.get("sacrifice", []), ("check", "sacrifice"), part=True)
    what = check.text(spec["event"], ("check", "event"))
    if what.lower() == "deploy":
        if len(sacrifice) != 1:
            raise read.fail(("check", "sacrifice"), "a deploy costs one Part")
        action: Action = Deploy(seat, sacrifice[0])
    else:
        try:
            slot = power_slot(read.cat, me.salvager, what)
        except ValueError as exc:
            raise read.fail(("check", "event"), str(exc)) from None
        action = UsePower(seat, slot, tuple(sorted(sacrifice)))
    reveal = []
    for i, raw in enumerate(check.seq(spec.get("reveal", []), ("check", "reveal"))):
        text = check.text(raw, ("check", "reveal", i))
        found = [k for k, rc in enumerate(read.cat.robot_cards)
                 if text.lower() in (rc.id, rc.name.lower())]
        if not found:
            raise read.fail(("check", "reveal", i), f"there is no robot card called {show(text)}")
        reveal.append(found[0])
    if any(Counter(reveal)[k] > Counter(state.pile)[k] for k in reveal):
        raise read.fail(("check", "reveal"), "more of a robot card than this table's pile has")
    targets = check.seq(spec.get("targets", []), ("check", "targets"))
    sentry = spec.get("sentry", "none")
    sentry_seat = -1 if sentry == "none" else seat_of(state, read.salvager(sentry,
                                                                         ("check", "sentry")))
    answers = check.mapping(spec.get("answers", {}), ("check", "answers"))
    melt = {seat_of(state, read.salvager(k, ("check", "answers", k))):
            check.choice(v, ("check", "answers", k), ("discard", "damage"))
            for k, v in answers.items()}
    resolve = spec.get("resolve")
    state.forced = tuple(reveal)
    state.step = EVENT
    legal = attempt(state, action)
    cancelled = False
    pending = list(targets)
    steps = 0
    while legal and state.step not in (OVER,) and steps < STEPS:
        steps += 1
        asked = engine.to_act(state)[0]
        step = state.step
        if step == CHOOSE:
            value = next_choice(read, state, resolve, pending)
            if value is None:
                legal = False
                break
            legal = attempt(state, Choose(asked, value))
        elif step == SENTRY:
            if asked == sentry_seat:
                answer = next((a for a in engine.legal_actions(state, asked)
                               if isinstance(a, Answer)), None)
                legal = answer is not None and attempt(state, answer)
                cancelled, sentry_seat = True, -1
            else:
                engine.apply(state, Pass(asked))
        elif step == MELTDOWN:
            if asked not in melt:
                raise read.fail(("check", "answers"), f"{name_of_seat(state, asked)} must answer "
                                                      "Meltdown: discard or damage")
            choice = STOP if melt[asked] == "damage" else state.players[asked].hand[0]
            engine.apply(state, Choose(asked, choice))
        elif step == HEALTH:
            engine.apply(state, engine.legal_actions(state, asked)[0])
        else:
            break
    if legal and (pending or sentry_seat >= 0):
        legal = False
    me = state.players[seat]
    return {"legal": legal, "cancelled": cancelled,
            "health": {name_of_seat(state, p.seat): p.health for p in state.players},
            "out": sorted(name_of_seat(state, p.seat) for p in state.players if p.out),
            "flipped": sorted(read.cat.salvagers[me.salvager].powers[k].name
                              for k, p in enumerate(me.powers) if p == FLIPPED),
            "parts": {name_of_seat(state, p.seat): len(p.parts()) for p in state.players},
            "robots": factory.robots(read.cat, me), "winner": winner(state)}


def next_choice(read: Reader, state: State, resolve: Any, pending: list[Any]) -> int | None:
    """The next Choose value: Katana's or Shogun's pick, then targets in order, STOP
    when they run out, and Rebuild's place (the first legal one; the format does not name it)."""
    flight = state.flight
    assert flight is not None
    options = engine.legal_actions(state, state.active)
    values = [a.value for a in options if isinstance(a, Choose)]
    if flight.power in ("deploy", "shogun") and len(flight.revealed) == 2 and not flight.choices:
        if resolve is None:
            raise read.fail(("check",), f"{flight.power.capitalize()} turns up two cards: "
                            "say which to resolve")
        text = read.check.text(resolve, ("check", "resolve"))
        for k, rc in enumerate(flight.revealed):
            card = read.cat.robot_cards[rc]
            if text.lower() in (card.id, card.name.lower()):
                return k if k in values else None
        return None
    if flight.power == "rebuild" and len(flight.choices) % 2 == 1:
        return values[0] if values else None
    if not pending:
        return STOP if STOP in values else None
    raw = pending.pop(0)
    text = read.check.text(raw, ("check", "targets"))
    card = read.cat.card_named(text)
    if card is not None:
        copies = [c.index for c in read.cat.cards if c.id == card.id]
        return next((v for v in values if v in copies), None)
    seat = seat_of(state, read.salvager(text, ("check", "targets")))
    return seat if seat in values else None
