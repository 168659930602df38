"""The round: deal, programming, each seat's Rogues and program from the Pry Bar on, the
end-of-round Calamity, Upgrade returns, the Pry Bar passing on.

The rest of the round is a list of tasks in the state; ``advance`` works through them
until a seat must choose (``State.ask``) or the game ends, so a choice can interrupt a
program between instructions and the match can be saved at any decision.
"""

from __future__ import annotations

from game.rules.calamitron import program
from game.rules.calamitron.actions import (
    Choose,
    Clear,
    Keep,
    Lock,
    Pick,
    Put,
    Return,
    Take,
    Upgrade,
)
from game.rules.calamitron.calamity import draw
from game.rules.calamitron.catalogue import INSTRUCTIONS
from game.rules.calamitron.events import (
    Acting,
    Began,
    Dealt,
    Edited,
    Locked,
    Picked,
    Returned,
    Upgraded,
)
from game.rules.calamitron.geometry import show
from game.rules.calamitron.motion import Finished
from game.rules.calamitron.rogues import move, order
from game.rules.calamitron.state import OVER, PICK, PROGRAM, RETRO_KINDS, RUN, Piece, State
from game.rules.core.actions import Action


def turn_order(state: State) -> list[int]:
    return [(state.pry + i) % state.n for i in range(state.n)]


def supply(state: State) -> list[str]:
    held = {card for cards in state.upgrades for card in cards}
    return [u.id for u in state.cat.upgrades if u.id not in held]


def options(state: State, seat: int) -> list[Action]:
    """Every move ``seat`` may make now."""
    if state.phase == PICK:
        return [Pick(seat, k) for k in RETRO_KINDS] if not state.kinds[seat] else []
    if state.phase == PROGRAM:
        if state.lost[seat]:
            return [Pick(seat, k) for k in RETRO_KINDS if k != state.lost[seat]]
        return [] if state.locked[seat] else edits(state, seat)
    if state.phase != RUN or state.ask is None or state.ask[1] != seat:
        return []
    what = state.ask[0]
    if what in ("shove", "program"):
        return [Choose(seat, option) for option in program.choices(state)]
    held = state.upgrades[seat]
    if what == "return":
        return [*(Return(seat, card) for card in held), Keep(seat)]
    free = supply(state)
    if len(held) < 2:
        return [Upgrade(seat, card, "") for card in free]
    return [Upgrade(seat, "", ""), *(Upgrade(seat, card, give) for give in held
                                     for card in free)]


def edits(state: State, seat: int) -> list[Action]:
    """Each counter placed at each slot, each removed, clearing, locking: those that
    leave a legal program."""
    words = state.programs[seat]
    out: list[Action] = []
    for slot in range(len(words) + 1):
        for word in INSTRUCTIONS:
            if not program.seat_faults(state, seat, (*words[:slot], word, *words[slot:])):
                out.append(Put(seat, slot, word))
    for slot in range(len(words)):
        if not program.seat_faults(state, seat, (*words[:slot], *words[slot + 1:])):
            out.append(Take(seat, slot))
    if words:
        out.append(Clear(seat))
    out.append(Lock(seat))
    return out


def waiting(state: State) -> tuple[int, ...]:
    """The seats that decide now."""
    if state.phase == PICK:
        return tuple(s for s in range(state.n) if not state.kinds[s])
    if state.phase == PROGRAM:
        return tuple(s for s in range(state.n) if state.lost[s] or not state.locked[s])
    if state.phase == RUN and state.ask is not None:
        return (state.ask[1],)
    return ()


def carry_out(state: State, action: Action) -> None:
    seat = action.seat
    if isinstance(action, Pick):
        _pick(state, seat, action.retro)
    elif isinstance(action, Put | Take | Clear):
        words = state.programs[seat]
        if isinstance(action, Put):
            words = (*words[:action.slot], action.word, *words[action.slot:])
        elif isinstance(action, Take):
            words = (*words[:action.slot], *words[action.slot + 1:])
        else:
            words = ()
        state.programs[seat] = words
        state.log.append(Edited(seat, words))
    elif isinstance(action, Lock):
        state.locked[seat] = True
        state.log.append(Locked(seat))
        if not waiting(state):
            _begin_run(state)
    elif isinstance(action, Choose):
        state.ask = None
        program.execute(state, action.option)
    elif isinstance(action, Upgrade):
        state.ask = None
        state.earned.pop(0)
        if action.take:
            if action.give:
                state.upgrades[seat].remove(action.give)
            state.upgrades[seat].append(action.take)
        state.log.append(Upgraded(seat, action.take, action.give))
    elif isinstance(action, Return):
        state.ask = None
        state.upgrades[seat].remove(action.card)
        state.catastrophes -= 1
        state.deck.append("catastrophe")
        state.log.append(Returned(seat, action.card))
    elif isinstance(action, Keep):
        state.ask = None
        state.returning.pop(0)


