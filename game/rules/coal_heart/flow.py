"""The order of play: who decides now and what they may do (``options``), carrying out
a move (``carry_out``) and running every automatic step after it (``advance``).

Automatic steps wait in ``state.queue`` and run one by one, each followed by the win
check; a step that needs a choice pushes a decision on ``state.pending`` and the queue
waits for it. With nothing pending or queued, ``state.stage`` names the decision: a
robot pick, a draft pick, the Active Player's selection, or the current Turn (a Turn
whose only move is to end it ends by itself).
"""

from __future__ import annotations

from game.rules.coal_heart import building, combat
from game.rules.coal_heart.abilities import FIRED
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
from game.rules.coal_heart.catalogue import ROBOTS
from game.rules.coal_heart.events import Note
from game.rules.coal_heart.setup import deal_table, finish_draft, new_seat
from game.rules.coal_heart.state import DRAFT, OVER, PICK, SELECT, TURN, State
from game.rules.coal_heart.table import (
    broken_set,
    check_wins,
    deal,
    draw,
    effect_of,
    fire,
    give_cube,
    heal,
    in_order,
    recover,
    refill_quarry,
    refill_row,
    take_heart,
    working,
)
from game.rules.coal_heart.vocabulary import COLOURS, SLOTS
from game.rules.core.actions import Action

OWN_TURN = ("repair_kit", "shovel", "sticky_hands")
REPAIR = 2


def deciding(state: State) -> int:
    """The one seat that decides now (-1 once the game is over)."""
    if state.stage == OVER:
        return -1
    if state.pending:
        return int(state.pending[-1][1])
    if state.stage == PICK:
        return state.cursor
    if state.stage == DRAFT:
        return draft_seat(state)
    if state.stage == SELECT:
        return state.active
    return state.turn_seat


def draft_seat(state: State) -> int:
    """Draft round r is led by the seat r places left of the first First Player."""
    lap, place = divmod(state.cursor, state.n)
    return (state.first + lap + place) % state.n


# -- what may be done -----------------------------------------------------------------
def options(state: State) -> list[Action]:
    seat = deciding(state)
    if seat < 0:
        return []
    if state.pending:
        return pending_options(state, state.pending[-1])
    if state.stage == PICK:
        taken = {s.robot for s in state.seats}
        return [PickRobot(seat, r) for r in ROBOTS if r not in taken]
    if state.stage == DRAFT:
        return draft_options(state, seat)
    if state.stage == SELECT:
        out: list[Action] = [Select(seat, h) for h in selectable(state)]
        if "sticky_hands" in state.seats[seat].gear:
            out.append(UseGear(seat, "sticky_hands", ""))
        return out
    return turn_options(state, seat)


def hex_copies(state: State) -> dict[str, int]:
    copies = dict(state.cat.hexes)
    copies["scavenge"] = 2 if state.n == 6 else 1
    return copies


def face_up(state: State) -> list[str]:
    """The face-up hexes, a name twice when two such hexes are up."""
    return [h for h, k in hex_copies(state).items() for _ in range(k - state.used.count(h))]


def selectable(state: State) -> list[str]:
    """The hexes the Active Player may select, each named once."""
    return list(dict.fromkeys(face_up(state)))


def turn_order(state: State) -> list[int]:
    """The Phase's Turns: the Active Player first, then leftwards."""
    return [(state.active + k) % state.n for k in range(state.n)]


def next_first(state: State) -> int:
    """The First Player card moves one seat left at the end of the round."""
    return (state.first + 1) % state.n


def draft_options(state: State, seat: int) -> list[Action]:
    mine = state.seats[seat]
    taken = {(r, s) for other in state.seats for s, r in other.parts.items()}
    return [Draft(seat, r, s) for s in SLOTS if s not in mine.parts for r in ROBOTS
            if (r, s) not in taken]


def cube_choices(counts: list[int]) -> list[str]:
    return [c for i, c in enumerate(COLOURS) if counts[i]]


def gear_choices(state: State, seat: int, deluxe: bool) -> list[str]:
    return sorted({c for c in state.row if deluxe or not state.cat.gear[c].deluxe})


