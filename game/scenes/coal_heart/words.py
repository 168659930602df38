"""The Coal Heart in our words: seats, robots, slots, cubes, Gear and hexes by name,
each move as a button's label, and each part's ability as a short tag for its slot
(made from the trigger/effect vocabulary) and a sentence for its hover help (the
data's own text, written for Botyard). Words only: nothing here reads what a view
hides or decides what is legal."""

from __future__ import annotations

from collections.abc import Sequence

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
from game.rules.coal_heart.catalogue import Catalogue, Part
from game.rules.coal_heart.state import State
from game.rules.coal_heart.vocabulary import ABILITY_SLOTS, COLOUR_NAMES, COLOURS, TRIGGERS
from game.rules.core.actions import Action

SLOT_NAMES = {"head": "Head", "chest": "Chest", "core": "Core", "l_shoulder": "L shoulder",
              "r_shoulder": "R shoulder", "l_arm": "L arm", "r_arm": "R arm",
              "l_leg": "L leg", "r_leg": "R leg", "l_foot": "L foot", "r_foot": "R foot"}
SLOT_WORDS = {slot: name.replace("L ", "left ").replace("R ", "right ").lower()
              for slot, name in SLOT_NAMES.items()}
"""Slots as a sentence names them ("left shoulder")."""
ROBOT_SHORT = {"lord_reforge": "Reforge", "extractor_esquire": "Esquire",
               "professor_syphon": "Syphon", "the_executioner": "Exec.",
               "gizmo_guru": "Guru", "dr_constructor": "Constr."}
"""A drafted part's robot, short enough for the corner of its slot."""
HEX_NAMES = {"mine": "Mine", "upgrade": "Upgrade", "fight": "Fight", "gear": "Gear",
             "capture": "Capture", "scavenge": "Scavenge"}
PERKS = {"mine": "perk: 2nd cube", "upgrade": "perk: 1 off", "fight": "perk: +2 atk",
         "gear": "perk: Deluxe", "capture": "chooser only", "scavenge": "chooser only"}
"""What the hex gives the seat that selects it, short enough for the hex row."""
GEAR_NAMES = {"chainsaw": "Chainsaw", "force_field": "Force Field",
              "sticky_hands": "Sticky Hands", "welders_kit": "Welder's Kit",
              "twin_blasters": "Twin Blasters", "repair_kit": "Repair Kit",
              "rocket_punch": "Rocket Punch", "shovel": "Shovel"}
GEAR_SHORT = {"chainsaw": "Saw", "force_field": "Field", "sticky_hands": "Hands",
              "welders_kit": "Welder", "twin_blasters": "Twin", "repair_kit": "Repair",
              "rocket_punch": "Punch", "shovel": "Shovel"}
"""Gear names for a mat that holds too many cards to name them in full."""
GEAR_GIST = {"chainsaw": "Doubles one attack", "force_field": "Halves an attack on you",
             "sticky_hands": "Take the Coal Heart", "welders_kit": "Build one part free",
             "twin_blasters": "+2 damage on one attack", "repair_kit": "Gain 2 HP",
             "rocket_punch": "After an attack, take a cube from the target",
             "shovel": "Take a cube you name from the Supply"}
"""A card's use in a few words on its face; its hover help has the whole sentence."""
TAGS = {"attack_bonus": "+{} attack", "deluxe_access": "Deluxe", "block_small": "block {}",
        "pay_hp": "pay HP", "trade": "trade", "discount": "1 cube off",
        "add_damage": "+{} damage", "damage_per_gear": "+dmg/Gear",
        "return_for_damage": "cube: +{}", "spend_gear_for_damage": "Gear: +{}",
        "discard_twin": "Twin back", "gain_cube": "+{} cube", "gain_hp": "+{} HP",
        "damage_others": "{} to all", "quarry_pick": "+Quarry", "gain_gear": "+Gear",
        "steal": "steal {}", "gear_for_cube": "Gear: cube", "attack_per_gained": "mine hit"}