def _pick(state: State, seat: int, kind: str) -> None:
    if state.phase == PICK:
        door = state.board.door_on(state.sides[seat])
        assert door is not None
        at, facing = state.board.outside(door)
        piece_id = f"seat{seat + 1}"
    else:
        entry = state.entry[seat]
        assert entry is not None
        at, facing = entry, state.board.outsides()[entry][1]
        state.spares += 1
        piece_id = f"seat{seat + 1}.{state.spares}"
        state.lost[seat] = ""
    state.kinds[seat] = kind
    state.retro[seat] = piece_id
    state.pieces[piece_id] = Piece(piece_id, kind, at, facing, seat=seat)
    state.log.append(Picked(seat, kind, piece_id, show(at)))
    if state.phase == PICK and not waiting(state):
        start_round(state)


def start_round(state: State) -> None:
    """Round step 1: the Rogue cards in play shuffled and dealt, one per seat; then every
    seat programs."""
    cards = list(state.in_play)
    assert state.rng is not None
    state.rng.shuffle(cards)
    state.deal = cards
    state.log.append(Dealt(tuple(cards)))
    state.phase = PROGRAM
    state.programs = [() for _ in range(state.n)]
    state.locked = [False] * state.n
    state.fresh = [False] * state.n
    state.effects = {k: r for k, r in state.effects.items() if r >= state.round}


def round_tasks(state: State) -> list[tuple[str, ...]]:
    tasks: list[tuple[str, ...]] = []
    for i, seat in enumerate(turn_order(state)):
        if i == 0 and state.boss:
            tasks += [("phase", str(seat), "bossbot"), ("phase", str(seat), "minionbot")]
        tasks += [("phase", str(seat), state.deal[seat]), ("run", str(seat))]
    return [*tasks, ("calamity",), ("returns",), ("end",)]


def _begin_run(state: State) -> None:
    state.phase = RUN
    state.tasks = round_tasks(state)


def queue_rogues(state: State, kind: str, side: str) -> list[str]:
    """Every Rogue of ``kind`` on the board, in the order the seat on ``side`` moves
    them (fixed now), queued to move next; returns that order."""
    ids = [p.id for p in state.pieces.values()
           if p.kind == kind and state.board.on_board(p.at)]
    ordered = order(state, ids, side)
    state.tasks[0:0] = [("rogue", i) for i in ordered]
    return ordered


def do(state: State, task: tuple[str, ...]) -> None:
    what = task[0]
    if what == "phase":
        seat, kind = int(task[1]), task[2]
        state.log.append(Began(seat, kind))
        queue_rogues(state, kind, state.sides[seat])
    elif what == "rogue":
        piece = state.pieces.get(task[1])
        if piece is not None:
            state.log.append(Acting(piece.id))
            move(state, piece)
    elif what == "run":
        seat = int(task[1])
        state.log.append(Began(seat, "program"))
        program.start(state, seat)
    elif what == "calamity":
        draw(state)
    elif what == "returns":
        state.returning = turn_order(state)
    else:
        state.pry = (state.pry + 1) % state.n
        state.round += 1
        start_round(state)


def play(state: State, action: Action) -> None:
    """Carry out a legal move, then everything no one decides after it."""
    try:
        carry_out(state, action)
        _advance(state)
    except Finished:
        _over(state)


def advance(state: State) -> None:
    """Run everything no one decides, until a seat must choose or the game ends."""
    try:
        _advance(state)
    except Finished:
        _over(state)


def _over(state: State) -> None:
    """Won or lost mid-action: whatever was still to happen is dropped."""
    state.phase = OVER
    state.ask = None
    state.run = None
    state.tasks = []
    state.earned = []
    state.returning = []


def _advance(state: State) -> None:
    while state.phase == RUN and state.ask is None:
        if state.earned:
            seat = state.earned[0]
            if state.retro[seat] and (len(state.upgrades[seat]) == 2 or supply(state)):
                state.ask = ("upgrade", seat)
            else:
                state.earned.pop(0)
        elif state.run is not None:
            if program.choices(state):
                state.ask = (state.run.words[state.run.index], state.run.seat)
            else:
                program.execute(state, "")
        elif state.returning:
            seat = state.returning[0]
            if state.upgrades[seat] and state.catastrophes > 0:
                state.ask = ("return", seat)
            else:
                state.returning.pop(0)
        elif state.tasks:
            do(state, state.tasks.pop(0))
        else:
            return