def own_gear(state: State, seat: int) -> list[Action]:
    held = state.seats[seat].gear
    out: list[Action] = []
    if "repair_kit" in held:
        out.append(UseGear(seat, "repair_kit", ""))
    if "shovel" in held:
        out += [UseGear(seat, "shovel", c) for c in cube_choices(state.supply)]
    if "sticky_hands" in held:
        out.append(UseGear(seat, "sticky_hands", ""))
    return out


def may_deluxe(state: State, seat: int) -> bool:
    return seat == state.active or working(state, seat, "core") is not None


def turn_options(state: State, seat: int) -> list[Action]:
    """The current Turn's moves; ``End`` once nothing compulsory is left."""
    out: list[Action] = []
    done = True
    mine = state.seats[seat]
    if state.hex == "mine" and not state.took and sum(state.quarry):
        out += [Take(seat, c) for c in cube_choices(state.quarry)]
        done = False
    elif state.hex == "scavenge" and seat == state.active and not state.took \
            and sum(state.supply):
        out += [Take(seat, c) for c in cube_choices(state.supply)]
        done = False
    elif state.hex == "gear" and not state.took:
        cards = gear_choices(state, seat, may_deluxe(state, seat))
        out += [TakeGear(seat, c) for c in cards]
        done = not cards
    elif state.hex == "fight" and not state.attacked:
        out += attack_options(state, seat)
    elif state.hex == "upgrade":
        if not state.built_now and not state.welded and "welders_kit" in mine.gear:
            out += [Weld(seat, s) for s in SLOTS if s not in mine.built]
        out += building.options(state, seat)
        if effect_of(state, seat, "gear_for_cube", fresh_too=False) is not None:
            out += [Convert(seat, c) for c in sorted(set(mine.gear))]
    out += own_gear(state, seat)
    if done:
        out.append(End(seat))
    return out


def attack_options(state: State, seat: int) -> list[Action]:
    held = state.seats[seat].gear
    twins, saws = held.count("twin_blasters"), held.count("chainsaw")
    out: list[Action] = []
    for target in range(state.n):
        if target == seat:
            continue
        for t in range(twins + 1):
            for c in range(saws + 1):
                out.append(Attack(seat, target, ("chainsaw",) * c + ("twin_blasters",) * t))
    return out


def pending_options(state: State, item: tuple) -> list[Action]:
    kind, seat = item[0], item[1]
    mine = state.seats[seat]
    if kind in ("quarry", "perk"):
        return [Take(seat, c) for c in cube_choices(state.quarry)]
    if kind == "gear_pick":
        return [TakeGear(seat, c) for c in gear_choices(state, seat, True)]
    if kind == "give":
        return [Give(seat, c) for c in cube_choices(mine.cubes)]
    if kind == "shield":
        return [Shield(seat, True), Shield(seat, False)]
    if kind == "punch":
        return [Punch(seat, "")] + [Punch(seat, c)
                                    for c in cube_choices(state.seats[item[2]].cubes)]
    if kind == "heart":
        return [HeartChoice(seat, "overload"), HeartChoice(seat, "mend")]
    if kind == "may_attack":
        return [End(seat), *attack_options(state, seat)]
    if kind == "order":
        return [Trigger(seat, slot, "") for slot in distinct(state, seat, item[2])]
    assert kind == "trigger"
    return [Trigger(seat, slot, choice) for slot, part in combat.remaining(state)
            for choice in combat.choices(state, seat, part)]


# -- carrying out ---------------------------------------------------------------------
def carry_out(state: State, action: Action) -> None:
    """Carry out a legal move (``options`` listed it)."""
    before = broken_set(state)
    seat = action.seat
    item = state.pending.pop() if state.pending else None
    if item is not None:
        answer(state, item, action)
    elif isinstance(action, PickRobot):
        picked(state, seat, action.robot)
    elif isinstance(action, Draft):
        state.seats[seat].parts[action.slot] = action.robot
        state.log.append(Note("drafted", seat, f"{action.robot} {action.slot}"))
        state.cursor += 1
        if state.cursor == state.n * len(SLOTS):
            finish_draft(state)
    elif isinstance(action, Select):
        select(state, action.hex)
    else:
        turn_move(state, action)
    check_wins(state, before)


def picked(state: State, seat: int, robot: str) -> None:
    state.seats.append(new_seat(state, robot))
    state.log.append(Note("picked", seat, robot))
    state.cursor += 1
    if state.cursor == state.n:
        deal_table(state)


