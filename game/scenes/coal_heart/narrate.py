"""The game log in sentences: each event a seat was told (already redacted by the
rules) becomes one line, coloured for what matters (damage, a broken robot, a win).
Cubes drawn from the bag by another seat are told as so many cubes, never their
colours or order: the words say only what the event says."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.coal_heart.events import Cubes, Hp, Note, Reshuffled, Struck
from game.rules.coal_heart.state import State
from game.rules.coal_heart.table import BAG, MAX_HP
from game.rules.core.actions import Event
from game.scenes.coal_heart.words import (
    GEAR_NAMES,
    HEX_NAMES,
    SLOT_WORDS,
    cubes_words,
    plural,
    robot_name,
    who,
)
from game.ui.palette import ACCENT, DANGER, GOOD, TEXT, TEXT_DIM

Colour = tuple[int, int, int]
HP_WHY = {"attack": "from the attack", "ability": "from an ability", "overload":
          "from the Heart's overload", "spark": "from the Heart's spark", "mend":
          "mending with the Heart", "repair_kit": "with a Repair Kit", "recovered":
          "as the Heart brings it back", "paid": "paid towards a part"}
QUIET = ("turn",)
"""Steps the log leaves out: the prompt and the top line already say them."""


def describe_all(events: Sequence[Event], view: State,
                 names: Sequence[str] = ()) -> list[tuple[str, Colour]]:
    """Each event's line in order, except that a hit is told before the HP it cost (the
    rules report the loss first, as they carry it out), so cause reads before effect."""
    out: list[tuple[str, Colour]] = []
    lost_at: dict[int, int] = {}
    """Where each robot's latest HP lost to an attack was told."""
    for event in events:
        line = describe(event, view, names)
        if line is None:
            continue
        if isinstance(event, Struck) and event.target in lost_at:
            out.insert(lost_at.pop(event.target), line)
            continue
        if isinstance(event, Hp) and event.why == "attack":
            lost_at[event.seat] = len(out)
        out.append(line)
    return out


def describe(event: Event, view: State, names: Sequence[str] = ()) -> tuple[str, Colour] | None:
    """One event as a sentence and its colour; None for a step the log leaves out."""
    if isinstance(event, Note):
        return _note(event, view, names)
    if isinstance(event, Cubes):
        return _cubes(event, names), TEXT_DIM
    if isinstance(event, Hp):
        return _hp(event, names)
    if isinstance(event, Struck):
        return (f"{who(event.seat, names)} hits {who(event.target, names)} for "
                f"{event.damage} damage.", DANGER if event.damage else TEXT)
    if isinstance(event, Reshuffled):
        return (f"The discard pile becomes the new Gear deck "
                f"({plural(event.cards, 'card')}, shuffled).", TEXT_DIM)
    return None


def _note(event: Note, view: State, names: Sequence[str]) -> tuple[str, Colour] | None:
    you, what, detail = who(event.seat, names), event.what, event.detail
    if what in QUIET:
        return None
    if what == "picked":
        return f"{you} picks {robot_name(view.cat, detail)}.", TEXT
    if what == "robot":
        home = "".join(view.cat.robots[detail].home)
        return (f"{you} plays {robot_name(view.cat, detail)}, starting with "
                f"{cubes_words(home)}.", TEXT)
    if what == "drafted":
        robot, slot = detail.split()
        return f"{you} drafts {robot_name(view.cat, robot)}'s {SLOT_WORDS[slot]}.", TEXT_DIM
    if what == "round":
        return f"Round {detail} begins; {you} holds the First Player card.", ACCENT
    if what == "selected":
        return f"{you} selects {HEX_NAMES[detail]}.", ACCENT
    if what == "built":
        return f"{you} builds its {SLOT_WORDS[detail]}.", GOOD
    if what == "gear":
        return f"{you} takes {GEAR_NAMES[detail]} from the row.", TEXT
    if what == "used":
        card = detail.split()[0]
        return f"{you} uses {GEAR_NAMES[card]}.", TEXT
    if what == "attack":
        target, *gear = detail.split()
        extra = (" spending " + " and ".join(GEAR_NAMES[g] for g in gear)) if gear else ""
        return f"{you} attacks {who(int(target), names)}{extra}.", TEXT
    if what == "ordered":
        return f"{you} resolves its {SLOT_WORDS[detail]}'s ability first.", TEXT_DIM
    if what == "heart":
        return f"{you} takes the Coal Heart.", ACCENT
    if what == "overload":
        return f"{you} overloads the Coal Heart!", DANGER
    if what == "mend":
        return f"{you} mends with the Coal Heart.", GOOD
    if what == "won":
        return f"{you} wins the game!", ACCENT
    return f"{you}: {what.replace('_', ' ')} {detail}".strip() + ".", TEXT_DIM


def _cubes(event: Cubes, names: Sequence[str]) -> str:
    taker = who(int(event.dest), names)
    what = cubes_words(event.colours)
    if event.source == BAG:
        return f"{taker} draws {what} from the bag."
    if event.source == "quarry":
        return f"{taker} takes {_a(what)} from the Quarry."
    if event.source == "supply":
        return f"{taker} takes {_a(what)} from the Supply."
    return f"{taker} takes {_a(what)} from {who(int(event.source), names)}."


def _a(what: str) -> str:
    """"1 Steel cube" reads "a Steel cube"."""
    return "a " + what[2:] if what.startswith("1 ") else what


def _hp(event: Hp, names: Sequence[str]) -> tuple[str, Colour]:
    you = who(event.seat, names)
    why = HP_WHY.get(event.why, "")
    if event.change < 0:
        line = f"{you} loses {-event.change} HP {why}, down to {event.hp}.".replace("  ", " ")
        if event.hp == 0:
            return line[:-1] + ": broken!", DANGER
        return line, DANGER
    if event.change == 0:
        state = ("stays broken at 0 HP" if event.hp == 0 else
                 "stays at full HP" if event.hp == MAX_HP else "loses no HP")
        return f"{you} {state} ({why}).".replace(" ().", "."), TEXT_DIM
    return f"{you} gains {event.change} HP {why}, up to {event.hp}.".replace("  ", " "), GOOD
