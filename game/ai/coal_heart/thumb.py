"""normal's rules of thumb: one legal action for any decision, read from the seat's
view alone (it never plays a move forward, so it needs no hidden information).

At the start of its Phase it scores the hexes (``hexes``); in a Turn it spends an
own-Turn Gear card worth spending, then does the Turn's action the best way it knows
(the cube it needs most, the card worth most, the attack worth most, every part it
can build, cheapest payment first), then ends the Turn. ``ranked`` gives every option
in its order of preference, which easy uses to slip.
"""

from __future__ import annotations

import random

from game.ai.coal_heart import fights, hexes
from game.ai.coal_heart.gear import card_worth, own_turn_gear
from game.ai.coal_heart.worth import demand, hp_worth, unbuilt
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    Convert,
    Draft,
    End,
    Give,
    HeartChoice,
    PickRobot,
    Punch,
    Select,
    Shield,
    Take,
    TakeGear,
    Trigger,
    UseGear,
    Weld,
)
from game.rules.coal_heart.state import SELECT, State
from game.rules.coal_heart.table import effect_of
from game.rules.coal_heart.vocabulary import COLOURS, SLOTS
from game.rules.core.actions import Action

HP_FLOOR = 9
"""normal pays HP for a part only while it keeps at least this much."""
CONVERT_BELOW = 1.3
"""Gizmo's shoulder trades in a card worth less than this (a random cube)."""
PICKS_LAST = ("quarry_pick", "gain_gear")
"""When normal orders its own abilities that trigger together, these (a Quarry cube or
a Gear card of its choice) go last: the random draws, heals, thefts and damage before
them show what it still needs when it picks."""


def choose(state: State, seat: int, options: list[Action], rng: random.Random) -> Action:
    """normal's action from ``options`` (the seat's legal actions in ``state``)."""
    first = options[0]
    if isinstance(first, PickRobot):
        return options[rng.randrange(len(options))]
    if isinstance(first, Draft):
        return draft(state, seat, options, rng)
    if state.pending:
        return answer(state, seat, state.pending[-1], options)
    if state.stage == SELECT:
        return select(state, seat, options)
    return turn(state, seat, options)


def draft(state: State, seat: int, options: list[Action], rng: random.Random) -> Action:
    """Its own robot's part for a slot when still there, else the cheapest in its home
    colours (ties at random)."""
    mine = state.seats[seat]
    home = state.cat.robots[mine.robot].home

    def worth(action: Draft) -> float:
        cost = state.cat.part(action.robot, action.slot).cost
        return (2.0 * (action.robot == mine.robot) - len(cost)
                + 0.5 * sum(c in home for c in cost) + rng.random() * 0.1)

    return max((a for a in options if isinstance(a, Draft)), key=worth)


def select(state: State, seat: int, options: list[Action]) -> Action:
    """Sticky Hands first when it means to Capture after (or must, broken); else the
    best-scored hex."""
    return ranked_select(state, seat, options)[0]


def ranked_select(state: State, seat: int, options: list[Action]) -> list[Action]:
    faces = [a.hex for a in options if isinstance(a, Select)]
    order = hexes.scored(state, seat, faces)
    picks: list[Action] = [Select(seat, h) for _, h in order]
    sticky = UseGear(seat, "sticky_hands", "")
    if sticky in options:
        if "capture" in faces and (state.seats[seat].broken or order[0][1] == "capture"):
            return [sticky, *picks]
        picks.append(sticky)
    return picks


def turn(state: State, seat: int, options: list[Action]) -> Action:
    return ranked_turn(state, seat, options)[0]


def ranked_turn(state: State, seat: int, options: list[Action]) -> list[Action]:
    """The Turn's options in normal's order: Gear worth spending, then the phase's
    action, then the end of the Turn, then everything else."""
    gear = own_turn_gear(state, seat, [a for a in options if isinstance(a, UseGear)])
    top: list[Action] = [gear] if gear is not None else []
    top += main_moves(state, seat, options)
    top += [a for a in options if isinstance(a, End)]
    return top + [a for a in options if a not in top]


def main_moves(state: State, seat: int, options: list[Action]) -> list[Action]:
    """The phase's own action, best first (nothing when it is better left undone)."""
    want = demand(state, seat)
    takes = [a for a in options if isinstance(a, Take)]
    if takes:
        return sorted(takes, key=lambda a: -want[COLOURS.index(a.colour)])
    cards = [a for a in options if isinstance(a, TakeGear)]
    if cards:
        return sorted(cards, key=lambda a: -card_worth(state, seat, a.card))
    attacks = [a for a in options if isinstance(a, Attack)]
    if attacks:
        return _attacks(state, seat, attacks)
    return upgrade(state, seat, options)


def _attacks(state: State, seat: int, attacks: list[Attack], bonus: int = 0) -> list[Action]:
    worth = [(fights.attack_worth(state, seat, a, bonus), a) for a in attacks]
    worth.sort(key=lambda p: -p[0])
    return [a for v, a in worth if v > 0]


