"""Positions for the Calamitron bot tests: hand-made programming positions, and views
of every decision kind collected from seeded random play."""

from __future__ import annotations

from game.ai.bots import RandomBot
from game.rules.calamitron import engine
from game.rules.calamitron.state import PROGRAM, State
from game.rules.core.registry import bundled_catalogue
from tests.rules.calamitron.helpers import board

KINDS = ("pick", "repick", "edit", "shove", "program", "upgrade", "return")


def programming(text: str) -> State:
    """A scenario-format position turned to the start of a round's programming."""
    state = board(text)
    state.phase = PROGRAM
    state.deal = [state.in_play[0]] * state.n
    state.locked = [False] * state.n
    return state


def kind_of(state: State, seat: int) -> str:
    """The decision a seat faces: pick, repick (after a lost Retro), edit, shove,
    program, upgrade or return."""
    first = engine.legal_actions(state, seat)[0]
    if first.kind == "pick":
        return "repick" if state.phase == PROGRAM else "pick"
    if state.phase == PROGRAM:
        return "edit"
    assert state.ask is not None
    return state.ask[0]


def decisions(players: int, seeds: range) -> dict[str, tuple[State, int]]:
    """A view (and its seat) of each decision kind, the first met in random play."""
    found: dict[str, tuple[State, int]] = {}
    cat = bundled_catalogue("calamitron")
    for seed in seeds:
        state = engine.new_state(cat, players, "standard", seed)
        bots = [RandomBot("calamitron", seed * 10 + s) for s in range(players)]
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            found.setdefault(kind_of(state, seat), (engine.view(state, seat), seat))
            if len(found) == len(KINDS):
                return found
            engine.apply(state, bots[seat].choose(engine.view(state, seat), seat))
    return found
