"""Goblins, Inc. at the table (game.table_mapping.TableMapping): each team's pilot
console, tactics console and dice tray, and the moves they make.

Team A is the crew that starts the round (the rules' first team), team B the other.
Pilot and tactician swap every combat round in 3- and 4-player games and the crews
change every round, so a role is held by whichever seat the rules say now: the pilot
console steers for the team's pilot, the tactics console picks for its tactician, and
the tray reads the dice in for the tactician, who rolls (in a duel one player holds
all three). A console confirms with a fresh flip of its ready switch; the tray with a
fresh roll: it counts once every die in it lies still, as many as the rules wait for,
after the tray was seen rolling, handled or empty. Imports no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.goblins.actions import PickTactic, ReadDice, Steer
from game.rules.goblins.combat import BLANK
from game.scenes.goblins.tray import stable_faces
from game.table_mapping import BoardRole, Values

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Action
    from game.settings import Settings

FLIP_AGAIN = "flip the ready switch off and on to confirm"


def _ready(values: Values, state: Any, seat: int) -> bool | None:
    return {"1": True, "0": False}.get(values.get("ready", ""))


def _steer(values: Values, state: Any, seat: int) -> Action | str:
    return Steer(seat, int(values["steer"]), int(values["target"]))


def _pick(values: Values, state: Any, seat: int) -> Action | str:
    return PickTactic(seat, int(values["tactic"]))


def _wanted(state: Any, seat: int) -> int:
    """How many dice the seat's team waits for from the table."""
    return len(state.teams[state.team_of(seat)].reading)


def _tray(values: Values, state: Any, seat: int) -> bool | None:
    """Settled with the wanted count: True; rolling, handled or empty: False; settled
    with another count: None (a die still to be added or taken out)."""
    faces = stable_faces(values)
    if not faces:
        return False
    return True if len(faces) == _wanted(state, seat) else None


def _read(values: Values, state: Any, seat: int) -> Action | str:
    faces = stable_faces(values) or ()
    if state.teams[state.team_of(seat)].read_for == "emergency" and BLANK in faces:
        return "a blank is re-rolled for Emergency: roll it again"
    return ReadDice(seat, tuple(sorted(faces)))


def _is(kind: type) -> Callable[[Action], bool]:
    return lambda action: isinstance(action, kind)


def _roles(team: str) -> tuple[BoardRole, ...]:
    key = team.lower()
    return (
        BoardRole(f"{key}_pilot", f"Team {team} pilot console", "pilot", _is(Steer), _ready,
                  _steer, "that steering is not possible now", FLIP_AGAIN),
        BoardRole(f"{key}_tactician", f"Team {team} tactics console", "tactician",
                  _is(PickTactic), _ready, _pick, "that card cannot be picked now",
                  FLIP_AGAIN),
        BoardRole(f"{key}_dice", f"Team {team} dice tray", "dice", _is(ReadDice), _tray,
                  _read, "those faces cannot be read in now",
                  "the tray still shows the last roll: roll again"),
    )


ROLES: tuple[BoardRole, ...] = _roles("A") + _roles("B")


def holder(state: Any, role: str) -> int | None:
    """The seat holding ``role`` now: the team's pilot for its pilot console, its
    tactician for the tactics console and the dice tray."""
    team_key, _, kind = role.partition("_")
    index = {"a": 0, "b": 1}.get(team_key)
    if index is None or index >= len(state.teams):
        return None
    team = state.teams[index]
    return team.pilot if kind == "pilot" else team.tactician


def bench(open_app: Callable[[Settings], App]) -> list[str]:
    """``botyard bench controller``'s real path: firmware in simavr to the applied Steer."""
    from game.scenes.goblins.bench_table import controller_hil

    return controller_hil(open_app)
