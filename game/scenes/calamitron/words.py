"""Calamitron's moves, events and board as plain words, for the plain match screen."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.calamitron import events as ev
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
from game.rules.calamitron.state import State
from game.rules.core.actions import Action, Event

GLYPH = {"treadbot": "T", "shotbot": "S", "nanobot": "N", "servobot": "v", "rambot": "r",
         "laserbot": "l", "flamebot": "f", "visebot": "x", "progbot": "p", "bossbot": "B",
         "minionbot": "m", "crate": "#"}


def who(seat: int, names: Sequence[str] = ()) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def action_words(state: State, action: Action, names: Sequence[str] = ()) -> str:
    if isinstance(action, Pick):
        return f"Run a {action.retro}"
    if isinstance(action, Put):
        return f"Put {action.word} at slot {action.slot + 1}"
    if isinstance(action, Take):
        return f"Remove slot {action.slot + 1}"
    if isinstance(action, Clear):
        return "Clear the program"
    if isinstance(action, Lock):
        return "Lock the program"
    if isinstance(action, Choose):
        return f"Choose {action.option}"
    if isinstance(action, Upgrade):
        if not action.take:
            return "Keep your Upgrades"
        return f"Take {action.take}" + (f" for {action.give}" if action.give else "")
    if isinstance(action, Return):
        return f"Return {action.card} (a Catastrophe goes under the deck)"
    if isinstance(action, Keep):
        return "Return nothing"
    return action.kind


def event_words(state: State, event: Event, names: Sequence[str] = ()) -> str:
    if isinstance(event, ev.Moved):
        return f"{event.piece} {event.how} to {event.at} facing {event.facing}"
    if isinstance(event, ev.Removed):
        return f"{event.piece} removed ({event.why})"
    if isinstance(event, ev.Damaged):
        return f"{event.piece} is hit"
    if isinstance(event, ev.Drew):
        return f"Calamity: {event.card}"
    if isinstance(event, ev.Trophy):
        return f"{who(event.seat, names)} keeps {event.piece} as a trophy"
    if isinstance(event, ev.Locked):
        return f"{who(event.seat, names)} locks their program"
    if isinstance(event, ev.Ended):
        return f"The team has {event.result}"
    return ""


def board_lines(view: State, names: Sequence[str] = ()) -> list[str]:
    """The board as rows of glyphs, then each seat's Retro, program and trophies."""
    rows = []
    for r in range(1, view.board.rows + 1):
        line = ""
        for c in range(1, view.board.cols + 1):
            piece = view.at((r, c))
            if piece is not None:
                line += GLYPH[piece.kind] + (piece.facing or " ")
            else:
                line += "O " if view.open_pit((r, c)) else ". "
        rows.append(line)
    for seat in range(view.n):
        retro = view.seat_retro(seat)
        where = f"{retro.kind} at {retro.at[0]},{retro.at[1]} {retro.facing}" if retro else "none"
        rows.append(f"{who(seat, names)}: {where}; program {' '.join(view.programs[seat])}; "
                    f"trophies {len(view.trophies[seat])}")
    rows.append(f"Catastrophes face up: {view.catastrophes}")
    return rows
