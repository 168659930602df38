"""Reading the steps of a Blastbots scenario's ``actions`` and ``legal`` checks: each
step is read in full before anything is played, and every format fault (an unknown key
or name, a key its card needs missing, a key it takes no part of) is a DataError with
file, line and key path. scenario_drive.py plays a step read here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.blastbots.actions import NONE, Place
from game.rules.blastbots.board import SPOTS, TIER_OF, TIER_TOKENS, TIERS, spot_name
from game.rules.blastbots.position import PositionError, token_codes
from game.rules.blastbots.scenario_read import Reader
from game.rules.core.data import PathKey, show

KINDS = ("play", "trade", "reallocate", "buyback", "end_turn")
ATTACK_KEYS = ("option", "target", "defend", "defend_sacrifice", "sacrifice", "picks",
               "colour", "home", "moves")
STEP_KEYS = {
    "play": (*ATTACK_KEYS, "tokens", "give", "draw", "name", "deck", "take", "pile", "mod"),
    "trade": ("draw",),
    "reallocate": ("tokens",),
    "buyback": ("give", "home"),
    "end_turn": ("discard",),
}
SECTIONS = ("launchpad", "atmosphere")
TARGETED = ("go_phish_bot", "junk_r_bot", "khaos_magnet", "ol_switcheroo",
            "some_assembly_required")
"""Cards other than Battle cards that are played at a player."""
NEEDS = {"black_market": ("give", "draw"), "go_phish_bot": ("name",),
         "quantum_fabricator": ("deck", "take"), "zombitron_collider": ("pile",),
         "reallocator": ("tokens",), "grim_retriever": ("give",)}
OPTION_NEEDS = {"steal": ("picks",), "shred": ("picks",), "trash": ("picks",),
                "junk": ("colour",), "tokens": ("moves",)}


@dataclass
class Attack:
    """The keys of one attack: the step's own, or its Magic Missile Mod's second."""

    path: PathKey
    option: str = ""
    target: int = NONE
    defend: int | None = None
    defend_sacrifice: str = ""
    sacrifice: str = ""
    picks: list[int] = field(default_factory=list)
    colour: int | None = None
    home: dict[int, int] = field(default_factory=dict)
    moves: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Step:
    kind: str
    path: PathKey
    card: int = -1
    attack: Attack | None = None
    mod: Attack | None = None
    cards: list[int] = field(default_factory=list)
    """Trade and reallocation discards, Black Market's cards, or end-of-turn discards."""
    retrieve: list[tuple[int, int]] = field(default_factory=list)
    """Grim Retriever: (player, colour given), in the written order."""
    rockets: tuple[int, ...] = ()
    """Buyback: the colours of the three rockets given."""
    draw: list[str] = field(default_factory=list)
    tokens: dict[str, list[int]] | None = None
    name: int = -1
    deck: str = ""
    take: int = -1
    pile: str = ""
    target: int = NONE
    home: dict[int, int] = field(default_factory=dict)


# -- reading ------------------------------------------------------------------------------
def read_step(read: Reader, raw: Any, path: PathKey) -> Step:
    check = read.check
    raw = check.mapping(raw, path)
    kinds = [k for k in KINDS if k in raw]
    if len(kinds) != 1:
        raise read.fail(path, "a step is exactly one of: " + ", ".join(KINDS))
    kind = kinds[0]
    check.mapping(raw, path, allowed=(kind, *STEP_KEYS[kind]))
    step = Step(kind, path)
    if kind == "play":
        _read_play(read, raw, path, step)
    elif kind in ("trade", "reallocate"):
        step.cards = read.cards(raw[kind], (*path, kind))
        if len(step.cards) != 3:
            raise read.fail((*path, kind), f"a {kind} discards exactly 3 cards")
        if kind == "trade":
            step.draw = _decks(read, _need(read, raw, "draw", path), (*path, "draw"))
        else:
            step.tokens = _placement(read, _need(read, raw, "tokens", path), (*path, "tokens"))
    elif kind == "buyback":
        step.target = read.seat(raw["buyback"], (*path, "buyback"))
        step.rockets = _rockets(read, _need(read, raw, "give", path), (*path, "give"))
        step.home = _home(read, raw.get("home", {}), (*path, "home"))
    else:
        if raw["end_turn"] is not True:
            raise read.fail((*path, "end_turn"), "write end_turn: true")
        step.cards = read.cards(raw.get("discard", []), (*path, "discard"))
    return step