def answer(state: State, item: tuple, action: Action) -> None:
    seat = action.seat
    if isinstance(action, Take):
        colour = COLOURS.index(action.colour)
        state.quarry[colour] -= 1
        give_cube(state, seat, colour, "quarry")
    elif isinstance(action, TakeGear):
        state.row.remove(action.card)
        state.seats[seat].gear = sorted([*state.seats[seat].gear, action.card])
        state.log.append(Note("gear", seat, action.card))
    elif isinstance(action, Give):
        colour = COLOURS.index(action.colour)
        state.seats[seat].cubes[colour] -= 1
        give_cube(state, int(item[2]), colour, str(seat))
    elif isinstance(action, Shield):
        combat.shield(state, action.use)
    elif isinstance(action, Punch):
        if action.colour:
            combat.punch(state, seat, int(item[2]), action.colour)
    elif isinstance(action, HeartChoice):
        heart_choice(state, seat, action.choice)
    elif isinstance(action, Attack):
        combat.start(state, seat, action.target, action.gear, int(item[2]))
    elif isinstance(action, Trigger) and item[0] == "order":
        resolve_first(state, seat, item[2], action.slot)
    elif isinstance(action, Trigger):
        part = state.cat.part(state.seats[seat].parts[action.slot], action.slot)
        combat.resolve_ability(state, action.slot, part, action.choice)


def distinct(state: State, seat: int, slots: tuple[str, ...]) -> list[str]:
    """The abilities waiting to be ordered, one slot for each different ability (the
    same ability twice is one choice)."""
    seen: dict[tuple[str, int], str] = {}
    for slot in slots:
        part = state.cat.part(state.seats[seat].parts[slot], slot)
        seen.setdefault((part.effect, part.amount), slot)
    return list(seen.values())


def resolve_first(state: State, seat: int, slots: tuple[str, ...], first: str) -> None:
    """The owner's pick resolves now (with what it sets off); the others wait, asked
    again while their order can still matter."""
    state.log.append(Note("ordered", seat, first))
    rest = tuple(s for s in slots if s != first)
    state.queue[0:0] = [("effect", seat, first), *in_order(state, seat, rest)]


def heart_choice(state: State, seat: int, choice: str) -> None:
    heart = state.cat.heart
    state.log.append(Note(choice, seat, ""))
    if choice == "overload":
        amounts = {o: heart["overload_others"] for o in range(state.n) if o != seat}
        amounts[seat] = heart["overload_self"]
        deal(state, seat, amounts, "overload")
    else:
        heal(state, seat, heart["mend"], "mend")


def select(state: State, hex_id: str) -> None:
    state.hex = hex_id
    state.used.append(hex_id)
    state.turn_no = 0
    state.perk_used = False
    state.log.append(Note("selected", state.active, hex_id))
    state.stage = TURN
    state.queue.append(("turn_start",))


def turn_move(state: State, action: Action) -> None:
    seat = action.seat
    mine = state.seats[seat]
    if isinstance(action, UseGear):
        mine.gear.remove(action.card)
        state.discard.append(action.card)
        state.log.append(Note("used", seat, f"{action.card} {action.colour}".strip()))
        if action.card == "repair_kit":
            heal(state, seat, REPAIR, "repair_kit")
        elif action.card == "shovel":
            colour = COLOURS.index(action.colour)
            state.supply[colour] -= 1
            give_cube(state, seat, colour, "supply")
        else:
            take_heart(state, seat)
    elif isinstance(action, Take):
        state.took += 1
        colour = COLOURS.index(action.colour)
        if state.hex == "mine":
            state.quarry[colour] -= 1
            give_cube(state, seat, colour, "quarry")
        else:
            state.supply[colour] -= 1
            give_cube(state, seat, colour, "supply")
    elif isinstance(action, TakeGear):
        state.took += 1
        state.row.remove(action.card)
        mine.gear = sorted([*mine.gear, action.card])
        state.log.append(Note("gear", seat, action.card))
    elif isinstance(action, Attack):
        state.attacked = True
        combat.start(state, seat, action.target, action.gear)
    elif isinstance(action, Build):
        building.build(state, seat, action.slot, action.pay)
    elif isinstance(action, Weld):
        mine.gear.remove("welders_kit")
        state.discard.append("welders_kit")
        state.welded = True
        building.place(state, seat, action.slot)
    elif isinstance(action, Convert):
        mine.gear.remove(action.card)
        state.discard.append(action.card)
        draw(state, seat, 1)
    else:
        assert isinstance(action, End)
        state.queue.append(("turn_end",))


