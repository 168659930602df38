"""The Coal Heart in words for the plain match screen: each move, each event of the
log and each robot as a line of text. Words only: the rules list the moves, and
nothing here reads what a view hides."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.coal_heart.events import Cubes, Hp, Note, Reshuffled, Struck
from game.rules.coal_heart.state import State
from game.rules.coal_heart.vocabulary import COLOUR_NAMES, COLOURS
from game.rules.core.actions import Action, Event


def who(seat: int, names: Sequence[str] = ()) -> str:
    name = names[seat] if 0 <= seat < len(names) else ""
    return name or f"Seat {seat + 1}"


def _words(text: str) -> str:
    return text.replace("_", " ")


def action_words(state: State, action: Action, names: Sequence[str] = ()) -> str:
    """One line naming a move, as a button shows it."""
    fields = {k: v for k, v in action.to_dict().items() if k not in ("kind", "seat")}
    if action.kind == "attack":
        gear = " with " + ", ".join(_words(g) for g in fields["gear"]) if fields["gear"] else ""
        return f"Attack {who(fields['target'], names)}{gear}"
    if action.kind == "build":
        return f"Build {_words(fields['slot'])} paying {' '.join(fields['pay'])}"
    if action.kind in ("take", "give", "punch") and fields["colour"] in COLOURS:
        return f"{action.kind.capitalize()} {COLOUR_NAMES[fields['colour']]}"
    if action.kind == "end":
        return "End / pass"
    text = " ".join(_words(str(v)) for v in fields.values() if v not in ("", ()))
    return f"{_words(action.kind).capitalize()} {text}".strip()


def board_lines(view: State, names: Sequence[str] = ()) -> list[str]:
    lines = []
    for seat, mine in enumerate(view.seats):
        cubes = " ".join(f"{c}{n}" for c, n in zip(COLOURS, mine.cubes, strict=True) if n)
        heart = " +Heart" if view.heart == seat else ""
        lines.append(f"{who(seat, names)}: {_words(mine.robot)} HP {mine.hp}{heart}, "
                     f"{len(mine.built)}/11 built, cubes {cubes or '-'}, "
                     f"gear {', '.join(_words(g) for g in mine.gear) or '-'}")
    quarry = " ".join(f"{c}{n}" for c, n in zip(COLOURS, view.quarry, strict=True) if n)
    supply = " ".join(f"{c}{n}" for c, n in zip(COLOURS, view.supply, strict=True))
    lines.append(f"Quarry {quarry or '-'}; Supply {supply}; deck {len(view.deck)} cards")
    lines.append(f"Gear row: {', '.join(_words(g) for g in view.row) or '-'}")
    lines.append(f"Hexes used this round: {', '.join(view.used) or '-'}")
    return lines


def event_words(view: State, event: Event, names: Sequence[str] = ()) -> str:
    if isinstance(event, Note):
        return f"{who(event.seat, names)}: {event.what} {_words(event.detail)}".strip()
    if isinstance(event, Cubes):
        return f"{event.colours} cube: {event.source} to {event.dest}"
    if isinstance(event, Hp):
        return f"{who(event.seat, names)} HP {event.change:+d} ({event.why}) now {event.hp}"
    if isinstance(event, Struck):
        return f"{who(event.seat, names)} hits {who(event.target, names)} for {event.damage}"
    if isinstance(event, Reshuffled):
        return f"The Gear deck is made again from {event.cards} cards"
    return ""
