"""From controller snapshots to Goblins, Inc. actions: the table's input source.

Pure bookkeeping, no threads and no I/O: the session feeds it LinkEvents and the
current match state and gets back actions (exactly what a mouse click would make)
and one-line messages for the player.

Confirming a choice needs a *fresh* ready edge. A seat's dial choice is "expected"
while its Steer (or PickTactic) is among the legal actions. The ready switch arms
only when it is seen down while the choice is expected, and fires once when it is
next seen up. So a switch left up from the previous round never confirms a new
choice by itself, and the repeated STATE heartbeats, or the snapshot re-sent after a
reconnect, can never apply the same choice twice. A switch flipped up while the
cable was out still counts: the last confirmed snapshot said down, the first one
after the reconnect says up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.rules.core.actions import Action
from game.rules.goblins.actions import PickTactic, Steer
from game.rules.goblins.combat import BLANK
from hardware.link import LinkEvent
from hardware.protocol import ROLE_FIELDS, snapshot_ok

LegalActions = Callable[[Any, int], list[Action]]
DIAL_ACTIONS: dict[str, type[Action]] = {"pilot": Steer, "tactician": PickTactic}
"""The action each dial-and-ready controller confirms."""
_ROLE_NAMES = {"pilot": "pilot", "tactician": "tactics", "dice": "dice"}


def stable_faces(values: dict[str, str]) -> tuple[int, ...] | None:
    """The faces on a dice reader, slot order, when every present die lies still with a
    readable face; None while any is rolling, tilted, handled or unread. Absent slots
    are skipped (so an empty tray gives ``()``). A blank is the engine's BLANK."""
    faces = []
    for slot in ROLE_FIELDS["dice"]:
        value = values.get(slot, "A-")
        if value.startswith("A"):
            continue
        if value[:1] != "S" or value[1:] not in ("1", "2", "3", "4", "5", "B"):
            return None
        faces.append(BLANK if value[1:] == "B" else int(value[1:]))
    return tuple(faces)


@dataclass
class Reaction:
    """What one controller event asks of the game."""

    actions: list[Action] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)


@dataclass
class _Controller:
    seat: int
    role: str
    values: dict[str, str] = field(default_factory=dict)
    """The last confirmed snapshot (kept while the cable is out)."""
    lost: bool = False
    expected: bool = False
    armed: bool = False
    sent: bool = False
    """An action went out for the current choice (the game has yet to apply it)."""


class TableInput:
    """The controllers assigned to seats: uid -> (seat, role)."""

    def __init__(self, assignments: dict[str, tuple[int, str]],
                 legal_actions: LegalActions) -> None:
        self._legal = legal_actions
        self._controllers: dict[str, _Controller] = {}
        for uid, (seat, role) in assignments.items():
            self.assign(uid, seat, role)

    def assign(self, uid: str, seat: int, role: str) -> None:
        if role not in ROLE_FIELDS:
            raise ValueError(f"unknown controller role {role!r}")
        self._controllers[uid.upper()] = _Controller(seat, role)

    def unassign(self, uid: str) -> None:
        """Stop listening to a controller (it may be assigned again later)."""
        self._controllers.pop(uid.upper(), None)

    def snapshot(self, uid: str) -> dict[str, str]:
        """The last confirmed values of a controller ({} before its first snapshot)."""
        controller = self._controllers.get(uid.upper())
        return dict(controller.values) if controller else {}

    def observe(self, state: Any) -> None:
        """Note which seats now expect a dial choice; call after every state change."""
        for controller in self._controllers.values():
            self._update_expected(controller, state)

    def handle(self, event: LinkEvent, state: Any) -> Reaction:
        """React to one link event, given the match state it arrived in."""
        reaction = Reaction()
        controller = self._controllers.get(event.device.uid.upper()) if event.device else None
        if controller is None or event.device is None:
            return reaction
        if event.device.role != controller.role:
            if event.kind == "hello":
                reaction.messages.append(
                    f"Seat {controller.seat + 1}: controller {event.device.uid} is a "
                    f"{event.device.role}, but it is set up as the {controller.role}")
            return reaction
        if event.kind == "lost":
            controller.lost = True
        elif event.kind == "hello":
            controller.lost = False
        elif event.kind in ("state", "change") and snapshot_ok(event.values, controller.role):
            self._update_expected(controller, state)
            controller.values = dict(event.values)
            self._on_snapshot(controller, state, reaction)
        return reaction

    def paused(self, seat: int) -> bool:
        """Whether a controller of this seat is lost (the seat plays by mouse meanwhile)."""
        return any(c.lost for c in self._controllers.values() if c.seat == seat)

    def status(self, seat: int) -> str | None:
        """One line for the seat's panel about its controllers, or None if all is well."""
        notes = []
        for controller in self._controllers.values():
            if controller.seat != seat:
                continue
            name = _ROLE_NAMES[controller.role]
            if controller.lost:
                notes.append(f"{name} controller lost — reconnecting; use the mouse meanwhile")
            elif (controller.expected and not controller.armed and not controller.sent
                  and controller.values.get("ready") == "1"):
                notes.append(f"{name} controller: switch ready off and on to confirm")
        return "; ".join(notes) or None

    def _update_expected(self, controller: _Controller, state: Any) -> None:
        kind = DIAL_ACTIONS.get(controller.role)
        expected = kind is not None and any(
            isinstance(action, kind) for action in self._legal(state, controller.seat))
        if expected and not controller.expected:
            controller.armed = controller.values.get("ready") == "0"
            controller.sent = False
        controller.expected = expected
        if not expected:
            controller.armed = False

    def _on_snapshot(self, controller: _Controller, state: Any, reaction: Reaction) -> None:
        if not controller.expected:
            return
        ready = controller.values.get("ready")
        if ready == "0":
            controller.armed = True
            return
        if ready != "1" or not controller.armed:
            return
        controller.armed = False
        action = self._dial_action(controller)
        if action in self._legal(state, controller.seat):
            reaction.actions.append(action)
            controller.sent = True
        elif controller.role == "pilot":
            reaction.messages.append(f"Seat {controller.seat + 1}'s pilot dial: "
                                     "that steering is not possible now")
        else:
            reaction.messages.append(f"Seat {controller.seat + 1}'s tactics dial: "
                                     "that card cannot be picked now")

    def _dial_action(self, controller: _Controller) -> Action:
        values = controller.values
        if controller.role == "pilot":
            return Steer(controller.seat, int(values["steer"]), int(values["target"]))
        return PickTactic(controller.seat, int(values["tactic"]))
