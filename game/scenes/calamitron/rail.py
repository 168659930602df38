"""Turning presses, drags and right-clicks on the program rails into the rules' edits.

A counter dragged from the tray onto a rail is a ``Put`` at the slot it lands on; one
dragged off its rail (or right-clicked) is a ``Take``; one dragged along its rail is a
reorder, a ``Take`` and a ``Put`` (in whichever order keeps the program legal all the
way, as every edit must). What is offered comes from the rules alone: a drop is taken
only if the rules' ``legal_actions`` list each edit, the second one checked on a copy
of the match after the first."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from game.rules.calamitron import engine
from game.rules.calamitron.actions import Put, Take
from game.rules.calamitron.flow import carry_out
from game.rules.calamitron.program import length_limit, seat_effects, seat_faults
from game.rules.calamitron.state import State
from game.rules.core.actions import Action
from game.scenes.calamitron.layout import counter_rect, slot_index, slot_rect
from game.scenes.calamitron.panels import INSTRUCTION_ORDER, rail_length
from game.scenes.calamitron.words import COUNTER_NAMES, RETRO_NAMES


@dataclass(frozen=True)
class Drag:
    """A counter in the hand: its face, and the rail slot it was lifted from (``seat``
    -1: from the tray)."""

    word: str
    seat: int = -1
    slot: int = -1
    start: tuple[int, int] = (0, 0)

    @property
    def from_tray(self) -> bool:
        return self.seat < 0


def edits_for(state: State, drag: Drag, seat: int | None, slot: int | None) -> list[Action]:
    """The edits a drop of ``drag`` on ``seat``'s rail at ``slot`` (None: off every
    rail) makes, in order; empty when the rules would refuse it."""
    if drag.from_tray:
        if seat is None or slot is None:
            return []
        slot = min(slot, len(state.programs[seat]))
        put = Put(seat, slot, drag.word)
        return [put] if put in engine.legal_actions(state, seat) else []
    take = Take(drag.seat, drag.slot)
    if seat is None:
        return [take] if take in engine.legal_actions(state, drag.seat) else []
    if seat != drag.seat or slot is None:
        return []
    words = state.programs[seat]
    slot = min(slot, len(words) - 1)
    if slot == drag.slot:
        return []
    for order in ([take, Put(seat, slot, drag.word)],
                  [Put(seat, slot if slot < drag.slot else slot + 1, drag.word),
                   Take(seat, drag.slot + 1 if slot < drag.slot else drag.slot)]):
        if _legal_in_turn(state, order):
            return order
    return []


def _legal_in_turn(state: State, actions: list[Action]) -> bool:
    """Whether the rules list each action in turn, each carried out on a copy (a view
    has no seed for ``apply``; an edit needs none)."""
    trial = copy.deepcopy(state, {id(state.cat): state.cat})
    for action in actions:
        if action not in engine.legal_actions(trial, action.seat):
            return False
        carry_out(trial, action)
    return True


def tray_faces(state: State, seat: int) -> set[str]:
    """The faces the rules let ``seat`` put somewhere in its program now."""
    return {a.word for a in engine.legal_actions(state, seat) if isinstance(a, Put)}


def can_take(state: State, seat: int, slot: int) -> bool:
    return Take(seat, slot) in engine.legal_actions(state, seat)


def lifted_at(state: State, editable: list[int], pos: tuple[int, int]) -> Drag | None:
    """The counter a press at ``pos`` picks up: one in an editable rail, else a tray
    face (only while some rail is editable)."""
    for seat in editable:
        for slot, word in enumerate(state.programs[seat]):
            if slot_rect(seat, slot).collidepoint(pos):
                return Drag(word, seat, slot, pos)
    if not editable:
        return None
    for index, word in enumerate(INSTRUCTION_ORDER):
        if counter_rect(index).collidepoint(pos):
            return Drag(word, start=pos)
    return None


def dropped(state: State, drag: Drag, editable: list[int], pos: tuple[int, int],
            focus: int, moved: bool) -> tuple[list[Action], str]:
    """The edits a release at ``pos`` makes, and what to say when there are none. A
    tray counter pressed and released without moving goes on the end of ``focus``'s
    rail; a rail counter so clicked stays."""
    if not moved:
        if drag.from_tray:
            return edits_for(state, drag, focus, len(state.programs[focus])), ""
        return [], ""
    target = None
    for seat in editable:
        slot = slot_index(seat, pos, rail_length(state, seat) + 1)
        if slot is not None:
            target = (seat, slot)
    actions = edits_for(state, drag, *(target or (None, None)))
    if actions or (target is None and drag.from_tray):
        return actions, ""
    if target is None:
        return [], "That counter cannot come off: " + why_not(state, drag.seat, _after(
            state.programs[drag.seat], drag, None))
    seat, slot = target
    return [], f"{COUNTER_NAMES[drag.word]} cannot go there: " + why_not(
        state, seat, _after(state.programs[seat], drag, slot))


def _after(words: tuple[str, ...], drag: Drag, slot: int | None) -> tuple[str, ...]:
    """The program a drop would leave (``slot`` None: the counter lifted off)."""
    kept = list(words) if drag.from_tray else [*words[:drag.slot], *words[drag.slot + 1:]]
    if slot is not None:
        kept.insert(min(slot, len(kept)), drag.word)
    return tuple(kept)


FAULT_WORDS = {
    "loader": ("loader", "Move 3, Back up 2, U-turn and Shove"),
    "shooter": ("shooter", "Tractor and Forcer"),
    "hacker": ("hacker", "Program"),
}


def why_not(state: State, seat: int, words: tuple[str, ...]) -> str:
    """Which of the program rules ``words`` would break for ``seat``, in a sentence."""
    faults = seat_faults(state, seat, words)
    retro = state.seat_retro(seat)
    if retro is None or not faults:
        return "the rules do not allow that edit now."
    fault = faults[0]
    if fault == "too-long":
        most = length_limit(state.cat, seat_effects(state, seat), state.active("program-up"),
                            state.active("program-down"))
        return f"this program holds at most {most} counters."
    if fault == "enter":
        return "a Retro waiting outside must start with Move 1, 2 or 3 to come in."
    name, faces = FAULT_WORDS[fault]
    most = state.cat.limits[retro.kind][fault] + (fault in seat_effects(state, seat))
    retro_name = RETRO_NAMES[retro.kind]
    if most == 0:
        return f"a {retro_name} runs no {name} counters ({faces})."
    return (f"a {retro_name} runs at most {most} {name} counter"
            f"{'' if most == 1 else 's'} ({faces}).")


def taken_at(state: State, editable: list[int],
             pos: tuple[int, int]) -> tuple[list[Action], str] | None:
    """A right-click at ``pos``: the edit taking that counter off (or why it cannot
    come off); None when no counter of an editable rail is there."""
    for seat in editable:
        for slot, word in enumerate(state.programs[seat]):
            if slot_rect(seat, slot).collidepoint(pos):
                actions = edits_for(state, Drag(word, seat, slot), None, None)
                return actions, ("" if actions else "That counter cannot come off: "
                                 + why_not(state, seat, _after(
                                     state.programs[seat], Drag(word, seat, slot), None)))
    return None
