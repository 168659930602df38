"""The Blastbots match engine: the one entry point for legal moves and applying them.

``apply`` accepts exactly the moves ``legal_actions`` lists for the seat deciding now
(the top of the state's decision stack), so an illegal move raises RuleError and leaves
the state as it was. The engine then runs every step no one decides until someone
must decide again: payouts, launches, Escape and Destruction checks after each
complete step, Impact at once. The game always ends by one of the three.
"""

from __future__ import annotations

from typing import Any

from game.rules.blastbots import flow, refusals
from game.rules.blastbots.actions import CODEC
from game.rules.blastbots.board import COLOURS
from game.rules.blastbots.catalogue import Catalogue, load_catalogue
from game.rules.blastbots.secrets import redact, vary_secrets, view
from game.rules.blastbots.setup import new_state as fresh_state
from game.rules.blastbots.state import FIRST, OVER, PLACE, State
from game.rules.core.actions import Action, Event
from game.rules.core.data import Doc
from game.rules.core.errors import RuleError

RULES_VERSION = "blastbots-1"
DICE = ("rules", "table")
"""The table option: dice rolled by the engine, or at the real table and read in."""
VICTORIES = {"escape": "escape victory", "destruction": "destruction victory",
             "impact": "impact"}


def new_state(catalogue: Catalogue, players: int, variant: str, seed: int,
              dice: str = "rules") -> State:
    if not 2 <= players <= len(COLOURS):
        raise RuleError(f"Blastbots is for 2 to {len(COLOURS)} players")
    if variant != "standard":
        raise RuleError("Blastbots has only the standard game")
    if dice not in DICE:
        raise RuleError(f"the dice option is one of {', '.join(DICE)}")
    state = fresh_state(catalogue, players, seed, table_dice=dice == "table")
    flow.advance(state)
    state.log.clear()
    return state


def to_act(state: State) -> tuple[int, ...]:
    """The one seat that decides now (empty once the game is over)."""
    if state.phase == OVER:
        return ()
    return (state.stack[-1][1],)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every move ``seat`` may make now (empty when it has nothing to decide)."""
    if state.phase == OVER:
        return []
    item = state.stack[-1]
    if item[1] != seat:
        return []
    legal = flow.options(state, item)
    state.legal = (seat, legal)
    return list(legal)


def _handed_out(state: State, action: Action) -> bool:
    """Whether ``action`` is one of the very objects ``legal_actions`` last handed out
    for its seat (the usual case, found by identity): such a move was built by the engine
    from the current position, so it is legal and well-formed without checking again."""
    cached = state.legal
    if cached is not None and cached[0] == getattr(action, "seat", None):
        for option in cached[1]:
            if option is action:
                return True
    return False


def apply(state: State, action: Action) -> list[Event]:
    """Apply one move and every step no one decides after it."""
    if state.rng is None:
        raise RuleError("a player's view cannot be played on; use the match state")
    if not _handed_out(state, action):
        CODEC.check(action, state.n)
        if state.phase == OVER:
            raise RuleError("the game is over")
        item = state.stack[-1]
        if action.seat != item[1]:
            raise RuleError("it is not your decision now")
        if action not in flow.options(state, item):
            raise RuleError(refusals.why(state, item, action))
    item = state.stack.pop()
    state.legal = None
    flow.carry_out(state, item, action)
    flow.advance(state)
    events, state.log = state.log, []
    return events


def is_over(state: State) -> bool:
    return state.phase == OVER


def progress(state: State) -> str:
    """A few words for the Load list: the setup step, the turn and the nearest meteor,
    or how the game ended."""
    if state.phase == FIRST:
        return "rolling for first player"
    if state.phase == PLACE:
        return "placing tokens"
    if state.phase == OVER:
        return f"turn {state.turns}, {VICTORIES[state.victory]}"
    return f"turn {state.turns}, meteor at T-{min(state.totem)}"


def winners(state: State) -> tuple[int, ...]:
    return (state.winner,) if state.phase == OVER else ()


def scores(state: State) -> list[int]:
    """1 for the winner, 0 for everyone else (Impact points are ``state.points``)."""
    return [int(seat == state.winner) for seat in range(state.n)]


class BlastbotsRules:
    """The registry's handle on this package (see game.rules.core.registry.Rules)."""

    version = RULES_VERSION
    codec = CODEC

    def load_catalogue(self, section: Any, doc: Doc, path: tuple[str, ...]) -> Catalogue:
        return load_catalogue(section, doc, path)

    def new_state(self, catalogue: Catalogue, players: int, variant: str, seed: int,
                  dice: str = "rules") -> State:
        return new_state(catalogue, players, variant, seed, dice)

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


RULES = BlastbotsRules()