def upgrade(state: State, seat: int, options: list[Action]) -> list[Action]:
    """The eleventh part at once; a Welder's Kit on the dearest part when it would
    build at most one otherwise; then the cheapest build; Gizmo's trade-ins last."""
    builds = [a for a in options if isinstance(a, Build)]
    welds = [a for a in options if isinstance(a, Weld)]
    mine = state.seats[seat]
    if len(mine.built) == len(SLOTS) - 1 and (builds or welds):
        return [(builds or welds)[0]]
    out: list[Action] = []
    slots = {a.slot for a in builds}
    if welds and len(slots) <= 1:
        todo = unbuilt(state, seat)
        dearest = max(todo, key=lambda s: (len(state.cat.part(mine.parts[s], s).cost),
                                           s not in slots))
        out += [a for a in welds if a.slot == dearest]
    out += sorted((b for b in builds if _payable(state, seat, b)),
                  key=lambda b: _build_cost(state, seat, b))
    if not builds:
        out += [a for a in options if isinstance(a, Convert)
                and card_worth(state, seat, a.card) < CONVERT_BELOW]
    return out


def _payable(state: State, seat: int, build: Build) -> bool:
    """HP is paid only while enough is left."""
    part = effect_of(state, seat, "pay_hp")
    if "hp" not in build.pay or part is None:
        return True
    return state.seats[seat].hp - build.pay.count("hp") * part.amount >= HP_FLOOR


def _build_cost(state: State, seat: int, build: Build) -> float:
    """Cubes spent (a discount saves one, HP costs its worth, a trade a little more),
    less a small edge for attack parts; the cheapest part first."""
    want = demand(state, seat)
    cost = 0.0
    for token in build.pay:
        if token in COLOURS:
            cost += 1.0 + 0.05 * want[COLOURS.index(token)]
        elif token == "hp":
            cost += 0.9
    part = state.cat.part(state.seats[seat].parts[build.slot], build.slot)
    cost += 0.3 * sum(1 for c, p in zip(part.cost, build.pay, strict=True)
                      if p in COLOURS and p != c)
    return cost - (0.2 if part.effect == "attack_bonus" else 0.0)


def answer(state: State, seat: int, item: tuple, options: list[Action]) -> Action:
    return ranked_answer(state, seat, item, options)[0]


def ranked_answer(state: State, seat: int, item: tuple, options: list[Action]
                  ) -> list[Action]:
    """A decision in the middle of something, best first."""
    if item[0] == "may_attack":
        attacks = [a for a in options if isinstance(a, Attack)]
        best = _attacks(state, seat, attacks, int(item[2]))
        return best + [a for a in options if a not in best]
    if item[0] == "order":
        return sorted(options, key=lambda a: _picks_last(state, seat, a))
    want = demand(state, seat)
    right = ""
    if item[0] == "shield":
        right = str(fights.shield_now(state, seat))
    elif item[0] == "heart":
        over = fights.overload_worth(state, seat) > fights.mend_worth(state, seat)
        right = "overload" if over else "mend"
    return sorted(options, key=lambda a: _answer_rank(state, seat, want, right, a))


def _answer_rank(state: State, seat: int, want: list[float], right: str,
                 action: Action) -> tuple[float, ...]:
    """An answer's place, lowest first: a cube taken by its demand, one given up by the
    lack of it (the colour held most on ties), a card by its worth, a yes-or-no choice
    by whether it is ``right``."""
    if isinstance(action, Take):
        return (-want[COLOURS.index(action.colour)],)
    if isinstance(action, TakeGear):
        return (-card_worth(state, seat, action.card),)
    if isinstance(action, Give):
        index = COLOURS.index(action.colour)
        return (want[index], -state.seats[seat].cubes[index])
    if isinstance(action, Punch):
        return (-want[COLOURS.index(action.colour)] if action.colour else 0.0,)
    if isinstance(action, Shield):
        return (float(str(action.use) != right),)
    if isinstance(action, HeartChoice):
        return (float(action.choice != right),)
    assert isinstance(action, Trigger)
    return (-_trigger_worth(state, seat, action),)


def _picks_last(state: State, seat: int, action: Action) -> bool:
    """Ordering abilities: an ability that lets normal pick sorts after the others."""
    assert isinstance(action, Trigger)
    part = state.cat.part(state.seats[seat].parts[action.slot], action.slot)
    return part.effect in PICKS_LAST


def _trigger_worth(state: State, seat: int, action: Trigger) -> float:
    """A "you may" attack ability: worth taking when the target still stands and what
    it costs (a spare cube, a cheap card) is less than the damage."""
    attack = state.attack
    if not action.choice:
        return 0.0
    if action.choice == "yes":
        return 1.0
    target = state.seats[attack.target] if attack else None
    if target is None or target.broken:
        return -1.0
    gain = hp_worth(target.hp) - hp_worth(max(0, target.hp - 3))
    if action.choice in COLOURS:
        return gain - 1.2 * demand(state, seat)[COLOURS.index(action.choice)]
    return gain - card_worth(state, seat, action.choice)