"""A part's effect in a few characters, for its slot on the mat (its hover help has the
whole sentence)."""
WHEN = {"passive": "", "now": "built", "mine": "Mine", "upgrade": "Upgrade",
        "fight": "Fight", "gear": "Gear", "select_mine": "Mine*", "select_mine_end": "Mine*",
        "select_fight": "Fight*", "select_scavenge": "Scav.*", "attack": "attack",
        "gain_hp": "on heal", "gain_cube": "on cube", "steal": "on steal",
        "dealt_4": "4 dealt", "upgrade_action": "Upgrade"}
"""When a part's ability fires, in a word (a star: only when its robot chose the hex)."""


def who(seat: int, names: Sequence[str] = ()) -> str:
    """A seat by its player's typed name, else by its number."""
    name = names[seat] if 0 <= seat < len(names) else ""
    return name or f"Seat {seat + 1}"


def robot_name(cat: Catalogue, robot: str) -> str:
    return cat.robots[robot].name


def colour_name(colour: str) -> str:
    return COLOUR_NAMES.get(colour, "random")


def cubes_words(colours: str) -> str:
    """``"SSG"`` as "2 Steel and 1 Gold"; hidden colours (``?``) as so many cubes."""
    if not colours:
        return "no cube"
    if set(colours) == {"?"}:
        return plural(len(colours), "cube")
    counts = [(colours.count(c), c) for c in COLOURS if c in colours]
    parts = [f"{n} {colour_name(c)}" for n, c in counts]
    return (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]) + \
        (" cube" if len(colours) == 1 else " cubes")


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def cost_words(cost: Sequence[str]) -> str:
    return ", ".join(colour_name(c) for c in cost) if cost else "nothing"


def part_tag(part: Part) -> str:
    """A part's ability in a few characters: when it fires and what it does."""
    what = TAGS[part.effect].format(part.amount)
    when = WHEN[part.trigger]
    return f"{when}: {what}" if when else what


def part_help(cat: Catalogue, part: Part, built: bool) -> str:
    """A part's hover help: whose, which slot, its cost, and its ability in words."""
    owner = robot_name(cat, part.robot)
    state = "Built." if built else f"Costs {cost_words(part.cost)}."
    when = TRIGGERS[part.trigger]
    return f"{owner}'s {SLOT_WORDS[part.slot]}. {state} {part.text} ({when})"


def robot_help(cat: Catalogue, robot: str) -> str:
    """A robot before it is taken: its home colours and the abilities its mat holds."""
    bot = cat.robots[robot]
    home = " and ".join(colour_name(c) for c in bot.home)
    lines = [f"{SLOT_NAMES[s]}: {bot.parts[s].text}" for s in ABILITY_SLOTS]
    return f"{bot.name} starts with one {home} cube each. " + " ".join(lines)


def choice_help(view: State, action: Action) -> str:
    """The hover help of a move's button: what it is about (a robot, a part, a card,
    a hex); empty when the label says it all."""
    cat = view.cat
    if isinstance(action, PickRobot):
        return robot_help(cat, action.robot)
    if isinstance(action, Build | Weld):
        part = cat.part(view.seats[action.seat].parts[action.slot], action.slot)
        return part_help(cat, part, False)
    if isinstance(action, Draft):
        return part_help(cat, cat.part(action.robot, action.slot), False)
    if isinstance(action, TakeGear | UseGear | Convert):
        return gear_help(cat, action.card)
    if isinstance(action, Select):
        return hex_help(cat, action.hex)
    if isinstance(action, Trigger):
        part = cat.part(view.seats[action.seat].parts[action.slot], action.slot)
        return part_help(cat, part, True)
    return ""


def gear_help(cat: Catalogue, card: str) -> str:
    gear = cat.gear[card]
    kind = "Deluxe Gear" if gear.deluxe else "Gear"
    return f"{gear.name} ({kind}): {gear.text}"


def hex_help(cat: Catalogue, hex_id: str) -> str:
    return f"{HEX_NAMES[hex_id]}: {cat.hex_text[hex_id]}"


def heart_help(cat: Catalogue) -> str:
    h = cat.heart
    return (f"The Coal Heart: taking it heals {h['spark']} HP. When its holder selects "
            f"Capture, a broken holder comes back at {h['recover']} HP, then overloads it "
            f"({h['overload_others']} damage to every other robot, {h['overload_self']} to "
            f"itself) or mends ({h['mend']} HP).")


