"""The small, closed vocabulary every part ability is written in: one trigger and one
effect with an amount. The catalogue refuses any other word, and the rules carry out
each effect in one place (``abilities.py``), so a new part is data, not code."""

from __future__ import annotations

SLOTS = ("head", "chest", "core", "l_shoulder", "r_shoulder", "l_arm", "r_arm",
         "l_leg", "r_leg", "l_foot", "r_foot")
ABILITY_SLOTS = ("head", "chest", "l_shoulder", "r_shoulder", "l_leg", "r_leg")
"""The slots whose part carries a designed ability; arms and feet add attack, the core
opens Deluxe Gear."""
COLOURS = ("S", "P", "C", "G")
COLOUR_NAMES = {"S": "Steel", "P": "Plastic", "C": "Coal", "G": "Gold"}
HEXES = ("mine", "upgrade", "fight", "gear", "capture", "scavenge")
GEAR = ("chainsaw", "force_field", "sticky_hands", "welders_kit", "twin_blasters",
        "repair_kit", "rocket_punch", "shovel")
DELUXE = ("chainsaw", "force_field", "sticky_hands", "welders_kit")

TRIGGERS = {
    "passive": "always on while built",
    "now": "once, as the part is built",
    "mine": "start of your Mine Turn",
    "upgrade": "start of your Upgrade Turn",
    "fight": "start of your Fight Turn",
    "gear": "start of your Gear Turn",
    "select_mine": "start of your Mine Turn, if you selected Mine",
    "select_mine_end": "end of the Mine phase, if you selected Mine",
    "select_fight": "start of your Fight Turn, if you selected Fight",
    "select_scavenge": "start of your Scavenge Turn, if you selected Scavenge",
    "attack": "step 3 of each of your attacks",
    "gain_hp": "whenever you gain HP (even broken or at 20)",
    "gain_cube": "whenever you gain a cube that is not from the Quarry",
    "steal": "whenever you use your head's theft or a Rocket Punch",
    "dealt_4": "once a Turn, when the damage you dealt this Turn reaches 4",
    "upgrade_action": "on your Upgrade Turn, as often as you like",
}
"""Each trigger and when it fires."""

EFFECTS: dict[str, tuple[tuple[str, ...], tuple[int, int]]] = {
    "attack_bonus": (("passive",), (1, 1)),
    "deluxe_access": (("passive",), (1, 1)),
    "block_small": (("passive",), (1, 3)),
    "pay_hp": (("passive",), (2, 3)),
    "trade": (("passive",), (1, 1)),
    "discount": (("passive",), (1, 1)),
    "add_damage": (("attack",), (1, 3)),
    "damage_per_gear": (("attack",), (1, 1)),
    "return_for_damage": (("attack",), (1, 3)),
    "spend_gear_for_damage": (("attack",), (1, 3)),
    "discard_twin": (("attack",), (1, 1)),
    "gain_cube": (("now", "mine", "upgrade", "fight", "select_mine", "select_scavenge",
                   "attack", "gain_hp", "steal", "dealt_4"), (1, 2)),
    "gain_hp": (("now", "upgrade", "fight", "select_fight", "attack"), (1, 3)),
    "damage_others": (("upgrade", "gain_cube", "gain_hp", "steal"), (1, 3)),
    "quarry_pick": (("mine",), (1, 1)),
    "gain_gear": (("gear",), (1, 1)),
    "steal": (("fight",), (1, 2)),
    "gear_for_cube": (("upgrade_action",), (1, 1)),
    "attack_per_gained": (("select_mine_end",), (1, 1)),
}
"""Each effect with the triggers it may hang on and the range of its amount (the
decisions' limits per trigger: +3 damage, 3 damage, 3 HP, 2 cubes, 1 Gear card)."""

OPTIONAL = ("discard_twin", "return_for_damage", "spend_gear_for_damage",
            "attack_per_gained")
"""Effects worded "you may": the owner chooses whether to use them."""
UPGRADE_AIDS = ("pay_hp", "trade", "discount", "gear_for_cube")
"""Upgrade-phase aids: they do nothing on the Turn their part is built."""
