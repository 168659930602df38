"""The Calamitron log in sentences: who moved where, what was pushed, hit, pitted or
rescued, which cards turned up, who locked a program. A run of single steps by one bot
is told as one move; counter-by-counter program edits are left out (the rails show
them). Words only: it reads events and names, never a rule."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.calamitron import events as ev
from game.rules.calamitron.geometry import parse_square
from game.rules.calamitron.state import State
from game.rules.core.actions import Event
from game.scenes.calamitron.words import (
    FACING_WORDS,
    RETRO_NAMES,
    WHY_WORDS,
    calamity,
    piece_name,
    rogue_name,
    square_words,
    upgrade,
    who,
)
from game.ui.palette import ACCENT, DANGER, GOOD, TEXT, TEXT_DIM

Colour = tuple[int, int, int]
PUSHES = {"pushed": "is pushed", "shoved": "is shoved", "pulled": "is pulled",
          "forced": "is forced", "herded": "is herded"}


def _where(text: str) -> str:
    square = parse_square(text)
    if square is None:
        return text
    return square_words(square)


def describe_all(events: Sequence[Event], view: State, names: Sequence[str] = (),
                 kinds: dict[str, str] | None = None) -> list[tuple[str, Colour]]:
    """Each event worth telling as a coloured sentence, steps of one bot run together.
    ``kinds`` (piece id -> type) is filled from the Retros and spare Rogues the events
    bring in, so they are named after they have gone."""
    out: list[tuple[str, Colour]] = []
    kinds = {} if kinds is None else kinds
    i = 0
    while i < len(events):
        event = events[i]
        if isinstance(event, ev.Picked):
            kinds[event.piece] = event.retro
        elif isinstance(event, ev.Entered):
            kinds[event.piece] = event.rogue
        if isinstance(event, ev.Moved) and event.how == "step":
            steps = 1
            while (i + steps < len(events) and isinstance(events[i + steps], ev.Moved)
                   and events[i + steps].how == "step"  # type: ignore[attr-defined]
                   and events[i + steps].piece == event.piece):  # type: ignore[attr-defined]
                steps += 1
            last = events[i + steps - 1]
            assert isinstance(last, ev.Moved)
            squares = "a square" if steps == 1 else f"{steps} squares"
            mover = piece_name(view, event.piece, names, kinds)
            out.append((f"{mover[0].upper()}{mover[1:]} moves {squares}, to "
                        f"{_where(last.at)}.", TEXT))
            i += steps
            continue
        line = describe(event, view, names, kinds)
        if line is not None:
            out.append((line[0][0].upper() + line[0][1:], line[1]))
        i += 1
    return out


def describe(event: Event, view: State, names: Sequence[str] = (),
             kinds: dict[str, str] | None = None) -> tuple[str, Colour] | None:
    """One event as a sentence and its colour; None for those the log leaves out."""

    def name(piece: str) -> str:
        return piece_name(view, piece, names, kinds)

    if isinstance(event, ev.Picked):
        return (f"{who(event.seat, names)} runs a {RETRO_NAMES[event.retro]}, waiting by the "
                "door.", TEXT)
    if isinstance(event, ev.Dealt):
        cards = ", ".join(f"{who(s, names)} {rogue_name(view, k)}"
                          for s, k in enumerate(event.cards))
        return f"Rogue cards this round: {cards}.", ACCENT
    if isinstance(event, ev.Locked):
        return f"{who(event.seat, names)} locks their program.", TEXT_DIM
    if isinstance(event, ev.Began):
        if event.what == "program":
            return f"{who(event.seat, names)}'s program runs.", ACCENT
        return f"{who(event.seat, names)} moves the {rogue_name(view, event.what)}s.", ACCENT
    if isinstance(event, ev.Moved):
        if event.how == "turn":
            return f"{name(event.piece)} turns to face {FACING_WORDS[event.facing]}.", TEXT_DIM
        return (f"{name(event.piece)} {PUSHES.get(event.how, 'moves')} to "
                f"{_where(event.at)}.", TEXT)
    if isinstance(event, ev.Damaged):
        return f"{name(event.piece)} is hit.", DANGER
    if isinstance(event, ev.Stunned):
        return f"{name(event.piece)} is knocked down.", DANGER
    if isinstance(event, ev.Stood):
        return f"{name(event.piece)} gets back up.", TEXT_DIM
    if isinstance(event, ev.Removed):
        return f"{name(event.piece)} {WHY_WORDS.get(event.why, 'leaves')}.", DANGER
    if isinstance(event, ev.Trophy):
        return f"{who(event.seat, names)} keeps {name(event.piece)} as a trophy.", GOOD
    if isinstance(event, ev.Drew):
        title, text = calamity(view, event.card)
        colour = DANGER if event.card == "catastrophe" else ACCENT
        return f"Calamity: {title}. {text}", colour
    if isinstance(event, ev.Entered):
        return (f"A spare {rogue_name(view, event.rogue)} appears outside the door at "
                f"{_where(event.at)}.", DANGER)
    if isinstance(event, ev.Upgraded):
        if not event.took:
            return f"{who(event.seat, names)} keeps the Upgrades they hold.", TEXT_DIM
        took = upgrade(view, event.took)[0]
        swap = f", handing back {upgrade(view, event.gave)[0]}" if event.gave else ""
        return f"{who(event.seat, names)} takes the {took} Upgrade{swap}.", GOOD
    if isinstance(event, ev.Returned):
        return (f"{who(event.seat, names)} hands back {upgrade(view, event.card)[0]}: a "
                "Catastrophe goes under the deck.", GOOD)
    if isinstance(event, ev.Ended):
        return ("Every Rogue is gone: the team wins!" if event.result == "won" else
                "A third Catastrophe: the team loses.", GOOD if event.result == "won" else DANGER)
    return None


def result_words(view: State, names: Sequence[str] = ()) -> list[str]:
    """The end screen: the result, then each seat's trophies."""
    lines = ["The team has won: every Rogue is gone." if view.result == "won" else
             "The team has lost: three Catastrophes lie face up."]
    for seat in range(view.n):
        got = view.trophies[seat]
        kept = ", ".join(piece_name(view, p, names) for p in got) if got else "no trophies"
        lines.append(f"{who(seat, names)}: {len(got)} ({kept})")
    return lines
