"""Small positions for the Calamitron tests, written as the scenario format's YAML (the
reader is the one the runner uses), and a few ways to play on them."""

from __future__ import annotations

from typing import Any

from game.rules.calamitron import flow, program
from game.rules.calamitron.catalogue import Catalogue
from game.rules.calamitron.scenario_read import Reader, position
from game.rules.calamitron.state import State
from game.rules.core.actions import Event
from game.rules.core.data import Checker, load_yaml
from game.rules.core.registry import bundled_catalogue


def cat() -> Catalogue:
    return bundled_catalogue("calamitron")


def board(text: str, **extra: Any) -> State:
    """A position from the scenario format's YAML (``pieces``, ``board`` ...)."""
    data, doc = load_yaml(text, "test")
    data.update(extra)
    return position(Reader(Checker(doc), cat()), data)


def run(state: State, seat: int, words: tuple[str, ...], answers: tuple[str, ...] = ()
        ) -> list[Event]:
    """``seat`` runs ``words`` in its turn; each choice asked takes the next answer."""
    state.programs[seat] = words
    program.start(state, seat)
    return settle(state, answers)


def settle(state: State, answers: tuple[str, ...] = ()) -> list[Event]:
    """Play everything queued, answering choices in order and taking the first Upgrade
    offered; stops at round step 5 (returning Upgrades) for the test to answer."""
    from game.rules.calamitron import engine
    from game.rules.calamitron.actions import Choose, Upgrade

    flow.advance(state)
    events, state.log = state.log, []
    left = list(answers)
    while state.ask is not None and state.ask[0] != "return":
        what, seat = state.ask
        if what == "upgrade":
            action: Any = flow.options(state, seat)[0]
            assert isinstance(action, Upgrade)
        else:
            action = Choose(seat, left.pop(0))
        events += engine.apply(state, action)
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def upgrade_offered_with_two_held() -> State:
    """Seat 1's Treadbot, holding two Upgrades, breaks a crate open with Move 1 and is
    asked whether to swap one for the Upgrade it earned."""
    state = board("""board: {rows: 6, cols: 6}
pieces:
  T: {kind: treadbot, at: "3,3", facing: E, seat: 1, upgrades: [extra-memory, spare-loader]}
  C: {kind: crate, at: "3,4"}
  B: {kind: servobot, at: "3,5", facing: N}""")
    state.programs[0] = ("M1",)
    program.start(state, 0)
    flow.advance(state)
    return state


def treadbot_lost_in_a_pit() -> State:
    """Seat 1's Treadbot drives north into the bundled board's pit at 5,3 with Move 1
    and is lost; the round plays out and its seat still has to pick a replacement."""
    state = board("""pieces:
  T: {kind: treadbot, at: "6,3", facing: N, seat: 1}
  V: {kind: servobot, at: "8,8", facing: W}""", deck=["quiet"])
    state.deal = ["servobot"]
    state.programs[0] = ("M1",)
    state.tasks = flow.round_tasks(state)
    settle(state)
    return state
