"""Playing a scenario's question through the engine's own moves: each decision the
rules ask for is answered from the file's choices (or refused, or missing)."""

from __future__ import annotations

from typing import Any

from game.rules.coal_heart import engine, flow
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    End,
    HeartChoice,
    Punch,
    Select,
    Shield,
    Take,
    TakeGear,
    Trigger,
    UseGear,
    Weld,
)
from game.rules.coal_heart.building import SKIP
from game.rules.coal_heart.combat import remaining
from game.rules.coal_heart.state import OVER, TURN, State
from game.rules.core.actions import Action
from game.rules.core.errors import RuleError


class Missing(Exception):
    """The rules need a choice the file does not give."""


class Refused(Exception):
    """The rules refused one of the file's choices."""


def play(state: State, action: Action, names: list[str], what: str) -> None:
    try:
        engine.apply(state, action)
    except RuleError as exc:
        raise Refused(f"the rules refused {names[action.seat]}'s {what} ({exc})") from None


def start_phase(state: State, active: int, hex_id: str, names: list[str],
                sticky: bool = False) -> tuple[int, int]:
    """Make ``active`` lead the first Phase of a fresh round and select ``hex_id``."""
    state.first, state.phase_no, state.used = active, 0, []
    if sticky:
        play(state, UseGear(active, "sticky_hands", ""), names, "Sticky Hands")
    mark = (state.round, state.phase_no)
    play(state, Select(active, hex_id), names, f"selection of {hex_id}")
    return mark


def phase_over(state: State, mark: tuple[int, int]) -> bool:
    return state.stage == OVER or (state.round, state.phase_no) != mark


def drive_phase(state: State, mark: tuple[int, int], choices: dict[int, dict[str, Any]],
                names: list[str]) -> None:
    """Answer every decision of the Phase from ``choices`` until it ends."""
    used: dict[int, dict[str, Any]] = {s: {"take": list(c.get("take", [])),
                                           "build": list(c.get("build", [])),
                                           "welder": c.get("welder"),
                                           "discount": c.get("discount")}
                                       for s, c in choices.items()}
    while not phase_over(state, mark):
        seat = flow.deciding(state)
        mine = used.setdefault(seat, {"take": [], "build": [], "welder": None,
                                      "discount": None})
        legal = flow.options(state)
        action = _answer(state, seat, mine, legal, names)
        play(state, action, names, _words(action))
    if state.stage == OVER:
        return
    for seat, left in used.items():
        for key in ("take", "build"):
            if left[key]:
                raise Refused(f"the rules gave {names[seat]} no chance to {key} "
                              f"{left[key][0]}")
        if left["welder"] is not None:
            raise Refused(f"the rules gave {names[seat]} no chance to weld")
        if left["discount"] is not None:
            raise Refused(f"the rules gave {names[seat]} no chance to use the discount on "
                          f"{left['discount']['part']}")


def _answer(state: State, seat: int, mine: dict[str, Any],
            legal: list[Action], names: list[str]) -> Action:
    kind = state.pending[-1][0] if state.pending else state.stage
    wants_take = any(isinstance(a, Take | TakeGear) for a in legal)
    if kind in ("quarry", "perk", "gear_pick") or (kind == TURN and wants_take):
        if not mine["take"]:
            if End(seat) in legal:
                return End(seat)
            raise Missing(f"no choice given for {names[seat]}")
        choice = mine["take"].pop(0)
        return TakeGear(seat, choice) if state.hex == "gear" or kind == "gear_pick" \
            else Take(seat, choice)
    if kind == TURN and state.hex == "upgrade":
        if mine["welder"] is not None:
            slot, mine["welder"] = mine["welder"], None
            return Weld(seat, slot)
        if mine["build"]:
            slot = mine["build"].pop(0)
            part = state.cat.part(state.seats[seat].parts[slot], slot)
            return Build(seat, slot, _pay(part.cost, slot, mine))
    if End(seat) in legal:
        return End(seat)
    raise Missing(f"no choice given for {names[seat]}")


def _pay(cost: tuple[str, ...], slot: str, mine: dict[str, Any]) -> tuple[str, ...]:
    """The file's payment: the cost, less the discounted colour on the discounted part.
    A colour the part does not cost is still handed over, as an unpaid cube the part
    does not have, for the rules to refuse."""
    discount = mine["discount"]
    if discount is None or discount["part"] != slot:
        return cost
    mine["discount"] = None
    skip = discount["skip"]
    if skip not in cost:
        return (*cost, SKIP)
    index = cost.index(skip)
    return (*cost[:index], SKIP, *cost[index + 1:])


def _words(action: Action) -> str:
    fields = [str(v) for k, v in action.to_dict().items() if k not in ("kind", "seat")]
    return " ".join([action.kind, *fields]).strip()


def drive_attack(state: State, spec: dict[str, Any], names: list[str]) -> None:
    """Up to the attacker's Turn (earlier seats end theirs), then its one attack."""
    attacker, target = spec["attacker"], spec["target"]
    while state.stage != OVER and not (state.stage == TURN and state.turn_seat == attacker
                                       and not state.pending):
        seat = flow.deciding(state)
        if End(seat) not in flow.options(state):
            raise Missing(f"no choice given for {names[seat]}")
        play(state, End(seat), names, "end of Turn")
    if state.stage == OVER:
        return
    gear = tuple(sorted(spec["gear"]))
    play(state, Attack(attacker, target, gear), names, f"attack on {names[target]}")
    order = list(spec["abilities"])
    while state.stage != OVER and state.pending:
        kind, seat = state.pending[-1][0], state.pending[-1][1]
        if kind == "trigger":
            left = [s for s, _ in remaining(state)]
            slot = next((s for s in order if s in left), left[0])
            if slot in order:
                order.remove(slot)
            pay = spec["pay"].get(slot, "")
            action: Action = Trigger(seat, slot, "yes" if pay is True else str(pay or ""))
        elif kind == "shield":
            action = Shield(seat, spec["force_field"])
        elif kind == "punch":
            action = Punch(seat, spec["rocket_punch"] or "")
        else:
            raise Missing(f"no choice given for {names[seat]}")
        play(state, action, names, _words(action))
        if state.attack is None and not state.pending:
            break


def drive_capture(state: State, mark: tuple[int, int], choose: str | None,
                  names: list[str]) -> None:
    while not phase_over(state, mark):
        seat = flow.deciding(state)
        if state.pending and state.pending[-1][0] == "heart":
            if choose is None:
                raise Missing(f"no choice given for {names[seat]}")
            play(state, HeartChoice(seat, choose), names, choose)
            continue
        if End(seat) not in flow.options(state):
            raise Missing(f"no choice given for {names[seat]}")
        play(state, End(seat), names, "end of Turn")
