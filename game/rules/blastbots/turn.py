"""A turn's steps around Stage 3: the roll and its payouts (Stage 1), the launch
(Stage 2), the allowance, and the end of the turn (Stages 4 and 5).

Stage 1 always resolves in turn order from the roller. On a 7 each player draws two,
choosing the deck per card; on a surge (2, 3, 11, 12) every totem moves one closer and,
unless one reached Impact, each player draws one from a deck whose section holds one of
their tokens and builds one rocket. Escape and Destruction are checked after each
complete step; Impact ends the game at once.
"""

from __future__ import annotations

from functools import cache

from game.rules.blastbots.actions import Roll, TableRoll
from game.rules.blastbots.board import ACTIONS, SEVEN, SURGES, turn_order
from game.rules.blastbots.deal import push_draws
from game.rules.blastbots.events import Allowance, Rolled, TotemMoved, TurnBegan
from game.rules.blastbots.grid import pay, token_decks
from game.rules.blastbots.rockets import build, instant_winner, launch
from game.rules.blastbots.scoring import finish, impact
from game.rules.blastbots.state import ACT, STAGE1, Item, State

FACES = range(1, 7)


@cache
def table_rolls(seat: int) -> tuple[TableRoll, ...]:
    """The 36 readings of two dice rolled at the table, made once."""
    return tuple(TableRoll(seat, (a, b)) for a in FACES for b in FACES)


def roll_options(state: State, item: Item) -> list[Roll]:
    """With table dice, every reading; else the one roll the engine made."""
    seat, dice = item[1], item[2]
    if state.table_dice:
        return list(table_rolls(seat))
    return [engine_rolls(seat)[dice[0] * 6 + dice[1] - 7]]


@cache
def engine_rolls(seat: int) -> tuple[Roll, ...]:
    """The 36 rolls the engine can make for a seat, made once, in the order of
    ``table_rolls``."""
    return tuple(Roll(seat, (a, b)) for a in FACES for b in FACES)


def start_turn(state: State, seat: int) -> None:
    """``seat``'s turn begins: its Some Assembly Required cards expire, this turn's
    discards become earlier ones, and the roll is awaited."""
    state.roller = seat
    state.turns += 1
    state.assembly[seat] = []
    state.turn_start_totem = state.totem[seat]
    for deck, fresh in enumerate(state.fresh):
        if fresh:
            state.piles[deck] += fresh
            fresh.clear()
    state.phase = STAGE1
    state.stack.append(("roll", seat, None))
    state.log.append(TurnBegan(seat, state.turns))


def apply_roll(state: State, item: Item, action: Roll) -> None:
    seat = item[1]
    dice = action.dice
    total = dice[0] + dice[1]
    state.dice = dice
    state.log.append(Rolled(seat, dice, total))
    order = turn_order(state.first, state.n, seat)
    if total in SURGES:
        for s in order:
            state.totem[s] -= 1
            state.log.append(TotemMoved(s, state.totem[s], "surge"))
        if 0 in state.totem:
            impact(state)
            return
        for s in reversed(order):
            state.stack += [("rocket", s), ("deck", s, "surge", token_decks(state, s))]
    elif total == SEVEN:
        for s in reversed(order):
            push_draws(state, s, "seven", 2)
    else:
        pay(state, total)


def surge_rocket(state: State, item: Item) -> None:
    build(state, item[1], 1)


def settle(state: State) -> bool:
    """Check Escape and Destruction after a complete step; True if the game ended."""
    won = instant_winner(state)
    if won is not None:
        finish(state, *won)
    return won is not None


def finish_stage1(state: State) -> None:
    """Stage 1 is complete: the check, Stage 2 and its check, then Stage 3 begins."""
    if settle(state):
        return
    launch(state, state.roller)
    if settle(state):
        return
    seat = state.roller
    cuts = state.cuts[seat]
    state.actions_left = max(1, ACTIONS - cuts)
    state.cuts[seat] = 0
    state.log.append(Allowance(seat, state.actions_left, cuts))
    state.phase = ACT
    state.stack.append(("act", seat))


def action_done(state: State) -> None:
    """One Stage 3 action is complete, defences and all: the check, then the next."""
    if not settle(state):
        state.stack.append(("act", state.roller))


def end_turn(state: State) -> None:
    """Stage 4 is done (the hand is at seven or fewer): Stage 5, then the next turn."""
    seat = state.roller
    state.totem[seat] -= 1
    state.log.append(TotemMoved(seat, state.totem[seat], "turn"))
    if state.totem[seat] == 0:
        impact(state)
        return
    if settle(state):
        return
    start_turn(state, (seat + 1) % state.n)