def _need(read: Reader, raw: dict[str, Any], key: str, path: PathKey) -> Any:
    if key not in raw:
        raise read.fail(path, f"this step needs the key {key!r}")
    return raw[key]


def _read_play(read: Reader, raw: dict[str, Any], path: PathKey, step: Step) -> None:
    check = read.check
    step.card = read.card(raw["play"], (*path, "play"))
    card = read.cat.cards[step.card]
    if card.id == "magic_missile_mod":
        raise read.fail((*path, "play"), "play the Battle card and write its second attack "
                                         "under mod")
    battle = card.deck == 0
    step.attack = _attack(read, raw, path, step.card, battle)
    if "mod" in raw:
        # The rules, not the format, refuse a Mod with a card it cannot go with.
        mod = check.mapping(raw["mod"], (*path, "mod"), allowed=ATTACK_KEYS)
        if "sacrifice" in mod:
            raise read.fail((*path, "mod", "sacrifice"), "a Magic Missile Mod's second "
                                                         "attack sacrifices nothing")
        step.mod = _attack(read, mod, (*path, "mod"), step.card, True, second=True)
    needs = NEEDS.get(card.id, ())
    for key in needs:
        _need(read, raw, key, path)
    extra = [k for k in ("tokens", "give", "draw", "name", "deck", "take", "pile")
             if k in raw and k not in needs and not (k == "draw" and card.id == "go_phish_bot")]
    if extra:
        raise read.fail((*path, extra[0]), f"{card.name} takes no {extra[0]}")
    if card.id == "black_market":
        step.cards = read.cards(raw["give"], (*path, "give"))
        if not step.cards:
            raise read.fail((*path, "give"), "a Black Market discards at least one card")
    if card.id == "grim_retriever":
        table = read.by_colour(raw["give"], (*path, "give"))
        if not table:
            raise read.fail((*path, "give"), "a Grim Retriever names at least one player")
        step.retrieve = [(read.seat(p, (*path, "give", p)),
                          read.seat(c, (*path, "give", p))) for p, c in table.items()]
        step.home = _home(read, raw.get("home", {}), (*path, "home"))
    if "draw" in raw:
        step.draw = _decks(read, raw["draw"], (*path, "draw"))
    if "tokens" in raw:
        step.tokens = _placement(read, raw["tokens"], (*path, "tokens"))
    if "name" in raw:
        step.name = read.card(raw["name"], (*path, "name"))
    if "deck" in raw:
        step.deck = read.deck(raw["deck"], (*path, "deck"))
    if "take" in raw:
        step.take = read.card(raw["take"], (*path, "take"))
    if "pile" in raw:
        step.pile = read.deck(raw["pile"], (*path, "pile"))


