"""The simple scenario checks (place, playable, attack, draw), each played as real
actions through the engine, and the helpers every check shares."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.core.actions import Action
from game.rules.core.data import PathKey
from game.rules.core.errors import RuleError
from game.rules.two_robots import engine, factory
from game.rules.two_robots.actions import NEW, Answer, Destroy, Freeze, Pass, PlayPart, Steal
from game.rules.two_robots.position import salvager_rank
from game.rules.two_robots.scenario_read import Reader
from game.rules.two_robots.state import COUNTER, HOMING, OVER, State

STEPS = 200
"""Decisions a window walk may take before the runner calls it stuck."""


def seat_of(state: State, name: str) -> int:
    """The seat of the Salvager the file calls ``name``."""
    rank = salvager_rank(state.catalogue, name)
    return next(p.seat for p in state.players if p.salvager == rank)


def name_of_seat(state: State, seat: int) -> str:
    """The Salvager at ``seat``, as results name it."""
    return state.catalogue.salvagers[state.players[seat].salvager].name


def attempt(state: State, action: Action) -> bool:
    """Apply ``action``; False when the engine refuses it (state untouched)."""
    try:
        engine.apply(state, action)
    except RuleError:
        return False
    return True


def winner(state: State) -> str:
    """The winning Salvager, ``draw``, or ``none`` while the game goes on."""
    if state.step != OVER:
        return "none"
    return name_of_seat(state, state.winners[0]) if state.winners else "draw"


def in_hand(read: Reader, state: State, seat: int, card: int, path: PathKey) -> int:
    """The copy of ``card`` (any copy of its name) in ``seat``'s hand."""
    wanted = read.cat.cards[card].id
    for c in state.players[seat].hand:
        if read.cat.cards[c].id == wanted:
            return c
    raise read.fail(path, f"{read.cat.cards[card].name} is not in the active player's hand")


def place(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    seat = state.active
    card = in_hand(read, state, seat, read.card(spec["place"], ("check", "place"), True),
                    ("check", "place"))
    stack = onto(read, spec)
    legal = attempt(state, PlayPart(seat, card, stack))
    me = state.players[seat]
    return {"legal": legal, "energies": factory.shown(read.cat, me.stacks),
            "robots": factory.robots(read.cat, me), "winner": winner(state)}


def onto(read: Reader, spec: dict[str, Any]) -> int:
    onto = spec.get("onto", "new")
    if onto == "new":
        return NEW
    return read.check.integer(onto, ("check", "onto"), 1, 99) - 1


def playable(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    if read.salvager(spec["playable"], ("check", "playable")) != active_name(read, state):
        raise read.fail(("check", "playable"), "playable asks about the active player")
    names = {read.cat.cards[a.card].id for a in engine.legal_actions(state, state.active)
             if hasattr(a, "card")}
    return {"playable": sorted(names)}


def active_name(read: Reader, state: State) -> str:
    """The active Salvager as spelled in the file's ``players``."""
    rank = state.players[state.active].salvager
    return next(n for n in read.seated if salvager_rank(read.cat, n) == rank)


def factories(state: State) -> dict[int, Counter[int]]:
    return {p.seat: Counter(p.parts()) for p in state.players}


def attack(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    seat = state.active
    card = in_hand(read, state, seat, read.card(spec["attack"], ("check", "attack")),
                    ("check", "attack"))
    effect = read.cat.cards[card].effect
    targets = read.check.seq(spec.get("targets", []), ("check", "targets"))
    if effect == "destroy":
        parts = read.cards(targets, ("check", "targets"), part=True)
        action: Action = Destroy(seat, card, tuple(sorted(parts)))
    elif effect == "steal":
        if len(targets) != 1:
            raise read.fail(("check", "targets"), "Space Pod takes one Part")
        action = Steal(seat, card, read.card(targets[0], ("check", "targets", 0), True),
                       onto(read, spec))
    elif effect == "freeze":
        if len(targets) != 2:
            raise read.fail(("check", "targets"), "Ice Blast names [Salvager, Stack number]")
        owner = seat_of(state, read.salvager(targets[0], ("check", "targets", 0)))
        stack = read.check.integer(targets[1], ("check", "targets", 1), 1, 99) - 1
        action = Freeze(seat, card, owner, stack)
    else:
        raise read.fail(("check", "attack"), f"{read.cat.cards[card].name} is not an Attack")
    homing = [seat_of(state, read.salvager(s, ("check", "homing", i)))
              for i, s in enumerate(read.check.seq(spec.get("homing", []), ("check", "homing")))]
    if "onto" in spec and effect != "steal":
        raise read.fail(("check", "onto"), "onto goes with Space Pod only")
    before, start = factories(state), state.clone()
    legal, cancelled = attempt(state, action), False
    steps = 0
    while legal and state.step in (HOMING, COUNTER) and steps < STEPS:
        steps += 1
        asked = engine.to_act(state)[0]
        if homing and homing[0] == asked:
            homing.pop(0)
            answer = next((a for a in engine.legal_actions(state, asked)
                           if isinstance(a, Answer)), None)
            legal = answer is not None and attempt(state, answer)
        else:
            cancelled = state.step == COUNTER
            engine.apply(state, Pass(asked))
    if homing:
        legal = False
    if not legal:
        state = start
    after = factories(state)
    lost = {name_of_seat(state, s): sorted(before[s] - after[s])
            for s in before if before[s] - after[s]}
    gained = {name_of_seat(state, s): sorted(after[s] - before[s])
              for s in before if after[s] - before[s]}
    return {"legal": legal, "cancelled": cancelled, "lost": lost, "gained": gained,
            "frozen": {name_of_seat(state, p.seat): sum(1 for i in p.ice if i >= 0)
                       for p in state.players if any(i >= 0 for i in p.ice)},
            "plays_used": state.plays,
            "hand": {name_of_seat(state, p.seat): len(p.hand) for p in state.players},
            "winner": winner(state)}


def draw(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    if read.salvager(spec["draw"], ("check", "draw")) != active_name(read, state):
        raise read.fail(("check", "draw"), "draw asks about the active player")
    engine.start_turn(state, state.active)
    return {"hand": len(state.players[state.active].hand), "deck": len(state.deck),
            "discard": len(state.discard), "reshuffled": state.reshuffles > 0}