def payment(cost: Sequence[str], pay: Sequence[str], hp_per_cube: int = 0) -> str:
    """How a Build pays its cost, cube by cube: paid, free, paid in HP or traded."""
    out = []
    for want, token in zip(cost, pay, strict=True):
        if token == "-":
            out.append(f"free {colour_name(want)}")
        elif token == "hp":
            out.append(f"{hp_per_cube} HP for {colour_name(want)}")
        elif token != want:
            out.append(f"{colour_name(token)} for {colour_name(want)}")
        else:
            out.append(colour_name(want))
    return " + ".join(out)


def build_payment(view: State, action: Build) -> str:
    part = view.cat.part(view.seats[action.seat].parts[action.slot], action.slot)
    return payment(part.cost, action.pay, _hp_rate(view, action.seat))


def attack_words(action: Attack, names: Sequence[str] = (), target: bool = True) -> str:
    extra = [f"{action.gear.count(g)} {GEAR_NAMES[g]}" for g in dict.fromkeys(action.gear)]
    whom = f"Attack {who(action.target, names)}" if target else "Attack"
    return whom + (" with " + " and ".join(extra) if extra else " (no Gear)")


def action_words(view: State, action: Action, names: Sequence[str] = ()) -> str:
    """One line naming a move, as its button shows it."""
    cat = view.cat
    if isinstance(action, PickRobot):
        home = " & ".join(colour_name(c) for c in cat.robots[action.robot].home)
        return f"Take {robot_name(cat, action.robot)} ({home})"
    if isinstance(action, Draft):
        return f"Draft {robot_name(cat, action.robot)}'s {SLOT_WORDS[action.slot]}"
    if isinstance(action, Select):
        return f"Select {HEX_NAMES[action.hex]}"
    if isinstance(action, UseGear):
        colour = f" for a {colour_name(action.colour)} cube" if action.colour else ""
        return f"Use {GEAR_NAMES[action.card]}{colour}"
    if isinstance(action, Take):
        return f"Take a {colour_name(action.colour)} cube"
    if isinstance(action, Build):
        return f"Pay {build_payment(view, action)}"
    if isinstance(action, Weld):
        return f"Weld the {SLOT_WORDS[action.slot]} free (Welder's Kit)"
    if isinstance(action, Convert):
        return f"Discard {GEAR_NAMES[action.card]} for a random cube"
    if isinstance(action, Attack):
        return attack_words(action, names)
    if isinstance(action, Trigger):
        return _trigger_words(view, action)
    if isinstance(action, Shield):
        return "Spend a Force Field: half damage" if action.use else "Keep the Force Field"
    if isinstance(action, Punch):
        return (f"Rocket Punch: take a {colour_name(action.colour)} cube" if action.colour
                else "Keep the Rocket Punch")
    if isinstance(action, Give):
        return f"Give a {colour_name(action.colour)} cube"
    if isinstance(action, HeartChoice):
        heart = cat.heart
        return (f"Overload: {heart['overload_others']} damage to all others"
                if action.choice == "overload" else f"Mend: gain {heart['mend']} HP")
    if isinstance(action, TakeGear):
        return f"Take {GEAR_NAMES[action.card]}"
    assert isinstance(action, End)
    return "End your Turn"


def _hp_rate(view: State, seat: int) -> int:
    for slot in view.seats[seat].built:
        part = view.cat.part(view.seats[seat].parts[slot], slot)
        if part.effect == "pay_hp":
            return part.amount
    return 0


def _trigger_words(view: State, action: Trigger) -> str:
    part = view.cat.part(view.seats[action.seat].parts[action.slot], action.slot)
    slot = SLOT_NAMES[action.slot]
    if view.pending and view.pending[-1][0] == "order":
        return f"{slot} first ({part_tag(part)})"
    if not action.choice:
        optional = part.effect in ("discard_twin", "return_for_damage", "spend_gear_for_damage")
        return f"{slot}: {'skip it' if optional else part_tag(part)}"
    if part.effect == "return_for_damage":
        return f"{slot}: return a {colour_name(action.choice)} cube, +{part.amount} damage"
    if part.effect == "spend_gear_for_damage":
        return f"{slot}: discard {GEAR_NAMES[action.choice]}, +{part.amount} damage"
    return f"{slot}: take Twin Blasters back"