def _attack(read: Reader, raw: dict[str, Any], path: PathKey, card_index: int,
            battle: bool, second: bool = False) -> Attack:
    """The attack keys of a play (any card) or of its mod, checked against the card."""
    check = read.check
    card = read.cat.cards[card_index]
    attack = Attack(path)
    if card.options == ("",):
        if "option" in raw:
            raise read.fail((*path, "option"), f"{card.name} has no options")
    else:
        attack.option = check.choice(_need(read, raw, "option", path), (*path, "option"),
                                     card.options)
    if battle or card.id in TARGETED:
        attack.target = read.seat(_need(read, raw, "target", path), (*path, "target"))
    elif "target" in raw:
        raise read.fail((*path, "target"), f"{card.name} is not played at a player")
    for key in OPTION_NEEDS.get(attack.option, ()):
        _need(read, raw, key, path)
    if card.id == "sacrificial_ram" and not second:
        attack.sacrifice = check.choice(_need(read, raw, "sacrifice", path),
                                        (*path, "sacrifice"), SECTIONS)
    elif "sacrifice" in raw:
        raise read.fail((*path, "sacrifice"), "only a Sacrificial Ram's attack sacrifices")
    defend = raw.get("defend", "none")
    if defend != "none":
        attack.defend = read.card(defend, (*path, "defend"))
    if "defend_sacrifice" in raw:
        if attack.defend is None or read.cat.cards[attack.defend].id != "sacrificial_ram":
            raise read.fail((*path, "defend_sacrifice"), "only a Sacrificial Ram's defence "
                                                         "sacrifices")
        attack.defend_sacrifice = check.choice(raw["defend_sacrifice"],
                                               (*path, "defend_sacrifice"), SECTIONS)
    elif attack.defend is not None and read.cat.cards[attack.defend].id == "sacrificial_ram":
        raise read.fail(path, "a Sacrificial Ram's defence needs defend_sacrifice")
    keys = {"picks": ("steal", "shred", "trash"), "colour": ("junk",),
            "moves": ("tokens",), "home": ("junk", "homecoming")}
    for key, options in keys.items():
        if key in raw and attack.option not in options and not (
                key == "home" and card.id == "grim_retriever"):
            raise read.fail((*path, key), f"{card.name} ({attack.option or 'played'}) takes "
                                          f"no {key}")
    if "picks" in raw:
        attack.picks = [check.integer(p, (*path, "picks", i), 1, 192) - 1
                        for i, p in enumerate(check.seq(raw["picks"], (*path, "picks")))]
    if "colour" in raw:
        attack.colour = read.seat(raw["colour"], (*path, "colour"))
    if "home" in raw and card.deck == 0:
        attack.home = _home(read, raw["home"], (*path, "home"))
    if "moves" in raw:
        moves = check.seq(raw["moves"], (*path, "moves"))
        for i, move in enumerate(moves):
            where = (*path, "moves", i)
            pair = check.seq(move, where, 2)
            spots = [_spot(read, s, (*where, j)) for j, s in enumerate(pair)]
            attack.moves.append((spots[0], spots[1]))
    return attack


def _spot(read: Reader, raw: Any, path: PathKey) -> str:
    if not isinstance(raw, str) or raw not in SPOTS:
        raise read.fail(path, f"expected a spot such as battle:6, found {show(raw)}")
    return raw


def _decks(read: Reader, raw: Any, path: PathKey) -> list[str]:
    return [read.deck(d, (*path, i)) for i, d in enumerate(read.check.seq(raw, path))]


def _home(read: Reader, raw: Any, path: PathKey) -> dict[int, int]:
    table = read.by_colour(raw, path)
    return {read.seat(c, (*path, c)): read.check.integer(n, (*path, c), 0, 25)
            for c, n in table.items()}


def _rockets(read: Reader, raw: Any, path: PathKey) -> tuple[int, ...]:
    table = read.by_colour(raw, path)
    colours = [read.seat(c, (*path, c)) for c, n in table.items()
               for _ in range(read.check.integer(n, (*path, c), 0, 3))]
    if len(colours) != 3:
        raise read.fail(path, f"a buyback gives exactly 3 rockets, not {len(colours)}")
    return tuple(sorted(colours))


def _placement(read: Reader, raw: Any, path: PathKey) -> dict[str, list[int]]:
    tokens = read.tokens(raw, path)
    try:
        token_codes(tokens, path)
    except PositionError as exc:
        raise read.fail(exc.path, exc.reason) from None
    return tokens


def places(seat: int, tokens: dict[str, list[int]]) -> list[Place]:
    """The three Place moves of a placement, T-1 first."""
    codes = token_codes(tokens, ())
    by_tier: list[list[str]] = [[] for _ in TIERS]
    for code in codes:
        by_tier[TIER_OF[code]].append(spot_name(code))
    return [Place(seat, tuple(sorted(by_tier[t], key=lambda s: SPOTS[s])))
            for t in range(len(TIER_TOKENS))]
