"""The Coal Heart match engine: the one entry point for legal moves and applying them.

``apply`` accepts exactly the moves ``legal_actions`` lists for the seat deciding now,
so an illegal move raises RuleError and leaves the state as it was; then every step no
one decides runs (``flow.advance``), with the win check after each effect.
"""

from __future__ import annotations

from typing import Any

from game.rules.coal_heart import flow, refusals
from game.rules.coal_heart.actions import CODEC
from game.rules.coal_heart.catalogue import Catalogue, load_catalogue
from game.rules.coal_heart.secrets import gather_draws, redact, vary_secrets, view
from game.rules.coal_heart.setup import new_state as fresh_state
from game.rules.coal_heart.state import DRAFT, OVER, PICK, SELECT, State
from game.rules.core.actions import Action, Event
from game.rules.core.data import Doc
from game.rules.core.errors import RuleError

RULES_VERSION = "coal_heart-2"


def new_state(catalogue: Catalogue, players: int, variant: str, seed: int) -> State:
    state = fresh_state(catalogue, players, variant, seed)
    flow.advance(state)
    state.log.clear()
    return state


def to_act(state: State) -> tuple[int, ...]:
    seat = flow.deciding(state)
    return () if seat < 0 else (seat,)


def legal_actions(state: State, seat: int) -> list[Action]:
    if flow.deciding(state) != seat:
        return []
    return flow.options(state)


def apply(state: State, action: Action) -> list[Event]:
    if state.rng is None:
        raise RuleError("a player's view cannot be played on; use the match state")
    CODEC.check(action, state.n)
    if state.stage == OVER:
        raise RuleError("the game is over")
    if action.seat != flow.deciding(state):
        raise RuleError("it is not your decision now")
    if action not in flow.options(state):
        raise RuleError(refusals.why(state, action))
    flow.carry_out(state, action)
    flow.advance(state)
    events, state.log = state.log, []
    return gather_draws(events)


def is_over(state: State) -> bool:
    return state.stage == OVER


def progress(state: State) -> str:
    if state.stage == PICK:
        return "choosing robots"
    if state.stage == DRAFT:
        return f"drafting, pick {state.cursor + 1}"
    if state.stage == OVER:
        return f"round {state.round}, won"
    if state.stage == SELECT:
        return f"round {state.round}, choosing a hex"
    return f"round {state.round}, {state.hex}"


def winners(state: State) -> tuple[int, ...]:
    return state.winners if state.stage == OVER else ()


def scores(state: State) -> list[int]:
    """1 for each winner, 0 for everyone else: the tools (arena, simulate) count the
    top score as the win, and a robot left standing may have built fewer parts than
    one it broke."""
    return [int(seat in winners(state)) for seat in range(state.n)]


def turns_played(state: State) -> int:
    """Rounds begun: the tools stop a game with no winner after the cap."""
    return state.round


class CoalHeartRules:
    """The registry's handle on this package (see game.rules.core.registry.Rules)."""

    version = RULES_VERSION
    codec = CODEC

    def load_catalogue(self, section: Any, doc: Doc, path: tuple[str, ...]) -> Catalogue:
        return load_catalogue(section, doc, path)

    def new_state(self, catalogue: Catalogue, players: int, variant: str,
                  seed: int) -> State:
        return new_state(catalogue, players, variant, seed)

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
    turns_played = staticmethod(turns_played)


RULES = CoalHeartRules()

