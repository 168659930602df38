"""Hand-made positions for the choice and defence tests: a match brought to the
roller's first action, and rockets placed on a Launch Grid."""

from __future__ import annotations

import random

from game.rules.blastbots import engine
from game.rules.blastbots.state import ACT, State
from tests.ai.blastbots.helpers import new_state


def at_act(seed: int) -> State:
    """A 2-player match at the roller's first Stage 3 decision."""
    state = new_state(2, seed)
    rng = random.Random(seed)
    while not (state.phase == ACT and state.stack[-1][0] == "act"):
        seat = engine.to_act(state)[0]
        options = engine.legal_actions(state, seat)
        engine.apply(state, options[rng.randrange(len(options))])
    return state


def rockets_to(state: State, seat: int, atmo: int, pad: int) -> None:
    """Rockets from ``seat``'s Factory to its Atmosphere and Launchpad."""
    state.factory[seat] += state.atmo[seat] + state.pad[seat] - atmo - pad
    state.atmo[seat], state.pad[seat] = atmo, pad
    state.legal = None