# -- automatic steps ------------------------------------------------------------------
def advance(state: State) -> None:
    """Run queued steps (each followed by the win check) until someone must decide;
    a Turn with nothing to do but end ends by itself."""
    while state.stage != OVER and not state.pending:
        if state.queue:
            before = broken_set(state)
            step(state, state.queue.pop(0))
            check_wins(state, before)
            continue
        if state.stage == TURN and turn_options(state, state.turn_seat) == [
                End(state.turn_seat)]:
            state.queue.append(("turn_end",))
            continue
        return


def step(state: State, item: tuple) -> None:
    kind = item[0]
    if kind == "effect":
        seat, slot = item[1], item[2]
        part = state.cat.part(state.seats[seat].parts[slot], slot)
        FIRED[part.effect](state, seat, part)
    elif kind == "fire":
        fire(state, item[1], item[2])
    elif kind in ("step3", "step4", "step5", "step6"):
        getattr(combat, kind)(state)
    elif kind == "turn_start":
        turn_start(state)
    elif kind == "turn_end":
        state.turn_no += 1
        if state.turn_no < state.n:
            state.queue.append(("turn_start",))
        else:
            phase_end(state)
    elif kind == "order":
        state.pending.append(item)
    elif kind == "ask_heart":
        state.pending.append(("heart", item[1]))
    elif kind == "perk":
        if sum(state.quarry):
            state.pending.append(("perk", state.active))
    elif kind == "refill_quarry":
        refill_quarry(state)
    elif kind == "refill_row":
        refill_row(state)
    else:
        assert kind == "next_phase"
        next_phase(state)


START = {"mine": "mine", "upgrade": "upgrade", "fight": "fight", "gear": "gear"}
SELECT_START = {"mine": "select_mine", "fight": "select_fight",
                "scavenge": "select_scavenge"}


def turn_start(state: State) -> None:
    """A Turn begins: its flags reset, the seat's start-of-Turn abilities (its "Select"
    ones too, if it selected the hex) trigger together, and in Capture the Active
    Player's Turn is the Heart."""
    seat = state.turn_seat
    state.took = 0
    state.attacked = False
    state.built_now = []
    state.welded = False
    state.dealt = [0] * state.n
    state.dealt4 = [False] * state.n
    state.log.append(Note("turn", seat, state.hex))
    if seat == state.active and state.hex == "capture":
        capture(state, seat)
    triggers = [START[state.hex]] if state.hex in START else []
    if seat == state.active and state.hex in SELECT_START:
        triggers.append(SELECT_START[state.hex])
    fire(state, seat, *triggers)


def capture(state: State, seat: int) -> None:
    """Take the Heart, or (its holder) recover if broken, let the recovery's heal
    abilities resolve, then choose Overload or Mend."""
    if state.heart != seat:
        take_heart(state, seat)
        return
    state.queue.insert(0, ("ask_heart", seat))
    if state.seats[seat].broken:
        recover(state, seat, state.cat.heart["recover"])


def phase_end(state: State) -> None:
    """After the last Turn: the Mine perk, "end of phase" abilities and the Quarry
    refill, or the Gear row refill; then the next Phase."""
    items: list[tuple] = []
    if state.hex == "mine":
        items = [("perk",), ("fire", state.active, "select_mine_end"), ("refill_quarry",)]
    elif state.hex == "gear":
        items = [("refill_row",)]
    state.queue += [*items, ("next_phase",)]


def next_phase(state: State) -> None:
    """The next Phase begins before its hex is selected: the cubes gained and the broken
    cap count from here (a Sticky Hands before selecting belongs to this Phase)."""
    state.phase_no += 1
    state.hex = ""
    state.gained = [0] * state.n
    state.capped = [[0] * state.n for _ in range(state.n)]
    if state.phase_no == state.n:
        state.phase_no = 0
        state.used = []
        state.first = next_first(state)
        state.round += 1
        state.log.append(Note("round", state.first, str(state.round)))
    state.stage = SELECT



