"""The Calamitron match engine: legal moves, applying them, and what each seat sees.

``apply`` accepts exactly the moves ``legal_actions`` lists, so anything else raises
RuleError before the state is touched. The rules hold no clock: seats edit and lock
programs, and the round runs when every program is locked. Nothing is hidden between
seats; only the Calamity deck's order (and the seed) is secret.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from game.rules.calamitron import flow
from game.rules.calamitron.actions import CODEC
from game.rules.calamitron.catalogue import Catalogue, load_catalogue
from game.rules.calamitron.setup import new_state as fresh_state
from game.rules.calamitron.state import OVER, PICK, PROGRAM, State
from game.rules.core.actions import Action, Event
from game.rules.core.data import Doc
from game.rules.core.errors import RuleError
from game.rules.core.rng import Rng

RULES_VERSION = "calamitron-1"
SWITCH = ("off", "on")


def new_state(catalogue: Catalogue, players: int, variant: str, seed: int,
              boss: str = "off", crates: str = "on") -> State:
    if not 1 <= players <= 4:
        raise RuleError("Calamitron is for 1 to 4 players")
    if variant != "standard":
        raise RuleError("Calamitron has only the Deadly Spiral")
    if boss not in SWITCH or crates not in SWITCH:
        raise RuleError("the boss and crates options are on or off")
    return fresh_state(catalogue, players, seed, boss == "on", crates == "on")


def to_act(state: State) -> tuple[int, ...]:
    return flow.waiting(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    if not 0 <= seat < state.n:
        return []
    return flow.options(state, seat)


def apply(state: State, action: Action) -> list[Event]:
    if state.rng is None:
        raise RuleError("a seat's view cannot be played on; use the match state")
    CODEC.check(action, state.n)
    if state.phase == OVER:
        raise RuleError("the game is over")
    if action not in flow.options(state, action.seat):
        raise RuleError(_why(state, action))
    flow.play(state, action)
    events, state.log = state.log, []
    return events


def _why(state: State, action: Action) -> str:
    if action.seat not in flow.waiting(state):
        return "that seat has nothing to decide now"
    if state.phase == PROGRAM and action.kind in ("put", "take"):
        return "that edit would not leave a legal program (length, class limits, entry)"
    return f"a {action.kind} move is not one of the choices now"


def view(state: State, seat: int) -> State:
    """Everything but the deck's order (sorted here) and the seed; a copy, so a view
    kept by a screen does not change under it as play goes on."""
    seen = copy.deepcopy(dataclasses.replace(state, rng=None, log=[]), {id(state.cat): state.cat})
    seen.deck.sort()
    return seen


def redact(event: Event, seat: int) -> Event | None:
    """Every event is public."""
    return event


def vary_secrets(state: State, seat: int, rng: random.Random) -> State:
    """Another deck order and another seed, as a seat cannot tell them apart."""
    twin = copy.deepcopy(state, {id(state.cat): state.cat})
    rng.shuffle(twin.deck)
    twin.rng = Rng(rng.getrandbits(32))
    return twin


def is_over(state: State) -> bool:
    return state.phase == OVER


def progress(state: State) -> str:
    if state.phase == PICK:
        return "picking Retros"
    if state.phase == OVER:
        return f"round {state.round}, {state.result}"
    if state.phase == PROGRAM:
        return f"round {state.round}, programming"
    return f"round {state.round}, running"


def winners(state: State) -> tuple[int, ...]:
    """Co-op: every seat wins together, or none does."""
    return tuple(range(state.n)) if state.phase == OVER and state.result == "won" else ()


def scores(state: State) -> list[int]:
    """Each seat's trophies (the end screen's only figure; there is no score)."""
    return [len(t) for t in state.trophies]


class CalamitronRules:
    """The registry's handle on this package (see game.rules.core.registry.Rules)."""

    version = RULES_VERSION
    codec = CODEC

    def load_catalogue(self, section: Any, doc: Doc, path: tuple[str, ...]) -> Catalogue:
        return load_catalogue(section, doc, path)

    def new_state(self, catalogue: Catalogue, players: int, variant: str, seed: int,
                  boss: str = "off", crates: str = "on") -> State:
        return new_state(catalogue, players, variant, seed, boss, crates)

    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    redact = staticmethod(redact)
    vary_secrets = staticmethod(vary_secrets)
    is_over = staticmethod(is_over)
    progress = staticmethod(progress)
    winners = staticmethod(winners)
    scores = staticmethod(scores)


RULES = CalamitronRules()
