"""Playing a candidate program forward with the rules' own flow, on a copy.

Nothing here knows a rule: the copy is locked with the candidate as the seat's program
and handed to ``flow.play``, which runs the rest of the round (every seat's Rogues and
programs, the Calamity) exactly as the match will. Choices the run asks are answered by
``settle``: the planning seat's Shove direction or Program target is tried each way
(when ``greedy``), everyone else's takes a plain default.
"""

from __future__ import annotations

import copy

from game.ai.calamitron.worth import worth
from game.rules.calamitron import flow
from game.rules.calamitron.actions import Choose, Keep, Lock
from game.rules.calamitron.state import PROGRAM, RUN, State
from game.rules.core.actions import Action

DEFAULT_CHOICE = {"shove": "F", "program": "self"}


def twin(state: State) -> State:
    """A deep copy sharing the (read-only) catalogue."""
    return copy.deepcopy(state, {id(state.cat): state.cat})


def lock_in(state: State, seat: int, words: tuple[str, ...]) -> State:
    """A copy of a programming ``state`` with ``words`` locked for ``seat``, every
    other seat locked as its program stands (a lost Retro replaced by its first
    choice), and the round run up to the first choice asked."""
    sim = twin(state)
    sim.programs[seat] = words
    for other in range(sim.n):
        if sim.lost[other]:
            flow.play(sim, flow.options(sim, other)[0])
    sim.locked = [other != seat for other in range(sim.n)]
    flow.play(sim, Lock(seat))
    return sim


def settle(sim: State, seat: int, greedy: bool) -> State:
    """Answer every choice until the round is over (or the game); returns the state
    then (``sim`` itself, or a better branch's copy)."""
    while sim.phase == RUN and sim.ask is not None:
        what, asked = sim.ask
        if greedy and asked == seat and what in DEFAULT_CHOICE:
            return best_branch(sim, seat)[1]
        flow.play(sim, default(sim, asked))
    return sim


def best_branch(sim: State, seat: int) -> tuple[str, State]:
    """Each answer to the seat's pending choice, played out with defaults; the best."""
    best: tuple[float, str, State] | None = None
    for option in flow.options(sim, seat):
        assert isinstance(option, Choose)
        branch = twin(sim)
        flow.play(branch, option)
        branch = settle(branch, seat, False)
        score = worth(branch, seat)
        if best is None or score > best[0]:
            best = (score, option.option, branch)
    assert best is not None
    return best[1], best[2]


def default(sim: State, seat: int) -> Action:
    """A plain answer: Shove forward, Program itself, the first Upgrade offered (or
    keep two held), no Upgrade returned."""
    what = sim.ask[0] if sim.ask else ""
    options = flow.options(sim, seat)
    if what in DEFAULT_CHOICE:
        wanted = Choose(seat, DEFAULT_CHOICE[what])
        return wanted if wanted in options else options[0]
    if what == "return":
        return Keep(seat)
    return options[0]


def play_out(state: State, seat: int, words: tuple[str, ...], greedy: bool) -> State:
    """The round run with ``words`` as ``seat``'s program, to the next programming
    phase or the end of the game."""
    return settle(lock_in(state, seat, words), seat, greedy)


def rogues_next(state: State, seat: int) -> State:
    """After a play-out, the next round run with every program empty: what the Rogues
    do to the position before anyone can answer (a copy; ``state`` if the game is
    over)."""
    if state.phase != PROGRAM:
        return state
    return settle(lock_in(state, seat, ()), seat, False)

