"""Why a move is refused, in one plain line (the move has already failed the legal
list; this only finds the words)."""

from __future__ import annotations

from game.rules.coal_heart import flow
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    Draft,
    End,
    PickRobot,
    Select,
    Take,
    TakeGear,
    UseGear,
    Weld,
)
from game.rules.coal_heart.state import DRAFT, PICK, SELECT, TURN, State
from game.rules.core.actions import Action
from game.rules.core.data import show

WAITING = {"quarry": "a cube from the Quarry", "perk": "the Mine perk's cube",
           "gear_pick": "a Gear card from the row", "give": "a cube to give up",
           "shield": "whether to spend a Force Field", "punch": "a Rocket Punch",
           "heart": "Overload or Mend", "may_attack": "whether to attack",
           "trigger": "the next attack ability",
           "order": "which of your abilities resolves first"}


def why(state: State, action: Action) -> str:
    if state.pending:
        return f"first choose {WAITING[state.pending[-1][0]]}"
    if state.stage == PICK:
        return ("that robot is taken or unknown" if isinstance(action, PickRobot)
                else "every seat must choose a robot first")
    if state.stage == DRAFT:
        return ("that part is taken, or you already have that slot"
                if isinstance(action, Draft) else "the draft comes first")
    if state.stage == SELECT and not isinstance(action, Select | UseGear):
        return "the Active Player must select a hex first"
    if isinstance(action, Select):
        return ("that hex is face down this round" if state.stage == SELECT
                else "a hex is selected only at the start of a Phase")
    if state.stage != TURN:
        return "that move does not fit now"
    return _turn(state, action)


def _turn(state: State, action: Action) -> str:
    mine = state.seats[action.seat]
    if isinstance(action, UseGear):
        if action.card not in mine.gear:
            return f"you hold no {show(action.card)} card"
        return "that Gear card cannot be used like that now"
    if isinstance(action, End):
        return "you must take " + ("a Gear card" if state.hex == "gear" else "a cube") + " first"
    if isinstance(action, Take | TakeGear | Attack | Build | Weld) and state.hex not in {
            Take: ("mine", "scavenge"), TakeGear: ("gear",), Attack: ("fight",),
            Build: ("upgrade",), Weld: ("upgrade",)}[type(action)]:
        return f"that is not done in a {state.hex} phase"
    if isinstance(action, Attack) and state.attacked:
        return "you have attacked this Turn already"
    if isinstance(action, Build | Weld) and not flow.building.may_build(state, action.seat):
        return "you may build nothing more this Turn"
    if isinstance(action, Build):
        return "you cannot pay for that part that way"
    if isinstance(action, Take | TakeGear) and state.took:
        return "you have taken yours this Turn"
    return "that is not allowed now"
