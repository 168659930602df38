"""The deciding seat's choices as clicks: things lit on the table (hexes, Quarry and
Supply cubes, Gear cards, robot mats, part slots) and buttons in the prompt. Made only
from the rules' ``legal_actions`` for the seat's own view, so nothing illegal can be
offered and every legal move can be reached.

A move with many forms is chosen in two clicks: a part slot, then how to pay for it
(or Weld it); a robot to attack, then which Gear to spend; a slot to draft, then whose
part. ``Picks`` holds the first click."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.coal_heart import combat, flow
from game.rules.coal_heart.actions import (
    Attack,
    Build,
    Convert,
    Draft,
    End,
    Select,
    Take,
    TakeGear,
    Trigger,
    UseGear,
    Weld,
)
from game.rules.coal_heart.state import DRAFT, OVER, PICK, SELECT, State
from game.rules.coal_heart.vocabulary import COLOURS
from game.rules.core.actions import Action
from game.scenes.coal_heart.words import (
    HEX_NAMES,
    SLOT_WORDS,
    action_words,
    attack_words,
    build_payment,
    cost_words,
    robot_name,
    who,
)


@dataclass(frozen=True)
class Picks:
    """The first click of a two-click move: a slot to build or draft, a robot to attack."""

    slot: str = ""
    target: int = -1
    draft: str = ""


Choice = Action | Picks


@dataclass
class Prompt:
    heading: str
    buttons: list[tuple[str, Choice]] = field(default_factory=list)
    lit: dict[tuple[Any, ...], Choice] = field(default_factory=dict)


def build(view: State, seat: int, options: Sequence[Action], picks: Picks,
          names: Sequence[str] = ()) -> Prompt:
    """What ``seat`` may click now, given the first click ``picks`` (if any)."""
    if view.stage == OVER:
        return Prompt("The game is over.")
    if not options:
        return Prompt(waiting_words(view, names))
    prompt = Prompt(heading(view, seat, names))
    if picks.slot:
        return _paying(view, prompt, options, picks.slot)
    if picks.target >= 0:
        return _arming(prompt, options, picks.target, names)
    if picks.draft:
        return _drafting(view, prompt, options, picks.draft)
    builds: dict[str, list[Action]] = {}
    attacks: dict[int, list[Attack]] = {}
    drafts: dict[str, list[Draft]] = {}
    for action in options:
        if isinstance(action, Build | Weld):
            builds.setdefault(action.slot, []).append(action)
        elif isinstance(action, Attack):
            attacks.setdefault(action.target, []).append(action)
        elif isinstance(action, Draft):
            drafts.setdefault(action.slot, []).append(action)
        else:
            _single(view, prompt, action, names)
    for slot, ways in builds.items():
        choice = ways[0] if len(ways) == 1 else Picks(slot=slot)
        part = view.cat.part(view.seats[seat].parts[slot], slot)
        prompt.lit[("slot", seat, slot)] = choice
        only = ways[0]
        label = (f"Build the {SLOT_WORDS[slot]}: {build_payment(view, only)}"
                 if len(ways) == 1 and isinstance(only, Build) else
                 action_words(view, only, names) if len(ways) == 1 else
                 f"Build the {SLOT_WORDS[slot]} ({cost_words(part.cost)})")
        prompt.buttons.append((label, choice))
    for target, ways in attacks.items():
        choice = ways[0] if len(ways) == 1 else Picks(target=target)
        prompt.lit[("mat", target)] = choice
        prompt.buttons.append((attack_words(ways[0], names) if len(ways) == 1 else
                               f"Attack {who(target, names)}...", choice))
    for slot in drafts:
        prompt.lit[("slot", seat, slot)] = Picks(draft=slot)
        prompt.buttons.append((f"Draft a {SLOT_WORDS[slot]}", Picks(draft=slot)))
    _light_held(prompt, options)
    ends = [b for b in prompt.buttons if isinstance(b[1], End)]
    prompt.buttons = [b for b in prompt.buttons if not isinstance(b[1], End)] + ends
    return prompt


def _single(view: State, prompt: Prompt, action: Action, names: Sequence[str]) -> None:
    """A move of one click: a button, and the thing on the table it is about, lit."""
    prompt.buttons.append((action_words(view, action, names), action))
    if isinstance(action, Select):
        prompt.lit[("hex", action.hex)] = action
    elif isinstance(action, TakeGear):
        prompt.lit[("card", action.card)] = action
    elif isinstance(action, Trigger):
        prompt.lit[("slot", action.seat, action.slot)] = action
    elif isinstance(action, Take):
        from_quarry = bool(view.pending) or view.hex == "mine"
        colour = COLOURS.index(action.colour)
        prompt.lit[("quarry" if from_quarry else "supply", colour)] = action


def _light_held(prompt: Prompt, options: Sequence[Action]) -> None:
    """A Gear card the seat holds is lit when clicking it can mean one move only (a
    Repair Kit or Sticky Hands to use; not a Shovel, which asks for a colour, nor a
    card that may be used or discarded for a cube)."""
    uses: dict[str, list[Action]] = {}
    for action in options:
        if isinstance(action, UseGear | Convert):
            uses.setdefault(action.card, []).append(action)
    for card, ways in uses.items():
        if len(ways) == 1:
            prompt.lit[("held", ways[0].seat, card)] = ways[0]


def _paying(view: State, prompt: Prompt, options: Sequence[Action], slot: str) -> Prompt:
    part_seat = options[0].seat
    part = view.cat.part(view.seats[part_seat].parts[slot], slot)
    prompt.heading = (f"Build the {SLOT_WORDS[slot]} (cost: {cost_words(part.cost)}). "
                      "How do you pay?")
    prompt.lit[("slot", part_seat, slot)] = Picks(slot=slot)
    for action in options:
        if isinstance(action, Build | Weld) and action.slot == slot:
            prompt.buttons.append((action_words(view, action), action))
    prompt.buttons.append(("Choose another part", Picks()))
    return prompt


def _arming(prompt: Prompt, options: Sequence[Action], target: int,
            names: Sequence[str]) -> Prompt:
    prompt.heading = f"Attack {who(target, names)}: spend any Gear first?"
    prompt.lit[("mat", target)] = Picks(target=target)
    for action in options:
        if isinstance(action, Attack) and action.target == target:
            prompt.buttons.append((attack_words(action, names, target=False), action))
    prompt.buttons.append(("Choose another robot", Picks()))
    return prompt


def _drafting(view: State, prompt: Prompt, options: Sequence[Action], slot: str) -> Prompt:
    prompt.heading = f"Draft a {SLOT_WORDS[slot]}: whose part?"
    prompt.lit[("slot", options[0].seat, slot)] = Picks(draft=slot)
    for action in options:
        if isinstance(action, Draft) and action.slot == slot:
            part = view.cat.part(action.robot, slot)
            prompt.buttons.append((f"{robot_name(view.cat, action.robot)} "
                                   f"({cost_words(part.cost)})", action))
    prompt.buttons.append(("Choose another slot", Picks()))
    return prompt


# -- headings -------------------------------------------------------------------------
TURN_WORDS = {
    "mine": "Mine: take a cube from the Quarry (click one).",
    "upgrade": "Upgrade: click a part of your robot to build it, as many as you can pay "
               "for, then end your Turn.",
    "fight": "Fight: click a robot to attack it, or end your Turn.",
    "gear": "Gear: take a card from the row (click one).",
    "scavenge": "Scavenge: take a cube of your choice from the Supply (click one).",
    "capture": "Capture: the Coal Heart.",
}


def heading(view: State, seat: int, names: Sequence[str] = ()) -> str:
    """What the deciding seat is asked, in a sentence."""
    you = who(seat, names)
    if view.pending:
        return f"{you}: {pending_words(view, view.pending[-1], names)}"
    if view.stage == PICK:
        return f"{you}: choose your robot."
    if view.stage == DRAFT:
        return f"{you}: draft a part. Click an empty slot of your robot, then pick whose part."
    if view.stage == SELECT:
        return f"{you}: you lead this Phase. Select a hex (click one)."
    return f"{you}'s Turn. {TURN_WORDS.get(view.hex, '')}"


def pending_words(view: State, item: tuple[Any, ...], names: Sequence[str]) -> str:
    kind = item[0]
    if kind == "quarry":
        return "your leg lets you take one more cube from the Quarry first."
    if kind == "perk":
        return "you chose Mine: take a second cube from the Quarry."
    if kind == "gear_pick":
        return "your leg lets you take one more card from the row (Deluxe allowed)."
    if kind == "give":
        return f"{who(item[2], names)} takes a cube from you: choose which to give."
    if kind == "shield":
        attack = view.attack
        damage = combat.total(view) if attack is not None else 0
        by = who(attack.attacker, names) if attack is not None else "a robot"
        return f"{by} attacks you for {damage} damage. Spend a Force Field to halve it?"
    if kind == "punch":
        return f"spend a Rocket Punch to take a cube from {who(item[2], names)}?"
    if kind == "heart":
        return "you hold the Coal Heart: overload it or mend?"
    if kind == "may_attack":
        return f"the Mine phase ends: you may attack, {item[2]} more damage."
    if kind == "order":
        return ("several of your abilities trigger at once: choose which resolves "
                "first (click its part, or hover a button to read it).")
    return "your attack abilities: choose the order (and whether to use the optional ones)."


def waiting_words(view: State, names: Sequence[str]) -> str:
    seat = flow.deciding(view)
    if seat < 0:
        return "The game is over."
    if view.pending:
        return f"Waiting for {who(seat, names)}: {pending_words(view, view.pending[-1], names)}"
    if view.stage == PICK:
        return f"Waiting for {who(seat, names)} to choose a robot."
    if view.stage == DRAFT:
        return f"Waiting for {who(seat, names)} to draft a part."
    if view.stage == SELECT:
        return f"Waiting for {who(seat, names)} to select a hex."
    return f"Waiting for {who(seat, names)}'s {HEX_NAMES.get(view.hex, '')} Turn."
