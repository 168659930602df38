"""The prompt for a decision that is not a program edit: which Retro to run, a Shove's
way, a Program's target, an Upgrade to take (or swap), an Upgrade to hand back. Every
choice is one of the rules' ``legal_actions``, worded; a Program's targets and the squares
a Shove would send its piece to are also lit on the board, where a click picks them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.calamitron.actions import Choose, Keep, Pick, Return, Upgrade
from game.rules.calamitron.board import DOOR, OPEN
from game.rules.calamitron.geometry import Square, ahead, turn
from game.rules.calamitron.motion import just_ahead
from game.rules.calamitron.program import driven
from game.rules.calamitron.state import PICK, Piece, State
from game.rules.core.actions import Action
from game.scenes.calamitron.words import (
    FACING_WORDS,
    RETRO_HELP,
    RETRO_NAMES,
    piece_name,
    square_words,
    upgrade,
    who,
)


@dataclass
class Prompt:
    heading: str = ""
    choices: list[tuple[str, Action, str]] = field(default_factory=list)
    """Each button: its label, its action, its hover help."""
    lit: dict[Square, Action] = field(default_factory=dict)
    """Board squares a click on which chooses (a Program's targets)."""


def build(view: State, seat: int, options: Sequence[Action],
          names: Sequence[str] = ()) -> Prompt:
    """The prompt for ``seat``'s ``options`` (none of them program edits)."""
    name = who(seat, names)
    if not options:
        return Prompt()
    first = options[0]
    if isinstance(first, Pick):
        lost = view.phase != PICK
        heading = (f"{name}: your Retro is gone. Pick another type; it waits by the door "
                   "nearest where the last one was lost." if lost else
                   f"{name}: pick the Retro you will run.")
        return Prompt(heading, [(RETRO_NAMES[a.retro], a, RETRO_HELP[a.retro])
                                for a in options if isinstance(a, Pick)])
    if isinstance(first, Choose):
        return _choose(view, seat, options, names)
    if isinstance(first, Upgrade):
        return _upgrade(view, seat, options, names)
    if isinstance(first, Return | Keep):
        heading = (f"{name}: hand back an Upgrade to put a face-up Catastrophe under the "
                   f"deck? ({view.catastrophes} face up; three lose.)")
        choices = [(f"Hand back {upgrade(view, a.card)[0]}", a, upgrade(view, a.card)[1])
                   for a in options if isinstance(a, Return)]
        choices += [("Keep them", a, "Hand nothing back.") for a in options
                    if isinstance(a, Keep)]
        return Prompt(heading, choices)
    return Prompt(f"{name}: choose.", [(a.kind, a, "") for a in options])


def _choose(view: State, seat: int, options: Sequence[Action],
            names: Sequence[str]) -> Prompt:
    what = view.ask[0] if view.ask else ""
    name = who(seat, names)
    if what == "shove":
        return _shove(view, seat, options, names)
    prompt = Prompt(f"{name}: Program drives a bot with the counters after it. Which bot? "
                    "(Click it on the board, or a button.)")
    for action in options:
        assert isinstance(action, Choose)
        if action.option == "self":
            prompt.choices.append(("Your own Retro", action, "Keep driving your Retro."))
            continue
        piece = view.pieces[action.option]
        prompt.choices.append((piece_name(view, piece.id, names).capitalize(), action,
                               "The counters after this Program drive it."))
        prompt.lit[piece.at] = action
    return prompt


def _shove(view: State, seat: int, options: Sequence[Action],
           names: Sequence[str]) -> Prompt:
    """Each way named on the board's compass with where it sends the piece, since "its
    left" reads differently to each person round the screen; the squares are lit."""
    bot = driven(view)
    target = just_ahead(view, bot) if bot is not None else None
    prompt = Prompt(f"{who(seat, names)}: your Shove moves the piece just ahead one square. "
                    "Which way? (Click a lit square, or a button.)")
    for action in options:
        assert isinstance(action, Choose)
        if bot is None or target is None:
            prompt.choices.append((action.option, action, ""))
            continue
        way = bot.facing if action.option == "F" else turn(bot.facing, action.option)
        label, text = _shove_result(view, target, way)
        prompt.choices.append((label, action, text))
        square = ahead(target.at, way)
        if view.board.on_board(square):
            prompt.lit[square] = action
    return prompt


def _shove_result(view: State, piece: Piece, way: str) -> tuple[str, str]:
    """A Shove's button label and hover help: where the piece goes, as ``push_one``
    moves it."""
    square = ahead(piece.at, way)
    compass = FACING_WORDS[way].capitalize()
    edge = view.board.edge(piece.at, way)
    if edge == DOOR and piece.kind == "minionbot":
        return f"{compass}: out", "Out through the door: the Minionbot is rescued."
    if edge != OPEN or view.at(square) is not None:
        return f"{compass}: blocked", "Something is in the way: it stays and takes a hit."
    if view.open_pit(square):
        return f"{compass}: into a pit", f"Into the pit at {square_words(square)}."
    return compass, f"To {square_words(square)}."


def _upgrade(view: State, seat: int, options: Sequence[Action],
             names: Sequence[str]) -> Prompt:
    name = who(seat, names)
    held = view.upgrades[seat]
    heading = (f"{name}: you earned an Upgrade. Take one"
               + (" (you hold two: hand one back for it, or keep yours)." if len(held) == 2
                  else "."))
    choices = []
    for action in options:
        assert isinstance(action, Upgrade)
        if not action.take:
            choices.append(("Keep mine", action, "Take nothing; keep the two you hold."))
            continue
        took, text = upgrade(view, action.take)
        label = took if not action.give else f"{took} for {upgrade(view, action.give)[0]}"
        choices.append((label, action, text))
    return Prompt(heading, choices)
