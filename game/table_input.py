"""From board snapshots to a game's actions: the roles bound to boards, routed to the
seat holding each role now, and confirmed by fresh edges.

Pure bookkeeping, no threads, no I/O and no game: a game's TableMapping says what each
role makes and holds (a shared role is held by the first seat the rules wait for that
has a move it makes). A board's choice is *expected* while the seat holding its role has
an action the role makes among its legal actions (for an AI seat, only table readings:
a person rolls the dice for the bot). The board arms when it is seen not confirming while
expected, and fires once when it next confirms. So a switch left up from the previous
round, the heartbeats that repeat a snapshot, the snapshot re-sent after a reconnect, or
dice left in the tray from the last roll never confirm a new choice; a switch flipped
while the cable was out confirms once, because the last snapshot seen said down.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.core.actions import Action
from game.table_mapping import BoardRole, TableMapping

LegalActions = Callable[[Any, int], list[Action]]
IsAi = Callable[[int], bool]
ToAct = Callable[[Any], Sequence[int]]


@dataclass
class Reaction:
    """What one board snapshot asks of the game."""

    actions: list[Action] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)


@dataclass
class _Bound:
    role: BoardRole
    values: dict[str, str] = field(default_factory=dict)
    """The last snapshot handled (kept while the cable is out)."""
    trouble: str | None = "not connected"
    """Why it makes nothing now (lost, refused as a duplicate), or None when live."""
    seat: int | None = None
    """The seat holding the role when last observed."""
    expected: bool = False
    armed: bool = False
    sent: bool = False
    """An action went out for the current choice."""


class TableInput:
    """The boards bound to a game's roles, by board name (a link's name)."""

    def __init__(self, mapping: TableMapping, legal_actions: LegalActions,
                 is_ai: IsAi = lambda seat: False, to_act: ToAct | None = None) -> None:
        """``to_act``: the rules' seats to act, in their order, which a shared role
        needs to find its holder."""
        if to_act is None and any(role.shared for role in mapping.ROLES):
            raise ValueError("a table mapping with a shared role needs the rules' to_act")
        self.mapping = mapping
        self.roles = {role.key: role for role in mapping.ROLES}
        self._legal = legal_actions
        self._is_ai = is_ai
        self._to_act = to_act
        self._bound: dict[str, _Bound] = {}

    def bind(self, board: str, role: str, values: dict[str, str],
             trouble: str | None) -> None:
        """Serve ``role`` with ``board`` (whose latest snapshot is ``values``, and which
        is live unless ``trouble`` says why not); a role has one board, so another
        bound to it is let go."""
        for name in [n for n, b in self._bound.items() if b.role.key == role and n != board]:
            del self._bound[name]
        current = self._bound.get(board)
        if current is None or current.role.key != role:
            self._bound[board] = _Bound(self.roles[role], dict(values), trouble)
        else:
            current.trouble = trouble

    def unbind(self, board: str) -> None:
        self._bound.pop(board, None)

    def set_trouble(self, board: str, trouble: str | None) -> None:
        """A board lost or refused (``trouble`` says why in a few words), or live again
        (None): while not live it makes nothing and its seat is told to use the mouse."""
        bound = self._bound.get(board)
        if bound is not None:
            bound.trouble = trouble

    def snapshot(self, board: str) -> dict[str, str]:
        """The last snapshot handled for a board ({} if it is not bound)."""
        bound = self._bound.get(board)
        return dict(bound.values) if bound else {}

    def observe(self, state: Any) -> None:
        """Note who holds each role and which choices are expected; call after every
        change of the match, before handling the next snapshot. A board whose move went
        out and is still expected after the change has a new choice to make (a seat
        rolling again): it must be released and confirm afresh, like any new choice."""
        for bound in self._bound.values():
            if bound.sent:
                bound.expected = False
            self._update(bound, state)

    def handle(self, board: str, values: dict[str, str], state: Any) -> Reaction:
        """A board's snapshot, in the state it is handled in."""
        reaction = Reaction()
        bound = self._bound.get(board)
        if bound is None:
            return reaction
        self._update(bound, state)
        bound.values = dict(values)
        # A snapshot counts even if the board was lost since it said it: it was live then.
        if not bound.expected or bound.seat is None:
            return reaction
        if bound.role.confirm(bound.values, state, bound.seat) is not True:
            bound.armed = True
            return reaction
        if not bound.armed:
            return reaction
        bound.armed = False
        wanted = bound.role.action(bound.values, state, bound.seat)
        if isinstance(wanted, str):
            reaction.messages.append(f"{bound.role.label}: {wanted}")
        elif wanted in self._legal(state, bound.seat):
            reaction.actions.append(wanted)
            bound.sent = True
        else:
            reaction.messages.append(f"{bound.role.label}: {bound.role.refused}")
        return reaction

    def holder(self, state: Any, role: BoardRole) -> int | None:
        """The seat ``role`` serves now: the mapping's holder, or for a shared role the
        first seat the rules wait for that has a move the role makes."""
        if not role.shared:
            return self.mapping.holder(state, role.key)
        assert self._to_act is not None
        return next((seat for seat in self._to_act(state)
                     if self._makes(role, state, seat)), None)

    def _makes(self, role: BoardRole, state: Any, seat: int) -> bool:
        """Whether ``seat`` has a legal move ``role``'s board makes (for an AI seat, only
        a table reading: a person rolls the dice for the bot)."""
        return any(role.makes(action) and (action.chance or not self._is_ai(seat))
                   for action in self._legal(state, seat))

    def decides(self, state: Any, seat: int) -> bool:
        """Whether live boards make every move ``seat`` has now, so the screen need not
        be handed to it (the boards are its private input)."""
        held = [b.role for b in self._bound.values()
                if b.trouble is None and self.holder(state, b.role) == seat]
        if not held:
            return False
        legal = self._legal(state, seat)
        return bool(legal) and all(any(role.makes(a) for role in held) for a in legal)

    def led(self, board: str, state: Any) -> str:
        """What the board's LEDs should show: turn (its choice is expected), again (it
        must be flipped again first), or idle."""
        bound = self._bound.get(board)
        if bound is None or not bound.expected or bound.sent or bound.seat is None:
            return "idle"
        return "again" if self._stale(bound, state) else "turn"

    def notes(self, seat: int, state: Any) -> list[str]:
        """Lines for ``seat``'s players about its boards: lost ones, and ones to flip
        again."""
        notes = []
        for bound in self._bound.values():
            if bound.seat != seat:
                continue
            if bound.trouble is not None:
                notes.append(f"{bound.role.label} {bound.trouble}; use the mouse meanwhile")
            elif bound.expected and not bound.sent and self._stale(bound, state):
                notes.append(f"{bound.role.label}: {bound.role.again}")
        return notes

    def _stale(self, bound: _Bound, state: Any) -> bool:
        """Expected, but confirming since before it was: it must be released first."""
        return (not bound.armed and bound.seat is not None and bound.values != {}
                and bound.role.confirm(bound.values, state, bound.seat) is True)

    def _update(self, bound: _Bound, state: Any) -> None:
        seat = self.holder(state, bound.role)
        expected = seat is not None and self._makes(bound.role, state, seat)
        if expected and (not bound.expected or seat != bound.seat):
            assert seat is not None
            bound.armed = (bool(bound.values)
                           and bound.role.confirm(bound.values, state, seat) is not True)
            bound.sent = False
        bound.expected = expected
        bound.seat = seat
        if not expected:
            bound.armed = False
